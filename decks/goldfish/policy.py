"""The simulated player's policy, as tables computed once per deck and options.

The engine looks decisions up in these tables instead of reasoning per game; see
``POLICY.md`` for the rules in words. Cards that behave the same (kind, level, SP and
modeled effects) share a *card type*; names only matter for the draw odds.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Final, NamedTuple

import numpy as np
import numpy.typing as npt

from .abilities import NOOP, CardAbilities, Effect, read_abilities
from .model import Deck, GoldfishCard

DIE: Final = 3.5
"""Expected damage of one die: the unit every value below is measured in."""
HORIZON: Final = 3
"""A minion summoned now is counted for at most this many future attacks."""
DRAW_VALUE: Final = DIE
"""A drawn card is worth one die (nothing on the last turn)."""
RESOURCE_VALUE: Final = DIE
"""A resource gained while the granary is short is worth one die (nothing on the last turn)."""

GATES: Final = ("attackers", "host", "deck", "ramp_sow", "ramp_silo")
"""Conditions a part of an effect needs to be worth anything, checked per game:
``attackers`` a ready minion attacks this turn (SP boosts); ``host`` a minion is in play
(Sword Counters); ``deck`` the deck keeps a card for the next Draw Phase after drawing;
``ramp_*`` the granary is short of what the player wants."""


@dataclass(frozen=True)
class CardType:
    """Cards that the policy treats alike."""

    kind: str
    level: int
    sp: int
    effect: Effect  # cast (spell) or on-summon (minion) effect
    activated: tuple[Effect, ...]

    @property
    def is_minion(self) -> bool:
        return self.kind == "minion"


@dataclass(frozen=True)
class Worth:
    """The value of playing a card type on a turn: a fixed part plus parts that count
    only when their gate holds (see :data:`GATES`)."""

    base: float
    gated: tuple[tuple[str, float], ...]

    @property
    def best(self) -> float:
        return self.base + sum(v for _, v in self.gated)


def effect_worth(effect: Effect, turn: int, max_turns: int) -> Worth:
    """Value of one use of ``effect`` on ``turn``, in expected damage."""
    later = turn < max_turns
    base = effect.damage + DIE * effect.dice
    if later:
        base += DIE * effect.self_swords
    gated: list[tuple[str, float]] = []
    if effect.boost:
        gated.append(("attackers", DIE * effect.boost))
    if effect.swords:
        # On the last turn a counter only helps an attack of this turn.
        gated.append(("host" if later else "attackers", DIE * effect.swords))
    if effect.draw and later:
        gated.append(("deck", DRAW_VALUE * effect.draw))
    if effect.extra_sow and later:
        gated.append(("ramp_sow", RESOURCE_VALUE * effect.extra_sow))
    if effect.silo and later:
        gated.append(("ramp_silo", RESOURCE_VALUE * effect.silo))
    return Worth(base, tuple(gated))


def play_worth(card_type: CardType, turn: int, max_turns: int) -> Worth:
    """Value of summoning or casting one card of ``card_type`` on ``turn``."""
    worth = effect_worth(card_type.effect, turn, max_turns)
    if card_type.is_minion:
        # From the next turn on, each turn it attacks or uses its best ability.
        total = 0.0
        for later in range(turn + 1, min(turn + HORIZON, max_turns) + 1):
            uses = [effect_worth(a, later, max_turns).best for a in card_type.activated]
            total += max([DIE * card_type.sp, *uses])
        return Worth(worth.base + total, worth.gated)
    return worth


SHIFT: Final = 20
"""``floor(r / level) == (r * magic) >> SHIFT`` for resources r < 1024 (see :class:`Step`)."""


class Step(NamedTuple):
    """One card type in a plan, with what the engine needs to play it fast.

    Values are in half-points of expected damage, so that they are whole numbers."""

    type: int
    level: int
    magic: int
    base: int
    gated: tuple[tuple[str, int], ...]
    draw: int
    damage: int
    minion: bool


def _half_points(value: float) -> int:
    return round(2 * value)


def make_step(index: int, card_type: CardType, worth: Worth) -> Step:
    level = card_type.level
    return Step(
        type=index,
        level=level,
        magic=-(-(1 << SHIFT) // level) if level else 0,
        base=_half_points(worth.base),
        gated=tuple((gate, _half_points(part)) for gate, part in worth.gated),
        draw=card_type.effect.draw,
        damage=card_type.effect.damage,
        minion=card_type.is_minion,
    )


@dataclass(frozen=True, eq=False)
class Tables:
    """Everything the engine needs to know about one deck under one set of options."""

    names: tuple[str, ...]
    name_starts: npt.NDArray[np.intp]  # first card index of each name (cards sorted by name)
    card_type: npt.NDArray[np.int16]  # type of each card in the deck list
    types: tuple[CardType, ...]
    type_counts: npt.NDArray[np.int64]
    level: npt.NDArray[np.int16]
    sp: npt.NDArray[np.int16]
    wanted: npt.NDArray[np.bool_]  # worth playing at some point
    worth: tuple[tuple[Worth, ...], ...]  # [turn][type], turn 0 unused
    plan_ratio: tuple[tuple[Step, ...], ...]  # [turn] plan A: value per resource
    plan_value: tuple[tuple[Step, ...], ...]  # [turn] plan B: biggest value first
    plan_burn: tuple[tuple[Step, ...], ...]  # [turn] fixed damage, damage per resource
    free_draws: tuple[int, ...]  # level-0 spells that draw
    down_levels: tuple[int, ...]  # spells that down-level a card in hand
    act_types: tuple[int, ...]  # minion types with an activated ability (index j)
    act_choice: tuple[tuple[Effect | None, ...], ...]  # [turn][j] ability to use, or attack
    wanted_levels: tuple[int, ...]  # ascending levels of wanted types
    level_slot: npt.NDArray[np.int16]  # [type] index into wanted_levels, or -1
    level_counts: npt.NDArray[np.int64]  # wanted cards per wanted level in the deck
    sow_near: npt.NDArray[np.int32]  # [type] sow code when level <= granary + 1
    sow_far: npt.NDArray[np.int32]  # [type] sow code when level > granary + 1
    type_bits: int  # sow code = rank << type_bits | type; higher = sow first
    unmodeled: tuple[str, ...]


SOW_SURPLUS: Final = 3000
SOW_DISTANT: Final = 2000
SOW_SPARE: Final = 1000


def _card_type(card: GoldfishCard, abilities: CardAbilities) -> CardType:
    if card.kind == "spell":
        return CardType("spell", card.level, 0, abilities.cast or NOOP, ())
    return CardType("minion", card.level, card.sp, abilities.on_summon or NOOP, abilities.activated)


def _is_wanted(card_type: CardType) -> bool:
    if card_type.is_minion:
        return card_type.sp > 0 or not card_type.effect.is_noop or bool(card_type.activated)
    return not card_type.effect.is_noop


@lru_cache(maxsize=64)
def build_tables(deck: Deck, max_turns: int) -> Tables:
    by_name: dict[str, list[tuple[int, GoldfishCard]]] = {}
    for count, card in deck.entries:
        by_name.setdefault(card.name, []).append((count, card))
    names = tuple(sorted(by_name))

    types: list[CardType] = []
    type_index: dict[CardType, int] = {}
    card_type: list[int] = []
    name_starts: list[int] = []
    unmodeled: set[str] = set()
    for name in names:
        name_starts.append(len(card_type))
        for count, card in by_name[name]:
            abilities = read_abilities(card.kind, card.ability_text)
            if not abilities.modeled:
                unmodeled.add(card.name)
            kind_type = _card_type(card, abilities)
            if kind_type not in type_index:
                type_index[kind_type] = len(types)
                types.append(kind_type)
            card_type.extend([type_index[kind_type]] * count)

    k = len(types)
    type_counts = np.bincount(np.array(card_type), minlength=k).astype(np.int64)
    level = np.array([t.level for t in types], dtype=np.int16)
    sp = np.array([t.sp for t in types], dtype=np.int16)
    wanted = np.array([_is_wanted(t) for t in types], dtype=np.bool_)

    worth: list[tuple[Worth, ...]] = [()]
    order_ratio: list[tuple[int, ...]] = [()]
    order_value: list[tuple[int, ...]] = [()]
    act_types = tuple(i for i, t in enumerate(types) if t.is_minion and t.activated)
    act_choice: list[tuple[Effect | None, ...]] = [()]
    down_levels = tuple(
        i for i, t in enumerate(types) if not t.is_minion and t.effect.down_level > 0
    )
    for turn in range(1, max_turns + 1):
        row = tuple(play_worth(t, turn, max_turns) for t in types)
        worth.append(row)
        playable = [i for i in range(k) if row[i].best > 0 and i not in down_levels]
        order_ratio.append(
            tuple(
                sorted(
                    playable,
                    key=lambda i: (
                        types[i].level > 0,
                        -row[i].best / max(types[i].level, 1),
                        -row[i].best,
                        i,
                    ),
                )
            )
        )
        order_value.append(tuple(sorted(playable, key=lambda i: (-row[i].best, types[i].level, i))))
        choices: list[Effect | None] = []
        for i in act_types:
            best: Effect | None = None
            best_value = DIE * types[i].sp
            for ability in types[i].activated:
                value = effect_worth(ability, turn, max_turns).best
                if value > best_value:
                    best, best_value = ability, value
            choices.append(best)
        act_choice.append(tuple(choices))

    burn = [i for i, t in enumerate(types) if t.effect.damage > 0 and i not in down_levels]
    order_burn = tuple(
        sorted(
            burn,
            key=lambda i: (types[i].level > 0, -types[i].effect.damage / max(types[i].level, 1), i),
        )
    )
    free_draws = tuple(
        i
        for i, t in enumerate(types)
        if not t.is_minion and t.level == 0 and t.effect.draw > 0 and i not in down_levels
    )

    wanted_levels = tuple(sorted({int(level[i]) for i in range(k) if wanted[i]}))
    level_slot = np.array(
        [wanted_levels.index(int(level[i])) if wanted[i] else -1 for i in range(k)], dtype=np.int16
    )
    level_counts = np.zeros(len(wanted_levels), dtype=np.int64)
    for i in range(k):
        if wanted[i]:
            level_counts[level_slot[i]] += type_counts[i]

    # Sowing: surplus cards first, then the highest-level card out of reach even next
    # turn, then the least valuable of the rest.
    nominal = [play_worth(t, 1, max_turns + HORIZON + 1).best for t in types]
    by_value = sorted(range(k), key=lambda i: (nominal[i], -types[i].level, i))
    spare_rank = {i: k - position for position, i in enumerate(by_value)}
    type_bits = max(1, k.bit_length())
    sow_near = np.zeros(k, dtype=np.int32)
    sow_far = np.zeros(k, dtype=np.int32)
    for i, t in enumerate(types):
        if wanted[i]:
            near, far = SOW_SPARE + spare_rank[i], SOW_DISTANT + t.level
        else:
            near = far = SOW_SURPLUS + t.level
        sow_near[i] = (near << type_bits) | i
        sow_far[i] = (far << type_bits) | i

    def steps(turn: int, order: tuple[int, ...]) -> tuple[Step, ...]:
        return tuple(make_step(i, types[i], worth[turn][i]) for i in order)

    turns = range(max_turns + 1)
    return Tables(
        names=names,
        name_starts=np.array(name_starts, dtype=np.intp),
        card_type=np.array(card_type, dtype=np.int16),
        types=tuple(types),
        type_counts=type_counts,
        level=level,
        sp=sp,
        wanted=wanted,
        worth=tuple(worth),
        plan_ratio=tuple(steps(t, order_ratio[t]) for t in turns),
        plan_value=tuple(steps(t, order_value[t]) for t in turns),
        plan_burn=tuple(steps(t, order_burn) if t else () for t in turns),
        free_draws=free_draws,
        down_levels=down_levels,
        act_types=act_types,
        act_choice=tuple(act_choice),
        wanted_levels=wanted_levels,
        level_slot=level_slot,
        level_counts=level_counts,
        sow_near=sow_near,
        sow_far=sow_far,
        type_bits=type_bits,
        unmodeled=tuple(sorted(unmodeled)),
    )
