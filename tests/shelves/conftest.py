"""People with cards and decks to shelve: alice's own of every visibility, and bob's."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from cards import services as card_services
from cards.models import Card
from decks import services as deck_services
from decks.models import Deck


def definition(name: str, **fields: Any) -> dict[str, Any]:
    return {
        "name": name,
        "kind": "minion",
        "design_edition": 14,
        "level": 2,
        "sp": 1,
        "hp": 2,
        "ability_text": "WHISPER: Draw 1 card.",
        "flavor_text": "",
        **fields,
    }


@pytest.fixture
def make_card() -> Callable[..., Card]:
    def make(owner: Any, name: str, visibility: str = "private") -> Card:
        return card_services.card_create(
            owner=owner, definition=definition(name), visibility=visibility
        )

    return make


@pytest.fixture
def make_deck() -> Callable[..., Deck]:
    def make(owner: Any, name: str, visibility: str = "private") -> Deck:
        return deck_services.deck_create(owner=owner, name=name, visibility=visibility, entries=[])

    return make
