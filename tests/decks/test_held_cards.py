"""A card a moderator hid is gone for everyone but its designer, in every deck that holds it:
the deck's pages, API and exports show a withheld card in its place, its picture is hers alone,
the deck's link preview leaves it out, and a copy of the deck leaves it behind."""

from __future__ import annotations

import io
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse
from PIL import Image
from rest_framework.test import APIClient

from cards import og_images
from cards import services as card_services
from cards.models import Card
from community import services as community_services
from decks.list_names import list_cards, list_close_names
from decks.models import Deck
from decks.versions import version_save
from tests.community.world import make_moderator

from .conftest import MINION

pytestmark = pytest.mark.django_db

STOLEN = {**MINION, "name": "Stolen Dragon", "flavor_text": "Painted by someone else"}


def art() -> SimpleUploadedFile:
    out = io.BytesIO()
    Image.new("RGB", (24, 16), (200, 30, 90)).save(out, "PNG")
    return SimpleUploadedFile("dragon.png", out.getvalue(), content_type="image/png")


@pytest.fixture
def carol(django_user_model):
    """A moderator."""
    user = django_user_model.objects.create_user("carol", "carol@example.com", "carol-pass-1234")
    return make_moderator(user)


@pytest.fixture
def dragon(alice) -> Card:
    return card_services.card_create(
        owner=alice, definition=STOLEN, image=art(), visibility="public"
    )


@pytest.fixture
def deck(alice, make_card, make_deck, dragon) -> Deck:
    """Alice's public deck, saved once while the dragon was shared: 36 Ember Wisps, 4 dragons."""
    wisp = make_card(visibility="public")
    deck = make_deck(entries=[(wisp, 36), (dragon, 4)], visibility="public")
    version_save(deck=deck, user=alice, snapshot=True)
    return deck


def hide(card_or_deck: Any, moderator: Any) -> None:
    community_services.moderate(
        moderator=moderator, target=card_or_deck, action="hide", reason="Stolen art"
    )


def leaks(body: str) -> bool:
    return "Stolen Dragon" in body or "Painted by someone else" in body


@pytest.mark.parametrize("viewer", ["anonymous", "bob"])
def test_a_held_card_is_withheld_in_every_view_of_a_deck(bob, carol, dragon, deck, viewer):
    hide(dragon, carol)
    client = Client()
    api = APIClient()
    if viewer == "bob":
        client.force_login(bob)
        api.force_authenticate(bob)
    pages = [
        reverse(name, args=[deck.pk])
        for name in (
            "deck-detail",
            "deck-panel",
            "deck-export",
            "deck-export-text",
            "deck-cockatrice",
            "deck-tabletop",
            "deck-playtest",
            "deck-odds",
            "deck-history",
            "deck-print",
        )
    ]
    pages += [reverse("deck-version", args=[deck.pk, 1]), f"/decks/{deck.pk}/sample-hand/?seed=7"]
    if viewer == "bob":  # what bob's collection lacks to print it: for those signed in
        pages.append(reverse("deck-shortfall", args=[deck.pk]))
    for page in pages:
        answer = client.get(page, HTTP_HX_REQUEST="true")
        assert answer.status_code == 200, page
        assert not leaks(answer.content.decode()), page
    calls = [
        f"/api/v1/decks/{deck.pk}/{part}"
        for part in ("", "export/", "cockatrice/", "tabletop/", "versions/1/")
    ]
    for call in calls:
        answer = api.get(call)
        assert answer.status_code == 200, call
        assert not leaks(answer.content.decode()), call
    # The odds of drawing it, asked by its id: a card the asker may not see is a field error.
    odds = api.get(f"/api/v1/decks/{deck.pk}/odds/?cards={dragon.pk}")
    assert odds.status_code == 400 and not leaks(odds.content.decode())
    assert api.get(f"/api/v1/decks/{deck.pk}/").json()["withheld"] == 4
    assert api.get(f"/api/v1/decks/{deck.pk}/validation/").json()["withheld"] == 4
    text = client.get(reverse("deck-export-text", args=[deck.pk])).content.decode()
    assert text.endswith("# and 4 withheld cards, not listed\n")


def test_a_held_cards_picture_is_its_designers_alone(alice, bob, carol, dragon):
    picture = "/media/" + dragon.image.name
    assert Client().get(picture)["Cache-Control"] == "public, max-age=3600"
    hide(dragon, carol)
    assert Client().get(picture).status_code == 404
    as_bob = Client()
    as_bob.force_login(bob)
    assert as_bob.get(picture).status_code == 404
    as_alice = Client()
    as_alice.force_login(alice)
    answer = as_alice.get(picture)
    assert answer.status_code == 200
    assert answer["Cache-Control"] == "private, no-cache"


def test_a_decks_link_preview_leaves_a_held_card_out(alice, carol, dragon, deck):
    hide(dragon, carol)
    wisp = next(entry.card for entry in deck.entries.all() if entry.card_id != dragon.pk)
    answer = Client().get(reverse("deck-og-image", args=[deck.pk]))
    assert answer.status_code == 200
    assert answer["ETag"] == f'"og-{og_images.deck_og_key([wisp])}"'


def test_a_copy_of_a_deck_leaves_a_held_card_behind(bob, carol, dragon, deck):
    hide(dragon, carol)
    api = APIClient()
    api.force_authenticate(bob)
    answer = api.post(f"/api/v1/decks/{deck.pk}/fork/")
    assert answer.status_code == 201, answer.content
    fork = Deck.objects.get(pk=answer.json()["id"])
    assert [entry.card.name for entry in fork.entries.all()] == ["Ember Wisp"]
    assert not leaks(answer.content.decode())


def test_the_compare_picker_does_not_offer_a_held_deck(bob, carol, deck):
    hide(deck, carol)
    as_bob = Client()
    as_bob.force_login(bob)
    page = as_bob.get(reverse("decks-compare")).content.decode()
    assert "Embers" not in page


def test_a_held_card_is_not_found_by_name_in_a_pasted_list(bob, carol, dragon):
    hide(dragon, carol)
    found = list_cards(user=bob, names=["Stolen Dragon"], numbers=[])
    assert found.public == [] and found.numbered == []
    assert list_close_names(name="Stolen Dragn", known=[]) == []


def test_a_held_cards_render_is_kept_by_its_designers_browser_only(alice, carol, dragon):
    hide(dragon, carol)
    as_alice = APIClient()
    as_alice.force_authenticate(alice)
    answer = as_alice.get(f"/api/v1/cards/{dragon.pk}/render.png?size=small")
    assert answer.status_code == 200
    assert answer["Cache-Control"].startswith("private")


def test_what_a_designer_writes_while_held_stays_out_of_the_history_once_lifted(alice, bob, carol):
    """A hold lifted shows others the card as it is then, and its history before the hold:
    never the words its designer wrote in between."""
    card = card_services.card_create(owner=alice, definition=MINION, visibility="public")
    community_services.moderate(moderator=carol, target=card, action="hide", reason="Copied art")
    for word in ("Heldword", "Lastword"):
        card = card_services.card_update(
            card=card, user=alice, definition={"flavor_text": f"{word} flavour"}
        )
    community_services.moderate(moderator=carol, target=card, action="restore", reason="Fixed")
    client = Client()
    client.force_login(bob)
    history = client.get(reverse("card-history", args=[card.pk])).content.decode()
    assert MINION["name"] in history and "Lastword" in history
    assert "Heldword" not in history
    # Its designer keeps every revision.
    client.force_login(alice)
    assert "Heldword" in client.get(reverse("card-history", args=[card.pk])).content.decode()


def test_a_held_card_is_refused_as_hidden_by_a_moderator_not_as_private(bob, carol, dragon):
    """Another designer may not collect or deck a held card. The API says no such card, as for
    a private one; the services that name the card say why as it is."""
    from django.core.exceptions import ValidationError

    from decks.input_checks import check_card

    community_services.moderate(moderator=carol, target=dragon, action="hide", reason="Copied")
    api = APIClient()
    api.force_authenticate(bob)
    collected = api.post("/api/v1/collection/", {"card": dragon.pk}, format="json")
    assert collected.status_code == 400 and "There is no card" in str(collected.json())
    for refused in (
        lambda: card_services.collection_add(user=bob, card=dragon),
        lambda: check_card(dragon, bob),
    ):
        with pytest.raises(ValidationError) as error:
            refused()
        assert "A moderator has hidden that card" in str(error.value)
        assert "private" not in str(error.value)


def test_a_held_card_in_another_designers_deck_is_not_said_to_be_withdrawn(
    alice, bob, carol, make_card
):
    """Bob's deck holds alice's card; a moderator hides it. The deck shows a withheld card,
    not one its designer withdrew, which she did not."""
    card = card_services.card_create(owner=alice, definition=STOLEN, visibility="public")
    wisp = card_services.card_create(owner=bob, definition=MINION, visibility="public")
    deck = Deck.objects.create(owner=bob, name="Bob's", visibility="public")
    deck.entries.create(card=card, count=4)
    deck.entries.create(card=wisp, count=36)
    community_services.moderate(moderator=carol, target=card, action="hide", reason="Copied")
    client = Client()
    client.force_login(bob)
    page = client.get(f"/decks/{deck.pk}/?view=visual").content.decode()
    assert "withheld card" in page and "withdrawn" not in page.lower()
    api = APIClient()
    api.force_authenticate(bob)
    entry = next(e for e in api.get(f"/api/v1/decks/{deck.pk}/").json()["entries"] if e["withheld"])
    assert entry["withdrawn"] is False
