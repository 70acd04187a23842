"""The starter set that `make run` loads: a public, legal 40-card deck, loaded once."""

from io import StringIO

import pytest
from django.core.management import call_command

from cards.models import Card
from decks import goldfish
from decks.models import Deck
from decks.selectors import deck_check, deck_with_entries
from decks.services import deck_definition

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


def test_the_starter_deck_can_be_goldfished():
    load()
    deck = Deck.objects.get(owner__username="starter")
    options = goldfish.Options(games=2000, seed=1)
    result = goldfish.simulate(goldfish.Deck.from_json(deck_definition(deck)), options)
    assert result["games"] == 2000
    assert result["not_won"] < 2000
