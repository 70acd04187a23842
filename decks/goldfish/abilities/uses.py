"""What an ability is worth to the goldfish player, as values: its effect, its cost, the use.

>>> Effect(draw=1) + Effect(swords=1, sword_targets=2)
Effect(draw=1, swords=1, sword_targets=2, self_swords=0, silo=0, stash=0, down_level=0)
>>> Cost(resources=2).is_free, FREE.is_free
(False, True)
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Final

MAX_AMOUNT: Final = 999
"""Larger numbers in card text are read as this: more than any deck, HP or level."""


def amount(value: int) -> int:
    """A number written on a card, as the goldfish counts it.

    >>> amount(3), amount(10**12)
    (3, 999)
    """
    return min(value, MAX_AMOUNT)


@dataclass(frozen=True)
class Effect:
    """What one use of an ability does for a player facing a goldfish.

    ``swords`` Sword Counters go on each of up to ``sword_targets`` of your minions in play;
    ``self_swords`` on the minion using the ability; ``silo`` puts cards from the top of your
    deck into the granary, ``stash`` cards from your hand (both exhausted); ``down_level``
    lowers the level of a card in your hand this turn."""

    draw: int = 0
    swords: int = 0
    sword_targets: int = 0
    self_swords: int = 0
    silo: int = 0
    stash: int = 0
    down_level: int = 0

    def __add__(self, other: Effect) -> Effect:
        # Sword Counters of two sub-abilities: their counters pooled, on the wider reach.
        pooled = {
            part.name: getattr(self, part.name) + getattr(other, part.name) for part in fields(self)
        }
        pooled["sword_targets"] = max(self.sword_targets, other.sword_targets)
        return Effect(**pooled)

    @property
    def is_noop(self) -> bool:
        return all(getattr(self, part.name) == 0 for part in fields(self))


NOOP: Final = Effect()


@dataclass(frozen=True)
class Cost:
    """What using an ability costs: ``resources`` exhausted this turn; ``lose_resources``
    destroyed or buried from the granary; ``hand`` random cards from your hand destroyed or
    buried, ``sheathe`` random cards from your hand put back on top of your deck; ``leaves``
    where the minion itself goes when it pays "x in-play cards" with itself ("hand", "deck"
    or "gone")."""

    resources: int = 0
    lose_resources: int = 0
    hand: int = 0
    sheathe: int = 0
    leaves: str | None = None

    @property
    def is_free(self) -> bool:
        return self == FREE


FREE: Final = Cost()


@dataclass(frozen=True)
class Use:
    """An ability the goldfish player may use: when (``trigger``), at what cost, to what effect."""

    trigger: str  # "action" (the Action Phase) or "attack" (when the minion attacks)
    cost: Cost
    effect: Effect


@dataclass(frozen=True)
class Ignored:
    """A component that does nothing in a goldfish game, with the reason."""

    component: str  # the component's id
    text: str  # as written on the card
    reason: str

    def as_dict(self) -> dict[str, str]:
        return {"component": self.component, "text": self.text, "reason": self.reason}


@dataclass(frozen=True)
class CardAbilities:
    """A card's abilities as the goldfish plays them.

    ``modeled`` is False when the text is not made of the guide's components; the card is then
    played for its stats only. ``uses`` are the abilities the player may use; ``ignored`` the
    components that do nothing here."""

    modeled: bool
    uses: tuple[Use, ...] = ()
    ignored: tuple[Ignored, ...] = ()


STATS_ONLY: Final = CardAbilities(modeled=False)
