"""The goldfish charts' scales: round ticks, how a number is written, and up to which turn a
run is worth drawing. Pure Python, no Django."""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping

MAX_INTERVALS = 6  # between y ticks: 4 to 7 ticks
MIN_TURNS = 3  # a chart of runs that change nothing still shows a few turns


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


def share(value: float) -> str:
    """A share in whole percents, never rounded up to 100% nor down to 0% when it is not."""
    text = f"{value:.0%}"
    if (text == "100%" and value < 1) or (text == "0%" and value > 0):
        return f"{value:.1%}"
    return text


def signed(value: float, *, percent: bool = False, decimals: int = 1) -> str:
    """A difference as a person reads it: +2.5, −0.4, ±0; percentages in points."""
    if percent:
        value *= 100
    text = f"{abs(value):,.{decimals}f}"
    sign = "±" if float(text.replace(",", "")) == 0 else "+" if value > 0 else "−"
    return f"{sign}{text}{' points' if percent else ''}"


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
