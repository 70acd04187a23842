"""Alice frames her card's picture and credits its artist; the framing and the credit travel
with the card: saved, checked, drawn, exported, imported, copied, restored and shown."""

import io
import math
import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from PIL import Image

from cards import revisions, services
from cards.models import Card
from cards.render import ART_DEFAULTS, IMAGE_BOX, MAX_ART_ZOOM
from tests.cards.conftest import WISP, png_bytes

pytestmark = pytest.mark.django_db

ART = {
    "art_zoom": 2.5,
    "art_x": 0.25,
    "art_y": 0.8,
    "artist": "Ann Vey",
    "art_licence": "CC BY 4.0",
}


@pytest.fixture
def alice_api(api, alice):
    api.force_authenticate(alice)
    return api


@pytest.fixture
def alice_client(client, alice):
    client.force_login(alice)
    return client


def quarters_png() -> bytes:
    """A picture in four colours: red top left, green top right, blue bottom left, white."""
    image = Image.new("RGB", (400, 300), "white")
    image.paste((220, 20, 20), (0, 0, 200, 150))
    image.paste((20, 200, 20), (200, 0, 400, 150))
    image.paste((20, 20, 220), (0, 150, 200, 300))
    out = io.BytesIO()
    image.save(out, "PNG")
    return out.getvalue()


# -- the service: what may be stored ----------------------------------------------------------


def test_a_card_without_framing_or_credit_is_as_before(alice):
    card = services.card_create(owner=alice, definition=WISP)

    assert (card.art_zoom, card.art_x, card.art_y, card.artist, card.art_licence) == (
        1.0,
        0.5,
        0.5,
        "",
        "",
    )
    # Left out of the card object: an export or a revision of such a card has not changed.
    assert card.definition() == WISP
    assert card.revisions.get().data == {**WISP, "image": ""}


def test_framing_and_credit_are_stored_and_given_in_the_definition(alice):
    card = services.card_create(owner=alice, definition={**WISP, **ART})

    assert card.definition() == {**WISP, **ART}
    assert card.revisions.get().data == {**WISP, **ART, "image": ""}


def test_framing_is_kept_to_three_decimals_and_written_numbers_are_read(alice):
    card = services.card_create(
        owner=alice, definition={**WISP, "art_zoom": "1.23456", "art_x": 1, "art_y": "0"}
    )

    assert (card.art_zoom, card.art_x, card.art_y) == (1.235, 1.0, 0.0)


@pytest.mark.parametrize(
    ("changes", "field", "message"),
    [
        ({"art_zoom": 0.5}, "art_zoom", "from 1 to 4, not 0.5"),
        ({"art_zoom": 4.01}, "art_zoom", "from 1 to 4"),
        ({"art_zoom": math.nan}, "art_zoom", "must be a number"),
        ({"art_zoom": math.inf}, "art_zoom", "must be a number"),
        ({"art_zoom": True}, "art_zoom", "must be a number"),
        ({"art_zoom": "big"}, "art_zoom", "must be a number"),
        ({"art_zoom": 10**400}, "art_zoom", "from 1 to 4"),
        ({"art_x": -0.01}, "art_x", "from 0 to 1"),
        ({"art_y": 1.5}, "art_y", "focus down must be from 0 to 1"),
        ({"artist": "Ann\x07Vey"}, "artist", "The artist's name holds an invisible character"),
        ({"artist": "Ann\nVey"}, "artist", "invisible character"),
        ({"art_licence": "x" * 101}, "art_licence", "101 characters; the limit is 100"),
        ({"art_licence": ["CC"]}, "art_licence", "must be text"),
    ],
)
def test_bad_framing_or_credit_is_refused_with_a_message(alice, changes, field, message):
    with pytest.raises(services.ValidationError) as caught:
        services.card_create(owner=alice, definition={**WISP, **changes})

    assert message in " ".join(caught.value.message_dict[field])
    assert not Card.objects.exists()


def test_the_database_refuses_framing_out_of_range(alice):
    from django.db import IntegrityError, transaction

    card = services.card_create(owner=alice, definition=WISP)
    for field, value in (("art_zoom", 0.9), ("art_zoom", MAX_ART_ZOOM + 1), ("art_x", 2.0)):
        with pytest.raises(IntegrityError), transaction.atomic():
            Card.objects.filter(pk=card.pk).update(**{field: value})


def test_an_update_keeps_the_framing_it_does_not_change(alice):
    card = services.card_create(owner=alice, definition={**WISP, **ART})
    card = services.card_update(card=card, user=alice, definition={"art_zoom": 1.5})

    assert card.definition() == {**WISP, **ART, "art_zoom": 1.5}


def test_copies_and_restores_carry_the_framing_and_credit(alice, bob):
    card = services.card_create(owner=alice, definition={**WISP, **ART}, visibility="public")
    copy = services.card_fork(card=card, user=bob)
    assert copy.definition() == card.definition()

    services.card_update(card=card, user=alice, definition={**ART, "art_zoom": 1, "artist": ""})
    card.refresh_from_db()
    assert card.art_zoom == 1.0 and card.artist == ""
    restored = services.card_restore(card=card, user=alice, number=1)
    assert restored.definition() == {**WISP, **ART}


def test_history_names_the_framing_and_credit_that_changed(alice):
    card = services.card_create(owner=alice, definition=WISP)
    services.card_update(card=card, user=alice, definition={"art_zoom": 2, "artist": "Ann"})

    first, second = card.revisions.order_by("number")
    assert revisions.revision_changes(None, first.data) == revisions.revision_changes(
        None, {**first.data, **ART_DEFAULTS}
    )
    changes = {
        c.field: (c.label, c.old, c.new)
        for c in revisions.revision_changes(first.data, second.data)
    }
    assert changes == {
        "art_zoom": ("Picture zoom", 1.0, 2.0),
        "artist": ("Artist", "", "Ann"),
    }


# -- the API ----------------------------------------------------------------------------------


def test_the_api_takes_and_gives_the_framing_and_credit(alice_api):
    response = alice_api.post("/api/v1/cards/", {**WISP, **ART}, format="json")

    assert response.status_code == 201, response.content
    body = response.json()
    assert {key: body[key] for key in ART} == ART
    plain = alice_api.post("/api/v1/cards/", WISP, format="json").json()
    assert {key: plain[key] for key in ART} == ART_DEFAULTS


def test_the_api_changes_the_framing_alone(alice_api):
    card_id = alice_api.post("/api/v1/cards/", WISP, format="json").json()["id"]

    response = alice_api.patch(
        f"/api/v1/cards/{card_id}/", {"art_x": 0, "art_y": 1, "artist": "Bo"}, format="json"
    )

    assert response.status_code == 200, response.content
    body = response.json()
    assert (body["art_x"], body["art_y"], body["artist"], body["art_zoom"]) == (0.0, 1.0, "Bo", 1.0)


@pytest.mark.parametrize(
    ("changes", "field", "message"),
    [
        ({"art_zoom": 0.99}, "art_zoom", "Must be from 1 to 4."),
        ({"art_zoom": 12}, "art_zoom", "Must be from 1 to 4."),
        ({"art_zoom": "2"}, "art_zoom", "Must be a number."),
        ({"art_zoom": True}, "art_zoom", "Must be a number."),
        ({"art_zoom": None}, "art_zoom", "may not be null"),
        ({"art_x": -1}, "art_x", "Must be from 0 to 1."),
        ({"art_y": 1.0001}, "art_y", "Must be from 0 to 1."),
        ({"artist": "A" * 101}, "artist", "no more than 100"),
        ({"artist": "Ann\x00"}, "artist", "Null characters are not allowed."),
        ({"art_licence": "CC\x1bBY"}, "art_licence", "invisible character"),
    ],
)
def test_out_of_range_framing_is_a_400_naming_the_field(alice_api, changes, field, message):
    response = alice_api.post("/api/v1/cards/", {**WISP, **changes}, format="json")

    assert response.status_code == 400, response.content
    errors = response.json()
    assert list(errors) == [field]
    assert message in " ".join(errors[field])
    assert not Card.objects.exists()


def test_a_form_sends_the_framing_as_text(alice_api):
    picture = SimpleUploadedFile("art.png", png_bytes(), content_type="image/png")
    data = {**WISP, "art_zoom": "1.5", "art_x": "0.1", "art_y": "1e-1", "image": picture}
    response = alice_api.post("/api/v1/cards/", data, format="multipart")

    assert response.status_code == 201, response.content
    assert (response.json()["art_zoom"], response.json()["art_y"]) == (1.5, 0.1)
    bad = {**WISP, "art_zoom": "1,5"}
    response = alice_api.post("/api/v1/cards/", bad, format="multipart")
    assert response.status_code == 400 and "art_zoom" in response.json()


def test_export_and_import_carry_the_framing_and_credit(alice_api, bob, api):
    card_id = alice_api.post("/api/v1/cards/", {**WISP, **ART}, format="json").json()["id"]
    exported = alice_api.get(f"/api/v1/cards/{card_id}/export/").json()
    assert exported == {**WISP, **ART}

    api.force_authenticate(bob)
    response = api.post("/api/v1/cards/import/", exported, format="json")
    assert response.status_code == 201, response.content
    copy = Card.objects.get(pk=response.json()["id"])
    assert copy.owner == bob and copy.definition() == {**WISP, **ART}

    bad = {**exported, "art_x": 7}
    response = api.post("/api/v1/cards/import/", bad, format="json")
    assert response.status_code == 400 and "art_x" in response.json()


def test_a_deck_file_carries_the_framing_and_credit(alice_api, bob, api):
    card_id = alice_api.post(
        "/api/v1/cards/", {**WISP, **ART, "visibility": "public"}, format="json"
    ).json()["id"]
    deck = alice_api.post(
        "/api/v1/decks/",
        {"name": "Wisps", "edition": 14, "entries": [{"card": card_id, "count": 2}]},
        format="json",
    )
    assert deck.status_code == 201, deck.content
    exported = alice_api.get(f"/api/v1/decks/{deck.json()['id']}/export/").json()
    (entry,) = exported["cards"]
    assert {key: entry["card"][key] for key in ART} == ART

    # Bob imports it with the card changed to his taste: his copy keeps his framing.
    entry["card"] = {**entry["card"], "art_zoom": 3, "id": None}
    entry["card"].pop("id")
    api.force_authenticate(bob)
    response = api.post("/api/v1/decks/import/", exported, format="json")
    assert response.status_code == 201, response.content
    mine = Card.objects.get(owner=bob)
    assert mine.definition() == {**WISP, **ART, "art_zoom": 3.0}


# -- pages ------------------------------------------------------------------------------------


def test_the_card_page_shows_the_credit(client, make_card):
    card = make_card(visibility="public", **ART)
    html = client.get(f"/cards/{card.pk}/").content.decode()
    credit = re.search(r'<p class="art-credit"[^>]*>(.*?)</p>', html, re.S)
    assert credit and re.sub(r"<[^>]+>|\s+", " ", credit.group(1)).split() == [
        "Picture",
        "by",
        "Ann",
        "Vey",
        "·",
        "licence:",
        "CC",
        "BY",
        "4.0",
    ]
    plain = make_card(visibility="public")
    assert 'class="art-credit"' not in client.get(f"/cards/{plain.pk}/").content.decode()


def test_the_designer_has_labelled_sliders_for_the_framing(alice_client, make_card):
    card = make_card(**ART)
    html = alice_client.get(f"/cards/{card.pk}/edit/").content.decode()

    for field, label, low, high, value in (
        ("art_zoom", "Zoom", "1.0", "4.0", "2.5"),
        ("art_x", "Focus across", "0.0", "1.0", "0.25"),
        ("art_y", "Focus down", "0.0", "1.0", "0.8"),
    ):
        slider = re.search(rf'<input type="range" name="{field}"[^>]*>', html)
        assert slider, field
        tag = slider.group(0)
        assert f'value="{value}"' in tag and f'min="{low}"' in tag and f'max="{high}"' in tag
        assert f'id="id_{field}"' in tag and f'aria-describedby="id_{field}_helptext"' in tag
        assert f'<label for="id_{field}">{label}</label>' in html
    assert 'value="Ann Vey"' in html and 'value="CC BY 4.0"' in html
    assert "<legend>Framing the picture</legend>" in html


def test_saving_the_design_form_stores_the_framing(alice_client, alice):
    form = {**WISP, "visibility": "private", "edition": 14, **{k: str(v) for k, v in ART.items()}}
    response = alice_client.post("/cards/new/", form)

    assert response.status_code == 302, response.content.decode()[:2000]
    assert Card.objects.get(owner=alice).definition() == {**WISP, **ART}
    bad = alice_client.post("/cards/new/", {**form, "art_zoom": "9"})
    assert bad.status_code == 400
    assert "Zoom must be a number from 1 to 4." in bad.content.decode()
    bad = alice_client.post("/cards/new/", {**form, "artist": "A\x07"})
    assert bad.status_code == 400
    assert "The artist&#x27;s name holds an invisible character" in bad.content.decode()


def test_the_live_preview_follows_the_framing(alice_client):
    picture = SimpleUploadedFile("art.png", quarters_png(), content_type="image/png")
    base = {**WISP, "visibility": "private", "edition": 14, "image": picture}
    first = alice_client.post("/cards/preview/", base).content.decode()
    token = re.search(r'name="preview_image" id="preview-image-token" value="([^"]+)"', first)
    assert token
    centre = re.search(r'id="card-preview-image" src="([^"]+)"', first).group(1)

    framed = {**base, "preview_image": token.group(1), "art_zoom": "2", "art_x": "0", "art_y": "0"}
    framed.pop("image")
    second = alice_client.post("/cards/preview/", framed).content.decode()
    corner = re.search(r'id="card-preview-image" src="([^"]+)"', second).group(1)

    assert corner != centre
    with Image.open(io.BytesIO(alice_client.get(corner).content)) as drawn:
        middle = drawn.convert("RGB").getpixel(
            ((IMAGE_BOX[0] + IMAGE_BOX[2]) // 2, (IMAGE_BOX[1] + IMAGE_BOX[3]) // 2)
        )
    # Zoomed in on the top left corner: the red quarter fills the box.
    assert middle[0] > 180 and middle[1] < 60 and middle[2] < 60


def test_the_rendered_card_follows_the_stored_framing(alice_api):
    picture = SimpleUploadedFile("art.png", quarters_png(), content_type="image/png")
    data = {**WISP, "art_zoom": "2", "art_x": "1", "art_y": "1", "image": picture}
    card_id = alice_api.post("/api/v1/cards/", data, format="multipart").json()["id"]
    response = alice_api.get(f"/api/v1/cards/{card_id}/render.png")

    with Image.open(
        io.BytesIO(b"".join(response.streaming_content) if response.streaming else response.content)
    ) as drawn:
        middle = drawn.convert("RGB").getpixel(
            ((IMAGE_BOX[0] + IMAGE_BOX[2]) // 2, (IMAGE_BOX[1] + IMAGE_BOX[3]) // 2)
        )
    assert min(middle) > 230  # the white bottom right quarter


def test_json_of_the_card_object_states_the_framing_in_the_schema(client):
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/json").json()
    definition = schema["components"]["schemas"]["CheckedCardRequest"]["properties"]
    assert definition["art_zoom"]["minimum"] == 1 and definition["art_zoom"]["maximum"] == 4
    assert definition["art_x"]["minimum"] == 0 and definition["art_x"]["maximum"] == 1
    assert "{0,100}" in definition["artist"]["pattern"]
    assert set(ART) <= set(schema["components"]["schemas"]["CardOutput"]["properties"])
