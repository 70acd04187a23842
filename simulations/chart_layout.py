"""Where a goldfish chart's bars, points, ticks and legend go: a layout of plain values that
the templates of templates/simulations/charts/ write as SVG. Pure Python, no Django.

A chart may hold several runs at once (the compare page): one series each, told apart by colour
and by a dash pattern and a marker shape (so not by colour alone), named in a legend above the
plot; hovering a turn says every run's value there and how far apart they are.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from simulations.chart_readings import DataTable
from simulations.chart_scales import nice_step, nice_ticks, tick_label

# The drawing's own units; the page scales it to its width. Its text is 12 units on a wide
# screen and up to 20 on a phone (site.css), where the chart is drawn about 340 pixels wide:
# the margins leave room for the larger text.
WIDTH, HEIGHT = 640, 280
# Room around the plot: the axis's name above it (never over a bar or the line), turn labels
# and "turn" below it, tick labels on the left (as wide as the longest one needs).
RIGHT, TOP, BOTTOM = 16, 34, 50
TICK_GAP, CHARACTER = 12, 13  # a 20-unit character of a tick label is at most 13 units wide
MAX_TURN_LABELS = 12
LEGEND_ROW = 24  # a legend line above the plot, one per series of a chart of several runs
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
    slug: str  # for the page's ids
    title: str  # the SVG's title and its table's caption
    y_label: str
    width: int
    height: int
    left: float
    right: float
    top: float
    bottom: float
    turns: tuple[str, ...]
    y_ticks: tuple[Tick, ...]
    x_ticks: tuple[Tick, ...]
    series: tuple[Series, ...]
    bands: tuple[Band, ...] = ()  # only on a chart of several runs
    legend: tuple[LegendEntry, ...] = ()
    caption: str = ""  # the figure's visible name
    summary: str = ""  # what it shows, in one line: its caption's and its accessible name's
    table: DataTable | None = None

    @property
    def marks(self) -> tuple[Mark, ...]:
        """The first series' marks: a chart of one run has only those."""
        return self.series[0].marks if self.series else ()

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
        return self.bottom + 20


def _turns(values: Mapping[str, float], last: int) -> list[str]:
    return [turn for turn in sorted(values, key=int) if int(turn) <= last]


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
    bottom = height - BOTTOM
    turns = sorted({t for series in values for t in _turns(series, last_turn)}, key=int)
    shown = [series[t] for series in values for t in turns if t in series]
    high = y_max if y_max is not None else max(shown + [0.0])

    tick_values = nice_ticks(high)
    top_value = tick_values[-1]
    step = tick_values[1] - tick_values[0] if len(tick_values) > 1 else 1.0
    labels_of_ticks = [tick_label(value, step, percent=percent) for value in tick_values]
    left = TICK_GAP + CHARACTER * max(len(label) for label in labels_of_ticks)

    def y_of(value: float) -> float:
        return round(bottom - (bottom - top) * min(value, top_value) / top_value, 1)

    band = (WIDTH - RIGHT - left) / max(len(turns), 1)
    every = int(nice_step(len(turns), MAX_TURN_LABELS)) if len(turns) > MAX_TURN_LABELS else 1
    place = {turn: index for index, turn in enumerate(turns)}
    y_ticks = tuple(
        Tick(value, y_of(value), label)
        for value, label in zip(tick_values, labels_of_ticks, strict=True)
    )
    x_ticks = tuple(
        Tick(int(turn), round(left + band * (place[turn] + 0.5), 1), turn)
        for turn in turns
        if every == 1 or int(turn) % every == 0
    )
    bar_width = band * 0.7 / count

    drawn = []
    for number, series in enumerate(values):
        dash, marker = LOOKS[number]
        prefix = f"{labels[number]}: " if several and number < len(labels) else ""
        marks = []
        for turn in (t for t in turns if t in series):
            band_x = left + band * place[turn]
            y = y_of(series[turn])
            if kind == "bar":
                x = band_x + band * 0.15 + bar_width * number
                width, mark_height = bar_width, round(bottom - y, 1)
            else:
                # As the turn's tick is placed, so the point sits right above it.
                x, width, mark_height = band_x + band / 2, 0.0, 0.0
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
                x=round(left + band * place[turn], 1),
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
                sample_x1=left,
                sample_x2=left + 34,
                marker_x=left + 17,
                text_x=left + 44,
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
        left=left,
        right=WIDTH - RIGHT,
        top=top,
        bottom=bottom,
        turns=tuple(turns),
        y_ticks=y_ticks,
        x_ticks=x_ticks,
        series=tuple(drawn),
        bands=bands,
        legend=legend,
    )
