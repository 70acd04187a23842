"""The card pages: gallery, my cards, design, preview, card, history, collection, import."""

import io
import json
import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from PIL import Image

from cards import rules, services
from cards.models import Card, CollectionEntry
from tests.cards.conftest import WISP, png_bytes

pytestmark = pytest.mark.django_db

# A 13th Edition wording that the 14th refurbishes; read as refurbished, it is one of the 14th
# guide's conditions, and WISP's level stays right (the condition adds nothing).
GHOST = (
    "WAIL: When this card in your hand is destroyed (ghost-play, must pay resource cost):"
    " Draw 1 card."
)
XSS = '<script>alert("x")</script>'


@pytest.fixture
def alice_client(client, alice):
    client.force_login(alice)
    return client


def form(**changes):
    return {**WISP, "visibility": "private", "edition": 14, **changes}


def preview_src(html: str) -> str:
    match = re.search(r'id="card-preview-image" src="([^"]+)"', html)
    assert match, html
    return match.group(1)


def assert_drawing(client, address: str) -> bytes:
    """The live preview's drawing at `address`: a card-sized image for the one who drew it."""
    assert re.fullmatch(r"/cards/preview/[0-9a-f]{64}\.webp", address), address
    response = client.get(address)
    assert response.status_code == 200 and response["Content-Type"] == "image/webp"
    with Image.open(io.BytesIO(response.content)) as image:
        assert image.size == (750, 1050)
    return response.content


# -- gallery and lists ------------------------------------------------------------------------


def test_gallery_lists_public_cards_only(client, make_card, bob):
    make_card(name="Shown", visibility="public")
    make_card(name="Hidden link", visibility="unlisted")
    make_card(name="Secret", visibility="private")
    html = client.get("/cards/").content.decode()
    assert "Shown" in html and "Hidden link" not in html and "Secret" not in html
    assert 'loading="lazy"' in html and "render.png" in html


def test_gallery_search(client, make_card):
    make_card(name="Ember Wisp", visibility="public")
    make_card(name="Tidal Lore", kind="spell", visibility="public")
    response = client.get("/cards/", {"q": "kind:spell"})
    assert response.status_code == 200
    html = response.content.decode()
    assert "Tidal Lore" in html and "Ember Wisp" not in html
    assert "1 card match" in html


@pytest.mark.parametrize(
    ("q", "message"),
    [
        ("level<=x", "needs a whole number"),
        ("kind:dragon", "not a card type"),
        ('"unclosed', "never closed"),
        ("foo:bar", "Unknown filter"),
        ("legal:99", "no rules for edition 99"),
    ],
)
def test_bad_queries_get_a_helpful_page(client, q, message):
    response = client.get("/cards/", {"q": q})
    assert response.status_code == 400
    assert response["Content-Type"].startswith("text/html")
    html = response.content.decode()
    assert "That search could not be read" in html and message in html
    assert "Search syntax" in html


def test_gallery_pages(client, make_card):
    for number in range(30):
        make_card(name=f"Card {number:02}", visibility="public")
    first = client.get("/cards/").content.decode()
    assert "Page 1 of 2" in first and first.count('class="card-tile"') == 24
    second = client.get("/cards/", {"page": 2}).content.decode()
    assert second.count('class="card-tile"') == 6
    assert client.get("/cards/", {"page": "nonsense"}).status_code == 200


def test_older_terms_in_a_search_come_with_a_note(client):
    html = client.get("/cards/", {"q": "offense>=2"}).content.decode()
    assert "what the 11th Edition calls SP" in html


@pytest.mark.parametrize("url", ["/cards/mine/", "/cards/new/", "/collection/"])
def test_personal_pages_need_a_login(client, url):
    response = client.get(url)
    assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")


def test_my_cards_shows_every_visibility(alice_client, make_card, bob):
    make_card(name="Mine private")
    make_card(name="Mine public", visibility="public")
    make_card(owner=bob, name="Bob's", visibility="public")
    html = alice_client.get("/cards/mine/").content.decode()
    assert "Mine private" in html and "Mine public" in html and "Bob&#x27;s" not in html


# -- designing --------------------------------------------------------------------------------


def test_the_design_page_starts_with_a_preview(alice_client):
    response = alice_client.get("/cards/new/")
    html = response.content.decode()
    assert_drawing(alice_client, preview_src(html))
    # The drawing is linked, not written into the page.
    assert "base64" not in html and len(response.content) <= 60_000
    assert 'hx-post="/cards/preview/"' in html
    assert "csrfmiddlewaretoken" in html


def test_saving_a_new_card(alice_client, alice):
    upload = SimpleUploadedFile("art.png", png_bytes())
    response = alice_client.post("/cards/new/", form(image=upload, visibility="public"))
    card = Card.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/cards/{card.pk}/"
    assert card.owner == alice and card.definition() == WISP and card.visibility == "public"
    assert card.image.name.startswith("cards/")


@pytest.mark.parametrize(
    ("changes", "field", "message"),
    [
        ({"level": "2.5"}, "level", "Level must be a whole number"),
        # Left empty, the level is the one the guide computes; a text it cannot read has none.
        ({"level": "", "ability_text": "WHISPER: Whistle a tune."}, "level", "Level is required"),
        ({"sp": ""}, "sp", "SP is required for minions"),
        ({"hp": "-1"}, "hp", "HP must be 0 or more"),
        ({"name": ""}, "name", "A card needs a name"),
        ({"kind": "dragon"}, "kind", "Select a valid choice"),
        ({"design_edition": "x"}, "design_edition", "edition number"),
        ({"ability_text": "x" * 2001}, "ability_text", "at most 2000"),
        ({"visibility": "friends"}, "visibility", "Select a valid choice"),
    ],
)
def test_bad_forms_say_what_to_fix(alice_client, changes, field, message):
    response = alice_client.post("/cards/new/", form(**changes))
    assert response.status_code == 400
    assert message in " ".join(response.context["form"].errors[field])
    assert "The card is not saved yet" in response.content.decode()
    assert not Card.objects.exists()


def test_spells_are_saved_without_sp_and_hp(alice_client):
    alice_client.post("/cards/new/", form(kind="spell", sp="", hp=""))
    card = Card.objects.get()
    assert card.kind == "spell" and card.sp is None and card.hp is None


def test_editing_a_card(alice_client, make_card):
    card = make_card()
    page = alice_client.get(f"/cards/{card.pk}/edit/").content.decode()
    assert 'value="Wisp"' in page
    # ⌈0 + 0 ÷ 2⌉ = 0; WHISPER: 2
    response = alice_client.post(
        f"/cards/{card.pk}/edit/", form(name="Wisp II", level=2, sp=0, hp=0)
    )
    assert response.status_code == 302
    card.refresh_from_db()
    assert (card.name, card.level, card.revisions.count()) == ("Wisp II", 2, 2)


def test_removing_the_image_on_edit(alice_client, alice):
    card = services.card_create(owner=alice, definition=WISP, image=png_bytes())
    alice_client.post(f"/cards/{card.pk}/edit/", form(remove_image="on"))
    card.refresh_from_db()
    assert not card.image


@pytest.mark.parametrize(("visibility", "status"), [("private", 404), ("public", 403)])
def test_only_the_owner_edits(client, bob, make_card, visibility, status):
    card = make_card(visibility=visibility)
    client.force_login(bob)
    assert client.get(f"/cards/{card.pk}/edit/").status_code == status
    assert client.post(f"/cards/{card.pk}/edit/", form(name="Mine now")).status_code == status
    for action in ("delete", "refurbish", "visibility"):
        assert client.post(f"/cards/{card.pk}/{action}/").status_code == status
    card.refresh_from_db()
    assert card.name == "Wisp"


# -- preview ----------------------------------------------------------------------------------


def test_the_preview_changes_as_the_card_changes(alice_client):
    first = alice_client.post("/cards/preview/", form()).content.decode()
    second = alice_client.post("/cards/preview/", form(name="Wisp the Second")).content.decode()
    assert preview_src(first) != preview_src(second)
    assert "Legal" in first and "How the game reads the text" in first
    assert 'class="ability-name">WHISPER' in first


def test_the_preview_shows_the_refurbished_text(alice_client):
    html = alice_client.post("/cards/preview/", form(ability_text=GHOST)).content.decode()
    assert 'data-verdict="refurbished"' in html
    assert "<del>ghost-play, must pay resource cost</del><ins>hex-play</ins>" in html


def test_the_preview_draws_half_made_cards_and_lists_what_is_missing(alice_client):
    response = alice_client.post("/cards/preview/", {"name": "", "level": "2.5", "kind": "minion"})
    assert response.status_code == 200
    html = response.content.decode()
    assert_drawing(alice_client, preview_src(html))
    assert "Level must be a whole number" in html


def test_the_preview_notes_older_editions_terms(alice_client):
    html = alice_client.post("/cards/preview/", form(edition=11)).content.decode()
    assert "The 11th Edition calls minions “creatures”" in html
    assert "level “resource cost”" in html and "SP “offense”" in html
    assert "HP “defense”" in html
    designed = alice_client.post("/cards/preview/", form(design_edition=11)).content.decode()
    assert "This card was designed for the 11th Edition" in designed


def test_a_chosen_image_stays_in_the_preview_while_typing(alice_client):
    upload = SimpleUploadedFile("art.png", png_bytes(color="red"))
    with_image = alice_client.post("/cards/preview/", form(image=upload)).content.decode()
    token = re.search(r'name="preview_image" id="preview-image-token" value="([^"]+)"', with_image)
    assert token
    plain = alice_client.post("/cards/preview/", form()).content.decode()
    typed = alice_client.post("/cards/preview/", form(preview_image=token.group(1))).content
    assert preview_src(typed.decode()) == preview_src(with_image) != preview_src(plain)
    # ... and is saved with the card when the form comes back with errors first.
    alice_client.post("/cards/new/", form(preview_image=token.group(1)))
    assert Card.objects.get().image


def test_the_edit_preview_uses_the_stored_image(alice_client, alice):
    card = services.card_create(owner=alice, definition=WISP, image=png_bytes(color="red"))
    stored = alice_client.post("/cards/preview/", form(card_id=card.pk)).content.decode()
    plain = alice_client.post("/cards/preview/", form()).content.decode()
    removed = alice_client.post(
        "/cards/preview/", form(card_id=card.pk, remove_image="on")
    ).content.decode()
    assert preview_src(stored) != preview_src(plain) == preview_src(removed)


def test_a_preview_update_is_small_and_links_a_small_drawing(alice_client):
    response = alice_client.post("/cards/preview/", form(), HTTP_HX_REQUEST="true")
    html = response.content.decode()
    assert "base64" not in html and len(response.content) <= 60_000
    drawing = assert_drawing(alice_client, preview_src(html))
    assert len(drawing) <= 60_000
    cached = alice_client.get(preview_src(html))["Cache-Control"]
    assert cached.startswith("private,") and "immutable" in cached


def test_the_same_card_keeps_its_drawing_and_address(alice_client, monkeypatch):
    from cards import previews

    first = preview_src(alice_client.post("/cards/preview/", form()).content.decode())
    drawn = []
    monkeypatch.setattr(previews, "draw_preview", lambda face: drawn.append(face) or b"")
    again = preview_src(alice_client.post("/cards/preview/", form()).content.decode())
    assert again == first and drawn == []


def test_a_drawing_is_served_to_its_designer_only(alice_client, client, bob):
    secret = form(name="Secret Wisp", ability_text="WHISPER: Draw 1 card. Hidden plans.")
    address = preview_src(alice_client.post("/cards/preview/", secret).content.decode())
    assert alice_client.get(address).status_code == 200
    stranger = Client()
    assert stranger.get(address).status_code == 404
    stranger.force_login(bob)
    assert stranger.get(address).status_code == 404
    # Bob drawing the same card gets a drawing, and an address, of his own.
    his = preview_src(stranger.post("/cards/preview/", secret).content.decode())
    assert his != address and stranger.get(his).status_code == 200
    for nonsense in ("0" * 64, "x" * 64, "abc"):
        assert alice_client.get(f"/cards/preview/{nonsense}.webp").status_code == 404


def test_the_preview_needs_a_login(client):
    response = client.post("/cards/preview/", form())
    assert response.status_code == 403 and "Log in" in response.content.decode()


def test_the_preview_never_shows_someone_elses_private_image(client, bob, alice):
    card = services.card_create(owner=alice, definition=WISP, image=png_bytes(color="red"))
    client.force_login(bob)
    stolen = client.post("/cards/preview/", form(card_id=card.pk)).content.decode()
    plain = client.post("/cards/preview/", form()).content.decode()
    assert preview_src(stolen) == preview_src(plain)


# -- one card ---------------------------------------------------------------------------------


def test_the_card_page(client, make_card):
    card = make_card(visibility="public", ability_text=GHOST)
    html = client.get(f"/cards/{card.pk}/").content.decode()
    assert f"/api/v1/cards/{card.pk}/render.png?download=1" in html
    assert f"/api/v1/cards/{card.pk}/export/" in html
    assert 'data-verdict="refurbished"' in html
    assert "<del>ghost-play, must pay resource cost</del><ins>hex-play</ins>" in html
    assert 'class="kw"' in html  # keywords link to the glossary
    assert "Refurbish</button>" not in html  # only for the owner
    assert "Log in</a> to save" in html


def test_the_card_page_shows_the_level_block_and_the_components_read(client, make_card):
    card = make_card(visibility="public")
    html = client.get(f"/cards/{card.pk}/").content.decode()
    assert 'data-verdict="legal"' in html
    assert 'data-declared="4" data-computed="4"' in html
    assert "<li>WHISPER: Draw 1 card (2x = 2) → 2</li>" in html
    assert 'href="/building/14/#effect.draw-x-cards"' in html
    assert 'href="/building/14/#level"' in html


def test_a_card_at_a_level_its_guide_does_not_compute_is_never_shown_legal(
    client, alice_client, make_card
):
    card = make_card(visibility="public", level=1)  # the guide computes 4
    html = client.get(f"/cards/{card.pk}/").content.decode()
    assert 'data-verdict="invalid"' in html and "badge-legal" not in html
    assert 'data-code="level_mismatch"' in html and 'data-declared="1" data-computed="4"' in html
    preview = alice_client.post("/cards/preview/", form(level=1)).content.decode()
    assert 'data-verdict="invalid"' in preview and "badge-legal" not in preview
    assert 'href="/building/14/#level"' in preview
    assert 'data-verdict="legal"' in alice_client.post("/cards/preview/", form()).content.decode()


def test_unlisted_cards_open_by_link_and_private_ones_do_not(client, make_card):
    assert client.get(f"/cards/{make_card(visibility='unlisted').pk}/").status_code == 200
    assert client.get(f"/cards/{make_card().pk}/").status_code == 404
    assert client.get(f"/cards/{make_card().pk}/history/").status_code == 404


def test_the_verdict_under_another_edition(client, make_card):
    card = make_card(visibility="public")
    html = client.get(f"/cards/{card.pk}/", {"edition": 11}).content.decode()
    assert 'data-verdict="invalid"' in html and "11th Edition calls minions" in html


def test_refurbish_saves_a_new_revision(alice_client, make_card):
    card = make_card(ability_text=GHOST)
    page = alice_client.get(f"/cards/{card.pk}/").content.decode()
    assert 'id="refurbish"' in page
    response = alice_client.post(f"/cards/{card.pk}/refurbish/")
    assert response.status_code == 302
    card.refresh_from_db()
    assert card.ability_text == (
        "WAIL: When this card in your hand is destroyed (hex-play): Draw 1 card."
    )
    assert card.revisions.count() == 2
    page = alice_client.get(f"/cards/{card.pk}/").content.decode()
    assert 'id="refurbish"' not in page and 'data-verdict="legal"' in page
    history = alice_client.get(f"/cards/{card.pk}/history/").content.decode()
    assert f"Refurbished for the {rules.current_edition().name}" in history
    assert "<del>ghost</del>" in history and "<ins>hex</ins>" in history


def test_refurbishing_a_legal_card_says_why_not(alice_client, make_card):
    card = make_card()
    response = alice_client.post(f"/cards/{card.pk}/refurbish/", follow=True)
    assert "nothing to rewrite" in response.content.decode()
    assert card.revisions.count() == 1


def test_history_shows_field_changes(alice_client, make_card):
    card = make_card()
    # ⌈0 + 2 ÷ 2⌉ = 1; WHISPER: 2
    alice_client.post(f"/cards/{card.pk}/edit/", form(level=3, sp=0, flavor_text="New words."))
    html = alice_client.get(f"/cards/{card.pk}/history/").content.decode()
    assert "Revision 2" in html and "Revision 1" in html
    assert "<del>4</del> → <ins>3</ins>" in html
    assert "<ins>New words.</ins>" in html or "<ins>New</ins>" in html


def test_copy_to_my_cards(client, bob, make_card):
    card = make_card(visibility="public", name="Ember Wisp")
    client.force_login(bob)
    response = client.post(f"/cards/{card.pk}/copy/")
    copy = Card.objects.get(owner=bob)
    assert response["Location"] == f"/cards/{copy.pk}/"
    html = client.get(f"/cards/{copy.pk}/").content.decode()
    assert "Copied from" in html and f'href="/cards/{card.pk}/"' in html and "by alice" in html


def test_save_to_collection_and_copies(client, bob, make_card):
    card = make_card(visibility="public")
    client.force_login(bob)
    client.post(f"/cards/{card.pk}/collect/")
    assert CollectionEntry.objects.get(owner=bob, card=card).copies == 0
    client.post(f"/cards/{card.pk}/collect/", {"copies": "3"})
    assert CollectionEntry.objects.get(owner=bob, card=card).copies == 3
    response = client.post(f"/cards/{card.pk}/collect/", {"copies": "-2"}, follow=True)
    assert "Copies must be 0 or more" in response.content.decode()
    assert CollectionEntry.objects.get(owner=bob, card=card).copies == 3


def test_changing_visibility(alice_client, make_card):
    card = make_card()
    alice_client.post(f"/cards/{card.pk}/visibility/", {"visibility": "public"})
    card.refresh_from_db()
    assert card.visibility == "public" and card.revisions.count() == 1
    alice_client.post(f"/cards/{card.pk}/visibility/", {"visibility": "everyone"})
    card.refresh_from_db()
    assert card.visibility == "public"


def test_deleting_asks_first(alice_client, make_card):
    card = make_card()
    assert "Delete the card" in alice_client.get(f"/cards/{card.pk}/delete/").content.decode()
    response = alice_client.post(f"/cards/{card.pk}/delete/")
    assert response["Location"] == "/cards/mine/" and not Card.objects.exists()


# -- import -----------------------------------------------------------------------------------


def test_import_pasted_json(alice_client):
    response = alice_client.post("/cards/import/", {"json_text": json.dumps(WISP)})
    card = Card.objects.get()
    assert response["Location"] == f"/cards/{card.pk}/" and card.definition() == WISP


def test_import_a_json_file_with_old_terms(alice_client):
    old = {
        "name": "Golem",
        "kind": "creature",
        "design_edition": 11,
        "resource_cost": 2,
        "offense": 1,
        "defense": 1,
    }
    upload = SimpleUploadedFile("golem.json", json.dumps(old).encode(), "application/json")
    response = alice_client.post("/cards/import/", {"json_file": upload}, follow=True)
    card = Card.objects.get()
    assert (card.kind, card.level, card.sp, card.hp) == ("minion", 2, 1, 1)
    assert "what the 11th Edition calls a minion" in response.content.decode()


@pytest.mark.parametrize(
    ("payload", "message"),
    [
        ("", "Paste a card"),
        ("{not json", "not valid JSON"),
        ("[1, 2]", "one card object"),
        (json.dumps({**WISP, "level": 2.5}), "Level: Level must be a whole number"),
        (json.dumps({**WISP, "kind": "dragon"}), "Kind:"),
        (json.dumps({"name": "x"}), "Kind: This field is required"),
    ],
)
def test_bad_imports_are_explained(alice_client, payload, message):
    response = alice_client.post("/cards/import/", {"json_text": payload})
    assert response.status_code == 400
    assert message in response.content.decode()
    assert not Card.objects.exists()


def test_import_of_a_file_that_is_not_text(alice_client):
    upload = SimpleUploadedFile("card.json", b"\xff\xfe\x00bad")
    response = alice_client.post("/cards/import/", {"json_file": upload})
    assert response.status_code == 400 and "not UTF-8" in response.content.decode()


# -- collection -------------------------------------------------------------------------------


def test_collection_page_with_totals_and_search(alice_client, alice, bob, make_card):
    make_card(name="Own card")
    saved = make_card(owner=bob, name="Saved card", kind="spell", visibility="public")
    services.collection_add(user=alice, card=saved, copies=4)
    html = alice_client.get("/collection/").content.decode()
    assert "Own card" in html and "Saved card" in html
    assert 'data-total="copies">4<' in html
    found = alice_client.get("/collection/", {"q": "kind:spell"}).content.decode()
    assert "Saved card" in found and "Own card" not in found
    bad = alice_client.get("/collection/", {"q": "kind:"})
    assert bad.status_code == 400 and "needs a value" in bad.content.decode()


def test_copies_change_inline_with_htmx(alice_client, make_card):
    card = make_card()
    response = alice_client.post(
        f"/collection/{card.pk}/copies/", {"copies": "7"}, HTTP_HX_REQUEST="true"
    )
    html = response.content.decode()
    assert f'id="entry-{card.pk}"' in html and 'value="7"' in html
    assert 'hx-swap-oob="true"' in html and 'data-total="copies">7<' in html
    bad = alice_client.post(
        f"/collection/{card.pk}/copies/", {"copies": "lots"}, HTTP_HX_REQUEST="true"
    )
    assert "Copies must be a whole number" in bad.content.decode()
    assert CollectionEntry.objects.get(card=card).copies == 7


def test_removing_a_saved_card(alice_client, alice, bob, make_card):
    saved = make_card(owner=bob, visibility="public")
    services.collection_add(user=alice, card=saved)
    alice_client.post(f"/collection/{saved.pk}/remove/")
    assert not CollectionEntry.objects.filter(owner=alice, card=saved).exists()


# -- safety -----------------------------------------------------------------------------------


def test_card_text_is_escaped_everywhere(client, alice, bob):
    card = services.card_create(
        owner=alice,
        definition={**WISP, "name": XSS, "ability_text": XSS, "flavor_text": XSS},
        visibility="public",
    )
    services.collection_add(user=bob, card=card)
    client.force_login(bob)
    for url in (
        "/cards/",
        f"/cards/{card.pk}/",
        f"/cards/{card.pk}/history/",
        "/collection/",
        f"/cards/?q={card.name[:10]}",
    ):
        html = client.get(url).content.decode()
        assert XSS not in html, url
    services.card_fork(card=card, user=bob)
    assert XSS not in client.get("/cards/mine/").content.decode()


def test_forms_need_the_csrf_token(alice):
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(alice)
    assert strict.post("/cards/new/", form()).status_code == 403
    assert strict.post("/cards/preview/", form()).status_code == 403
    assert not Card.objects.exists()


def test_restoring_from_the_history_page(alice_client, bob, make_card):
    card = make_card(visibility="public")
    alice_client.post(f"/cards/{card.pk}/edit/", form(name="Changed", visibility="public"))
    html = alice_client.get(f"/cards/{card.pk}/history/").content.decode()
    assert f"/cards/{card.pk}/history/1/restore/" in html
    assert "Kind</th>" in html
    response = alice_client.post(f"/cards/{card.pk}/history/1/restore/")
    assert response.status_code == 302
    card.refresh_from_db()
    assert card.name == "Wisp" and card.revisions.count() == 3
    other = Client()
    other.force_login(bob)
    assert "/restore/" not in other.get(f"/cards/{card.pk}/history/").content.decode()
    assert other.post(f"/cards/{card.pk}/history/1/restore/").status_code == 403
