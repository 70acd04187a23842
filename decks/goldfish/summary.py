"""From merged tallies to the result the site stores and shows.

>>> from decks.goldfish import Options, play_chunk
>>> from decks.goldfish.reference import reference_deck
>>> deck, options = reference_deck(), Options(games=1_000, seed=1, max_turns=10)
>>> result = summarize(play_chunk(deck, options, 0, 1), deck, options)
>>> result.games, list(result.p_kill_by_turn)[-1], result.legal
(1000, '10', False)
>>> [problem["card"] for problem in result.problems]
['Gate Warden', 'Cataclysm']
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from itertools import accumulate
from typing import Any

from cards import rules

from .model import Deck, GoldfishError, Options
from .policy import build_tables
from .result import GoldfishResult, KillTurn
from .tally import Tally, fingerprint


def _median(histogram: list[int]) -> float | None:
    """Median of the values 1, 2, ... counted by ``histogram`` (mean of the two middle
    values for an even count)."""
    total = sum(histogram)
    if total == 0:
        return None

    def value_at(rank: int) -> int:
        running = 0
        for turn, count in enumerate(histogram, start=1):
            running += count
            if running > rank:
                return turn
        raise AssertionError("rank beyond the histogram")

    low = value_at((total - 1) // 2)
    high = value_at(total // 2)
    return (low + high) / 2


def legality(deck: Deck, edition: int) -> dict[str, Any]:
    """Whether the deck, as given, may be played under ``edition``, by ``cards.rules``."""
    entries = [
        rules.DeckEntry(
            count,
            rules.Card(
                name=card.name,
                kind=card.kind,
                design_edition=card.design_edition,
                level=card.level,
                sp=card.sp if card.kind == "minion" else None,
                hp=card.hp if card.kind == "minion" else None,
                ability_text=card.ability_text,
            ),
        )
        for count, card in deck.entries
    ]
    check = rules.check_deck(entries, edition)
    return {"legal": check.legal, "problems": [problem.as_dict() for problem in check.problems]}


def summarize(
    tally: Tally, deck: Deck, options: Options, check: Mapping[str, Any] | None = None
) -> GoldfishResult:
    """The result of a (merged) tally. A tally of only some blocks summarizes the games
    played so far.

    ``check`` is whether the deck may be played (``{"legal", "problems"}``, as
    ``cards.rules.check_deck`` says of the deck as its owner wrote it); without it, the deck
    given is checked. A deck that may not be played (one in progress) is goldfished all the
    same, and the result says so."""
    if tally.fingerprint != fingerprint(deck, options) or tally.max_turns != options.max_turns:
        raise GoldfishError("this tally was made with another deck or other options")
    games = tally.games
    if games <= 0:
        raise GoldfishError("this tally holds no games")
    turns = [str(turn) for turn in range(1, options.max_turns + 1)]
    kills = list(tally.kills)
    won = sum(kills)
    mean = sum(turn * count for turn, count in enumerate(kills, start=1)) / won if won else None
    seen = dict(tally.seen)
    tables = build_tables(deck, options.max_turns, options.edition)
    verdict = check if check is not None else legality(deck, options.edition)
    return GoldfishResult(
        games=games,
        seed=options.seed,
        edition=options.edition,
        max_turns=options.max_turns,
        going=options.going,
        bury=options.bury,
        kill_turn=KillTurn(
            mean=mean, median=_median(kills), histogram=dict(zip(turns, kills, strict=True))
        ),
        p_kill_by_turn=_shares(turns, accumulate(kills), games),
        mean_damage_by_turn=_shares(turns, tally.damage, games),
        mean_resources_by_turn=_shares(turns, tally.resources, games),
        # Counts of first draws, from the opening hand (turn 0) on: summed into "by turn".
        p_seen_by_turn={
            name: _shares(turns, list(accumulate(seen[name]))[1:], games) for name in sorted(seen)
        },
        unmodeled_cards=tables.unmodeled,
        ignored_effects=dict(tables.ignored),
        legal=bool(verdict["legal"]),
        problems=tuple(verdict["problems"]),
        not_won=games - won,
    )


def _shares(turns: list[str], sums: Iterable[int], games: int) -> dict[str, float]:
    """Per-turn sums over all games, as means per game."""
    return {turn: total / games for turn, total in zip(turns, sums, strict=True)}
