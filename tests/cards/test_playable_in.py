"""The editions a card is playable under, kept on the card (Card.playable_in) beside its
verdicts: written with them, filled by the migration for cards saved before it, and read by
`legal:` searches on PostgreSQL. The verdicts stay the source; the list must always agree."""

import importlib

import pytest
from django.core.management import call_command
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from cards import services
from cards.models import Card, CardVerdict
from cards.search import filter_cards
from cards.verdicts import card_verdicts_refresh, verdicts_refresh
from tests.cards.conftest import WISP

pytestmark = pytest.mark.django_db

# Refurbished under the 14th Edition: the ghost-play clause is rewritten, and the card plays.
GHOST = (
    "WAIL: When this card in your hand is destroyed (ghost-play, must pay resource cost):"
    " Draw 1 card."
)
BRUTE = {**WISP, "name": "Brute", "sp": 9, "hp": 9}  # far too strong for level 4 anywhere


def playable_verdicts(card: Card) -> list[int]:
    return sorted(
        CardVerdict.objects.filter(card=card, playable=True).values_list("edition", flat=True)
    )


def stored_list(card: Card) -> list[int]:
    return Card.objects.get(pk=card.pk).playable_in


def legal(edition: int) -> set[str]:
    found = filter_cards(Card.objects.all(), f"legal:{edition}")
    return set(found.values_list("name", flat=True))


def test_a_new_card_keeps_the_editions_its_verdicts_call_playable(alice):
    wisp = services.card_create(owner=alice, definition=WISP)
    assert 14 in wisp.playable_in
    assert stored_list(wisp) == wisp.playable_in == playable_verdicts(wisp)
    assert legal(14) == {"Wisp"}


def test_a_card_made_invalid_loses_its_editions_and_one_made_valid_again_gets_them_back(alice):
    card = services.card_create(owner=alice, definition=WISP)
    before = stored_list(card)
    assert 14 in before

    services.card_update(card=card, user=alice, definition={**WISP, "sp": 9, "hp": 9})
    assert stored_list(card) == playable_verdicts(card) == []
    assert legal(14) == set()
    assert filter_cards(Card.objects.all(), "-legal:14").get() == card

    services.card_update(card=card, user=alice, definition=WISP)
    assert stored_list(card) == playable_verdicts(card) == before
    assert legal(14) == {"Wisp"}


def test_a_refurbishable_card_keeps_its_editions(alice):
    haunt = services.card_create(owner=alice, definition={**WISP, "name": "Haunt"})
    services.card_update(
        card=haunt, user=alice, definition={**WISP, "name": "Haunt", "ability_text": GHOST}
    )
    assert CardVerdict.objects.get(card=haunt, edition=14).verdict == "refurbished"
    assert 14 in stored_list(haunt)
    assert stored_list(haunt) == playable_verdicts(haunt)
    assert legal(14) == {"Haunt"}


def test_rejudging_a_card_leaves_its_place_among_the_newest_alone(alice):
    card = services.card_create(owner=alice, definition=WISP)
    Card.objects.filter(pk=card.pk).update(playable_in=[])
    stamp = Card.objects.get(pk=card.pk).updated
    card_verdicts_refresh(card=Card.objects.get(pk=card.pk))
    again = Card.objects.get(pk=card.pk)
    assert again.playable_in == playable_verdicts(card) and again.updated == stamp


def test_refreshing_stale_verdicts_refreshes_the_list_with_them(alice):
    services.card_create(owner=alice, definition=WISP)
    brute = services.card_create(owner=alice, definition=BRUTE)
    # As stored by older rules that let anything play everywhere.
    CardVerdict.objects.update(verdict="legal", playable=True, rules_version="older rules")
    Card.objects.update(playable_in=[11, 12, 13, 14])
    assert legal(14) == {"Wisp", "Brute"}

    assert verdicts_refresh() == 2

    assert stored_list(brute) == []
    assert legal(14) == {"Wisp"}
    for card in Card.objects.all():
        assert card.playable_in == playable_verdicts(card)


def test_legal_reads_the_list_on_postgresql_and_the_verdicts_on_sqlite():
    """PostgreSQL ANDs the list's GIN index with the words' index; SQLite has no index on JSON
    and starts from the words, checking each match against the playable verdicts."""
    for q in ("legal:14 wolf", "-legal:13 kind:minion"):
        where = str(filter_cards(Card.objects.all(), q).query).split(" WHERE ", 1)[1]
        if connection.vendor == "postgresql":
            assert '"playable_in" @>' in where and "cardverdict" not in where, where
        else:
            assert "cards_cardverdict" in where and "playable_in" not in where, where


# -- the migration that made the list ---------------------------------------------------------

BEFORE = ("cards", "0006_verdict_statistics")
AFTER = ("cards", "0007_card_playable_in")


@pytest.mark.slow  # migrates the database back and forth: seconds; in make test
@pytest.mark.django_db(transaction=True)
def test_the_migration_fills_the_list_of_cards_saved_before_it(alice, monkeypatch):
    # Batches of two cards, so the fill (SQLite's) crosses the end of a batch.
    migration = importlib.import_module("cards.migrations.0007_card_playable_in")
    monkeypatch.setattr(migration, "BATCH", 2)
    executor = MigrationExecutor(connection)
    executor.migrate([BEFORE])
    try:
        old = executor.loader.project_state([BEFORE]).apps
        OldCard = old.get_model("cards", "Card")
        OldVerdict = old.get_model("cards", "CardVerdict")
        # edition → playable, written out of order: the list comes out sorted all the same.
        verdicts = {
            "Wisp": {17: True, 14: True, 13: False, 15: True},
            "Old Golem": {11: True, 14: False},
            "Brute": {11: False, 14: False},
            "Haunt": {16: True, 14: True},
            "Ember": {12: True},
            "Unjudged": {},
        }
        for name, editions in verdicts.items():
            card = OldCard.objects.create(owner_id=alice.pk, name=name, kind="minion", level=1)
            for edition, playable in editions.items():
                OldVerdict.objects.create(
                    card=card,
                    edition=edition,
                    verdict="legal" if playable else "invalid",
                    playable=playable,
                    rules_version="before the list",
                )

        executor = MigrationExecutor(connection)  # it reads the migrations applied anew
        executor.migrate([AFTER])

        filled = dict(Card.objects.values_list("name", "playable_in"))
        assert filled == {
            "Wisp": [14, 15, 17],
            "Old Golem": [11],
            "Brute": [],
            "Haunt": [14, 16],
            "Ember": [12],
            "Unjudged": [],
        }
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute(
                    "SELECT indexdef FROM pg_indexes WHERE indexname = 'card_playable_in'"
                )
                (definition,) = cursor.fetchone()
            assert "gin (playable_in jsonb_path_ops)" in definition
        assert legal(14) == {"Wisp", "Haunt"}
    finally:
        # Back to every app's newest migration; on SQLite, migrate's own handler also puts back
        # the search index's triggers that rebuilding the card table dropped.
        call_command("migrate", verbosity=0)
