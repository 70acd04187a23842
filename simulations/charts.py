"""The goldfish result's charts, laid out here and drawn by templates/simulations/_chart.svg.

Pure Python: numbers in, a layout of plain values out (scales, round ticks, where each bar and
point goes, what hovering it says); the template only writes the SVG. The charts are drawn on
the server, need no script, print, and carry a <title> each, and one per bar and point; the
page's tables hold every number too.

All charts of a run share their turns: up to the last turn where anything changes (a deck whose
games were all won by turn 6 is not drawn out to turn 20 of flat lines).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

# The drawing's own units; the page scales it to its width (site.css keeps it between 600 and
# 760 pixels, so 12 units of text are 11 to 14 pixels).
WIDTH, HEIGHT = 640, 280
# Room around the plot: tick labels on the left, the axis's name above the plot (never over
# a bar or the line), turn labels and "turn" below it.
LEFT, RIGHT, TOP, BOTTOM = 60, 16, 34, 46
MAX_INTERVALS = 6  # between y ticks: 4 to 7 ticks
MAX_TURN_LABELS = 12
MIN_TURNS = 3  # a chart of runs that change nothing still shows a few turns


@dataclass(frozen=True)
class Tick:
    value: float
    at: float  # y for the value axis, x for turns
    label: str


@dataclass(frozen=True)
class Mark:
    """A bar (x, y, width, height) or a point (its centre x, y), with the band of its turn,
    where hovering finds it, and what hovering it says."""

    turn: str
    value: float
    x: float
    y: float
    width: float
    height: float
    band_x: float
    band_width: float
    hover: str


@dataclass(frozen=True)
class Chart:
    kind: str  # "bar" or "line"
    slug: str  # for the SVG's ids
    title: str
    y_label: str
    width: int
    height: int
    left: float
    right: float
    top: float
    bottom: float
    y_ticks: tuple[Tick, ...]
    x_ticks: tuple[Tick, ...]
    marks: tuple[Mark, ...]
    line: str  # a line chart's polyline points

    @property
    def plot_height(self) -> float:
        return self.bottom - self.top

    @property
    def tick_x(self) -> float:
        return self.left - 8

    @property
    def y_label_x(self) -> float:
        return self.left

    @property
    def y_label_y(self) -> float:
        return self.top - 14

    @property
    def x_label_x(self) -> float:
        return (self.left + self.right) / 2

    @property
    def x_label_y(self) -> float:
        return self.height - 8

    @property
    def tick_label_y(self) -> float:
        return self.bottom + 18


# -- scales -----------------------------------------------------------------------------------


def nice_step(span: float, intervals: int = MAX_INTERVALS) -> float:
    """The smallest round step (1, 2 or 5 times a power of ten) that covers `span` in at most
    `intervals` steps."""
    if span <= 0:
        return 1.0
    raw = span / intervals
    power = 10.0 ** math.floor(math.log10(raw))
    for multiple in (1, 2, 5, 10):
        step = multiple * power
        if math.ceil(span / step - 1e-9) <= intervals:
            return _clean(step)
    return _clean(10 * power)  # pragma: no cover - 10 × power always covers it


def nice_ticks(high: float, intervals: int = MAX_INTERVALS) -> list[float]:
    """Round ticks from 0 up to the first round value at or above `high` (1 when there is
    nothing to show)."""
    high = high if high > 0 else 1.0
    step = nice_step(high, intervals)
    count = math.ceil(high / step - 1e-9)
    return [_clean(step * index) for index in range(count + 1)]


def _clean(value: float) -> float:
    # 0.1 * 3 is 0.30000000000000004: ticks are kept as the round numbers they are.
    return float(f"{value:.12g}")


def tick_label(value: float, step: float, *, percent: bool = False) -> str:
    """A tick as a person reads it: 12,000 · 2.5 · 40%."""
    if percent:
        value, step = value * 100, step * 100
    decimals = max(0, -math.floor(math.log10(step) + 1e-9)) if step > 0 else 0
    text = f"{value:,.{decimals}f}"
    return f"{text}%" if percent else text


def last_changing_turn(series: Iterable[Mapping[str, float]]) -> int:
    """The last turn on which any of the series (each a value by turn, counting up from turn 1)
    differs from its turn before (from 0 before turn 1); at least MIN_TURNS, at most the turns
    there are."""
    last = 0
    longest = 0
    for values in series:
        previous = 0.0
        turns = sorted(values, key=int)
        longest = max(longest, len(turns))
        for turn in turns:
            if values[turn] != previous:
                last = max(last, int(turn))
            previous = values[turn]
    return min(max(last, MIN_TURNS), longest) if longest else 0


# -- the charts -------------------------------------------------------------------------------


def _turns(values: Mapping[str, float], last: int) -> list[str]:
    return [turn for turn in sorted(values, key=int) if int(turn) <= last]


def _frame(
    turns: Sequence[str], high: float, *, percent: bool
) -> tuple[tuple[Tick, ...], tuple[Tick, ...], float, Callable[[float], float]]:
    """The ticks of both axes, the width of a turn's band, and where a value goes."""
    plot_top, plot_bottom = TOP, HEIGHT - BOTTOM
    ticks = nice_ticks(high)
    top_value = ticks[-1]
    step = ticks[1] - ticks[0] if len(ticks) > 1 else 1.0

    def y_of(value: float) -> float:
        return round(plot_bottom - (plot_bottom - plot_top) * min(value, top_value) / top_value, 1)

    y_ticks = tuple(
        Tick(value, y_of(value), tick_label(value, step, percent=percent)) for value in ticks
    )
    band = (WIDTH - RIGHT - LEFT) / max(len(turns), 1)
    every = int(nice_step(len(turns), MAX_TURN_LABELS)) if len(turns) > MAX_TURN_LABELS else 1
    x_ticks = tuple(
        Tick(int(turn), round(LEFT + band * (index + 0.5), 1), turn)
        for index, turn in enumerate(turns)
        if int(turn) % every == 0 or every == 1
    )
    return y_ticks, x_ticks, band, y_of


def bar_chart(
    values: Mapping[str, float],
    *,
    slug: str,
    title: str,
    y_label: str,
    last_turn: int,
    hover: Callable[[str, float], str],
) -> Chart:
    """One bar a turn, such as the games won on each turn."""
    turns = _turns(values, last_turn)
    y_ticks, x_ticks, band, y_of = _frame(
        turns, max([values[t] for t in turns] + [0.0]), percent=False
    )
    marks = []
    for index, turn in enumerate(turns):
        y = y_of(values[turn])
        band_x = LEFT + band * index
        marks.append(
            Mark(
                turn=turn,
                value=values[turn],
                x=round(band_x + band * 0.15, 1),
                y=y,
                width=round(band * 0.7, 1),
                height=round(HEIGHT - BOTTOM - y, 1),
                band_x=round(band_x, 1),
                band_width=round(band, 1),
                hover=hover(turn, values[turn]),
            )
        )
    return _chart("bar", slug, title, y_label, y_ticks, x_ticks, tuple(marks), "")


def line_chart(
    values: Mapping[str, float],
    *,
    slug: str,
    title: str,
    y_label: str,
    last_turn: int,
    hover: Callable[[str, float], str],
    percent: bool = False,
    y_max: float | None = None,
) -> Chart:
    """A value by the end of each turn, such as the chance of having won."""
    turns = _turns(values, last_turn)
    high = y_max if y_max is not None else max([values[t] for t in turns] + [0.0])
    y_ticks, x_ticks, band, y_of = _frame(turns, high, percent=percent)
    marks = tuple(
        Mark(
            turn=turn,
            value=values[turn],
            x=round(LEFT + band * (index + 0.5), 1),
            y=y_of(values[turn]),
            width=0.0,
            height=0.0,
            band_x=round(LEFT + band * index, 1),
            band_width=round(band, 1),
            hover=hover(turn, values[turn]),
        )
        for index, turn in enumerate(turns)
    )
    line = " ".join(f"{mark.x},{mark.y}" for mark in marks)
    return _chart("line", slug, title, y_label, y_ticks, x_ticks, marks, line)


def _chart(
    kind: str,
    slug: str,
    title: str,
    y_label: str,
    y_ticks: tuple[Tick, ...],
    x_ticks: tuple[Tick, ...],
    marks: tuple[Mark, ...],
    line: str,
) -> Chart:
    return Chart(
        kind=kind,
        slug=slug,
        title=title,
        y_label=y_label,
        width=WIDTH,
        height=HEIGHT,
        left=LEFT,
        right=WIDTH - RIGHT,
        top=TOP,
        bottom=HEIGHT - BOTTOM,
        y_ticks=y_ticks,
        x_ticks=x_ticks,
        marks=marks,
        line=line,
    )


def run_charts(result: Mapping[str, object]) -> tuple[dict[str, Chart], int, int]:
    """The three charts of a goldfish result, the last turn they show, and the last turn
    played."""
    histogram: Mapping[str, float] = result["kill_turn"]["histogram"]  # type: ignore[index]
    p_kill: Mapping[str, float] = result["p_kill_by_turn"]  # type: ignore[assignment]
    damage: Mapping[str, float] = result["mean_damage_by_turn"]  # type: ignore[assignment]
    games = float(result.get("games") or 0)  # type: ignore[arg-type]
    last = last_changing_turn([p_kill, damage])
    played = max((int(turn) for turn in p_kill), default=0)

    def won_on(turn: str, count: float) -> str:
        share = f" ({count / games:.1%} of the games)" if games else ""
        return f"Turn {turn}: {count:,.0f} game{'s' if count != 1 else ''} won{share}"

    charts = {
        "kill": bar_chart(
            histogram,
            slug="kill",
            title="Games won on each turn",
            y_label="games won",
            last_turn=last,
            hover=won_on,
        ),
        "p_kill": line_chart(
            p_kill,
            slug="p-kill",
            title="Chance of having won by each turn",
            y_label="chance of having won",
            last_turn=last,
            hover=lambda turn, value: f"By the end of turn {turn}: {value:.1%}",
            percent=True,
            y_max=1.0,
        ),
        "damage": line_chart(
            damage,
            slug="damage",
            title="Mean damage dealt by each turn",
            y_label="mean damage",
            last_turn=last,
            hover=lambda turn, value: f"By the end of turn {turn}: {value:,.1f} damage",
        ),
    }
    return charts, last, played
