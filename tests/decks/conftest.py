"""Fixtures for the deck tests: cards to build with, and decks of every visibility."""

from collections.abc import Callable
from typing import Any

import pytest

from cards import services as card_services
from cards.models import Card
from decks import services
from decks.models import Deck

MINION = {
    "name": "Ember Wisp",
    "kind": "minion",
    "design_edition": 14,
    "level": 1,
    "sp": 1,
    "hp": 2,
    "ability_text": "WHISPER: Draw 1 card.",
    "flavor_text": "",
}
SPELL = {
    "name": "Spark",
    "kind": "spell",
    "design_edition": 14,
    "level": 2,
    "ability_text": "Inflict 2 damage to one target.",
    "flavor_text": "",
}
# Legal in the 14th only as refurbished: its old text is rewritten.
REFURBISHED = {
    "name": "Haunting Lantern",
    "kind": "minion",
    "design_edition": 14,
    "level": 3,
    "sp": 2,
    "hp": 2,
    "ability_text": "HAUNT: Ghost-play, must pay resource cost: Draw 1 card.",
    "flavor_text": "",
}
# Designed before the 14th's clean slate: pruned.
PRUNED = {**MINION, "name": "Old Wisp", "design_edition": 12}


@pytest.fixture
def make_card(alice) -> Callable[..., Card]:
    def make(owner: Any = None, visibility: str = "private", **fields: Any) -> Card:
        definition = {**MINION, **fields}
        return card_services.card_create(
            owner=owner or alice, definition=definition, visibility=visibility
        )

    return make


@pytest.fixture
def make_deck(alice) -> Callable[..., Deck]:
    def make(
        owner: Any = None,
        entries: Any = (),
        visibility: str = "private",
        name: str = "Embers",
        **fields: Any,
    ) -> Deck:
        return services.deck_create(
            owner=owner or alice, name=name, visibility=visibility, entries=list(entries), **fields
        )

    return make


@pytest.fixture
def legal_deck(make_card, make_deck) -> Deck:
    """40 cards: 10 designs, 4 copies each; minions and spells of levels 1 to 5."""
    cards = []
    for index in range(10):
        if index % 2:
            cards.append(make_card(**{**SPELL, "name": f"Spark {index}", "level": 1 + index % 5}))
        else:
            cards.append(make_card(name=f"Wisp {index}", level=1 + index % 5, sp=index, hp=2))
    return make_deck(entries=[(card, 4) for card in cards])
