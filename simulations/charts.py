"""Server-drawn SVG charts for goldfish results: no JavaScript, printable, accessible.

Every label is escaped; the charts carry a <title> and the numbers are also in tables
beside them, so a screen reader loses nothing."""

from collections.abc import Mapping
from html import escape

WIDTH, HEIGHT = 560, 220
LEFT, RIGHT, TOP, BOTTOM = 44, 12, 14, 30


def _frame(title: str, body: list[str], y_max: float, y_label: str, percent: bool) -> str:
    plot_h = HEIGHT - TOP - BOTTOM
    grid = []
    for i in range(5):
        value = y_max * i / 4
        y = TOP + plot_h - plot_h * i / 4
        text = f"{value:.0%}" if percent else (f"{value:.0f}" if y_max >= 4 else f"{value:.1f}")
        grid.append(
            f'<line x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y:.1f}" y2="{y:.1f}" class="grid"/>'
            f'<text x="{LEFT - 6}" y="{y + 4:.1f}" class="axis" text-anchor="end">{text}</text>'
        )
    return (
        f'<svg class="chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
        f'aria-label="{escape(title)}" '
        f'xmlns="http://www.w3.org/2000/svg"><title>{escape(title)}</title>'
        + "".join(grid)
        + "".join(body)
        + f'<text x="{LEFT}" y="{HEIGHT - 4}" class="axis">turn</text>'
        + f'<text x="{WIDTH - RIGHT}" y="{TOP - 2}" class="axis" text-anchor="end">'
        + f"{escape(y_label)}</text>"
        + "</svg>"
    )


def bar_chart(
    values: Mapping[str, float], *, title: str, y_label: str, percent: bool = False
) -> str:
    keys = list(values)
    y_max = max([*values.values(), 0.0]) or 1.0
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    step = plot_w / max(len(keys), 1)
    body = []
    for i, key in enumerate(keys):
        value = values[key]
        h = plot_h * value / y_max
        x = LEFT + i * step + step * 0.12
        y = TOP + plot_h - h
        shown = f"{value:.1%}" if percent else f"{value:g}"
        body.append(
            f'<rect x="{x:.1f}" y="{y:.1f}" width="{step * 0.76:.1f}" height="{h:.1f}" class="bar">'
            f"<title>turn {escape(key)}: {shown}</title></rect>"
            f'<text x="{x + step * 0.38:.1f}" y="{HEIGHT - BOTTOM + 14}" class="axis" '
            f'text-anchor="middle">{escape(key)}</text>'
        )
    return _frame(title, body, y_max, y_label, percent)


def line_chart(
    values: Mapping[str, float],
    *,
    title: str,
    y_label: str,
    percent: bool = False,
    y_max: float | None = None,
) -> str:
    keys = list(values)
    top = y_max if y_max is not None else (max([*values.values(), 0.0]) or 1.0)
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    step = plot_w / max(len(keys) - 1, 1)
    points = []
    body = []
    for i, key in enumerate(keys):
        x = LEFT + i * step
        y = TOP + plot_h - plot_h * min(values[key], top) / top
        points.append(f"{x:.1f},{y:.1f}")
        shown = f"{values[key]:.1%}" if percent else f"{values[key]:.2f}"
        body.append(
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="3" class="point">'
            f"<title>turn {escape(key)}: {shown}</title></circle>"
        )
        if len(keys) <= 25 or i % 2 == 0:
            body.append(
                f'<text x="{x:.1f}" y="{HEIGHT - BOTTOM + 14}" class="axis" '
                f'text-anchor="middle">{escape(key)}</text>'
            )
    body.insert(0, f'<polyline points="{" ".join(points)}" class="line"/>')
    return _frame(title, body, top, y_label, percent)
