"""Goldfishing: play a deck many times against an opponent who does nothing.

Pure Python and NumPy, no Django. The rules played are those of the 14th edition for
a lone player; the simulated player's policy and the ability texts it understands are
described in ``POLICY.md`` next to this file.

Runs split into chunks of whole blocks (:data:`BLOCK` games, each block with its own
random generator); the tallies of the chunks merge exactly, so a run gives the same
numbers however it is split::

    chunks = plan_chunks(options.games)
    tallies = [play_chunk(deck, options, first, end) for first, end in chunks]
    result = summarize(merge(tallies), deck, options)   # == simulate(deck, options)

The result is a :class:`GoldfishResult`; its ``as_dict()`` is the JSON a run stores::

    >>> from decks.goldfish import Options, simulate
    >>> from decks.goldfish.reference import reference_deck
    >>> result = simulate(reference_deck(), Options(games=2_000, seed=1))
    >>> result.won + result.not_won, result.as_dict()["games"]
    (2000, 2000)
    >>> sorted(result.unmodeled_cards)
    ['Cataclysm', 'Gate Warden']
"""

from __future__ import annotations

from .abilities import CardAbilities, Effect, read_abilities
from .engine import play_blocks
from .model import BLOCK, BuryRule, Deck, GoldfishCard, GoldfishError, Options, parse_bury
from .policy import build_tables
from .result import GoldfishResult, KillTurn
from .summary import summarize
from .tally import Tally, fingerprint, merge

__all__ = [
    "BLOCK",
    "CHUNK_GAMES",
    "MOST_CHUNKS",
    "BuryRule",
    "CardAbilities",
    "Deck",
    "Effect",
    "GoldfishCard",
    "GoldfishError",
    "GoldfishResult",
    "KillTurn",
    "Options",
    "Tally",
    "chunk_games_for",
    "merge",
    "parse_bury",
    "plan_chunks",
    "play_chunk",
    "read_abilities",
    "simulate",
    "summarize",
]

CHUNK_GAMES = 10_000
"""Games per chunk (rounded up to whole blocks), as the site's workers share a run too: about
a tenth of a second of work on one core, small enough that a lost chunk costs little to redo,
large enough that the queue's overhead stays small."""

MOST_CHUNKS = 200
"""A larger run has larger chunks, so that the queue's overhead (a task, a tally written and
read) is paid at most this many times, and the engine plays larger batches; two workers still
finish within a chunk of each other."""


def chunk_games_for(games: int) -> int:
    """Games per chunk for a run of ``games``: CHUNK_GAMES, or more for a run of more than
    MOST_CHUNKS of them.

    >>> chunk_games_for(100_000), chunk_games_for(10_000_000)
    (10000, 50000)
    """
    return max(CHUNK_GAMES, -(-games // MOST_CHUNKS))


def plan_chunks(games: int, chunk_games: int | None = None) -> list[tuple[int, int]]:
    """Split ``games`` into chunks of whole blocks: ``[(first_block, end_block), ...]``, of
    ``chunk_games`` each (chunk_games_for(games) unless given)."""
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise GoldfishError(f"games must be a whole number of at least 1, got {games!r}")
    if chunk_games is None:
        chunk_games = chunk_games_for(games)
    if isinstance(chunk_games, bool) or not isinstance(chunk_games, int) or chunk_games < 1:
        raise GoldfishError(
            f"chunk_games must be a whole number of at least 1, got {chunk_games!r}"
        )
    blocks = -(-games // BLOCK)
    step = -(-chunk_games // BLOCK)
    return [(first, min(first + step, blocks)) for first in range(0, blocks, step)]


def play_chunk(deck: Deck, options: Options, first_block: int, end_block: int) -> Tally:
    """Play the games of blocks ``first_block .. end_block - 1`` and tally them."""
    tables = build_tables(deck, options.max_turns, options.edition)
    counts = play_blocks(tables, options, first_block, end_block)
    return Tally(
        fingerprint=fingerprint(deck, options),
        max_turns=options.max_turns,
        blocks=((first_block, end_block),) if end_block > first_block else (),
        games=counts.games,
        kills=tuple(int(count) for count in counts.kills),
        decked=counts.decked,
        damage=tuple(int(total) for total in counts.damage),
        resources=tuple(int(total) for total in counts.resources),
        seen=tuple(
            (name, tuple(int(count) for count in counts.seen[index, : options.max_turns + 1]))
            for index, name in enumerate(tables.names)
        ),
    )


def simulate(deck: Deck, options: Options) -> GoldfishResult:
    """Play all games in this process and return their result."""
    tallies = [play_chunk(deck, options, first, end) for first, end in plan_chunks(options.games)]
    return summarize(merge(tallies), deck, options)
