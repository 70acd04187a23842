"""Fixtures for the deck tests: cards to build with, and decks of every visibility."""

from collections.abc import Callable
from typing import Any

import pytest

from cards import services as card_services
from cards.models import Card
from decks import services
from decks.models import Deck

# Every card here is made of its guide's components, at the level its guide computes.
MINION = {
    "name": "Ember Wisp",
    "kind": "minion",
    "design_edition": 14,
    "level": 4,  # ⌈SP 1 + HP 2 ÷ 2⌉ = 2; WHISPER: draw 1 card (2x = 2)
    "sp": 1,
    "hp": 2,
    "ability_text": "WHISPER: Draw 1 card.",
    "flavor_text": "",
}
SPELL = {
    "name": "Spark",
    "kind": "spell",
    "design_edition": 14,
    "level": 2,  # t = 1; place x Damage Counters: xt = 2
    "ability_text": "Target 1 in-play card; place 2 Damage Counters on it.",
    "flavor_text": "",
}
# Legal in the 14th only as refurbished: its 13th Edition wording is rewritten ("hex-play").
REFURBISHED = {
    "name": "Haunting Lantern",
    "kind": "minion",
    "design_edition": 14,
    "level": 5,  # ⌈2 + 2 ÷ 2⌉ = 3; the condition adds nothing; draw 1 card: 2
    "sp": 2,
    "hp": 2,
    "ability_text": (
        "HAUNT: When this card in your hand is destroyed (ghost-play, must pay resource cost):"
        " Draw 1 card."
    ),
    "flavor_text": "",
}
# Designed before the 14th's clean slate: pruned. By the 12th's guide: ⌈1 + 2 ÷ 5⌉ = 2; draw 1: x.
PRUNED = {**MINION, "name": "Old Wisp", "design_edition": 12, "level": 3}


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


def spark(name: str, level: int) -> dict[str, Any]:
    """A Spark of any level: x Damage Counters on one target are level x."""
    counters = "1 Damage Counter" if level == 1 else f"{level} Damage Counters"
    text = f"Target 1 in-play card; place {counters} on it."
    return {**SPELL, "name": name, "level": level, "ability_text": text}


@pytest.fixture
def legal_deck(make_card, make_deck) -> Deck:
    """40 cards: 10 designs, 4 copies each; minions and spells of levels 1 to 5."""
    cards = []
    for index in range(10):
        level = 1 + index % 5
        if index % 2:
            cards.append(make_card(**spark(f"Spark {index}", level)))
        else:
            # No ability: ⌈SP + HP 2 ÷ 2⌉ = SP + 1
            cards.append(
                make_card(name=f"Wisp {index}", level=level, sp=level - 1, hp=2, ability_text="")
            )
    return make_deck(entries=[(card, 4) for card in cards])
