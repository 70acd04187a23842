"""The simulated player's policy, as tables computed once per deck and options.

The engine looks decisions up in these tables instead of reasoning per game; see
``POLICY.md`` for the rules in words. Cards that behave the same (kind, level, SP and
abilities) share a *card type*; names only matter for the draw odds.
How much each play is worth comes from :mod:`.worth`.

    >>> from decks.goldfish.reference import reference_deck
    >>> tables = build_tables(reference_deck(), max_turns=20)
    >>> len(tables.names), len(tables.types), tables.unmodeled
    (26, 24, ('Cataclysm', 'Gate Warden'))
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Final, NamedTuple

import numpy as np
import numpy.typing as npt

from .abilities import FREE, CardAbilities, Effect, Ignored, Use, read_abilities
from .model import Deck, GoldfishCard
from .worth import (
    DIE,
    GATES,
    HORIZON,
    CardType,
    Worth,
    attack_bonus,
    play_worth,
    use_worth,
)

__all__ = [
    "GATES",
    "SHIFT",
    "SOWING",
    "SOW_DISTANT",
    "CardType",
    "Step",
    "Tables",
    "Worth",
    "build_tables",
    "make_step",
]

SOWING: Final = ("policy", "hand2", "stuck", "want")
"""Sowing rules: the policy's, and baselines to compare it with (``bench/``): ``hand2`` sows
whenever the hand holds 2 or more cards, ``stuck`` only when no card worth playing in hand is
affordable, ``want`` until the granary holds the level of the most expensive card wanted."""


SHIFT: Final = 20
"""``floor(r / price) == (r * reciprocal) >> SHIFT`` for resources r < 1024 (see :class:`Step`)."""


class Step(NamedTuple):
    """One card type in a plan, with what the engine needs to play it fast.

    Values are in half-points of expected damage, so that they are whole numbers."""

    card_type: int
    price: int  # resources to pay: the card's level and the resources its cost exhausts
    reciprocal: int  # of the price, for dividing by a shift (see SHIFT)
    base: int
    gated: tuple[tuple[str, int], ...]
    draw: int
    minion: bool


def _half_points(value: float) -> int:
    return round(2 * value)


def make_step(index: int, card_type: CardType, worth: Worth) -> Step:
    price = card_type.level + card_type.cost.resources
    return Step(
        card_type=index,
        price=price,
        reciprocal=-(-(1 << SHIFT) // price) if price else 0,
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
    action_types: tuple[int, ...]  # minion types with an Action-Phase ability (index j)
    action_choice: tuple[tuple[Use | None, ...], ...]  # [turn][j] ability to use, or attack
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
        cast = next((use for use in abilities.uses if use.trigger == "action"), None)
        return CardType("spell", card.level, 0, cast, (), ())
    actions = tuple(use for use in abilities.uses if use.trigger == "action")
    attacks = tuple(use for use in abilities.uses if use.trigger == "attack")
    return CardType("minion", card.level, card.sp, None, actions, attacks)


def _is_wanted(card_type: CardType, max_turns: int) -> bool:
    if card_type.is_minion:
        return card_type.sp > 0 or bool(card_type.actions) or bool(card_type.attacks)
    if card_type.effect.down_level:
        return True
    turns = range(1, max_turns + 1)
    return any(play_worth(card_type, turn, max_turns).best > 0 for turn in turns)


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
    type_of_card: list[int] = []
    name_starts: list[int] = []
    unmodeled: set[str] = set()
    ignored: dict[str, list[Ignored]] = {}
    for name in names:
        name_starts.append(len(type_of_card))
        for count, card in by_name[name]:
            abilities = read_abilities(
                card.kind, card.ability_text, _reading_edition(card, edition)
            )
            if not abilities.modeled:
                unmodeled.add(card.name)
            for item in abilities.ignored:
                if item not in ignored.setdefault(card.name, []):
                    ignored[card.name].append(item)
            card_type = _card_type(card, abilities)
            if card_type not in type_index:
                type_index[card_type] = len(types)
                types.append(card_type)
            type_of_card.extend([type_index[card_type]] * count)

    type_count = len(types)
    type_counts = np.bincount(np.array(type_of_card), minlength=type_count).astype(np.int64)
    level = np.array([card_type.level for card_type in types], dtype=np.int16)
    sp = np.array([card_type.sp for card_type in types], dtype=np.int16)
    wanted = np.array([_is_wanted(card_type, max_turns) for card_type in types], dtype=np.bool_)

    worth: list[tuple[Worth, ...]] = [()]
    order_ratio: list[tuple[int, ...]] = [()]
    order_value: list[tuple[int, ...]] = [()]
    action_types = tuple(
        i for i, card_type in enumerate(types) if card_type.is_minion and card_type.actions
    )
    attack_types = tuple(
        i for i, card_type in enumerate(types) if card_type.is_minion and card_type.attacks
    )
    action_choice: list[tuple[Use | None, ...]] = [()]
    attack_uses: list[tuple[tuple[Use, ...], ...]] = [()]
    down_levels = tuple(
        i
        for i, card_type in enumerate(types)
        if not card_type.is_minion and card_type.effect.down_level > 0
    )
    for turn in range(1, max_turns + 1):
        row = tuple(play_worth(card_type, turn, max_turns) for card_type in types)
        worth.append(row)
        playable = [i for i in range(type_count) if row[i].best > 0 and i not in down_levels]

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
        for i in action_types:
            best: Use | None = None
            best_value = DIE * types[i].sp + attack_bonus(types[i], turn, max_turns)
            for use in types[i].actions:
                value = use_worth(use, types[i].sp, turn, max_turns, True).best
                if value > best_value:
                    best, best_value = use, value
            choices.append(best)
        action_choice.append(tuple(choices))
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
        for i, card_type in enumerate(types)
        if not card_type.is_minion
        and card_type.level == 0
        and card_type.effect.draw > 0
        and card_type.cost == FREE
        and card_type.effect == Effect(draw=card_type.effect.draw)
    )

    wanted_levels = tuple(sorted({int(level[i]) for i in range(type_count) if wanted[i]}))
    level_slot = np.array(
        [wanted_levels.index(int(level[i])) if wanted[i] else -1 for i in range(type_count)],
        dtype=np.int16,
    )
    level_counts = np.zeros(len(wanted_levels), dtype=np.int64)
    for i in range(type_count):
        if wanted[i]:
            level_counts[level_slot[i]] += type_counts[i]

    # Sowing: surplus cards first, then the highest-level card out of reach even next
    # turn, then the least valuable of the rest.
    nominal = [play_worth(card_type, 1, max_turns + HORIZON + 1).best for card_type in types]
    by_value = sorted(range(type_count), key=lambda i: (nominal[i], -types[i].level, i))
    spare_rank = {i: type_count - position for position, i in enumerate(by_value)}
    type_bits = max(1, type_count.bit_length())
    sow_near = np.zeros(type_count, dtype=np.int32)
    sow_far = np.zeros(type_count, dtype=np.int32)
    for i, card_type in enumerate(types):
        if wanted[i]:
            near, far = SOW_SPARE + spare_rank[i], SOW_DISTANT + card_type.level
        else:
            near = far = SOW_SURPLUS + card_type.level
        sow_near[i] = (near << type_bits) | i
        sow_far[i] = (far << type_bits) | i

    def steps(turn: int, order: tuple[int, ...]) -> tuple[Step, ...]:
        return tuple(make_step(i, types[i], worth[turn][i]) for i in order)

    turns = range(max_turns + 1)
    return Tables(
        names=names,
        name_starts=np.array(name_starts, dtype=np.intp),
        card_type=np.array(type_of_card, dtype=np.int16),
        types=tuple(types),
        type_counts=type_counts,
        level=level,
        sp=sp,
        wanted=wanted,
        worth=tuple(worth),
        plan_ratio=tuple(steps(turn, order_ratio[turn]) for turn in turns),
        plan_value=tuple(steps(turn, order_value[turn]) for turn in turns),
        free_draws=free_draws,
        down_levels=down_levels,
        action_types=action_types,
        action_choice=tuple(action_choice),
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
