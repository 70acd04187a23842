"""What a play is worth to the simulated player, in expected damage: one die is 3.5.

A minion is worth its next attacks (or its best ability, turn by turn); a spell or an ability
is worth its effect less what its cost gives up. Parts of a value that need something a game
may lack count only where their gate holds (:data:`GATES`). ``POLICY.md`` gives the values in
words.

    >>> effect_worth(Effect(draw=1), turn=1, max_turns=20)  # a die, if the deck keeps a card
    Worth(base=0.0, gated=(('deck', 3.5),))
    >>> effect_worth(Effect(draw=1), turn=20, max_turns=20)  # nothing on the last turn
    Worth(base=0.0, gated=())
    >>> play_worth(CardType("minion", 2, 1, None, (), ()), turn=1, max_turns=20).base  # 3 attacks
    10.5
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from .abilities import FREE, NOOP, Cost, Effect, Use

DIE: Final = 3.5
"""Expected damage of one die: the unit every value below is measured in."""
HORIZON: Final = 3
"""A minion summoned now is counted for at most this many future attacks."""
DRAW_VALUE: Final = DIE
"""A drawn card is worth one die (nothing on the last turn)."""
RESOURCE_VALUE: Final = DIE
"""A resource gained while the granary is short is worth one die (nothing on the last turn)."""
EXHAUST_VALUE: Final = DIE / 2
"""A resource exhausted to pay for a minion's ability is not spent on a card."""

GATES: Final = ("host", "deck", "ramp")
"""Conditions a part of an effect needs to be worth anything, checked per game:
``host`` a minion is in play (Sword Counters); ``deck`` the deck keeps a card for the next
Draw Phase after drawing; ``ramp`` the granary is short of what the player wants."""


@dataclass(frozen=True)
class CardType:
    """Cards that the policy treats alike."""

    kind: str
    level: int
    sp: int
    cast: Use | None  # a spell's ability
    actions: tuple[Use, ...]  # a minion's Action-Phase abilities
    attacks: tuple[Use, ...]  # a minion's abilities used when it attacks

    @property
    def is_minion(self) -> bool:
        return self.kind == "minion"

    @property
    def effect(self) -> Effect:
        return self.cast.effect if self.cast is not None else NOOP

    @property
    def cost(self) -> Cost:
        return self.cast.cost if self.cast is not None else FREE


@dataclass(frozen=True)
class Worth:
    """The value of a play on a turn: a fixed part plus parts that count only when their gate
    holds (see :data:`GATES`)."""

    base: float
    gated: tuple[tuple[str, float], ...]

    @property
    def best(self) -> float:
        return self.base + sum(part for _, part in self.gated)


def effect_worth(effect: Effect, turn: int, max_turns: int, now: bool = False) -> Worth:
    """Value of one use of ``effect`` on ``turn``, in expected damage. ``now``: it resolves
    during an attack of the minion (its own Sword Counters join that attack)."""
    later = turn < max_turns
    base = 0.0
    if effect.self_swords and (now or later):
        base += DIE * effect.self_swords
    gated: list[tuple[str, float]] = []
    if effect.swords and (now or later):
        if now:
            base += DIE * effect.swords
        else:
            gated.append(("host", DIE * effect.swords))
    if effect.draw and later:
        gated.append(("deck", DRAW_VALUE * effect.draw))
    if (effect.silo or effect.stash) and later:
        gated.append(("ramp", RESOURCE_VALUE * (effect.silo + effect.stash)))
    return Worth(base, tuple(gated))


def cost_worth(cost: Cost, sp: int, turn: int, max_turns: int, minion: bool) -> float:
    """What paying ``cost`` gives up, in expected damage (resources a spell exhausts are
    part of its price instead)."""
    later = turn < max_turns
    value = EXHAUST_VALUE * cost.resources if minion else 0.0
    if later:
        value += RESOURCE_VALUE * cost.lose_resources
        value += DRAW_VALUE * cost.hand + DRAW_VALUE / 2 * cost.sheathe
        if cost.leaves is not None:
            attacks = DIE * sp * min(HORIZON, max_turns - turn)
            value += attacks if cost.leaves == "gone" else attacks / 2
    return value


def use_worth(use: Use, sp: int, turn: int, max_turns: int, minion: bool) -> Worth:
    worth = effect_worth(use.effect, turn, max_turns, now=use.trigger == "attack")
    price = cost_worth(use.cost, sp, turn, max_turns, minion)
    return Worth(worth.base - price, worth.gated)


def attack_bonus(card_type: CardType, turn: int, max_turns: int) -> float:
    return sum(
        max(use_worth(use, card_type.sp, turn, max_turns, True).best, 0.0)
        for use in card_type.attacks
    )


def play_worth(card_type: CardType, turn: int, max_turns: int) -> Worth:
    """Value of summoning or casting one card of ``card_type`` on ``turn``."""
    if card_type.is_minion:
        # From the next turn on, each turn it attacks or uses its best ability.
        total = 0.0
        for later in range(turn + 1, min(turn + HORIZON, max_turns) + 1):
            attack = DIE * card_type.sp + attack_bonus(card_type, later, max_turns)
            uses = [
                use_worth(use, card_type.sp, later, max_turns, True).best
                for use in card_type.actions
            ]
            total += max([attack, *uses])
        return Worth(total, ())
    if card_type.cast is None:
        return Worth(0.0, ())
    return use_worth(card_type.cast, 0, turn, max_turns, False)
