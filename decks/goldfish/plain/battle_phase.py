"""The Battle Phase and the Recovery Phase of one game in plain Python."""

from __future__ import annotations

import random

from .action_phase import carry_out, resolve, worth_using
from .game import PlainGame


def roll(dice: int, cumulative: list[list[float]], rng: random.Random) -> int:
    """The sum of ``dice`` dice, from the exact distribution's cumulative table (row ``n``:
    P(sum of n dice <= s) for s = 0 .. 6n), or die by die past the table.

    >>> roll(2, [[1.0], [0, 0, 0, 0, 0, 0, 1.0], [0.0] * 12 + [1.0]], random.Random(1))
    12
    """
    if dice >= len(cumulative):
        return sum(rng.randint(1, 6) for _ in range(dice))
    uniform = rng.random()
    row = cumulative[dice]
    low, high = 0, len(row) - 1
    while low < high:
        middle = (low + high) // 2
        if row[middle] > uniform:
            high = middle
        else:
            low = middle + 1
    return low


def battle_phase(game: PlainGame, turn: int, cumulative: list[list[float]]) -> None:
    """Attack abilities first, then one battle: a die per point of the attackers' SP."""
    tables = game.tables
    bonus = 0
    attacking = game.attackers > 0
    for slot, card_type in enumerate(tables.attack_types):
        attackers = (game.attack_minions[slot] - game.attack_exhausted[slot]) if attacking else 0
        for use in tables.attack_uses[turn][slot]:
            uses = worth_using(game, use, attackers)
            if use.cost.resources:
                uses = min(uses, game.unexhausted // use.cost.resources)
            uses = game.payable(use.cost, uses)
            if uses <= 0:
                continue
            game.unexhausted -= uses * use.cost.resources
            if use.cost.leaves is not None:
                game.attack_sp -= uses * tables.types[card_type].sp
                game.attackers -= uses
                attackers -= uses
            game.pay(use.cost, uses, card_type)
            bonus += carry_out(game, use.effect, uses, now=True)
    resolve(game)
    attacking = game.attackers > 0
    dice = game.attack_sp + (game.sword_counters + bonus) * attacking
    if attacking:
        game.sword_counters = 0
    dice = 0 if game.decked else min(dice, max(game.opponent_hp - game.damage, 0))
    if dice:
        rolled = roll(dice, cumulative, game.rng)
        game.damage = min(game.damage + rolled, game.opponent_hp)


def recovery_phase(game: PlainGame) -> None:
    game.in_play_sp += game.summoned_sp
    game.in_play_minions += game.summoned
    game.action_minions = [
        ready + new for ready, new in zip(game.action_minions, game.action_summoned, strict=True)
    ]
    game.attack_minions = [
        ready + new for ready, new in zip(game.attack_minions, game.attack_summoned, strict=True)
    ]
    game.sword_counters += game.sword_counters_next_turn
