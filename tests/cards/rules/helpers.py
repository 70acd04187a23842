"""Small builders shared by the rules tests."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping

from cards.rules import Card, design_level

# Numbers put in place of x, y and z: small ones, and several digits to show a number is
# read whole.
NUMBER_SETS: tuple[Mapping[str, str], ...] = (
    {"x": "3", "y": "2", "z": "4"},
    {"x": "12", "y": "305", "z": "47"},
)

_PLACEHOLDER = re.compile(r"(?<!\w)([xyz])(?!\w)")


def with_numbers(entry: str, numbers: Mapping[str, str]) -> str:
    """A table entry as it would be printed on a card."""
    return _PLACEHOLDER.sub(lambda found: numbers[found.group(1)], entry)


def has_placeholders(entry: str) -> bool:
    return bool(_PLACEHOLDER.search(entry))


def capitalized(text: str) -> str:
    return text[:1].upper() + text[1:]


def lowered(text: str) -> str:
    return text[:1].lower() + text[1:]


def guide_level(card: Card) -> int | None:
    """The level the guide of the card's design edition computes, or None."""
    return design_level(card).computed


def _built(kind: str, ability_text: str, design_edition: object, fields: dict) -> Card:
    """A card whose level, unless given, is the one its guide computes (1 without a guide)."""
    values = {"level": 0, **fields}
    card = Card(kind=kind, design_edition=design_edition, ability_text=ability_text, **values)
    if "level" in fields:
        return card
    computed = guide_level(card)
    return dataclasses.replace(card, level=1 if computed is None else computed)


def minion(ability_text: str = "", design_edition: object = 14, **fields: object) -> Card:
    """A minion designed for the 14th edition unless told otherwise, at the level its guide
    computes unless told otherwise: legal as it stands when its text is made of components."""
    values: dict[str, object] = {"name": "Test Minion", "sp": 1, "hp": 3}
    values.update(fields)
    return _built("minion", ability_text, design_edition, values)


def spell(
    ability_text: str = "Draw 1 card.", design_edition: object = 14, **fields: object
) -> Card:
    """A spell designed for the 14th edition unless told otherwise, at the level its guide
    computes unless told otherwise: legal as it stands when its text is made of components."""
    values: dict[str, object] = {"name": "Test Spell"}
    values.update(fields)
    return _built("spell", ability_text, design_edition, values)
