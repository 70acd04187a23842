"""The outcome of goldfishing a deck: what the site stores, shows and serves.

A :class:`GoldfishResult` is a value; :meth:`GoldfishResult.as_dict` is the JSON the runs keep
and the API serves (``POLICY.md`` says what each key means). Per-turn numbers are keyed by the
turn as text ("1", "2", …), as in that JSON.

    >>> kill_turn = KillTurn(mean=2.5, median=2.5, histogram={"1": 0, "2": 1, "3": 1})
    >>> kill_turn.won
    2
    >>> kill_turn.as_dict()
    {'mean': 2.5, 'median': 2.5, 'histogram': {'1': 0, '2': 1, '3': 1}}
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .abilities import Ignored


@dataclass(frozen=True)
class KillTurn:
    """The turns games were won on: the mean and median over the games won (None when none
    was), and how many were won on each turn."""

    mean: float | None
    median: float | None
    histogram: Mapping[str, int]

    @property
    def won(self) -> int:
        return sum(self.histogram.values())

    def as_dict(self) -> dict[str, Any]:
        return {"mean": self.mean, "median": self.median, "histogram": dict(self.histogram)}


@dataclass(frozen=True)
class GoldfishResult:
    """The numbers of a run of games, with the options they were played under, the cards
    played for their stats only, the components that did nothing, and whether the deck may
    be played."""

    games: int
    seed: int
    edition: int
    max_turns: int
    going: str
    bury: str
    kill_turn: KillTurn
    p_kill_by_turn: Mapping[str, float]
    mean_damage_by_turn: Mapping[str, float]
    mean_resources_by_turn: Mapping[str, float]
    p_seen_by_turn: Mapping[str, Mapping[str, float]]  # card name → turn → chance
    unmodeled_cards: tuple[str, ...]
    ignored_effects: Mapping[str, tuple[Ignored, ...]]  # card name → components
    legal: bool
    problems: tuple[Mapping[str, Any], ...]  # as cards.rules.check_deck words them
    not_won: int

    @property
    def won(self) -> int:
        return self.games - self.not_won

    def as_dict(self) -> dict[str, Any]:
        """The result JSON, in the order of its keys as stored."""
        return {
            "games": self.games,
            "seed": self.seed,
            "edition": self.edition,
            "max_turns": self.max_turns,
            "going": self.going,
            "bury": self.bury,
            "kill_turn": self.kill_turn.as_dict(),
            "p_kill_by_turn": dict(self.p_kill_by_turn),
            "mean_damage_by_turn": dict(self.mean_damage_by_turn),
            "mean_resources_by_turn": dict(self.mean_resources_by_turn),
            "p_seen_by_turn": {name: dict(odds) for name, odds in self.p_seen_by_turn.items()},
            "unmodeled_cards": list(self.unmodeled_cards),
            "ignored_effects": {
                name: [item.as_dict() for item in items]
                for name, items in self.ignored_effects.items()
            },
            "legal": self.legal,
            # A copy: the caller may change what it is given, never this value.
            "problems": [copy.deepcopy(dict(problem)) for problem in self.problems],
            "not_won": self.not_won,
        }
