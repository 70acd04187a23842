"""The plain engine: one game at a time, in plain Python, with the same policy tables.

It plays the same rules and decisions as the vectorized engine (:mod:`..engine`), written the
obvious way, one game after another. It is the reference that engine is measured against
(``bench/goldfish_bench.py``: games per second of each) and checked with (the tests compare
their numbers for the same decks and seeds: the same distributions, within sampling error).
Random numbers are drawn from Python's own generator, so single games differ between the two.

    >>> from decks.goldfish import Options
    >>> from decks.goldfish.policy import build_tables
    >>> from decks.goldfish.reference import reference_deck
    >>> options = Options(games=100, seed=1, max_turns=12)
    >>> counts = play_games(build_tables(reference_deck(), 12), options, 100, seed=1)
    >>> counts.games, len(counts.kills), sum(counts.kills) + counts.decked <= 100
    (100, 12, True)
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from ..dice import sum_distribution
from ..model import Options
from ..policy import Tables
from .action_phase import action_phase
from .battle_phase import battle_phase, recovery_phase
from .game import PlainGame

__all__ = ["PlainCounts", "PlainGame", "play_games"]


@dataclass
class PlainCounts:
    """The counts of :class:`~decks.goldfish.engine.Counts`, as lists (index 0 is turn 1)."""

    games: int = 0
    kills: list[int] = field(default_factory=list)
    decked: int = 0
    damage: list[int] = field(default_factory=list)
    resources: list[int] = field(default_factory=list)


def play_games(tables: Tables, options: Options, games: int, seed: int) -> PlainCounts:
    """Play ``games`` games one after another and tally them."""
    rng = random.Random(seed)
    max_turns = options.max_turns
    cumulative = [
        [float(p) for p in sum_distribution(dice).cumsum()] for dice in range(options.hp + 1)
    ]
    counts = PlainCounts(kills=[0] * max_turns, damage=[0] * max_turns, resources=[0] * max_turns)
    first = options.going == "first"
    for _ in range(games):
        counts.games += 1
        game = PlainGame(tables, options, rng)
        ended_turn = None
        for turn in range(1, max_turns + 1):
            skips_draw = turn == 1 and first and not game.first_player_draws
            if not skips_draw and not game.draw():
                counts.decked += 1
                ended_turn = turn
                break
            game.resource_phase()
            action_phase(game, turn)
            battle_phase(game, turn, cumulative)
            recovery_phase(game)
            counts.damage[turn - 1] += game.damage
            counts.resources[turn - 1] += game.granary
            if game.damage >= game.opponent_hp:
                counts.kills[turn - 1] += 1
                ended_turn = turn + 1
                break
            if game.decked:
                counts.decked += 1
                ended_turn = turn + 1
                break
        if ended_turn is not None:
            # An ended game keeps its final state for the later turns.
            for later in range(ended_turn, max_turns + 1):
                counts.damage[later - 1] += game.damage
                counts.resources[later - 1] += game.granary
    return counts
