"""The goldfish result's charts, laid out here and drawn by templates/simulations/_chart.svg.

Pure Python: numbers in, a layout of plain values out (scales, round ticks, where each bar and
point goes, what hovering it says); the template only writes the SVG. The charts are drawn on
the server, need no script, print, and carry a <title> each, and one per bar and point; the
page's tables hold every number too.

All charts of a run share their turns: up to the last turn where anything changes (a deck whose
games were all won by turn 6 is not drawn out to turn 20 of flat lines).

A chart may also hold several runs at once (the compare page): one series each, told apart by
colour and by a dash pattern and a marker shape (so not by colour alone), named in a legend
above the plot; hovering a turn says every run's value there and how far apart they are.
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
LEGEND_ROW = 18  # a legend line above the plot, one per series of a chart of several runs
# How each series of a chart of several runs looks apart from its colour (series-N in the CSS):
# its line's dash pattern ("" is solid) and its points' shape. Bars of a dashed series are
# hatched and outlined with its dashes.
LOOKS = (("", "circle"), ("8 4", "square"), ("2 3", "diamond"))


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
class Series:
    """One run's bars or points on a chart, and how it is told apart from the others."""

    style: int  # 1, 2, ...: its colour (series-N in the CSS) and its place in LOOKS
    label: str  # what the legend calls it ("" on a chart of one run)
    marks: tuple[Mark, ...]
    line: str  # a line chart's polyline points
    dash: str  # the line's (or a bar's outline's) stroke-dasharray, "" for solid
    marker: str  # the points' shape: "circle", "square" or "diamond"

    @property
    def hatched(self) -> bool:
        return bool(self.dash)


@dataclass(frozen=True)
class Band:
    """A turn's strip across a chart of several runs: hovering it says each run's value."""

    turn: str
    x: float
    width: float
    hover: str


@dataclass(frozen=True)
class LegendEntry:
    """A legend line above the plot: a sample of the series' line and marker, then its name."""

    style: int
    label: str
    dash: str
    marker: str
    hatched: bool
    y: float  # the line's middle
    sample_x1: float
    sample_x2: float
    marker_x: float
    text_x: float


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
    series: tuple[Series, ...]
    bands: tuple[Band, ...] = ()  # only on a chart of several runs
    legend: tuple[LegendEntry, ...] = ()

    @property
    def marks(self) -> tuple[Mark, ...]:
        """The first series' marks: a chart of one run has only those."""
        return self.series[0].marks if self.series else ()

    @property
    def line(self) -> str:
        return self.series[0].line if self.series else ""

    @property
    def several(self) -> bool:
        return len(self.series) > 1

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
    turns: Sequence[str], high: float, *, percent: bool, top: float = TOP, height: float = HEIGHT
) -> tuple[tuple[Tick, ...], tuple[Tick, ...], float, Callable[[float], float]]:
    """The ticks of both axes, the width of a turn's band, and where a value goes."""
    plot_top, plot_bottom = top, height - BOTTOM
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
    return series_chart(
        "bar", [values], slug=slug, title=title, y_label=y_label, last_turn=last_turn, hover=hover
    )


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
    return series_chart(
        "line",
        [values],
        slug=slug,
        title=title,
        y_label=y_label,
        last_turn=last_turn,
        hover=hover,
        percent=percent,
        y_max=y_max,
    )


def series_chart(
    kind: str,
    values: Sequence[Mapping[str, float]],
    *,
    slug: str,
    title: str,
    y_label: str,
    last_turn: int,
    hover: Callable[[str, float], str],
    labels: Sequence[str] = (),
    band_hover: Callable[[str, list[float | None]], str] | None = None,
    percent: bool = False,
    y_max: float | None = None,
) -> Chart:
    """A bar or line chart of one series or of several (`labels` names each one, for the
    legend, and `band_hover` says a turn's values of all of them). The turns are those of any
    series, up to `last_turn`; a series without a turn (a shorter turn limit) has no mark
    there. Bars of several series stand side by side in their turn's band."""
    if not values:
        raise ValueError("a chart needs at least one series")
    if len(values) > len(LOOKS):
        raise ValueError(f"a chart shows at most {len(LOOKS)} series")
    count = len(values)
    several = count > 1
    legend_height = LEGEND_ROW * count if several else 0
    top, height = TOP + legend_height, HEIGHT + legend_height
    turns = sorted({t for series in values for t in _turns(series, last_turn)}, key=int)
    shown = [series[t] for series in values for t in turns if t in series]
    high = y_max if y_max is not None else max(shown + [0.0])
    y_ticks, x_ticks, band, y_of = _frame(turns, high, percent=percent, top=top, height=height)
    place = {turn: index for index, turn in enumerate(turns)}
    bar_width = band * 0.7 / count

    drawn = []
    for number, series in enumerate(values):
        dash, marker = LOOKS[number] if several else LOOKS[0]
        prefix = f"{labels[number]}: " if several and number < len(labels) else ""
        marks = []
        for turn in (t for t in turns if t in series):
            band_x = LEFT + band * place[turn]
            y = y_of(series[turn])
            if kind == "bar":
                x, width, mark_height = (
                    band_x + band * 0.15 + bar_width * number,
                    bar_width,
                    round(height - BOTTOM - y, 1),
                )
            else:
                # As the turn's tick is placed, so the point sits right above it.
                x, width, mark_height = LEFT + band * (place[turn] + 0.5), 0.0, 0.0
            marks.append(
                Mark(
                    turn=turn,
                    value=series[turn],
                    x=round(x, 1),
                    y=y,
                    width=round(width, 1),
                    height=mark_height,
                    band_x=round(band_x, 1),
                    band_width=round(band, 1),
                    hover=prefix + hover(turn, series[turn]),
                )
            )
        line = " ".join(f"{mark.x},{mark.y}" for mark in marks) if kind == "line" else ""
        label = labels[number] if number < len(labels) else ""
        drawn.append(Series(number + 1, label, tuple(marks), line, dash, marker))

    bands: tuple[Band, ...] = ()
    legend: tuple[LegendEntry, ...] = ()
    if several:
        says = band_hover or (
            lambda turn, found: " · ".join(
                hover(turn, value) for value in found if value is not None
            )
        )
        bands = tuple(
            Band(
                turn=turn,
                x=round(LEFT + band * place[turn], 1),
                width=round(band, 1),
                hover=says(turn, [series.get(turn) for series in values]),
            )
            for turn in turns
        )
        legend = tuple(
            LegendEntry(
                style=entry.style,
                label=entry.label,
                dash=entry.dash,
                marker=entry.marker,
                hatched=entry.hatched,
                y=LEGEND_ROW * (number + 0.5) + 2,
                sample_x1=LEFT,
                sample_x2=LEFT + 34,
                marker_x=LEFT + 17,
                text_x=LEFT + 44,
            )
            for number, entry in enumerate(drawn)
        )
    return Chart(
        kind=kind,
        slug=slug,
        title=title,
        y_label=y_label,
        width=WIDTH,
        height=height,
        left=LEFT,
        right=WIDTH - RIGHT,
        top=top,
        bottom=height - BOTTOM,
        y_ticks=y_ticks,
        x_ticks=x_ticks,
        series=tuple(drawn),
        bands=bands,
        legend=legend,
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


# -- several runs -----------------------------------------------------------------------------


def signed(value: float, *, percent: bool = False, decimals: int = 1) -> str:
    """A difference as a person reads it: +2.5, −0.4, ±0; percentages in points."""
    if percent:
        value *= 100
    text = f"{abs(value):,.{decimals}f}"
    sign = "±" if float(text.replace(",", "")) == 0 else "+" if value > 0 else "−"
    return f"{sign}{text}{' points' if percent else ''}"


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

    def by_turn(result: Mapping[str, object], key: str) -> Mapping[str, float]:
        return result[key]  # type: ignore[return-value]

    p_kill = [by_turn(result, "p_kill_by_turn") for result in results]
    damage = [by_turn(result, "mean_damage_by_turn") for result in results]
    resources = [by_turn(result, "mean_resources_by_turn") for result in results]
    last = max(last_changing_turn([p, d]) for p, d in zip(p_kill, damage, strict=True))
    # A hovered turn names each run by its label's first word ("A", "B").
    short = [label.split(" ", 1)[0] for label in labels]

    def says(
        value_text: Callable[[float], str], *, percent: bool = False, decimals: int = 1
    ) -> Callable[[str, list[float | None]], str]:
        def hover(turn: str, values: list[float | None]) -> str:
            parts = [
                f"{label}: {value_text(value) if value is not None else 'not played'}"
                for label, value in zip(short, values, strict=True)
            ]
            if len(values) == 2 and None not in values:
                difference = values[1] - values[0]  # type: ignore[operator]
                change = signed(difference, percent=percent, decimals=decimals)
                parts.append(f"{short[1]} − {short[0]}: {change}")
            return f"Turn {turn} · " + " · ".join(parts)

        return hover

    charts = {
        "kill": series_chart(
            "bar",
            [kill_share(result) for result in results],
            slug="compare-kill",
            title="Share of the games won on each turn",
            y_label="share of the games won",
            hover=lambda turn, value: f"turn {turn}: {value:.1%} of the games won",
            band_hover=says(lambda value: f"{value:.1%}", percent=True),
            percent=True,
            labels=labels,
            last_turn=last,
        ),
        "p_kill": series_chart(
            "line",
            p_kill,
            slug="compare-p-kill",
            title="Chance of having won by each turn",
            y_label="chance of having won",
            hover=lambda turn, value: f"by the end of turn {turn}: {value:.1%}",
            band_hover=says(lambda value: f"{value:.1%}", percent=True),
            percent=True,
            y_max=1.0,
            labels=labels,
            last_turn=last,
        ),
        "damage": series_chart(
            "line",
            damage,
            slug="compare-damage",
            title="Mean damage dealt by each turn",
            y_label="mean damage",
            hover=lambda turn, value: f"by the end of turn {turn}: {value:,.1f} damage",
            band_hover=says(lambda value: f"{value:,.1f} damage"),
            labels=labels,
            last_turn=last,
        ),
        "resources": series_chart(
            "line",
            resources,
            slug="compare-resources",
            title="Mean resources on each turn",
            y_label="mean resources",
            hover=lambda turn, value: f"turn {turn}: {value:,.2f} resources",
            band_hover=says(lambda value: f"{value:,.2f} resources", decimals=2),
            labels=labels,
            last_turn=last,
        ),
    }
    return charts, last
