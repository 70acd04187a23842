"""What reading and levelling a 60-card deck adds to a deck validation.

Run from the project root: ``.venv/bin/python bench/guide_bench.py [--rounds N]``.

A deck of 60 different cards (minions and spells, one to three abilities, every kind of
component), each at the level the 14th Edition's guide computes, is validated as the site does
(``check_deck``): every card is read with the guide's reader and levelled, and its declared
level compared. "Warm" is the usual case, a deck validated again after a change, when the
readings and levels of its cards are cached by text; "cold" clears the caches before every
round. Each card is checked afresh in every round (the verdict cache cleared), and the same
validation with the guide's part taken out gives what reading and levelling add. The target is
at most 2 ms added per 60-card deck when warm.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cards.rules import (  # noqa: E402
    Card,
    card_checks,
    check_deck,
    compute_level,
    deck_checks,
    design_level,
    guide_checks,
    tables,
)
from cards.rules.legality import DeckEntry, LevelCheck  # noqa: E402
from cards.rules.level import _compute_cached  # noqa: E402
from cards.rules.reader import _read_cached  # noqa: E402

EDITION = 14
TEXTS = [
    "GREED: Draw {n} cards.",
    "THOR'S HAMMER: Target 1 in-play card; destroy it.",
    "SWEEP: Self-exhaust {n} resources→ Target up to {n} in-play cards; bounce the targets.",
    "GUARD: When this card defends, after Defense Formation (ghost-play): Target this card;"
    " place {n} Shield Counters on it.",
    "FORGE: Self-exhaust 1 resource, self-destroy 1 in-play card, and self-sheathe 1 random card"
    " in your hand→ Excavate {n} cards and target up to 2 excavated cards; bury the targets,"
    " then draw 1 card.\nMEND: {n}-dice-heal yourself.",
    "Target up to {n} cards in any hand randomly; sheathe the targets.",
    "See enemy's hand and target up to {n} cards therein; silo the targets, also draw 1 card.",
    "When you take damage: Draw {n} cards. Target 1 in-play card; hypnotize it until the end"
    " of this turn.",
]


def deck() -> list[DeckEntry]:
    entries = []
    for index in range(60):
        text = TEXTS[index % len(TEXTS)].format(n=index // len(TEXTS) + 1)
        if index % 3 == 2 and "\n" not in text and ":" not in text.split(" ")[0]:
            card = Card(f"Spell {index}", "spell", EDITION, level=0, ability_text=text)
        else:
            if not text.split(":")[0].isupper():
                text = f"ABILITY {index}: {text}"
            card = Card(f"Minion {index}", "minion", EDITION, 0, index % 5, index % 7, text)
        # Declared at the level the guide computes: a legal deck, as a player's would be.
        card = replace(card, level=design_level(card).computed)
        entries.append(DeckEntry(1, card))
    return entries


def levels(entries: list[DeckEntry]) -> int:
    total = 0
    for entry in entries:
        level = compute_level(entry.card, EDITION)
        total += level.value or 0
    return total


def fresh(entries: list[DeckEntry]) -> list[DeckEntry]:
    """The same deck as new objects with new strings, as loaded again from the database."""
    return [
        DeckEntry(e.count, replace(e.card, ability_text="".join(list(e.card.ability_text))))
        for e in entries
    ]


def validate(entries: list[DeckEntry]) -> None:
    """A deck validation whose cards are all checked afresh (no verdict remembered)."""
    card_checks._check_card_cached.cache_clear()
    deck_checks._check_deck_cached.cache_clear()
    check_deck(entries, EDITION)


def without_the_guide(entries: list[DeckEntry]) -> None:
    """The same validation with the guide's part (reading, levelling) taken out."""
    built = card_checks.built_by_guide
    card_checks.built_by_guide = lambda card, *args: guide_checks.Built(  # type: ignore[assignment]
        LevelCheck(card.level, None), None, (), ()
    )
    try:
        validate(entries)
    finally:
        card_checks.built_by_guide = built  # type: ignore[assignment]


def clock(action, entries, rounds: int, *, cold: bool = False) -> list[float]:
    times = []
    for _ in range(rounds):
        if cold:
            _compute_cached.cache_clear()
            _read_cached.cache_clear()
            guide_checks._design_cached.cache_clear()
            guide_checks._built_cached.cache_clear()
            tables.refurbish_cached.cache_clear()
        deck_copy = fresh(entries)
        started = time.perf_counter()
        action(deck_copy)
        times.append((time.perf_counter() - started) * 1000)
    return times


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=2000)
    args = parser.parse_args()
    entries = deck()
    unreadable = [e.card.name for e in entries if compute_level(e.card, EDITION).value is None]
    if unreadable:
        raise SystemExit(f"the bench deck should be readable: {unreadable}")
    check = check_deck(entries, EDITION)
    if not check.legal:
        raise SystemExit(f"the bench deck should be legal: {check.problems}")
    remembered = clock(lambda d: check_deck(d, EDITION), entries, args.rounds)
    # Alternated, so that both see the same load on the machine.
    plain, full = [], []
    for _ in range(args.rounds // 10):
        plain += clock(without_the_guide, entries, 10)
        full += clock(validate, entries, 10)
    warm = clock(levels, entries, args.rounds)
    cold = clock(levels, entries, max(20, args.rounds // 50), cold=True)
    full_cold = clock(validate, entries, max(20, args.rounds // 50), cold=True)

    def show(name: str, times: list[float]) -> None:
        ordered = sorted(times)
        p95 = ordered[int(len(ordered) * 0.95) - 1]
        print(f"{name:<60} median {statistics.median(times):7.3f} ms   p95 {p95:7.3f} ms")

    added = statistics.median(full) - statistics.median(plain)
    print(f"60-card deck, {EDITION}th Edition, {args.rounds} rounds")
    show("deck validation, verdicts remembered (the usual revalidation)", remembered)
    show("deck validation, every card checked afresh, without the guide", plain)
    show("deck validation, every card checked afresh, with levels (warm)", full)
    show("deck validation with levels, cold (readings and levels cleared)", full_cold)
    show("reading + levels alone, warm (cached by text)", warm)
    show("reading + levels alone, cold (caches cleared)", cold)
    print(f"target: at most 2 ms added per deck validation when warm: {added:.3f} ms added")


if __name__ == "__main__":
    main()
