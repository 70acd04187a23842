"""The Battle Phase and the Recovery Phase.

Every ready minion that used no ability attacks the goldfish in one battle; abilities used
"when this card attacks, after Attack Formation" are used first, and their Sword Counters on
the attackers join the attack. The damage is one die per point of the attacking team's SP,
capped at the goldfish's remaining HP. In the Recovery Phase the minions summoned this turn
join the others, ready to attack next turn.

    >>> from decks.goldfish import Options
    >>> from decks.goldfish.engine.batch import stacked_game
    >>> from decks.goldfish.reference import reference_deck
    >>> batch = stacked_game(reference_deck(), Options(games=1, seed=1, bury="none"))
    >>> batch.attack_sp[:], batch.attackers[:] = 3, 2
    >>> battle_phase(batch, turn=1)  # three dice, each showing 1
    >>> batch.damage.tolist()
    [3]
    >>> batch.summoned[:], batch.summoned_sp[:] = 1, 2
    >>> recovery_phase(batch)
    >>> batch.in_play_minions.tolist(), batch.in_play_sp.tolist()
    ([1], [2])
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .action_phase import worth_using
from .batch import Array, Batch
from .paying import pay, payable
from .playing import carry_out, resolve


def _attack_abilities(batch: Batch, turn: int) -> Array:
    """Abilities used when their minion attacks, after Attack Formation; returns the SP
    their Sword Counters add to the attack."""
    tables = batch.tables
    bonus = np.zeros(batch.games, dtype=np.int32)
    attacking = batch.attackers > 0
    for slot, card_type in enumerate(tables.attack_types):
        uses_worth_it = tables.attack_uses[turn][slot]
        if not uses_worth_it:
            continue
        ready = batch.attack_minions[slot] - batch.attack_exhausted[slot]
        attackers = ready.astype(np.int32) * attacking
        for use in uses_worth_it:
            uses = worth_using(batch, use, attackers)
            if use.cost.resources:
                uses = np.minimum(uses, batch.unexhausted // np.int32(use.cost.resources))
            uses = payable(batch, use.cost, uses)
            if not uses.any():
                continue
            if use.cost.resources:
                batch.unexhausted -= uses * np.int32(use.cost.resources)
            if use.cost.leaves is not None:
                batch.attack_sp -= uses * np.int32(tables.types[card_type].sp)
                batch.attackers -= uses
                attackers = attackers - uses
            pay(batch, use.cost, uses, card_type, turn)
            bonus += carry_out(batch, use.effect, uses, now=True)
    if batch.to_draw.any() or batch.to_silo.any() or batch.to_stash.any():
        resolve(batch, turn)
    return bonus


def battle_phase(batch: Batch, turn: int) -> None:
    bonus: Any = _attack_abilities(batch, turn) if batch.tables.attack_types else 0
    attacking = batch.attackers > 0
    dice = batch.attack_sp + (batch.sword_counters + bonus) * attacking
    batch.sword_counters *= ~attacking
    left = np.maximum(batch.opponent_hp - batch.damage, 0)
    dice = np.minimum(dice * ~batch.decked, left)
    rolled = batch.dice_table.sample(dice, batch.dice_uniforms[turn - 1, batch.row_of])
    batch.damage = np.minimum(batch.damage + rolled, batch.opponent_hp).astype(np.int32)


def recovery_phase(batch: Batch) -> None:
    batch.in_play_sp += batch.summoned_sp
    batch.in_play_minions += batch.summoned
    batch.action_minions += batch.action_summoned
    batch.attack_minions += batch.attack_summoned
    batch.sword_counters += batch.sword_counters_next_turn
