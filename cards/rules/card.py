"""A card as the rules see it: its kind, Edition Indicator, level, stats and texts.

Its own module so that the legality check and the level computation, which asks the guide,
can both read cards without importing each other.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Kind(StrEnum):
    MINION = "minion"
    SPELL = "spell"


@dataclass(frozen=True)
class Card:
    """A card as the rules see it. Name and flavor text are cosmetic and never checked.

    A level of None asks: the card is judged with the level its guide computes.
    """

    name: str
    kind: Kind | str  # "minion" and "spell" become Kind; anything else is left for the check
    design_edition: int | None  # the Edition Indicator; None when the card has none
    level: int | float | None
    sp: int | float | None = None
    hp: int | float | None = None
    ability_text: str = ""
    flavor_text: str = ""

    def __post_init__(self) -> None:
        kind = _as_kind(self.kind)
        if kind is not None:
            object.__setattr__(self, "kind", kind)


def _as_kind(value: object) -> Kind | None:
    if isinstance(value, Kind):
        return value
    if isinstance(value, str):
        try:
            return Kind(value.strip().lower())
        except ValueError:
            return None
    return None
