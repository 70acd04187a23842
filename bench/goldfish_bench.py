"""Games per second of the goldfish engine on one core, for the reference deck, against the
plain per-game engine (``decks/goldfish/plain/``) playing the same deck by the same policy.

Run from the project root: ``.venv/bin/python bench/goldfish_bench.py [--games N]``.
Thread pools of the numeric libraries are limited to one thread before NumPy loads,
and everything runs in this one process.
"""

from __future__ import annotations

import os

for _variable in (
    "OMP_NUM_THREADS",
    "OPENBLAS_NUM_THREADS",
    "MKL_NUM_THREADS",
    "NUMEXPR_NUM_THREADS",
):
    os.environ[_variable] = "1"

import argparse  # noqa: E402
import contextlib  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402
from dataclasses import replace  # noqa: E402
from pathlib import Path  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from decks.goldfish import Options, plan_chunks, play_chunk, simulate  # noqa: E402
from decks.goldfish.dice import dice_table  # noqa: E402
from decks.goldfish.model import Deck, GoldfishCard  # noqa: E402
from decks.goldfish.plain import play_games  # noqa: E402
from decks.goldfish.policy import build_tables  # noqa: E402
from decks.goldfish.reference import reference_deck  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200_000)
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--going", choices=("first", "second"), default="first")
    parser.add_argument("--bury", default="default")
    parser.add_argument("--max-turns", type=int, default=20)
    parser.add_argument("--repeat", type=int, default=3, help="timed runs; the best is reported")
    parser.add_argument("--plain-games", type=int, default=5_000)
    args = parser.parse_args()
    with contextlib.suppress(AttributeError, OSError):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})

    deck = reference_deck()
    options = Options(
        games=args.games,
        seed=args.seed,
        going=args.going,
        bury=args.bury,
        max_turns=args.max_turns,
    )
    # Warm the caches (ability tables, dice tables) outside the timing.
    tables = build_tables(deck, options.max_turns, options.edition)
    dice_table(options.hp)
    play_chunk(deck, options, 0, 1)

    times = []
    cpu_times = []
    result = None
    for _ in range(args.repeat):
        start, cpu_start = time.perf_counter(), time.process_time()
        result = simulate(deck, options)
        times.append(time.perf_counter() - start)
        cpu_times.append(time.process_time() - cpu_start)
    assert result is not None
    best, best_cpu = min(times), min(cpu_times)
    chunks = len(plan_chunks(options.games))
    kill_turn = result.kill_turn
    print(f"reference deck: {deck.size} cards, {options.games:,} games, {chunks} chunks")
    print(
        f"kill turn mean {kill_turn.mean:.3f}, median {kill_turn.median}, "
        f"not won {result.not_won:,}"
    )
    print(f"unmodeled: {', '.join(result.unmodeled_cards) or '-'}")
    print(f"best of {args.repeat}: {best:.3f} s = {options.games / best:,.0f} games/s on one core")
    # On a busy machine the wall clock counts other processes' time too.
    print(f"CPU time: {best_cpu:.3f} s = {options.games / best_cpu:,.0f} games/s")
    cpu_start = time.process_time()
    plain = play_games(tables, options, args.plain_games, args.seed)
    plain_cpu = time.process_time() - cpu_start
    won = sum(plain.kills)
    plain_mean = sum(t * c for t, c in enumerate(plain.kills, start=1)) / won if won else 0.0
    plain_rate = plain.games / plain_cpu
    print(
        f"plain per-game engine: {plain.games:,} games, kill turn mean {plain_mean:.3f}, "
        f"CPU {plain_rate:,.0f} games/s"
    )
    print(f"vectorized / plain: {options.games / best_cpu / plain_rate:.1f}x (goal 2.5x)")

    # A deck without abilities: the engine pays for no ability machinery it cannot use.
    vanilla = vanilla_deck()
    simulate(vanilla, replace(options, games=2_000))
    cpu_start = time.process_time()
    simulate(vanilla, options)
    vanilla_rate = options.games / (time.process_time() - cpu_start)
    vanilla_tables = build_tables(vanilla, options.max_turns, options.edition)
    cpu_start = time.process_time()
    plain = play_games(vanilla_tables, options, args.plain_games, args.seed)
    plain_rate = plain.games / (time.process_time() - cpu_start)
    print(
        f"vanilla deck (the reference deck's levels, no abilities): {vanilla_rate:,.0f} games/s,"
        f" plain per-game engine {plain_rate:,.0f} games/s:"
        f" {vanilla_rate / plain_rate:.1f}x (goal 10x)"
    )


def vanilla_deck() -> Deck:
    """The reference deck's cards as minions of the same levels, without ability text."""
    return Deck(
        tuple(
            (
                count,
                GoldfishCard(
                    name=card.name,
                    kind="minion",
                    level=card.level,
                    sp=card.sp or max(1, card.level // 2),
                    hp=card.hp or 2,
                    ability_text="",
                    design_edition=card.design_edition,
                ),
            )
            for count, card in reference_deck().entries
        )
    )


if __name__ == "__main__":
    main()
