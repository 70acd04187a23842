"""Importing decks: the deck JSON reuses identical cards and creates the rest; a plain list is
matched against the collection, and every bad line is named. Nothing is half-saved."""

import pytest
from django.core.exceptions import ValidationError

from cards import services as card_services
from cards.models import Card
from decks import services
from decks.decklist import DecklistError, LineError
from decks.models import Deck
from decks.serializers import DeckFormatError, read_deck_json

from .conftest import MINION, SPELL

pytestmark = pytest.mark.django_db


def deck_json(*cards, edition=14, name="Embers", description="Hot."):
    return {
        "edition": edition,
        "name": name,
        "description": description,
        "cards": [{"count": count, "card": card} for count, card in cards],
    }


def entries(deck):
    return sorted((e.card.name, e.count, e.card.owner.username) for e in deck.entries.all())


# -- deck JSON ----------------------------------------------------------------------------------


def test_importing_creates_the_cards_the_person_lacks_as_their_own(bob):
    definition = read_deck_json(deck_json((3, MINION), (2, SPELL)))
    deck = services.deck_import(owner=bob, definition=definition)
    assert (deck.name, deck.description, deck.edition) == ("Embers", "Hot.", 14)
    assert entries(deck) == [("Ember Wisp", 3, "bob"), ("Spark", 2, "bob")]
    created = Card.objects.filter(owner=bob)
    assert created.count() == 2 and set(created.values_list("visibility", flat=True)) == {"private"}
    assert len(deck.imported_new_cards) == 2


def test_importing_reuses_identical_cards_from_the_collection(alice, bob, make_card):
    own = make_card(owner=bob)
    saved = make_card(owner=alice, visibility="public", **SPELL)
    card_services.collection_add(user=bob, card=saved)
    different = {**MINION, "name": "Ember Wisp", "hp": 5}  # same name, another card
    definition = read_deck_json(deck_json((3, MINION), (2, SPELL), (1, different)))
    deck = services.deck_import(owner=bob, definition=definition)
    cards = {(e.card.pk, e.count) for e in deck.entries.all()}
    assert (own.pk, 3) in cards and (saved.pk, 2) in cards
    assert Card.objects.filter(owner=bob).count() == 2  # only the different Ember Wisp is new
    assert [c.hp for c in deck.imported_new_cards] == [5]


def test_a_card_listed_twice_becomes_one_entry(bob):
    definition = read_deck_json(deck_json((3, MINION), (2, MINION)))
    deck = services.deck_import(owner=bob, definition=definition)
    assert entries(deck) == [("Ember Wisp", 5, "bob")]
    assert Card.objects.filter(owner=bob).count() == 1


def test_exported_json_imports_into_another_account_as_the_same_deck(alice, bob, legal_deck):
    exported = services.deck_definition(legal_deck)
    deck = services.deck_import(owner=bob, definition=read_deck_json(exported))
    assert without_ids(services.deck_definition(deck)) == without_ids(exported)
    assert Card.objects.filter(owner=bob).count() == 10


def test_a_card_that_cannot_be_stored_saves_nothing(bob):
    bad = {**MINION, "name": "Broken", "level": 2.5}  # the check API accepts it, storage does not
    definition = read_deck_json(deck_json((3, SPELL), (1, bad)))
    with pytest.raises(ValidationError) as error:
        services.deck_import(owner=bob, definition=definition)
    assert error.value.message_dict["cards"] == [
        "Card 2 (“Broken”), level: Level must be a whole number, not 2.5."
    ]
    assert not Card.objects.filter(owner=bob).exists()
    assert not Deck.objects.exists()


def test_json_that_does_not_follow_the_format_names_each_problem():
    with pytest.raises(DeckFormatError) as error:
        read_deck_json({"edition": 99, "cards": [{"count": 0, "card": {"kind": "trap"}}]})
    messages = error.value.messages_list
    assert any(m.startswith("edition: Unknown edition 99") for m in messages)
    assert any(m.startswith("cards → card 1 → count:") for m in messages)
    assert any(m.startswith("cards → card 1 → card → kind:") for m in messages)
    assert any(m.startswith("cards → card 1 → card → level:") for m in messages)


# -- plain lists --------------------------------------------------------------------------------


def test_a_clean_list_builds_the_deck_from_the_collection(alice, bob, make_card):
    make_card(owner=bob, name="Fire Drake")
    saved = make_card(owner=alice, visibility="public", **SPELL)
    card_services.collection_add(user=bob, card=saved)
    make_card(owner=alice, visibility="public", name="Not Saved")
    deck = services.deck_import_list(
        owner=bob, text="# fire\n4 fire drake\n3x Spark\n", name="Drakes", edition=11
    )
    assert deck.edition == 11
    assert entries(deck) == [("Fire Drake", 4, "bob"), ("Spark", 3, "alice")]


def test_every_bad_line_is_reported_with_its_number_and_nothing_is_saved(alice, bob, make_card):
    make_card(owner=bob, name="Fire Drake")
    make_card(owner=bob, name="Twin", level=1)
    make_card(owner=bob, name="twin", level=2)
    make_card(owner=alice, visibility="public", name="Not Saved")
    text = "\n".join(
        [
            "4 Fire Drake",  # 1: fine
            "Fire Drake",  # 2: no count
            "0 Fire Drake",  # 3: zero
            "101 Fire Drake",  # 4: too many
            "2 Foo",  # 5: unknown
            "1 Twin",  # 6: ambiguous
            "1 Not Saved",  # 7: public, but not in bob's collection
            "",
            "# fine",
        ]
    )
    with pytest.raises(DecklistError) as error:
        services.deck_import_list(owner=bob, text=text, name="Drakes")
    found = error.value.errors
    assert [e.line for e in found] == [2, 3, 4, 5, 6, 7]
    assert str(found[0]) == (
        "Line 2: expected '<count> <card name>', like '3 Fire Drake', but found 'Fire Drake'."
    )
    assert str(found[1]) == "Line 3: the count must be at least 1, not 0."
    assert str(found[2]) == "Line 4: the count must be at most 100, not 101."
    assert str(found[3]) == "Line 5: no card named 'Foo' in your collection."
    assert str(found[4]).startswith("Line 6: 2 cards in your collection are named 'Twin': #")
    assert "(minion, level 1, yours)" in str(found[4])
    assert str(found[5]) == "Line 7: no card named 'Not Saved' in your collection."
    assert not Deck.objects.exists()


def test_the_number_picks_one_of_two_cards_with_the_same_name(bob, make_card):
    make_card(owner=bob, name="Twin", level=1)
    second = make_card(owner=bob, name="Twin", level=2)
    deck = services.deck_import_list(owner=bob, text=f"2 Twin #{second.pk}", name="Twins")
    assert [(e.card.pk, e.count) for e in deck.entries.all()] == [(second.pk, 2)]


def test_a_list_needs_a_name_and_may_not_be_empty(bob, make_card):
    make_card(owner=bob)
    with pytest.raises(ValidationError):
        services.deck_import_list(owner=bob, text="1 Ember Wisp", name=" ")
    with pytest.raises(DecklistError) as error:
        services.deck_import_list(owner=bob, text="\n\n", name="Empty")
    assert error.value.errors == (
        LineError(None, "The list is empty. Write one card a line, like '3 Fire Drake'."),
    )
    assert not Deck.objects.exists()


def without_ids(definition):
    """The deck JSON without card ids, which differ between accounts."""
    cards = [
        {**entry, "card": {k: v for k, v in entry["card"].items() if k != "id"}}
        for entry in definition["cards"]
    ]
    return {**definition, "cards": cards}
