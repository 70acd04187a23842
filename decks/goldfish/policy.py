"""The simulated player's policy, as tables computed once per deck and options.

The engine looks decisions up in these tables instead of reasoning per game; see
``POLICY.md`` for the rules in words. Cards that behave the same (kind, level, SP and
abilities) share a *card type*; names only matter for the draw odds.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Final, NamedTuple

import numpy as np
import numpy.typing as npt

from .abilities import FREE, NOOP, CardAbilities, Cost, Effect, Ignored, Use, read_abilities
from .model import Deck, GoldfishCard

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

SOWING: Final = ("policy", "hand2", "stuck", "want")
"""Sowing rules: the policy's, and baselines to compare it with (``bench/``): ``hand2`` sows
whenever the hand holds 2 or more cards, ``stuck`` only when no card worth playing in hand is
affordable, ``want`` until the granary holds the level of the most expensive card wanted."""


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
        return self.base + sum(v for _, v in self.gated)


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


def _attack_bonus(card_type: CardType, turn: int, max_turns: int) -> float:
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
            attack = DIE * card_type.sp + _attack_bonus(card_type, later, max_turns)
            uses = [
                use_worth(use, card_type.sp, later, max_turns, True).best
                for use in card_type.actions
            ]
            total += max([attack, *uses])
        return Worth(total, ())
    if card_type.cast is None:
        return Worth(0.0, ())
    return use_worth(card_type.cast, 0, turn, max_turns, False)


SHIFT: Final = 20
"""``floor(r / level) == (r * magic) >> SHIFT`` for resources r < 1024 (see :class:`Step`)."""


class Step(NamedTuple):
    """One card type in a plan, with what the engine needs to play it fast.

    Values are in half-points of expected damage, so that they are whole numbers."""

    type: int
    level: int  # resources to pay: the card's level and the resources its cost exhausts
    magic: int
    base: int
    gated: tuple[tuple[str, int], ...]
    draw: int
    minion: bool


def _half_points(value: float) -> int:
    return round(2 * value)


def make_step(index: int, card_type: CardType, worth: Worth) -> Step:
    level = card_type.level + card_type.cost.resources
    return Step(
        type=index,
        level=level,
        magic=-(-(1 << SHIFT) // level) if level else 0,
        base=_half_points(worth.base),
        gated=tuple((gate, _half_points(part)) for gate, part in worth.gated),
        draw=card_type.effect.draw,
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
    free_draws: tuple[int, ...]  # level-0 spells that only draw, at no other cost
    down_levels: tuple[int, ...]  # spells that down-level a card in hand
    act_types: tuple[int, ...]  # minion types with an Action-Phase ability (index j)
    act_choice: tuple[tuple[Use | None, ...], ...]  # [turn][j] ability to use, or attack
    attack_types: tuple[int, ...]  # minion types with abilities used when they attack (m)
    attack_uses: tuple[tuple[tuple[Use, ...], ...], ...]  # [turn][m] abilities worth using
    wanted_levels: tuple[int, ...]  # ascending levels of wanted types
    level_slot: npt.NDArray[np.int16]  # [type] index into wanted_levels, or -1
    level_counts: npt.NDArray[np.int64]  # wanted cards per wanted level in the deck
    sow_near: npt.NDArray[np.int32]  # [type] sow code when level <= granary + 1
    sow_far: npt.NDArray[np.int32]  # [type] sow code when level > granary + 1
    type_bits: int  # sow code = rank << type_bits | type; higher = sow first
    sowing: str
    unmodeled: tuple[str, ...]
    ignored: tuple[tuple[str, tuple[Ignored, ...]], ...]  # (card name, components), by name


SOW_SURPLUS: Final = 3000
SOW_DISTANT: Final = 2000
SOW_SPARE: Final = 1000


def _card_type(card: GoldfishCard, abilities: CardAbilities) -> CardType:
    if card.kind == "spell":
        cast = next((u for u in abilities.uses if u.trigger == "action"), None)
        return CardType("spell", card.level, 0, cast, (), ())
    actions = tuple(u for u in abilities.uses if u.trigger == "action")
    attacks = tuple(u for u in abilities.uses if u.trigger == "attack")
    return CardType("minion", card.level, card.sp, None, actions, attacks)


def _is_wanted(card_type: CardType, max_turns: int) -> bool:
    if card_type.is_minion:
        return card_type.sp > 0 or bool(card_type.actions) or bool(card_type.attacks)
    if card_type.effect.down_level:
        return True
    return any(play_worth(card_type, t, max_turns).best > 0 for t in range(1, max_turns + 1))


def _reading_edition(card: GoldfishCard, edition: int) -> int:
    # A card is read by the guide of the edition it was designed for, when there is one.
    return card.design_edition if card.design_edition is not None else edition


@lru_cache(maxsize=64)
def build_tables(deck: Deck, max_turns: int, edition: int = 14, sowing: str = "policy") -> Tables:
    if sowing not in SOWING:
        raise ValueError(f"sowing must be one of {', '.join(SOWING)}, got {sowing!r}")
    by_name: dict[str, list[tuple[int, GoldfishCard]]] = {}
    for count, card in deck.entries:
        by_name.setdefault(card.name, []).append((count, card))
    names = tuple(sorted(by_name))

    types: list[CardType] = []
    type_index: dict[CardType, int] = {}
    card_type: list[int] = []
    name_starts: list[int] = []
    unmodeled: set[str] = set()
    ignored: dict[str, list[Ignored]] = {}
    for name in names:
        name_starts.append(len(card_type))
        for count, card in by_name[name]:
            abilities = read_abilities(
                card.kind, card.ability_text, _reading_edition(card, edition)
            )
            if not abilities.modeled:
                unmodeled.add(card.name)
            for item in abilities.ignored:
                if item not in ignored.setdefault(card.name, []):
                    ignored[card.name].append(item)
            kind_type = _card_type(card, abilities)
            if kind_type not in type_index:
                type_index[kind_type] = len(types)
                types.append(kind_type)
            card_type.extend([type_index[kind_type]] * count)

    k = len(types)
    type_counts = np.bincount(np.array(card_type), minlength=k).astype(np.int64)
    level = np.array([t.level for t in types], dtype=np.int16)
    sp = np.array([t.sp for t in types], dtype=np.int16)
    wanted = np.array([_is_wanted(t, max_turns) for t in types], dtype=np.bool_)

    worth: list[tuple[Worth, ...]] = [()]
    order_ratio: list[tuple[int, ...]] = [()]
    order_value: list[tuple[int, ...]] = [()]
    act_types = tuple(i for i, t in enumerate(types) if t.is_minion and t.actions)
    attack_types = tuple(i for i, t in enumerate(types) if t.is_minion and t.attacks)
    act_choice: list[tuple[Use | None, ...]] = [()]
    attack_uses: list[tuple[tuple[Use, ...], ...]] = [()]
    down_levels = tuple(
        i for i, t in enumerate(types) if not t.is_minion and t.effect.down_level > 0
    )
    for turn in range(1, max_turns + 1):
        row = tuple(play_worth(t, turn, max_turns) for t in types)
        worth.append(row)
        playable = [i for i in range(k) if row[i].best > 0 and i not in down_levels]

        def price(i: int) -> int:
            return types[i].level + types[i].cost.resources

        order_ratio.append(
            tuple(
                sorted(
                    playable,
                    key=lambda i: (price(i) > 0, -row[i].best / max(price(i), 1), -row[i].best, i),
                )
            )
        )
        order_value.append(tuple(sorted(playable, key=lambda i: (-row[i].best, price(i), i))))
        choices: list[Use | None] = []
        for i in act_types:
            best: Use | None = None
            best_value = DIE * types[i].sp + _attack_bonus(types[i], turn, max_turns)
            for use in types[i].actions:
                value = use_worth(use, types[i].sp, turn, max_turns, True).best
                if value > best_value:
                    best, best_value = use, value
            choices.append(best)
        act_choice.append(tuple(choices))
        attack_uses.append(
            tuple(
                tuple(
                    use
                    for use in types[i].attacks
                    if use_worth(use, types[i].sp, turn, max_turns, True).best > 0
                )
                for i in attack_types
            )
        )

    free_draws = tuple(
        i
        for i, t in enumerate(types)
        if not t.is_minion
        and t.level == 0
        and t.effect.draw > 0
        and t.cost == FREE
        and t.effect == Effect(draw=t.effect.draw)
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
        free_draws=free_draws,
        down_levels=down_levels,
        act_types=act_types,
        act_choice=tuple(act_choice),
        attack_types=attack_types,
        attack_uses=tuple(attack_uses),
        wanted_levels=wanted_levels,
        level_slot=level_slot,
        level_counts=level_counts,
        sow_near=sow_near,
        sow_far=sow_far,
        type_bits=type_bits,
        sowing=sowing,
        unmodeled=tuple(sorted(unmodeled)),
        ignored=tuple((name, tuple(items)) for name, items in sorted(ignored.items())),
    )
