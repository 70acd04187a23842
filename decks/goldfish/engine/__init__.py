"""The vectorized goldfish: many games at once, one NumPy array element per game.

A batch holds a few dozen blocks of games. The engine loops over turns and over the
handful of decisions in a turn; every decision is an array operation across all
games still running (the card types of a plan are looped over, the games never).
Games that end leave the arrays the turns compute with, and their final state is carried
into the per-turn sums (their decks and the turns their cards were drawn on stay, and are
counted once, when the batch ends). Each phase of a turn has its module:
:mod:`.draw_phase`, :mod:`.resource_phase`, :mod:`.action_phase` (with :mod:`.playing` and
:mod:`.paying`) and :mod:`.battle_phase`.

Per-game randomness comes only from the game's block generator (see
:func:`block_generator`): the deck order (the cards sorted by random keys), one uniform
number per turn for the turn's dice, and one per turn for the cards picked at random from the
hand (costs that destroy, bury or sheathe random cards in your hand). Nothing a game does
depends on other games, so the numbers do not depend on how blocks are grouped into
batches or chunks.

    >>> from decks.goldfish import Options
    >>> from decks.goldfish.policy import build_tables
    >>> from decks.goldfish.reference import reference_deck
    >>> deck, options = reference_deck(), Options(games=1_500, seed=7, max_turns=12)
    >>> counts = play_blocks(build_tables(deck, 12), options, 0, options.blocks)
    >>> counts.games, int(counts.kills.sum()) + counts.decked <= counts.games
    (1500, True)
"""

from __future__ import annotations

from typing import Final

import numpy as np

from ..model import BLOCK, GoldfishError, Options
from ..policy import Tables
from .action_phase import action_phase
from .batch import Array, Batch, Counts
from .battle_phase import battle_phase, recovery_phase
from .draw_phase import draw_phase
from .resource_phase import resource_phase

__all__ = [
    "Batch",
    "Counts",
    "block_games",
    "block_generator",
    "play_blocks",
    "play_turns",
    "shuffled",
]

KEY_BITS: Final = 53
"""Random bits of a uniform number in [0, 1) from NumPy's generator: the top bits of a raw
64-bit draw."""

BATCH_CELLS: Final = 3_300_000
"""Games per batch times deck size: about 50,000 games of a 60-card deck, so that a chunk of a
large run is one batch and its turns' array operations each pay Python's call once."""


def block_generator(seed: int, block: int) -> np.random.Generator:
    """The random generator of block ``block`` of a run with ``seed``."""
    return np.random.Generator(np.random.PCG64(np.random.SeedSequence(seed, spawn_key=(block,))))


def block_games(block: int, games: int) -> int:
    """How many of a run's ``games`` block ``block`` holds.

    >>> block_games(0, 2_500), block_games(2, 2_500), block_games(3, 2_500)
    (1000, 500, 0)
    """
    return max(0, min(BLOCK, games - block * BLOCK))


def play_blocks(
    tables: Tables,
    options: Options,
    first_block: int,
    end_block: int,
    *,
    batch_games: int | None = None,
) -> Counts:
    """Play every game of blocks ``first_block .. end_block - 1``, at most ``batch_games`` of
    them at once when given (the numbers are the same however the games are grouped)."""
    if not 0 <= first_block <= end_block <= options.blocks:
        raise GoldfishError(
            f"blocks {first_block}..{end_block} are outside 0..{options.blocks} for "
            f"{options.games} games"
        )
    counts = Counts(tables, options.max_turns)
    deck_size = len(tables.card_type)
    opening = options.setup.opening_hand
    most = max(1, BATCH_CELLS // (BLOCK * (deck_size + opening)))
    batches = -(-(end_block - first_block) // most)
    per_batch = -(-(end_block - first_block) // batches) if batches else 1
    for start in range(first_block, end_block, per_batch):
        stop = min(end_block, start + per_batch)
        order, dice_uniforms, pick_uniforms = shuffled(options, deck_size, start, stop)
        step = batch_games or len(order)
        for row in range(0, len(order), step):
            rows = slice(row, row + step)
            play_turns(
                Batch(
                    tables,
                    options,
                    order[rows],
                    dice_uniforms[:, rows],
                    counts,
                    pick_uniforms[:, rows],
                )
            )
    return counts


def shuffled(
    options: Options, deck_size: int, first_block: int, end_block: int
) -> tuple[Array, Array, Array]:
    """The blocks' deck orders (a row per game) and their dice and pick numbers (a row per
    turn, a column per game).

    A game's deck is ordered by one random key per card: the uniform number in [0, 1) the
    generator would give, which is its top 53 random bits (:data:`KEY_BITS`). Each key keeps
    its card's index in the bits below, so one sort of plain integers, block by block while
    they are in the processor's cache, orders the cards (an argsort of the uniform numbers
    gives the same orders, as long as no two keys of a game are equal)."""
    sizes = [block_games(block, options.games) for block in range(first_block, end_block)]
    games = sum(sizes)
    order = np.empty((games, deck_size), dtype=np.int16)
    dice = np.empty((options.max_turns, games))
    picks = np.empty((options.max_turns, games))
    numbers = np.empty((max(sizes, default=0), options.max_turns))
    index_bits = max(1, (deck_size - 1).bit_length())
    drop = np.uint64(64 - KEY_BITS - index_bits)
    index_mask = np.uint64((1 << index_bits) - 1)
    cards = np.arange(deck_size, dtype=np.uint64)
    row = 0
    for block, size in zip(range(first_block, end_block), sizes, strict=True):
        generator = block_generator(options.seed, block)
        keys = generator.bit_generator.random_raw((size, deck_size))
        keys >>= drop
        keys &= ~index_mask
        keys |= cards
        keys.sort(axis=1)
        keys &= index_mask
        rows = slice(row, row + size)
        order[rows] = keys
        # Drawn game by game, as they always were, and kept turn by turn.
        generator.random(out=numbers[:size])
        dice[:, rows] = numbers[:size].T
        generator.random(out=numbers[:size])
        picks[:, rows] = numbers[:size].T
        row += size
    return order, dice, picks


def play_turns(batch: Batch) -> None:
    """Play the batch's games turn by turn to the turn limit, counting as they go."""
    counts = batch.counts
    first = batch.options.going == "first"
    for turn in range(1, batch.max_turns + 1):
        if batch.journal is not None and batch.games:
            batch.journal.moved(batch, "turn", turn, None)
        if batch.games and not (turn == 1 and first and not batch.first_player_draws):
            empty = draw_phase(batch, turn)
            if empty.any():
                counts.decked += int(empty.sum())
                batch.finish(empty)
        if batch.games:
            resource_phase(batch)
            action_phase(batch, turn)
            battle_phase(batch, turn)
            recovery_phase(batch)
        won = batch.damage >= batch.opponent_hp
        counts.kills[turn - 1] += int(won.sum())
        counts.damage[turn - 1] += batch.ended_damage + int(batch.damage.sum())
        counts.resources[turn - 1] += batch.ended_resources + int(batch.granary.sum())
        if batch.games:
            ended = won | batch.decked
            if ended.any():
                counts.decked += int((batch.decked & ~won).sum())
                batch.finish(ended)
    batch.count_seen()
