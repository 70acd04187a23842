"""Importing decks: the deck JSON reuses identical cards and creates the rest; a plain list is
matched against the collection, and every bad line is named. Nothing is half-saved."""

import pytest
from django.core.exceptions import ValidationError

from cards import services as card_services
from cards.models import Card
from decks import importing, services
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
    deck = importing.deck_import(owner=bob, definition=definition)
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
    deck = importing.deck_import(owner=bob, definition=definition)
    cards = {(e.card.pk, e.count) for e in deck.entries.all()}
    assert (own.pk, 3) in cards and (saved.pk, 2) in cards
    assert Card.objects.filter(owner=bob).count() == 2  # only the different Ember Wisp is new
    assert [c.hp for c in deck.imported_new_cards] == [5]


def test_a_card_listed_twice_becomes_one_entry(bob):
    definition = read_deck_json(deck_json((3, MINION), (2, MINION)))
    deck = importing.deck_import(owner=bob, definition=definition)
    assert entries(deck) == [("Ember Wisp", 5, "bob")]
    assert Card.objects.filter(owner=bob).count() == 1


def test_exported_json_imports_into_another_account_as_the_same_deck(alice, bob, legal_deck):
    exported = services.deck_definition(legal_deck)
    deck = importing.deck_import(owner=bob, definition=read_deck_json(exported))
    assert without_ids(services.deck_definition(deck)) == without_ids(exported)
    # Alice's cards are private: Bob gets his own, crediting her.
    copies = Card.objects.filter(owner=bob)
    assert copies.count() == 10
    assert {(c.imported, c.forked_from_owner) for c in copies} == {(True, "alice")}


def test_reimporting_your_own_export_uses_the_cards_it_holds(alice, bob, make_card, make_deck):
    theirs = [make_card(owner=alice, visibility="public", name=f"Drake {i}") for i in range(6)]
    mine = [make_card(owner=bob, name=f"Wisp {i}") for i in range(4)]
    deck = make_deck(owner=bob, entries=[(card, 2) for card in [*theirs, *mine]])
    exported = services.deck_definition(deck)
    again = importing.deck_import(owner=bob, definition=read_deck_json(exported))
    assert Card.objects.filter(owner=bob).count() == 4
    assert again.imported_new_cards == []
    assert {e.card_id for e in again.entries.all()} == {c.pk for c in [*theirs, *mine]}


def test_importing_the_same_file_twice_creates_nothing_new(alice, bob, make_card, make_deck):
    shared = make_card(owner=alice, visibility="public", name="Storm Drake")
    hidden = make_card(owner=alice, name="Hidden Wisp")
    exported = services.deck_definition(make_deck(entries=[(shared, 2), (hidden, 3)]))
    first = importing.deck_import(owner=bob, definition=read_deck_json(exported))
    cards = Card.objects.count()
    second = importing.deck_import(owner=bob, definition=read_deck_json(exported))
    assert Card.objects.count() == cards == 3
    assert second.imported_new_cards == [] and len(first.imported_new_cards) == 1
    assert sorted(e.card_id for e in second.entries.all()) == sorted(
        e.card_id for e in first.entries.all()
    )


def test_a_card_is_used_by_its_id_only_while_the_importer_may_see_it_unchanged(
    alice, bob, make_card, make_deck
):
    unlisted = make_card(owner=alice, visibility="unlisted", name="Link Wisp")
    private = make_card(owner=alice, name="Secret Wisp")
    edited = make_card(owner=alice, visibility="public", name="Moving Wisp")
    deck = make_deck(entries=[(unlisted, 1), (private, 1), (edited, 1)])
    exported = services.deck_definition(deck)
    card_services.card_update(card=edited, user=alice, definition={"hp": 7})
    imported = importing.deck_import(owner=bob, definition=read_deck_json(exported))
    used = {e.card.name: e.card for e in imported.entries.select_related("card")}
    assert used["Link Wisp"] == unlisted  # unlisted: anyone with its link (its id) may see it
    for name in ("Secret Wisp", "Moving Wisp"):
        copy = used[name]
        assert (copy.owner, copy.visibility, copy.imported) == (bob, "private", True)
        assert (copy.forked_from_name, copy.forked_from_owner) == (name, "alice")
    assert used["Moving Wisp"].hp == 2  # the card as exported, not as it is now


def test_the_same_card_by_the_same_designer_is_used_without_its_id(
    alice, bob, django_user_model, make_card
):
    hers = make_card(owner=alice, visibility="public")
    carol = django_user_model.objects.create_user("carol")
    make_card(owner=carol, visibility="public")  # the same definition, another designer
    from_elsewhere = {**MINION, "id": 999_999, "designer": "alice"}  # an id of another site
    deck = importing.deck_import(
        owner=bob, definition=read_deck_json(deck_json((2, from_elsewhere)))
    )
    assert [e.card for e in deck.entries.all()] == [hers]
    by_someone_else = {**MINION, "designer": "dave"}
    deck = importing.deck_import(
        owner=bob, definition=read_deck_json(deck_json((2, by_someone_else)))
    )
    [copy] = deck.imported_new_cards
    assert (copy.owner, copy.forked_from_owner) == (bob, "dave")


def test_a_card_designed_by_the_importer_is_not_credited_to_them(bob):
    definition = read_deck_json(deck_json((2, {**MINION, "designer": "bob"})))
    [card] = importing.deck_import(owner=bob, definition=definition).imported_new_cards
    assert (card.imported, card.forked_from_owner) == (False, "")


def test_the_card_page_credits_the_designer_of_an_imported_card(client, alice, bob, make_card):
    hidden = make_card(owner=alice, name="Hidden Wisp")
    definition = read_deck_json(deck_json((1, {**hidden.definition(), "designer": "alice"})))
    [card] = importing.deck_import(owner=bob, definition=definition).imported_new_cards
    client.force_login(bob)
    page = client.get(card.get_absolute_url()).content.decode()
    assert "Imported from “Hidden Wisp” by alice." in page


def test_a_card_that_cannot_be_stored_saves_nothing(bob):
    bad = {**MINION, "name": "Broken", "level": 2.5}  # the check API accepts it, storage does not
    definition = read_deck_json(deck_json((3, SPELL), (1, bad)))
    with pytest.raises(ValidationError) as error:
        importing.deck_import(owner=bob, definition=definition)
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
    deck = importing.deck_import_list(
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
            "1 Not Saved",  # 7: fine: public, though not in bob's collection
            "1 Fire Drak",  # 8: unknown, close to one
            "",
            "# fine",
        ]
    )
    with pytest.raises(DecklistError) as error:
        importing.deck_import_list(owner=bob, text=text, name="Drakes")
    found = error.value.errors
    assert [e.line for e in found] == [2, 3, 4, 5, 6, 8]
    assert str(found[0]) == (
        "Line 2: expected '<count> <card name>', like '3 Fire Drake', but found 'Fire Drake'."
    )
    assert str(found[1]) == "Line 3: the count must be at least 1, not 0."
    assert str(found[2]) == "Line 4: the count must be at most 100, not 101."
    assert str(found[3]) == (
        "Line 5: no card named 'Foo' among your cards, your collection or the public cards."
    )
    assert str(found[4]).startswith("Line 6: 2 cards of yours are named 'Twin': #")
    assert "(minion, level 1, yours)" in str(found[4])
    assert str(found[5]) == (
        "Line 8: no card named 'Fire Drak' among your cards, your collection or the public"
        " cards. Did you mean 'Fire Drake'?"
    )
    assert not Deck.objects.exists()


def test_a_list_looks_in_your_cards_then_your_collection_then_the_public_cards(
    alice, bob, django_user_model, make_card
):
    carol = django_user_model.objects.create_user("carol")
    public = make_card(owner=alice, visibility="public", name="Storm Drake")
    saved = make_card(owner=carol, visibility="public", name="Ember Wisp")
    make_card(owner=alice, visibility="public", name="Ember Wisp")
    card_services.collection_add(user=bob, card=saved)
    own = make_card(owner=bob, name="Tide Sprite")
    make_card(owner=alice, visibility="public", name="Tide Sprite")
    text = "2 Storm Drake\n3 ember wisp\n1 Tide Sprite\n"
    deck = importing.deck_import_list(owner=bob, text=text, name="Mixed")
    assert {e.card_id: e.count for e in deck.entries.all()} == {
        public.pk: 2,
        saved.pk: 3,
        own.pk: 1,
    }


def test_several_public_cards_of_a_name_are_listed_to_pick_from(
    alice, bob, django_user_model, make_card
):
    carol = django_user_model.objects.create_user("carol")
    hers = make_card(owner=alice, visibility="public", name="Storm Drake")
    theirs = make_card(
        owner=carol, visibility="public", name="Storm Drake", level=2, ability_text=""
    )
    with pytest.raises(DecklistError) as error:
        importing.deck_import_list(owner=bob, text="2 Storm Drake", name="Drakes")
    [problem] = error.value.errors
    assert str(problem) == (
        f"Line 1: 2 cards among the public cards are named 'Storm Drake': #{hers.pk} (minion,"
        f" level 4, by alice), #{theirs.pk} (minion, level 2, by carol). Add the number of the"
        f" one you mean, like '2 Storm Drake #{hers.pk}'."
    )
    deck = importing.deck_import_list(owner=bob, text=f"2 Storm Drake #{theirs.pk}", name="Drakes")
    assert [e.card for e in deck.entries.all()] == [theirs]


def test_close_names_are_offered_from_the_cards_you_may_use_only(alice, bob, make_card):
    make_card(owner=alice, visibility="public", name="Fire Rain")
    make_card(owner=alice, name="Fire Ruin")  # private: bob may not use it, nor learn of it
    make_card(owner=bob, name="Fire Rainbow")
    with pytest.raises(DecklistError) as error:
        importing.deck_import_list(owner=bob, text="1 Fire Rian\n1 Fire Ruin", name="Rain")
    first, second = error.value.errors
    assert str(first).endswith("Did you mean 'Fire Rain' or 'Fire Rainbow'?")
    assert "Fire Ruin" not in str(second).split("cards.", 1)[1]


def test_a_number_picks_an_unlisted_card_the_reader_may_open(alice, bob, make_card):
    unlisted = make_card(owner=alice, visibility="unlisted", name="Link Wisp")
    private = make_card(owner=alice, name="Secret Wisp")
    deck = importing.deck_import_list(owner=bob, text=f"2 Link Wisp #{unlisted.pk}", name="Links")
    assert [e.card for e in deck.entries.all()] == [unlisted]
    with pytest.raises(DecklistError):
        importing.deck_import_list(owner=bob, text=f"2 Secret Wisp #{private.pk}", name="No")


def test_the_number_picks_one_of_two_cards_with_the_same_name(bob, make_card):
    make_card(owner=bob, name="Twin", level=1)
    second = make_card(owner=bob, name="Twin", level=2)
    deck = importing.deck_import_list(owner=bob, text=f"2 Twin #{second.pk}", name="Twins")
    assert [(e.card.pk, e.count) for e in deck.entries.all()] == [(second.pk, 2)]


def test_a_list_needs_a_name_and_may_not_be_empty(bob, make_card):
    make_card(owner=bob)
    with pytest.raises(ValidationError):
        importing.deck_import_list(owner=bob, text="1 Ember Wisp", name=" ")
    with pytest.raises(DecklistError) as error:
        importing.deck_import_list(owner=bob, text="\n\n", name="Empty")
    assert error.value.errors == (
        LineError(None, "The list is empty. Write one card a line, like '3 Fire Drake'."),
    )
    assert not Deck.objects.exists()


def without_ids(definition):
    """The deck JSON without card ids and designers, which differ between accounts."""
    cards = [
        {**entry, "card": {k: v for k, v in entry["card"].items() if k not in {"id", "designer"}}}
        for entry in definition["cards"]
    ]
    return {**definition, "cards": cards}
