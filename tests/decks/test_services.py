"""Building decks: every write checks who may do it and what may be saved."""

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError

from cards import rules
from cards import services as card_services
from decks import services
from decks.models import Deck, DeckEntry

from .conftest import SPELL

pytestmark = pytest.mark.django_db


def counts(deck):
    return {entry.card.name: entry.count for entry in deck.entries.select_related("card")}


def test_a_new_deck_is_private_and_built_for_the_current_edition(alice, make_card):
    wisp = make_card()
    deck = services.deck_create(owner=alice, name="  Embers ", entries=[(wisp, 3)])
    assert deck.name == "Embers"
    assert deck.edition == rules.current_edition().number
    assert deck.visibility == Deck.Visibility.PRIVATE
    assert counts(deck) == {"Ember Wisp": 3}


@pytest.mark.parametrize(
    ("fields", "field"),
    [
        ({"name": ""}, "name"),
        ({"name": "x" * 101}, "name"),
        ({"name": "Ok", "description": "x" * 20_001}, "description"),
        ({"name": "Ok", "edition": 99}, "edition"),  # not on file
        ({"name": "Ok", "visibility": "secret"}, "visibility"),
    ],
)
def test_bad_details_are_field_errors_and_save_nothing(alice, fields, field):
    with pytest.raises(ValidationError) as error:
        services.deck_create(owner=alice, **fields)
    assert field in error.value.message_dict
    assert not Deck.objects.exists()


def test_counts_must_be_between_1_and_100_and_cards_listed_once(alice, make_card):
    wisp = make_card()
    for entries in ([(wisp, 0)], [(wisp, 101)], [(wisp, 1), (wisp, 2)]):
        with pytest.raises(ValidationError) as error:
            services.deck_create(owner=alice, name="Bad", entries=entries)
        assert "entries" in error.value.message_dict
    assert not Deck.objects.exists()


def test_the_database_refuses_a_count_of_zero_too(make_deck, make_card):
    deck = make_deck()
    with pytest.raises(IntegrityError):
        DeckEntry.objects.create(deck=deck, card=make_card(), count=0)


def test_a_deck_may_hold_own_cards_and_others_shared_cards_but_not_their_private_ones(
    alice, bob, make_card
):
    public = make_card(owner=bob, visibility="public", name="Bob's Public")
    unlisted = make_card(owner=bob, visibility="unlisted", name="Bob's Unlisted")
    private = make_card(owner=bob, name="Bob's Secret")
    deck = services.deck_create(owner=alice, name="Mixed", entries=[(public, 1), (unlisted, 2)])
    assert counts(deck) == {"Bob's Public": 1, "Bob's Unlisted": 2}
    with pytest.raises(ValidationError, match="private"):
        services.deck_change_count(deck=deck, user=alice, card=private, delta=1)
    with pytest.raises(ValidationError, match="private"):
        services.deck_create(owner=alice, name="Sneaky", entries=[(private, 1)])


def test_adding_and_removing_copies(alice, make_deck, make_card):
    deck, wisp = make_deck(), make_card()
    assert services.deck_change_count(deck=deck, user=alice, card=wisp, delta=1) == 1
    assert services.deck_change_count(deck=deck, user=alice, card=wisp, delta=4) == 5
    assert services.deck_change_count(deck=deck, user=alice, card=wisp, delta=-2) == 3
    assert services.deck_set_count(deck=deck, user=alice, card=wisp, count=7) == 7
    assert counts(deck) == {"Ember Wisp": 7}
    assert services.deck_change_count(deck=deck, user=alice, card=wisp, delta=-10) == 0
    assert counts(deck) == {}
    # Removing a card that is not there is harmless.
    assert services.deck_change_count(deck=deck, user=alice, card=wisp, delta=-1) == 0


def test_more_than_100_copies_is_refused(alice, make_deck, make_card):
    wisp = make_card()
    deck = make_deck(entries=[(wisp, 99)])
    services.deck_change_count(deck=deck, user=alice, card=wisp, delta=1)
    with pytest.raises(ValidationError, match="1 to 100 copies"):
        services.deck_change_count(deck=deck, user=alice, card=wisp, delta=1)
    assert counts(deck) == {"Ember Wisp": 100}


def test_a_deck_holds_at_most_200_different_cards(alice, make_deck, make_card, monkeypatch):
    monkeypatch.setattr(services, "MAX_ENTRIES", 2)
    deck = make_deck(entries=[(make_card(name="A"), 1), (make_card(name="B"), 1)])
    with pytest.raises(ValidationError, match="at most 2 different cards"):
        services.deck_change_count(deck=deck, user=alice, card=make_card(name="C"), delta=1)


def test_a_card_made_private_later_can_still_be_taken_out(alice, bob, make_deck, make_card):
    card = make_card(owner=bob, visibility="public")
    deck = make_deck(entries=[(card, 3)])
    card_services.card_update(card=card, user=bob, visibility="private")
    card.refresh_from_db()
    with pytest.raises(ValidationError):
        services.deck_change_count(deck=deck, user=alice, card=card, delta=1)
    assert services.deck_change_count(deck=deck, user=alice, card=card, delta=-1) == 2


def test_only_the_owner_changes_a_deck(alice, bob, make_deck, make_card):
    deck = make_deck(visibility="public")
    wisp = make_card(owner=bob, visibility="public")
    with pytest.raises(PermissionDenied):
        services.deck_change_count(deck=deck, user=bob, card=wisp, delta=1)
    with pytest.raises(PermissionDenied):
        services.deck_update(deck=deck, user=bob, name="Mine now")
    with pytest.raises(PermissionDenied):
        services.deck_set_entries(deck=deck, user=bob, entries=[])
    with pytest.raises(PermissionDenied):
        services.deck_delete(deck=deck, user=bob)
    assert Deck.objects.get().name == "Embers"


def test_updating_details_keeps_what_is_left_out(alice, make_deck):
    deck = make_deck(description="Fast.")
    services.deck_update(deck=deck, user=alice, name="Cinders", edition=11)
    deck.refresh_from_db()
    assert (deck.name, deck.description, deck.edition) == ("Cinders", "Fast.", 11)
    with pytest.raises(ValidationError) as error:
        services.deck_update(deck=deck, user=alice, name="", visibility="nope")
    assert set(error.value.message_dict) == {"name", "visibility"}


def test_set_entries_replaces_the_list(alice, make_deck, make_card):
    a, b = make_card(name="A"), make_card(name="B")
    deck = make_deck(entries=[(a, 2)])
    services.deck_set_entries(deck=deck, user=alice, entries=[(b, 3)])
    assert counts(deck) == {"B": 3}
    with pytest.raises(ValidationError):
        services.deck_set_entries(deck=deck, user=alice, entries=[(a, 1), (a, 1)])
    assert counts(deck) == {"B": 3}


def test_forking_copies_the_list_and_credits_the_original(alice, bob, make_deck, make_card):
    shared = make_card(visibility="public", name="Shared")
    secret = make_card(name="Secret")
    deck = make_deck(entries=[(shared, 2), (secret, 1)], visibility="public", description="Hot.")
    copy = services.deck_fork(deck=deck, user=bob)
    assert copy.owner == bob and copy.visibility == "private"
    assert copy.forked_from == deck
    assert (copy.forked_from_name, copy.forked_from_owner) == ("Embers", "alice")
    assert counts(copy) == {"Shared": 2}  # alice's private card stays hers
    assert copy.description == "Hot."


def test_a_private_deck_cannot_be_forked_by_others(alice, bob, make_deck):
    deck = make_deck()
    with pytest.raises(PermissionDenied):
        services.deck_fork(deck=deck, user=bob)
    assert services.deck_fork(deck=deck, user=alice).owner == alice


def test_deleting_a_card_takes_it_out_of_decks(alice, make_deck, make_card):
    a, b = make_card(name="A"), make_card(name="B")
    deck = make_deck(entries=[(a, 2), (b, 3)])
    card_services.card_delete(card=a, user=alice)
    assert counts(deck) == {"B": 3}


def test_the_deck_definition_is_the_check_api_body_plus_name_and_description(
    alice, make_deck, make_card
):
    spell = make_card(**SPELL)
    wisp = make_card()
    deck = make_deck(entries=[(spell, 2), (wisp, 3)], description="Hot.")
    assert services.deck_definition(deck) == {
        "edition": rules.current_edition().number,
        "name": "Embers",
        "description": "Hot.",
        "cards": [  # minions, then spells
            {"count": 3, "card": {"id": wisp.pk, **wisp.definition(), "designer": "alice"}},
            {"count": 2, "card": {"id": spell.pk, **spell.definition(), "designer": "alice"}},
        ],
    }
