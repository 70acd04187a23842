"""What a goldfish chart says in words and in numbers: the one-line summary a chart is
captioned and labelled with, and the table of the numbers it is drawn from (a row a turn), for
whoever cannot see the chart or wants the figures. Pure Python, no Django."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from simulations.chart_scales import share, signed

NOT_PLAYED = "not played"  # a run with a lower turn limit has no value on the later turns

# A column of a chart's table: its heading, and what it says on a turn.
Column = tuple[str, Callable[[str], str]]


@dataclass(frozen=True)
class DataTable:
    """The numbers behind a chart: a row a turn, the turn first."""

    caption: str
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


def turn_table(caption: str, turns: Sequence[str], columns: Sequence[Column]) -> DataTable:
    return DataTable(
        caption=caption,
        columns=("Turn", *(heading for heading, _ in columns)),
        rows=tuple((turn, *(says(turn) for _, says in columns)) for turn in turns),
    )


def run_columns(
    values: Sequence[Mapping[str, float]],
    labels: Sequence[str],
    text: Callable[[float], str],
    *,
    heading: str = "",
    difference: Callable[[float], str] | None = None,
) -> list[Column]:
    """A column a run (headed by its label; by `heading` on a chart of one run), and for two
    runs a last one of the second's value minus the first's."""
    if len(values) == 1:
        only = values[0]
        return [(heading, lambda turn: text(only[turn]) if turn in only else NOT_PLAYED)]

    def column(series: Mapping[str, float]) -> Callable[[str], str]:
        return lambda turn: text(series[turn]) if turn in series else NOT_PLAYED

    columns: list[Column] = [
        (label, column(series)) for label, series in zip(labels, values, strict=True)
    ]
    if len(values) == 2 and difference is not None:
        first, second = values
        letters = [letter(label) for label in labels]

        def change(turn: str) -> str:
            if turn in first and turn in second:
                return difference(second[turn] - first[turn])
            return "—"

        columns.append((f"{letters[1]} − {letters[0]}", change))
    return columns


def letter(label: str) -> str:
    """A run's letter, the first word of its label ("A · bury default" is run A)."""
    return label.split(" ", 1)[0]


def percent(value: float) -> str:
    return f"{value:.1%}"


def points(value: float) -> str:
    return signed(value, percent=True)


# -- summaries --------------------------------------------------------------------------------
# Each says one thing of one run; `each_run` puts the runs of a chart into one line.


def each_run(phrases: Sequence[str], labels: Sequence[str] = ()) -> str:
    """One line for a chart's runs: the phrase itself for one run ("Wins by turn 6 in 54% of
    games"), each after its run's letter for several ("A: wins by … · B: does not …")."""
    if len(phrases) == 1:
        return phrases[0][:1].upper() + phrases[0][1:]
    return " · ".join(
        f"{letter(label)}: {phrase}" for label, phrase in zip(labels, phrases, strict=True)
    )


def _last(values: Mapping[str, float], last_turn: int) -> tuple[str, float] | None:
    shown = [turn for turn in values if int(turn) <= last_turn]
    if not shown:
        return None
    turn = max(shown, key=int)
    return turn, values[turn]


def wins_by(p_kill: Mapping[str, float]) -> str:
    """The turn by which the deck wins at least half its games, and how many it has won by
    then."""
    for turn in sorted(p_kill, key=int):
        if p_kill[turn] >= 0.5:
            return f"wins by turn {turn} in {share(p_kill[turn])} of games"
    if not p_kill:
        return "played no turns"
    return f"does not win within {max(int(turn) for turn in p_kill)} turns in most games"


def won_by_the_end(p_kill: Mapping[str, float], last_turn: int) -> str:
    found = _last(p_kill, last_turn)
    if found is None:
        return "played no turns"
    turn, value = found
    return f"has won {share(value)} of games by turn {turn}"


def damage_by_the_end(damage: Mapping[str, float], last_turn: int) -> str:
    found = _last(damage, last_turn)
    if found is None:
        return "played no turns"
    turn, value = found
    return f"deals {value:,.1f} damage on average by turn {turn}"


def resources_peak(resources: Mapping[str, float], last_turn: int) -> str:
    """The turn with the most resources on average (the first of several such)."""
    shown = sorted((turn for turn in resources if int(turn) <= last_turn), key=int)
    if not shown:
        return "played no turns"
    turn = max(shown, key=lambda each: resources[each])
    return f"has the most resources on turn {turn}: {resources[turn]:,.2f} on average"
