"""Deck statistics: the level curve, minions and spells, SP and HP. Pure Python.

The input is any sequence of (count, card) pairs whose cards have ``kind``, ``level``, ``sp`` and
``hp`` attributes, such as the rules engine's ``DeckEntry`` objects or the deck's model rows.
Cards with a broken level (a fraction, a negative number) still count: the validation panel says
why they cannot be played, the stats just place them where their number falls.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

MINION = "minion"
SPELL = "spell"

# A curve wider than this many levels puts the high ones into a final "N+" bar.
MAX_CURVE_LEVELS = 13


class StatCard(Protocol):
    kind: Any
    level: Any
    sp: Any
    hp: Any


def kind_of(card: StatCard) -> str:
    """The card's kind as a plain string, whether it is stored as a string or an enum."""
    kind = getattr(card.kind, "value", card.kind)
    return str(kind)


@dataclass(frozen=True)
class CurveBar:
    """One bar of the level curve: the cards of one level (or of this level and higher)."""

    label: str
    level: int
    minions: int
    spells: int
    open_ended: bool = False  # the last bar of a wide curve: this level and every higher one

    @property
    def total(self) -> int:
        return self.minions + self.spells


@dataclass(frozen=True)
class DeckStats:
    size: int
    minions: int
    spells: int
    others: int  # cards of a kind the game does not know: invalid, shown apart
    total_sp: int | float
    total_hp: int | float
    minions_with_sp: int
    minions_with_hp: int
    curve: tuple[CurveBar, ...]
    average_level: float | None

    @property
    def average_sp(self) -> float | None:
        return self.total_sp / self.minions_with_sp if self.minions_with_sp else None

    @property
    def average_hp(self) -> float | None:
        return self.total_hp / self.minions_with_hp if self.minions_with_hp else None

    @property
    def tallest(self) -> int:
        return max((bar.total for bar in self.curve), default=0)

    def as_dict(self) -> dict[str, Any]:
        return {
            "size": self.size,
            "minions": self.minions,
            "spells": self.spells,
            "total_sp": self.total_sp,
            "total_hp": self.total_hp,
            "average_sp": _round(self.average_sp),
            "average_hp": _round(self.average_hp),
            "average_level": _round(self.average_level),
            "curve": [
                {"level": bar.label, "minions": bar.minions, "spells": bar.spells}
                for bar in self.curve
            ],
        }


def _round(value: float | None) -> float | None:
    return None if value is None else round(value, 2)


def _number(value: Any) -> int | float | None:
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    if isinstance(value, float) and not math.isfinite(value):
        return None
    return value


def deck_stats(entries: Iterable[tuple[int, StatCard]]) -> DeckStats:
    """Counts and sums over a deck; SP and HP are summed over minions, copies included."""
    size = minions = spells = others = 0
    total_sp: int | float = 0
    total_hp: int | float = 0
    with_sp = with_hp = 0
    level_sum: int | float = 0
    levelled = 0
    per_level: dict[int, list[int]] = {}
    for count, card in entries:
        if count <= 0:
            continue
        size += count
        kind = kind_of(card)
        level = _number(card.level)
        if level is not None:
            level_sum += level * count
            levelled += count
        if kind == MINION:
            minions += count
            sp, hp = _number(card.sp), _number(card.hp)
            if sp is not None:
                total_sp += sp * count
                with_sp += count
            if hp is not None:
                total_hp += hp * count
                with_hp += count
        elif kind == SPELL:
            spells += count
        else:
            others += count
            continue
        if level is None:
            continue
        bucket = per_level.setdefault(max(0, math.floor(level)), [0, 0])
        bucket[0 if kind == MINION else 1] += count
    return DeckStats(
        size=size,
        minions=minions,
        spells=spells,
        others=others,
        total_sp=total_sp,
        total_hp=total_hp,
        minions_with_sp=with_sp,
        minions_with_hp=with_hp,
        curve=level_curve(per_level),
        average_level=level_sum / levelled if levelled else None,
    )


def level_curve(per_level: dict[int, list[int]]) -> tuple[CurveBar, ...]:
    """Bars from level 0 (or the lowest level) up, with no gaps, so the shape reads true."""
    if not per_level:
        return ()
    low = min(0, min(per_level))
    high = max(per_level)
    last = min(high, low + MAX_CURVE_LEVELS - 1)
    bars = []
    for level in range(low, last + 1):
        open_ended = level == last and high > last
        if open_ended:
            minions = sum(c[0] for lvl, c in per_level.items() if lvl >= level)
            spells = sum(c[1] for lvl, c in per_level.items() if lvl >= level)
        else:
            minions, spells = per_level.get(level, [0, 0])
        label = f"{level}+" if open_ended else str(level)
        bars.append(CurveBar(label, level, minions, spells, open_ended))
    return tuple(bars)


@dataclass(frozen=True)
class ChartBar:
    """A bar of the curve chart with its geometry, ready for an SVG template."""

    bar: CurveBar
    x: float
    width: float
    minion_y: float
    minion_height: float
    spell_y: float
    spell_height: float
    label_x: float
    count_y: float


@dataclass(frozen=True)
class Chart:
    width: int
    height: int
    baseline: float
    bars: tuple[ChartBar, ...]
    gridlines: tuple[tuple[float, int], ...]  # (y, value)
    summary: str = ""  # what the curve shows, in one line: its caption and accessible name


def curve_summary(curve: Sequence[CurveBar]) -> str:
    """The curve in one line: "Levels 1 to 4, most at level 2 (12 of 40 cards)"."""
    filled = [bar for bar in curve if bar.total]
    if not filled:
        return ""
    cards = sum(bar.total for bar in filled)
    if len(filled) == 1:
        every = f"All {cards} cards" if cards > 1 else "1 card"
        return f"{every} at level {filled[0].label}"
    most = max(bar.total for bar in filled)
    tops = [bar.label for bar in filled if bar.total == most]
    if len(tops) == 1:
        where, each = f"level {tops[0]}", ""
    else:
        where, each = f"levels {', '.join(tops[:-1])} and {tops[-1]}", " each"
    span = f"Levels {filled[0].label} to {filled[-1].label}"
    return f"{span}, most at {where} ({most}{each} of {cards} cards)"


def curve_chart(
    curve: Sequence[CurveBar], *, width: int = 360, height: int = 180, top: int = 18
) -> Chart:
    """Geometry of a stacked bar chart of the curve: minions at the bottom, spells on top."""
    bottom = 24  # room for the level labels
    left = 26  # room for the gridline values
    plot_height = height - top - bottom
    baseline = float(height - bottom)
    tallest = max((bar.total for bar in curve), default=0)
    scale_max = _nice_ceiling(tallest)
    slot = (width - left) / max(len(curve), 1)
    bar_width = max(4.0, slot * 0.7)
    bars = []
    for index, bar in enumerate(curve):
        x = left + index * slot + (slot - bar_width) / 2
        minion_height = plot_height * bar.minions / scale_max if scale_max else 0.0
        spell_height = plot_height * bar.spells / scale_max if scale_max else 0.0
        minion_y = baseline - minion_height
        spell_y = minion_y - spell_height
        bars.append(
            ChartBar(
                bar=bar,
                x=round(x, 2),
                width=round(bar_width, 2),
                minion_y=round(minion_y, 2),
                minion_height=round(minion_height, 2),
                spell_y=round(spell_y, 2),
                spell_height=round(spell_height, 2),
                label_x=round(x + bar_width / 2, 2),
                count_y=round(spell_y - 4, 2),
            )
        )
    gridlines = []
    if scale_max:
        step = _grid_step(scale_max)
        for value in range(step, scale_max + 1, step):
            gridlines.append((round(baseline - plot_height * value / scale_max, 2), value))
    return Chart(width, height, baseline, tuple(bars), tuple(gridlines), curve_summary(curve))


def _nice_ceiling(value: int) -> int:
    if value <= 0:
        return 0
    for nice in (4, 5, 8, 10, 12, 15, 20, 25, 30, 40, 50, 60, 80, 100):
        if value <= nice:
            return nice
    magnitude = 10 ** (len(str(value)) - 1)
    return math.ceil(value / magnitude) * magnitude


def _grid_step(scale_max: int) -> int:
    for step in (1, 2, 5, 10, 20, 25, 50, 100):
        if scale_max / step <= 5:
            return step
    return max(1, scale_max // 5)
