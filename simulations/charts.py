"""The goldfish result's charts: which charts a run and a comparison of runs get, what each
says in one line, and the numbers in its table. simulations.chart_layout lays them out and the
templates of templates/simulations/charts/ draw them (figure.html: the caption, the SVG, and
the table behind "Show data"). The charts are drawn on the server, need no script, and print.

All charts of a run share their turns: up to the last turn where anything changes (a deck whose
games were all won by turn 6 is not drawn out to turn 20 of flat lines).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from functools import partial

from simulations import chart_readings as readings
from simulations.chart_layout import Chart, series_chart
from simulations.chart_scales import last_changing_turn, signed

__all__ = ["Chart", "compare_charts", "kill_share", "run_charts", "signed"]


def _told(chart: Chart, caption: str, summary: str, columns: Sequence[readings.Column]) -> Chart:
    """The chart with its visible name, its summary, and the table of its numbers."""
    table = readings.turn_table(chart.title, chart.turns, columns)
    return replace(chart, caption=caption, summary=summary, table=table)


def _by_turn(result: Mapping[str, object], key: str) -> Mapping[str, float]:
    return result[key]  # type: ignore[return-value]


def run_charts(result: Mapping[str, object]) -> tuple[dict[str, Chart], int, int]:
    """The three charts of a goldfish result, the last turn they show, and the last turn
    played."""
    histogram: Mapping[str, float] = result["kill_turn"]["histogram"]  # type: ignore[index]
    p_kill = _by_turn(result, "p_kill_by_turn")
    damage = _by_turn(result, "mean_damage_by_turn")
    games = float(result.get("games") or 0)  # type: ignore[arg-type]
    last = last_changing_turn([p_kill, damage])
    played = max((int(turn) for turn in p_kill), default=0)

    def won_on(turn: str, count: float) -> str:
        of_games = f" ({count / games:.1%} of the games)" if games else ""
        return f"Turn {turn}: {count:,.0f} game{'s' if count != 1 else ''} won{of_games}"

    kill = series_chart(
        "bar",
        [histogram],
        slug="kill",
        title="Games won on each turn",
        y_label="games won",
        last_turn=last,
        hover=won_on,
    )
    chance = series_chart(
        "line",
        [p_kill],
        slug="p-kill",
        title="Chance of having won by each turn",
        y_label="chance of having won",
        last_turn=last,
        hover=lambda turn, value: f"By the end of turn {turn}: {value:.1%}",
        percent=True,
        y_max=1.0,
    )
    dealt = series_chart(
        "line",
        [damage],
        slug="damage",
        title="Mean damage dealt by each turn",
        y_label="mean damage",
        last_turn=last,
        hover=lambda turn, value: f"By the end of turn {turn}: {value:,.1f} damage",
    )
    charts = {
        "kill": _told(
            kill,
            "Kill-turn histogram: games won on each turn.",
            readings.each_run([readings.wins_by(p_kill)]),
            [
                ("Games won", lambda turn: f"{histogram[turn]:,.0f}"),
                (
                    "Share of the games",
                    lambda turn: readings.percent(histogram[turn] / games if games else 0.0),
                ),
            ],
        ),
        "p_kill": _told(
            chance,
            "Chance of having won by the end of each turn.",
            readings.each_run([readings.won_by_the_end(p_kill, last)]),
            readings.run_columns([p_kill], [], readings.percent, heading="Chance of having won"),
        ),
        "damage": _told(
            dealt,
            "Mean total damage to the goldfish by the end of each turn.",
            readings.each_run([readings.damage_by_the_end(damage, last)]),
            readings.run_columns([damage], [], "{:,.1f}".format, heading="Mean damage"),
        ),
    }
    return charts, last, played


# -- several runs -----------------------------------------------------------------------------


def kill_share(result: Mapping[str, object]) -> dict[str, float]:
    """The share of a result's games won on each turn: runs of different sizes compare by it."""
    histogram: Mapping[str, float] = result["kill_turn"]["histogram"]  # type: ignore[index]
    games = float(result.get("games") or 0)  # type: ignore[arg-type]
    return {turn: (count / games if games else 0.0) for turn, count in histogram.items()}


def compare_charts(
    results: Sequence[Mapping[str, object]], labels: Sequence[str]
) -> tuple[dict[str, Chart], int]:
    """The charts of several goldfish results on the same axes (each named by its label), and
    the last turn they show. Runs of different sizes are compared by shares, so the kill-turn
    chart is the share of each run's games won on each turn, not the count."""
    p_kill = [_by_turn(result, "p_kill_by_turn") for result in results]
    damage = [_by_turn(result, "mean_damage_by_turn") for result in results]
    resources = [_by_turn(result, "mean_resources_by_turn") for result in results]
    shares = [kill_share(result) for result in results]
    last = max(last_changing_turn([p, d]) for p, d in zip(p_kill, damage, strict=True))
    # A hovered turn names each run by its label's first word ("A", "B").
    short = [readings.letter(label) for label in labels]

    def says(
        value_text: Callable[[float], str], *, percent: bool = False, decimals: int = 1
    ) -> Callable[[str, list[float | None]], str]:
        def hover(turn: str, values: list[float | None]) -> str:
            parts = [
                f"{label}: {value_text(value) if value is not None else readings.NOT_PLAYED}"
                for label, value in zip(short, values, strict=True)
            ]
            if len(values) == 2 and None not in values:
                difference = values[1] - values[0]  # type: ignore[operator]
                change = signed(difference, percent=percent, decimals=decimals)
                parts.append(f"{short[1]} − {short[0]}: {change}")
            return f"Turn {turn} · " + " · ".join(parts)

        return hover

    def damage_text(value: float) -> str:
        return f"{value:,.1f}"

    def resources_text(value: float) -> str:
        return f"{value:,.2f}"

    def resources_change(value: float) -> str:
        return signed(value, decimals=2)

    chart = partial(series_chart, labels=labels, last_turn=last)
    kill = chart(
        "bar",
        shares,
        slug="compare-kill",
        title="Share of the games won on each turn",
        y_label="share of the games won",
        hover=lambda turn, value: f"turn {turn}: {value:.1%} of the games won",
        band_hover=says(readings.percent, percent=True),
        percent=True,
    )
    chance = chart(
        "line",
        p_kill,
        slug="compare-p-kill",
        title="Chance of having won by each turn",
        y_label="chance of having won",
        hover=lambda turn, value: f"by the end of turn {turn}: {value:.1%}",
        band_hover=says(readings.percent, percent=True),
        percent=True,
        y_max=1.0,
    )
    dealt = chart(
        "line",
        damage,
        slug="compare-damage",
        title="Mean damage dealt by each turn",
        y_label="mean damage",
        hover=lambda turn, value: f"by the end of turn {turn}: {value:,.1f} damage",
        band_hover=says(lambda value: f"{damage_text(value)} damage"),
    )
    held = chart(
        "line",
        resources,
        slug="compare-resources",
        title="Mean resources on each turn",
        y_label="mean resources",
        hover=lambda turn, value: f"turn {turn}: {value:,.2f} resources",
        band_hover=says(lambda value: f"{resources_text(value)} resources", decimals=2),
    )

    def columns(
        values: Sequence[Mapping[str, float]],
        text: Callable[[float], str],
        difference: Callable[[float], str],
    ) -> list[readings.Column]:
        return readings.run_columns(values, labels, text, difference=difference)

    def summary(phrases: list[str]) -> str:
        return readings.each_run(phrases, labels)

    charts = {
        "kill": _told(
            kill,
            "Kill-turn distribution: the share of each run's games won on each turn.",
            summary([readings.wins_by(each) for each in p_kill]),
            columns(shares, readings.percent, readings.points),
        ),
        "p_kill": _told(
            chance,
            "Chance of having won by the end of each turn.",
            summary([readings.won_by_the_end(each, last) for each in p_kill]),
            columns(p_kill, readings.percent, readings.points),
        ),
        "damage": _told(
            dealt,
            "Mean total damage to the goldfish by the end of each turn.",
            summary([readings.damage_by_the_end(each, last) for each in damage]),
            columns(damage, damage_text, signed),
        ),
        "resources": _told(
            held,
            "Mean resources on each turn.",
            summary([readings.resources_peak(each, last) for each in resources]),
            columns(resources, resources_text, resources_change),
        ),
    }
    return charts, last
