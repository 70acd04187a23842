"""The card API: fields, validation, search, export and import, rendering, collections."""

import io

import pytest
from PIL import Image

from cards import render as render_module
from cards import renders, services
from cards.models import Card, CollectionEntry
from tests.cards.conftest import WISP, png_bytes

pytestmark = pytest.mark.django_db

FIELDS = {
    "id",
    "name",
    "kind",
    "design_edition",
    "level",
    "sp",
    "hp",
    "ability_text",
    "flavor_text",
    "art_zoom",
    "art_x",
    "art_y",
    "artist",
    "art_licence",
    "visibility",
    "owner",
    "image",
    "created",
    "updated",
    "verdict",
}


@pytest.fixture
def alice_api(api, alice):
    api.force_authenticate(alice)
    return api


def test_create_returns_the_card_with_its_verdict(alice_api):
    response = alice_api.post("/api/v1/cards/", {**WISP, "visibility": "public"}, format="json")
    assert response.status_code == 201, response.content
    body = response.json()
    assert set(body) == FIELDS
    assert body["owner"] == "alice" and body["verdict"] == "legal" and body["image"] is None
    assert {key: body[key] for key in WISP} == WISP
    assert body["visibility"] == "public"


FIFTY_ABILITIES = "\n".join(f"ABILITY {n}: Draw 1 card." for n in range(50))


@pytest.mark.parametrize(
    ("text", "level", "verdict"),
    [
        ("Blorp the zingwort!!! ;;; →→ :::", 4, "invalid"),
        ("HOARD: Draw 1000000000 cards.", 999, "invalid"),  # the guide computes 2·10^9 + 2
        ("HOARD: Draw 99999999999999999999 cards.", 999, "invalid"),
        (FIFTY_ABILITIES, 102, "legal"),  # ⌈1 + 2 ÷ 2⌉ = 2; 50 × draw 1 (2)
        (FIFTY_ABILITIES, 999, "invalid"),
    ],
)
def test_hostile_texts_are_saved_with_their_verdict_never_an_error(alice_api, text, level, verdict):
    response = alice_api.post(
        "/api/v1/cards/", {**WISP, "ability_text": text, "level": level}, format="json"
    )
    assert response.status_code == 201, response.content
    assert response.json()["verdict"] == verdict


def test_a_text_dividing_by_zero_in_the_11th_is_saved_and_judged(alice_api):
    text = "Target up to 2 level 10 or lower enemy creatures; Destroy the targets."
    card = {**WISP, "kind": "spell", "design_edition": 11, "ability_text": text, "level": 1}
    response = alice_api.post("/api/v1/cards/", card, format="json")
    assert response.status_code == 201, response.content
    # Designed before the 14th's clean slate; the 11th guide's findings are warnings.
    assert response.json()["verdict"] == "pruned"


def test_cards_are_private_by_default(alice_api):
    assert alice_api.post("/api/v1/cards/", WISP, format="json").json()["visibility"] == "private"


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"level": 2.5}, "level"),
        ({"level": "two"}, "level"),
        ({"level": -1}, "level"),
        ({"level": True}, "level"),
        ({"sp": 1.5}, "sp"),
        ({"hp": None}, "hp"),
        ({"kind": "creature"}, "kind"),
        ({"name": ""}, "name"),
        ({"name": "x" * 101}, "name"),
        ({"ability_text": "x" * 2001}, "ability_text"),
        ({"flavor_text": "x" * 501}, "flavor_text"),
        ({"design_edition": 0}, "design_edition"),
        ({"visibility": "friends"}, "visibility"),
    ],
)
def test_bad_cards_get_field_errors(alice_api, change, field):
    response = alice_api.post("/api/v1/cards/", {**WISP, **change}, format="json")
    assert response.status_code == 400
    assert field in response.json(), response.json()
    assert not Card.objects.exists()


def test_a_fractional_level_says_whole_number(alice_api):
    response = alice_api.post("/api/v1/cards/", {**WISP, "level": 2.5}, format="json")
    assert response.json()["level"] == ["Must be a whole number, not 2.5."]


def test_spells_drop_sp_and_hp(alice_api):
    response = alice_api.post("/api/v1/cards/", {**WISP, "kind": "spell"}, format="json")
    assert (response.json()["sp"], response.json()["hp"]) == (None, None)


def test_partial_update_to_minion_needs_stats(alice_api, make_card):
    card = make_card(kind="spell")
    response = alice_api.patch(f"/api/v1/cards/{card.pk}/", {"kind": "minion"}, format="json")
    assert response.status_code == 400
    assert "sp" in response.json() and "hp" in response.json()


def test_put_needs_every_printed_field(alice_api, make_card):
    card = make_card()
    response = alice_api.put(f"/api/v1/cards/{card.pk}/", {"name": "X"}, format="json")
    assert response.status_code == 400
    assert {"kind", "level"} <= set(response.json())


def test_updates_keep_revisions(alice_api, make_card):
    card = make_card()
    alice_api.patch(f"/api/v1/cards/{card.pk}/", {"level": 3}, format="json")
    alice_api.patch(f"/api/v1/cards/{card.pk}/", {"visibility": "public"}, format="json")
    assert list(card.revisions.values_list("number", flat=True)) == [1, 2]


def test_list_is_paginated_and_searchable(alice_api, make_card, bob):
    for number in range(30):
        # ⌈SP + 2 ÷ 2⌉ + 2 for WHISPER: levels 3 to 7, each at the level its guide computes
        make_card(name=f"Wisp {number}", sp=number % 5, level=number % 5 + 3)
    make_card(owner=bob, name="Bob's public", visibility="public")
    make_card(owner=bob, name="Bob's secret")
    page = alice_api.get("/api/v1/cards/").json()
    assert page["count"] == 31 and len(page["results"]) == 24 and page["next"]
    found = alice_api.get("/api/v1/cards/", {"q": "level>=7"}).json()
    assert found["count"] == 6
    assert {
        c["name"] for c in alice_api.get("/api/v1/cards/", {"q": "by:bob"}).json()["results"]
    } == {"Bob's public"}


@pytest.mark.parametrize(
    "q", ["level<=x", "kind:dragon", '"open', "foo:bar", "legal:99", "x" * 301]
)
def test_bad_queries_are_a_400_with_a_message(api, q):
    response = api.get("/api/v1/cards/", {"q": q})
    assert response.status_code == 400
    assert list(response.json()) == ["q"]
    assert response.json()["q"][0]


def test_image_upload_through_multipart(alice_api, media_files):
    upload = io.BytesIO(png_bytes((80, 60)))
    upload.name = "art.png"
    data = {**{k: v for k, v in WISP.items()}, "image": upload}
    response = alice_api.post("/api/v1/cards/", data, format="multipart")
    assert response.status_code == 201, response.content
    body = response.json()
    assert body["image"].startswith("http://testserver/media/cards/")
    assert body["image"].endswith(".png")
    assert len(media_files()) == 1


def test_removing_the_image_with_null(alice_api, alice):
    card = services.card_create(owner=alice, definition=WISP, image=png_bytes())
    response = alice_api.patch(f"/api/v1/cards/{card.pk}/", {"image": None}, format="json")
    assert response.status_code == 200 and response.json()["image"] is None


def test_export_is_the_card_object_as_a_download(api, make_card):
    card = make_card(visibility="public", name="Ember Wisp")
    response = api.get(f"/api/v1/cards/{card.pk}/export/")
    assert response.status_code == 200
    assert response.json() == {**WISP, "name": "Ember Wisp"}
    assert response["Content-Disposition"] == f'attachment; filename="ember-wisp-{card.pk}.json"'


def test_export_then_import_round_trips(alice_api, make_card):
    card = make_card(ability_text="WHISPER: Draw 1 card.\nHUSH: Draw 2 cards.")
    exported = alice_api.get(f"/api/v1/cards/{card.pk}/export/").json()
    response = alice_api.post("/api/v1/cards/import/", exported, format="json")
    assert response.status_code == 201
    copy = Card.objects.get(pk=response.json()["id"])
    assert copy.definition() == card.definition()
    assert copy.visibility == "private"


def test_import_reads_older_editions_words(alice_api):
    old = {
        "name": "Old Golem",
        "kind": "creature",
        "design_edition": 11,
        "resource cost": 4,
        "offense": 3,
        "defense": 5,
    }
    response = alice_api.post("/api/v1/cards/import/", old, format="json")
    assert response.status_code == 201, response.content
    body = response.json()
    assert (body["kind"], body["level"], body["sp"], body["hp"]) == ("minion", 4, 3, 5)
    assert body["verdict"] == "pruned"


@pytest.mark.parametrize(
    ("payload", "field"),
    [
        ({**WISP, "level": 2.5}, "level"),
        ({**WISP, "kind": "dragon"}, "kind"),
        ({**WISP, "name": ""}, "name"),
        ({**WISP, "ability_text": "x" * 2001}, "ability_text"),
        ({"name": "Only a name"}, "kind"),
        ([WISP], "non_field_errors"),
    ],
)
def test_bad_imports_get_field_errors(alice_api, payload, field):
    response = alice_api.post("/api/v1/cards/import/", payload, format="json")
    assert response.status_code == 400
    assert field in response.json(), response.json()
    assert not Card.objects.exists()


def test_import_needs_an_account(api):
    assert api.post("/api/v1/cards/import/", WISP, format="json").status_code == 401


# -- rendering --------------------------------------------------------------------------------


@pytest.fixture
def count_renders(monkeypatch):
    calls = []
    original = render_module.render_card

    def counting(face):
        calls.append(face)
        return original(face)

    monkeypatch.setattr(renders, "render_card", counting)
    return calls


def test_render_is_a_750_by_1050_png(api, make_card):
    card = make_card(visibility="public")
    response = api.get(f"/api/v1/cards/{card.pk}/render.png")
    assert response.status_code == 200 and response["Content-Type"] == "image/png"
    with Image.open(io.BytesIO(response.content)) as image:
        assert image.format == "PNG" and image.size == (750, 1050)
    assert "Content-Disposition" not in response


def test_an_unchanged_card_is_drawn_once(api, make_card, count_renders, media_files):
    card = make_card(visibility="public")
    first = api.get(f"/api/v1/cards/{card.pk}/render.png")
    second = api.get(f"/api/v1/cards/{card.pk}/render.png")
    assert len(count_renders) == 1
    assert first.content == second.content
    assert any(name.startswith("renders/") for name in media_files())
    services.card_update(card=card, user=card.owner, definition={"name": "Changed"})
    api.get(f"/api/v1/cards/{card.pk}/render.png")
    assert len(count_renders) == 2


def test_identical_cards_share_a_render(api, make_card, count_renders):
    first = make_card(visibility="public")
    second = make_card(visibility="public")
    api.get(f"/api/v1/cards/{first.pk}/render.png")
    api.get(f"/api/v1/cards/{second.pk}/render.png")
    assert len(count_renders) == 1


def test_etag_and_not_modified(api, make_card):
    card = make_card(visibility="public")
    response = api.get(f"/api/v1/cards/{card.pk}/render.png")
    etag = response["ETag"]
    assert etag.startswith('"') and len(etag) == 66
    assert response["Cache-Control"] == "public, no-cache"
    again = api.get(f"/api/v1/cards/{card.pk}/render.png", HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 304 and again.content == b""


def test_private_renders_are_not_cached_by_others(alice_api, make_card):
    card = make_card()
    response = alice_api.get(f"/api/v1/cards/{card.pk}/render.png", {"v": "x"})
    assert response["Cache-Control"] == "private, max-age=3600"


def test_download_and_small_size(api, make_card):
    card = make_card(visibility="public", name="Ember Wisp")
    response = api.get(f"/api/v1/cards/{card.pk}/render.png", {"download": "1"})
    assert response["Content-Disposition"] == f'attachment; filename="ember-wisp-{card.pk}.png"'
    small = api.get(f"/api/v1/cards/{card.pk}/render.png", {"size": "small"})
    with Image.open(io.BytesIO(small.content)) as image:
        assert image.size == (300, 420)


def test_render_errors_are_json_even_when_asking_for_png(api):
    response = api.get("/api/v1/cards/999/render.png", HTTP_ACCEPT="image/png")
    assert response.status_code == 404
    assert response.json() == {"detail": "No such card."}


def test_a_card_whose_image_file_went_missing_still_renders(api, alice, settings):
    import os

    card = services.card_create(
        owner=alice, definition=WISP, image=png_bytes(), visibility="public"
    )
    os.remove(os.path.join(settings.MEDIA_ROOT, card.image.name))
    assert api.get(f"/api/v1/cards/{card.pk}/render.png").status_code == 200


# -- collections ------------------------------------------------------------------------------


def test_collection_add_list_change_remove(alice_api, alice, bob, make_card):
    own = make_card()
    saved = make_card(owner=bob, name="Bob's", visibility="public")
    response = alice_api.post("/api/v1/collection/", {"card": saved.pk}, format="json")
    assert response.status_code == 201 and response.json()["copies"] == 0
    assert response.json()["card"]["name"] == "Bob's"
    listing = alice_api.get("/api/v1/collection/").json()
    assert {e["card"]["id"] for e in listing["results"]} == {own.pk, saved.pk}
    response = alice_api.patch(f"/api/v1/collection/{saved.pk}/", {"copies": 4}, format="json")
    assert response.json()["copies"] == 4
    response = alice_api.post("/api/v1/collection/", {"card": saved.pk, "copies": 5}, format="json")
    assert response.status_code == 200 and response.json()["copies"] == 5
    assert alice_api.get(f"/api/v1/collection/{saved.pk}/").json()["copies"] == 5
    assert alice_api.get("/api/v1/collection/", {"q": "bob's"}).json()["count"] == 1
    assert alice_api.delete(f"/api/v1/collection/{saved.pk}/").status_code == 204
    assert not CollectionEntry.objects.filter(owner=alice, card=saved).exists()


def test_own_cards_cannot_be_removed_from_the_collection(alice_api, make_card):
    card = make_card()
    response = alice_api.delete(f"/api/v1/collection/{card.pk}/")
    assert response.status_code == 400
    assert "stay in your collection" in response.json()["non_field_errors"][0]


@pytest.mark.parametrize("copies", [-1, 2.5, "many", 10000])
def test_bad_copies(alice_api, make_card, copies):
    card = make_card()
    response = alice_api.patch(f"/api/v1/collection/{card.pk}/", {"copies": copies}, format="json")
    assert response.status_code == 400 and "copies" in response.json()


def test_adding_a_card_that_does_not_exist(alice_api):
    response = alice_api.post("/api/v1/collection/", {"card": 12345}, format="json")
    assert response.status_code == 400
    assert response.json() == {"card": ["There is no card 12345."]}


def test_the_schema_is_valid_and_the_card_endpoints_warn_of_nothing(capsys, tmp_path):
    import yaml
    from django.core.management import call_command

    target = tmp_path / "schema.yml"
    call_command("spectacular", "--validate", "--file", str(target))
    problems = [
        line
        for line in capsys.readouterr().err.splitlines()
        if "/cards/" in line or "/accounts/" in line or '"visibility"' in line
    ]
    assert problems == []
    schema = yaml.safe_load(target.read_text())
    paths = schema["paths"]
    for path in (
        "/api/v1/auth/token/",
        "/api/v1/cards/",
        "/api/v1/cards/{id}/",
        "/api/v1/cards/{id}/render.png",
        "/api/v1/cards/{id}/export/",
        "/api/v1/cards/{id}/fork/",
        "/api/v1/cards/import/",
        "/api/v1/collection/",
        "/api/v1/collection/{card_id}/",
    ):
        assert path in paths, path
    assert set(paths["/api/v1/cards/{id}/"]) >= {"get", "put", "patch", "delete"}


HUGE = 10**25


def test_ids_too_large_for_the_database_are_simply_not_found(alice_api, client, alice):
    assert alice_api.get(f"/api/v1/cards/{HUGE}/").status_code == 404
    assert alice_api.get(f"/api/v1/cards/{HUGE}/render.png").status_code == 404
    assert alice_api.get(f"/api/v1/collection/{HUGE}/").status_code == 404
    response = alice_api.post("/api/v1/collection/", {"card": HUGE}, format="json")
    assert response.status_code == 400 and "card" in response.json()
    client.force_login(alice)
    assert client.get(f"/cards/{HUGE}/").status_code == 404
    assert client.post(f"/collection/{HUGE}/copies/", {"copies": 1}).status_code == 404
    assert client.post("/cards/preview/", {**WISP, "card_id": HUGE}).status_code == 200


def test_null_characters_are_refused(alice_api, alice):
    response = alice_api.get("/api/v1/cards/", {"q": "a\x00b"})
    assert response.status_code == 400 and "control character" in response.json()["q"][0]
    response = alice_api.post("/api/v1/cards/", {**WISP, "name": "a\x00b"}, format="json")
    assert response.status_code == 400 and "name" in response.json()
    response = alice_api.post(
        "/api/v1/cards/import/", {**WISP, "ability_text": "a\x00"}, format="json"
    )
    assert response.status_code == 400 and "ability_text" in response.json()


def test_options_on_a_card_describes_it_without_a_server_error(api, alice, bob, make_card):
    """A regression: OPTIONS asked DRF's generic get_object, which the view did not have."""
    card = make_card(visibility="public")
    api.force_authenticate(alice)
    answer = api.options(f"/api/v1/cards/{card.pk}/")
    assert answer.status_code == 200
    assert "PUT" in answer.json()["actions"]
    api.force_authenticate(bob)
    answer = api.options(f"/api/v1/cards/{card.pk}/")
    assert answer.status_code == 200 and "actions" not in answer.json()
    assert api.options("/api/v1/cards/0/").status_code == 200


def test_the_schema_says_a_card_may_have_no_image(client):
    """A regression: the schema promised an image URL, and cards without one answer null."""
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/json").json()
    image = schema["components"]["schemas"]["CardOutput"]["properties"]["image"]
    assert image["nullable"] is True and image["format"] == "uri"
