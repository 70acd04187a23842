"""The starter set that `make run` loads: a public, legal 40-card deck, loaded once."""

import json
from io import StringIO

import pytest
from django.core.management import call_command

from cards import rules
from cards.models import Card
from decks import goldfish
from decks.management.commands.load_starter_set import STARTER_SET
from decks.models import Deck
from decks.selectors import deck_with_entries
from decks.services import deck_definition
from decks.validation import deck_check

pytestmark = pytest.mark.django_db


def load() -> str:
    out = StringIO()
    call_command("load_starter_set", stdout=out)
    return out.getvalue()


def test_the_starter_deck_is_public_legal_and_loaded_once():
    assert "Loaded the starter set" in load()
    assert "already loaded" in load()
    deck = deck_with_entries(Deck.objects.get(owner__username="starter").pk, user=None)
    assert deck.visibility == "public"
    check = deck_check(deck)
    assert check.legal and check.size == 40
    assert "refurbished" in {c.verdict for c in check.cards}
    assert Card.objects.filter(owner=deck.owner).exclude(visibility="public").count() == 0
    assert not deck.owner.has_usable_password()


def test_every_shipped_card_is_legal_by_its_guide():
    """Made of its design edition's components, at the level that guide computes, and
    playable under the deck's edition."""
    data = json.loads(STARTER_SET.read_text(encoding="utf-8"))["deck"]
    for entry in data["cards"]:
        card = rules.Card(**entry["card"])
        check = rules.check_card(card, data["edition"])
        assert check.playable, (card.name, [r.message for r in check.reasons])
        assert check.reading is not None and check.reading.readable, card.name
        assert check.level.computed == card.level, (card.name, check.level.steps)
        assert not check.warnings, (card.name, [w.message for w in check.warnings])


def test_the_starter_deck_can_be_goldfished():
    load()
    deck = Deck.objects.get(owner__username="starter")
    options = goldfish.Options(games=2000, seed=1)
    result = goldfish.simulate(goldfish.Deck.from_json(deck_definition(deck)), options)
    assert result.games == 2000
    assert result.not_won < 2000
