"""Reading decks: who sees what, and what the deck page is made of."""

import pytest
from django.core.exceptions import PermissionDenied
from django.http import Http404

from cards import services as card_services
from decks import deck_page, selectors

from .conftest import PRUNED, REFURBISHED, SPELL

pytestmark = pytest.mark.django_db


def test_deck_for_viewer_follows_visibility(alice, bob, make_deck):
    private, unlisted = make_deck(), make_deck(visibility="unlisted")
    assert selectors.deck_for_viewer(user=alice, pk=private.pk) == private
    for user in (bob, None):
        with pytest.raises(Http404):
            selectors.deck_for_viewer(user=user, pk=private.pk)
        assert selectors.deck_for_viewer(user=user, pk=unlisted.pk) == unlisted
    with pytest.raises(Http404):
        selectors.deck_for_viewer(user=alice, pk="nope")
    with pytest.raises(PermissionDenied):
        selectors.deck_for_owner(user=bob, pk=unlisted.pk)


def test_lists(alice, bob, make_deck):
    make_deck(name="A private")
    make_deck(name="A unlisted", visibility="unlisted")
    make_deck(name="A public", visibility="public")
    assert [d.name for d in selectors.gallery_decks()] == ["A public"]
    assert {d.name for d in selectors.decks_visible_to(bob)} == {"A public"}
    assert {d.name for d in selectors.decks_visible_to(alice)} == {
        "A private",
        "A unlisted",
        "A public",
    }
    assert {d.name for d in selectors.decks_owned_by(user=alice, q="un")} == {"A unlisted"}


def test_deck_with_entries_loads_everything_in_two_queries(legal_deck, django_assert_num_queries):
    with django_assert_num_queries(2):
        deck = selectors.deck_with_entries(legal_deck.pk, user=legal_deck.owner)
        names = [entry.card.owner.username for entry in deck.entries.all()]
    assert len(names) == 10


def test_the_deck_view_groups_minions_then_spells_by_level(alice, make_deck, make_card):
    deck = make_deck(
        entries=[
            (make_card(**SPELL), 2),
            (make_card(name="Zed", level=1), 1),
            (make_card(name="Abe", level=3), 1),
            (make_card(name="Amy", level=1), 1),
        ]
    )
    view = deck_page.deck_view(selectors.deck_with_entries(deck.pk, user=deck.owner), user=alice)
    assert [(g.label, g.count) for g in view.groups] == [("Minions", 3), ("Spells", 2)]
    assert [row.card.name for row in view.groups[0].rows] == ["Amy", "Zed", "Abe"]
    assert view.size.short and view.size.text == "40–60"


def test_the_deck_view_flags_cards_to_look_at_and_counts_verdicts(alice, make_deck, make_card):
    deck = make_deck(
        entries=[(make_card(**REFURBISHED), 3), (make_card(**PRUNED), 2), (make_card(), 4)]
    )
    view = deck_page.deck_view(selectors.deck_with_entries(deck.pk, user=deck.owner), user=alice)
    assert dict(view.verdict_counts) == {"legal": 4, "refurbished": 3, "pruned": 2}
    assert {row.card.name for row in view.flagged} == {"Haunting Lantern", "Old Wisp"}
    assert [row.card.name for row in view.refurbished] == ["Haunting Lantern"]
    assert [p.code for p in view.deck_problems] == ["deck_too_small"]
    lantern = view.refurbished[0]
    assert [s.kind for s in lantern.segments] == ["same", "removed", "inserted", "same"]


def test_the_deck_view_under_another_edition(alice, make_deck, make_card):
    deck = make_deck(entries=[(make_card(), 40)])
    view = deck_page.deck_view(selectors.deck_with_entries(deck.pk, user=deck.owner), edition=11)
    assert view.edition.number == 11 and view.size.text == "exactly 40"


def test_missing_copies_count_what_the_collection_says_is_owned(alice, bob, make_deck, make_card):
    a, b = make_card(name="A"), make_card(name="B")
    deck = make_deck(entries=[(a, 4), (b, 2)], visibility="public")
    card_services.collection_add(user=alice, card=a, copies=1)
    card_services.collection_add(user=alice, card=b, copies=5)
    missing = selectors.deck_missing(deck=deck, user=alice)
    assert [(m.card.name, m.count, m.owned, m.needed) for m in missing] == [("A", 4, 1, 3)]
    assert [m.needed for m in selectors.deck_missing(deck=deck, user=bob)] == [4, 2]


def test_card_search_for_a_deck(alice, bob, make_card):
    make_card(name="Mine")
    saved = make_card(owner=bob, name="Saved", visibility="unlisted")
    card_services.collection_add(user=alice, card=saved)
    make_card(owner=bob, name="Public", visibility="public")
    make_card(owner=bob, name="Hidden unlisted", visibility="unlisted")
    make_card(owner=bob, name="Private")
    assert [c.name for c in selectors.deck_card_search(user=alice)] == ["Mine", "Saved", "Public"]
    assert [c.name for c in selectors.deck_card_search(user=alice, q="kind:minion pub")] == [
        "Public"
    ]
    assert selectors.deck_card_search(user=None) == []
