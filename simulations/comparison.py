"""Two goldfish runs side by side: how their decks and options differ, and their numbers turn by
turn.

Plain values in and out, read from each run's options and from its result as the viewer may read
it (simulations.selectors.result_for_viewer); the compare page and the API both use it. A
difference is always the second run's value minus the first's ("B − A"), the first run being
the one whose page the comparison was started from.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from cards.selectors import WITHHELD_NAME
from simulations.charts import kill_share, signed

LETTERS = ("A", "B")
SAME_RUN = "That is this run itself: choose another run to compare it with."
# The options a run is played with, in the order a person would look for what changed; the
# seed last, since a different seed changes only the luck of the draw.
OPTIONS = (
    ("going", "going"),
    ("bury", "bury"),
    ("max_turns", "turn limit"),
    ("games", "games"),
    ("opponent_hp", "goldfish HP"),
    ("edition", "edition"),
    ("seed", "seed"),
)
# The turns whose chance of having won, and draw odds, the side-by-side tables show.
MILESTONES = ("1", "3", "5", "7", "10")
PER_TURN = (
    ("kill_share_by_turn", "share of the games won on the turn"),
    ("p_kill_by_turn", "chance of having won by the end of the turn"),
    ("mean_damage_by_turn", "mean damage dealt by the end of the turn"),
    ("mean_resources_by_turn", "mean resources on the turn"),
)


@dataclass(frozen=True)
class RunFacts:
    """What a comparison reads of a run besides its result."""

    options: Mapping[str, Any]
    deck_id: int | None
    deck_name: str
    deck_cards: int  # copies in the deck as it was played
    deck_list: str  # a fingerprint of those cards: never shown, since names may be private


@dataclass(frozen=True)
class OptionDifference:
    option: str  # the option's key ("bury"), or "deck" / "deck_list"
    name: str  # as a person says it ("turn limit")
    first: Any
    second: Any

    @property
    def text(self) -> str:
        return f"{self.name}: {_said(self.option, self.first)} vs {_said(self.option, self.second)}"

    def as_dict(self) -> dict[str, Any]:
        return {"option": self.option, "name": self.name, "run": self.first, "other": self.second}


@dataclass(frozen=True)
class Row:
    """A number of both runs, as shown, with the difference."""

    name: str
    first: str
    second: str
    difference: str


def run_facts(run: Any) -> RunFacts:
    """The facts of a SimulationRun (anything with its deck, options and deck snapshot)."""
    entries = run.deck_snapshot.get("cards", [])
    cards = sorted(
        json.dumps([entry.get("count"), entry.get("card", {})], sort_keys=True) for entry in entries
    )
    return RunFacts(
        options=run.options,
        deck_id=run.deck_id,
        deck_name=run.deck.name if run.deck is not None else "",
        deck_cards=sum(int(entry.get("count", 0)) for entry in entries),
        deck_list=hashlib.sha256("\n".join(cards).encode()).hexdigest(),
    )


def _said(option: str, value: Any) -> str:
    if option in ("games", "seed") and isinstance(value, int):
        return f"{value:,}"
    if option == "deck_list":
        return f"{value} card{'s' if value != 1 else ''}"
    return str(value)


def option_differences(first: RunFacts, second: RunFacts) -> list[OptionDifference]:
    """Every way the two runs were set up differently: the deck (another deck, or the same deck
    with other cards since), then the options."""
    found = []
    if first.deck_id != second.deck_id:
        found.append(OptionDifference("deck", "deck", first.deck_name, second.deck_name))
    elif first.deck_list != second.deck_list:
        found.append(
            OptionDifference("deck_list", "deck list", first.deck_cards, second.deck_cards)
        )
    for key, name in OPTIONS:
        if first.options.get(key) != second.options.get(key):
            found.append(
                OptionDifference(key, name, first.options.get(key), second.options.get(key))
            )
    return found


def only_luck(differences: Sequence[OptionDifference]) -> bool:
    """Whether the runs differ in their seed only: the same deck and options, other draws."""
    return all(difference.option == "seed" for difference in differences)


def series_labels(differences: Sequence[OptionDifference]) -> list[str]:
    """How the charts' legends name the runs: by letter and what sets each apart (the seed only
    when nothing else does)."""
    telling = [d for d in differences if d.option != "seed"] or list(differences)
    labels = []
    for index, letter in enumerate(LETTERS):
        parts = []
        for difference in telling[:3]:
            value = difference.first if index == 0 else difference.second
            parts.append(f"{difference.name} {_said(difference.option, value)}")
        labels.append(f"{letter} · {', '.join(parts)}" if parts else letter)
    return labels


# -- the numbers ------------------------------------------------------------------------------


def _by_turn(result: Mapping[str, Any], key: str) -> Mapping[str, float]:
    return kill_share(result) if key == "kill_share_by_turn" else result[key]


def _won_share(result: Mapping[str, Any]) -> float:
    games = result.get("games") or 0
    return (games - result["not_won"]) / games if games else 0.0


def _minus(second: float | None, first: float | None) -> float | None:
    return None if first is None or second is None else second - first


def differences(first: Mapping[str, Any], second: Mapping[str, Any]) -> dict[str, Any]:
    """The second result's numbers minus the first's: the headline ones, and each per-turn one
    on the turns both runs played."""
    by_turn = {}
    for key, _ in PER_TURN:
        a, b = _by_turn(first, key), _by_turn(second, key)
        by_turn[key] = {turn: b[turn] - a[turn] for turn in sorted(a, key=int) if turn in b}
    return {
        "won_share": _won_share(second) - _won_share(first),
        "mean_kill_turn": _minus(second["kill_turn"]["mean"], first["kill_turn"]["mean"]),
        "median_kill_turn": _minus(second["kill_turn"]["median"], first["kill_turn"]["median"]),
        "by_turn": by_turn,
    }


def _share(value: float) -> str:
    return f"{value:.1%}"


def _or_dash(value: float | None, decimals: int) -> str:
    return "—" if value is None else f"{value:,.{decimals}f}"


def _places(value: float | None) -> int:
    """A median turn is whole, or halfway between two turns."""
    return 0 if value is None or float(value).is_integer() else 1


def headline_rows(first: Mapping[str, Any], second: Mapping[str, Any]) -> list[Row]:
    """The numbers of both runs a person looks at first, with the difference."""
    found = differences(first, second)
    mean = found["mean_kill_turn"]
    median = found["median_kill_turn"]
    rows = [
        Row(
            "games played",
            f"{first['games']:,}",
            f"{second['games']:,}",
            signed(second["games"] - first["games"], decimals=0),
        ),
        Row(
            "games won",
            _share(_won_share(first)),
            _share(_won_share(second)),
            signed(found["won_share"], percent=True),
        ),
        Row(
            "mean kill turn",
            _or_dash(first["kill_turn"]["mean"], 2),
            _or_dash(second["kill_turn"]["mean"], 2),
            "—" if mean is None else signed(mean, decimals=2),
        ),
        Row(
            "median kill turn",
            _or_dash(first["kill_turn"]["median"], _places(first["kill_turn"]["median"])),
            _or_dash(second["kill_turn"]["median"], _places(second["kill_turn"]["median"])),
            "—" if median is None else signed(median, decimals=_places(median)),
        ),
        Row(
            "games not won by the turn limit",
            f"{1 - _won_share(first):.1%} (turn {first['max_turns']})",
            f"{1 - _won_share(second):.1%} (turn {second['max_turns']})",
            signed(-found["won_share"], percent=True),
        ),
    ]
    for turn in MILESTONES:
        a, b = first["p_kill_by_turn"].get(turn), second["p_kill_by_turn"].get(turn)
        if a is None and b is None:
            continue
        rows.append(
            Row(
                f"won by the end of turn {turn}",
                "—" if a is None else _share(a),
                "—" if b is None else _share(b),
                "—" if a is None or b is None else signed(b - a, percent=True),
            )
        )
    return rows


def _value(value: float | None, *, percent: bool, decimals: int) -> str:
    if value is None:
        return "—"
    return f"{value:.{decimals}%}" if percent else f"{value:,.{decimals}f}"


def turn_rows(first: Mapping[str, Any], second: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Turn by turn, both runs' chance of having won, mean damage and mean resources, each with
    the difference; a turn only one run played shows a dash for the other."""
    turns = sorted(set(first["p_kill_by_turn"]) | set(second["p_kill_by_turn"]), key=int)
    rows = []
    for turn in turns:
        cells = []
        for key, percent, decimals in (
            ("p_kill_by_turn", True, 1),
            ("mean_damage_by_turn", False, 1),
            ("mean_resources_by_turn", False, 2),
        ):
            a, b = first[key].get(turn), second[key].get(turn)
            change = _minus(b, a)
            cells.append(
                {
                    "first": _value(a, percent=percent, decimals=decimals),
                    "second": _value(b, percent=percent, decimals=decimals),
                    "difference": "—"
                    if change is None
                    else signed(change, percent=percent, decimals=decimals),
                }
            )
        rows.append({"turn": turn, "cells": cells})
    return rows


def draw_odds_rows(
    first: Mapping[str, Any], second: Mapping[str, Any], turns: Sequence[str]
) -> list[dict[str, Any]]:
    """Each card's chance of having been drawn by the turns given, in both runs. A card is
    paired by its name; a withheld card is not (its stand-in names say nothing of which card
    it is, so two of them are never the same card), and shows under its run's letter."""
    odds = (first["p_seen_by_turn"], second["p_seen_by_turn"])
    rows: list[dict[str, Any]] = []
    shared = sorted((set(odds[0]) | set(odds[1])) - {n for o in odds for n in o if _withheld(n)})
    for name in shared:
        cells = [_odds_cell(odds[0].get(name), odds[1].get(name), turn) for turn in turns]
        rows.append({"name": name, "cells": cells})
    for index, letter in enumerate(LETTERS):
        for name in sorted(n for n in odds[index] if _withheld(n)):
            pair = (odds[0].get(name), None) if index == 0 else (None, odds[1].get(name))
            rows.append(
                {
                    "name": f"{name} ({letter})",
                    "cells": [_odds_cell(pair[0], pair[1], turn) for turn in turns],
                }
            )
    return rows


def _withheld(name: str) -> bool:
    return name == WITHHELD_NAME or name.startswith(f"{WITHHELD_NAME} ")


def _odds_cell(
    first: Mapping[str, float] | None, second: Mapping[str, float] | None, turn: str
) -> dict[str, str]:
    a = first.get(turn) if first is not None else None
    b = second.get(turn) if second is not None else None
    change = _minus(b, a)
    return {
        "first": "—" if a is None else f"{a:.0%}",
        "second": "—" if b is None else f"{b:.0%}",
        "difference": "" if change is None else signed(change, percent=True, decimals=0),
    }
