"""No text written while a card or a deck was private reaches anyone else through a deck's
versions or a comparison: every history page, version, snapshot, version comparison and deck
comparison, in HTML and JSON, walked as each person, against a deck whose cards were made
private, rewritten, shared again and deleted between its versions."""

import itertools

import pytest
from django.test import Client
from rest_framework.test import APIClient

from cards import services as card_services
from decks import services
from decks.models import DeckVersion
from decks.versions import version_save

pytestmark = pytest.mark.django_db

MINION = {
    "name": "Plain Wisp",
    "kind": "minion",
    "design_edition": 14,
    "level": 4,
    "sp": 1,
    "hp": 2,
    "ability_text": "WHISPER: Draw 1 card.",
    "flavor_text": "",
}


def card(owner, name, visibility, flavor=""):
    definition = {**MINION, "name": name, "flavor_text": flavor}
    return card_services.card_create(owner=owner, definition=definition, visibility=visibility)


def rewrite(card_, user, name, visibility, flavor=""):
    return card_services.card_update(
        card=card_,
        user=user,
        definition={"name": name, "flavor_text": flavor},
        visibility=visibility,
    )


@pytest.fixture
def world(alice, bob, django_user_model):
    carol = django_user_model.objects.create_user("carol", "carol@example.com", "carol-pw-123")
    secrets = {"alice": set(), "bob": set()}
    # Alice's card, private throughout: its text is hers alone.
    kept = card(alice, "SECRET-kept-name", "private", "SECRET-kept-flavor")
    secrets["alice"] |= {"SECRET-kept-name", "SECRET-kept-flavor"}
    # Alice's card, private with a draft text when the deck was saved, later shared clean.
    draft = card(alice, "SECRET-draft-name", "private", "SECRET-draft-flavor")
    secrets["alice"] |= {"SECRET-draft-name", "SECRET-draft-flavor"}
    # Bob's card, public when saved, later private and rewritten.
    borrowed = card(bob, "Borrowed Spark", "public")
    # A card of alice's deleted since.
    gone = card(alice, "SECRET-gone-name", "private")
    secrets["alice"].add("SECRET-gone-name")
    deck = services.deck_create(
        owner=alice,
        name="SECRET-deck-draft",
        entries=[(kept, 1), (draft, 2), (borrowed, 3), (gone, 1)],
    )
    secrets["alice"].add("SECRET-deck-draft")
    services.deck_update(deck=deck, user=alice, description="SECRET-private-description")
    secrets["alice"].add("SECRET-private-description")
    services.deck_update(
        deck=deck, user=alice, name="Shared deck", description="", visibility="public"
    )
    rewrite(draft, alice, "Clean Name", "public")
    rewrite(borrowed, bob, "SECRET-bob-name", "private", "SECRET-bob-flavor")
    secrets["bob"] |= {"SECRET-bob-name", "SECRET-bob-flavor"}
    version_save(deck=deck, user=alice, snapshot=True, note="Published")
    gone.delete()
    other = services.deck_create(owner=carol, name="Carol's", visibility="public")
    private_deck = services.deck_create(
        owner=alice, name="SECRET-private-deck", entries=[(kept, 2)]
    )
    secrets["alice"].add("SECRET-private-deck")
    return {
        "users": {"alice": alice, "bob": bob, "carol": carol},
        "decks": [deck, other, private_deck],
        "secrets": secrets,
    }


def addresses(decks):
    numbers = sorted(set(DeckVersion.objects.values_list("number", flat=True)))
    for deck in decks:
        yield f"/decks/{deck.pk}/history/"
        yield f"/api/v1/decks/{deck.pk}/versions/"
        for number in numbers:
            yield f"/decks/{deck.pk}/history/{number}/"
            yield f"/api/v1/decks/{deck.pk}/versions/{number}/"
        for a, b in itertools.product(numbers, repeat=2):
            yield f"/decks/{deck.pk}/history/compare/?a={a}&b={b}"
    for a, b in itertools.permutations(decks, 2):
        yield f"/decks/compare/?a={a.pk}&b={b.pk}"
        yield f"/api/v1/decks/compare/?a={a.pk}&b={b.pk}"


@pytest.mark.slow  # every page as four viewers: first in a pass, not in `make check`
def test_nothing_private_reaches_anyone_else(world):
    problems = []
    for viewer in (None, "alice", "bob", "carol"):
        hidden = set().union(*(words for who, words in world["secrets"].items() if who != viewer))
        for Kind in (Client, APIClient):
            client = Kind()
            if viewer is not None:
                client.force_login(world["users"][viewer])
            for address in addresses(world["decks"]):
                response = client.get(address)
                assert response.status_code < 500, address
                found = [word for word in hidden if word.encode() in response.content]
                if found:
                    problems.append(f"{viewer or 'anonymous'} GET {address}: {found}")
    assert not problems, "\n".join(problems[:20])


def test_the_owner_reads_her_drafts_and_others_read_the_shared_versions(world):
    deck = world["decks"][0]
    alice, carol = Client(), Client()
    alice.force_login(world["users"]["alice"])
    carol.force_login(world["users"]["carol"])
    assert b"SECRET-draft-name" in alice.get(f"/decks/{deck.pk}/history/1/").content
    assert alice.get(f"/decks/{deck.pk}/history/1/").status_code == 200
    assert carol.get(f"/decks/{deck.pk}/history/1/").status_code == 404
    shared = carol.get(f"/api/v1/decks/{deck.pk}/versions/").json()["results"]
    assert [v["number"] for v in shared] == [4, 3]
    snapshot = carol.get(f"/api/v1/decks/{deck.pk}/versions/4/").json()
    names = {entry["name"] for entry in snapshot["entries"]}
    # The draft card reads as shared now; bob's card, private since, and the deleted card
    # are withheld; alice's private card too.
    assert "Clean Name" in names and None in names
    assert sum(entry["withheld"] for entry in snapshot["entries"]) == 3
