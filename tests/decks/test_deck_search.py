"""Searching deck lists: any part of a name (through the names' trigram index on PostgreSQL
and SQLite alike), a designer's name in the gallery, only decks the viewer may see, sizes
worked out per deck, and counts that stop at the cap."""

import pytest

from decks.models import Deck
from decks.selectors import decks_owned_by, decks_visible_to, gallery_decks
from kotc_site.pagination import CappedPaginator

pytestmark = pytest.mark.django_db


@pytest.fixture
def decks(alice, bob, make_deck, make_card):
    wisp = make_card(visibility="public")
    return {
        "fire": make_deck(name="Fire Wolf Aggro", visibility="public", entries=[(wisp, 3)]),
        "tide": make_deck(owner=bob, name="Tide Control", visibility="public"),
        "secret": make_deck(owner=bob, name="Secret Fire Plan", visibility="private"),
        "link": make_deck(owner=bob, name="Linked Fire", visibility="unlisted"),
        "mine": make_deck(name="Quiet fire", visibility="private"),
    }


def names(decks) -> set[str]:
    return {deck.name for deck in decks}


@pytest.mark.parametrize(
    ("q", "expected"),
    [
        ("", {"Fire Wolf Aggro", "Tide Control"}),
        ("fire", {"Fire Wolf Aggro"}),
        ("IRE", {"Fire Wolf Aggro"}),  # any part, case aside
        ("wolf aggro", {"Fire Wolf Aggro"}),
        ("ir", {"Fire Wolf Aggro"}),  # shorter than a trigram: read from the names
        ("e", {"Fire Wolf Aggro", "Tide Control"}),
        ("bob", {"Tide Control"}),  # a designer's name, in the gallery
        ("BOB", {"Tide Control"}),
        ("plan", set()),
        ('"fire"', set()),
        ("100%", set()),
    ],
)
def test_the_gallery_finds_public_decks_by_any_part_of_their_name(decks, q, expected):
    assert names(gallery_decks(q=q)) == expected


def test_lists_of_someone_signed_in_hold_their_own_decks_too(decks, alice, bob):
    assert names(decks_visible_to(alice, q="fire")) == {"Fire Wolf Aggro", "Quiet fire"}
    assert names(decks_visible_to(bob, q="fire")) == {
        "Fire Wolf Aggro",
        "Secret Fire Plan",
        "Linked Fire",
    }
    assert names(decks_visible_to(None, q="fire")) == {"Fire Wolf Aggro"}
    assert names(decks_owned_by(user=bob, q="FIRE")) == {"Secret Fire Plan", "Linked Fire"}


def test_renamed_and_deleted_decks_are_found_as_they_are_now(decks):
    Deck.objects.filter(pk=decks["tide"].pk).update(name="Ebb and Flow")
    assert names(gallery_decks(q="flow")) == {"Ebb and Flow"}
    assert names(gallery_decks(q="tide")) == set()
    decks["fire"].delete()
    assert names(gallery_decks(q="wolf")) == set()


def test_sizes_are_worked_out_for_each_deck(decks):
    listed = {deck.name: (deck.size, deck.card_kinds) for deck in gallery_decks()}
    assert listed == {"Fire Wolf Aggro": (3, 1), "Tide Control": (0, 0)}


def test_the_api_and_the_page_cap_their_counts(api, client, decks, monkeypatch):
    monkeypatch.setattr(CappedPaginator, "cap", 1)
    data = api.get("/api/v1/decks/").json()
    assert (data["count"], data["count_capped"], len(data["results"])) == (1, True, 1)
    page = client.get("/decks/").content.decode()
    assert "1+ deck" in page
    data = api.get("/api/v1/decks/", {"q": "tide"}).json()
    assert (data["count"], data["count_capped"]) == (1, False)


def test_the_deck_gallery_page_searches_by_part_of_a_name(client, decks):
    page = client.get("/decks/", {"q": "wolf ag"}).content.decode()
    assert "Fire Wolf Aggro" in page and "Tide Control" not in page
    assert "Secret Fire Plan" not in client.get("/decks/", {"q": "secret"}).content.decode()


def test_the_lists_judge_each_deck_as_its_page_does(alice, bob, legal_deck, make_deck, make_card):
    """The lists judge their decks from plain rows (validation.with_legality); the deck page
    judges one loaded deck (deck_check of what the viewer may see): the same answers, withheld
    cards included."""
    from cards.selectors import card_visible_to
    from decks import selectors, validation

    legal_deck.visibility = "public"
    legal_deck.save()
    hidden = make_card(owner=alice, visibility="private", name="Hidden Wisp")
    shown = make_card(owner=bob, visibility="public", name="Open Wisp")
    mixed = make_deck(visibility="public", name="Mixed", entries=[(hidden, 2), (shown, 3)])
    decks = [legal_deck, mixed]
    for viewer in (alice, bob, None):
        listed = validation.with_legality(
            Deck.objects.filter(pk__in=[d.pk for d in decks]), user=viewer
        )
        for deck in listed:
            page = validation.deck_check(
                selectors.withhold(selectors.deck_with_entries(deck.pk, user=alice), viewer)
            )
            assert (deck.legal, deck.withheld) == (page.legal, page.withheld), (viewer, deck.name)
    assert not card_visible_to(hidden, bob)
    for_bob = {d.name: d for d in validation.with_legality(decks, user=bob)}
    assert for_bob["Mixed"].withheld == 2 and not for_bob["Mixed"].legal
    assert for_bob[legal_deck.name].withheld == 40  # alice's private designs
    for_alice = {d.name: d for d in validation.with_legality(decks, user=alice)}
    assert for_alice[legal_deck.name].legal and not for_alice[legal_deck.name].withheld
