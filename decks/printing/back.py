"""The back of every card: one design on all, so a deck looks uniform face down, and the
face a card the viewer may not see is printed with."""

from __future__ import annotations

import io
from functools import cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from decks.printing.layout import CARD_HEIGHT, CARD_WIDTH
from decks.printing.raster import jpeg_bytes

FONT_DIR = Path(__file__).resolve().parents[2] / "static" / "fonts"

BACK_NAVY = (31, 58, 95)
BACK_DEEP = (18, 34, 58)
BACK_GOLD = (184, 137, 45)
BACK_BORDER = (24, 22, 20)


@cache
def card_back() -> Image.Image:
    """The back of every card: the same design on all, so a deck looks uniform face down."""
    scale = 2  # drawn large, then reduced, for smooth edges
    width, height = CARD_WIDTH * scale, CARD_HEIGHT * scale
    image = Image.new("RGB", (width, height), BACK_NAVY)
    draw = ImageDraw.Draw(image)
    # A lattice of diamonds, faint on navy.
    step = 60 * scale
    half = step // 2 - 6 * scale
    for row, y in enumerate(range(-step, height + step, step)):
        for x in range(-step, width + step, step):
            cx = x + (step // 2 if row % 2 else 0)
            draw.polygon(
                [(cx, y - half), (cx + half, y), (cx, y + half), (cx - half, y)],
                outline=(58, 86, 124),
                width=2 * scale,
            )
    border = 46 * scale
    draw.rectangle((0, 0, width, border), fill=BACK_BORDER)
    draw.rectangle((0, height - border, width, height), fill=BACK_BORDER)
    draw.rectangle((0, 0, border, height), fill=BACK_BORDER)
    draw.rectangle((width - border, 0, width, height), fill=BACK_BORDER)
    frame = 58 * scale
    draw.rounded_rectangle(
        (frame, frame, width - frame, height - frame),
        radius=18 * scale,
        outline=BACK_GOLD,
        width=5 * scale,
    )
    draw.rounded_rectangle(
        (
            frame + 14 * scale,
            frame + 14 * scale,
            width - frame - 14 * scale,
            height - frame - 14 * scale,
        ),
        radius=12 * scale,
        outline=BACK_GOLD,
        width=2 * scale,
    )
    # The emblem: a gold medallion with the spade of the site's mark.
    cx, cy, radius = width // 2, height // 2, 190 * scale
    draw.ellipse((cx - radius, cy - radius, cx + radius, cy + radius), fill=BACK_DEEP)
    draw.ellipse(
        (cx - radius, cy - radius, cx + radius, cy + radius), outline=BACK_GOLD, width=8 * scale
    )
    inner = radius - 22 * scale
    draw.ellipse(
        (cx - inner, cy - inner, cx + inner, cy + inner), outline=BACK_GOLD, width=3 * scale
    )
    font = _font("DejaVuSans-Bold.ttf", 250 * scale)
    draw.text((cx, cy), "\u2660", font=font, fill=BACK_GOLD, anchor="mm")
    title = _font("DejaVuSans-Bold.ttf", 40 * scale)
    draw.text((cx, cy - radius - 70 * scale), "KEEPER OF", font=title, fill=BACK_GOLD, anchor="mm")
    draw.text((cx, cy + radius + 70 * scale), "THE CARDS", font=title, fill=BACK_GOLD, anchor="mm")
    return image.resize((CARD_WIDTH, CARD_HEIGHT), Image.Resampling.LANCZOS)


def _font(name: str, size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    try:
        return ImageFont.truetype(str(FONT_DIR / name), size)
    except OSError:
        return ImageFont.load_default(size)


@cache
def card_back_jpeg() -> bytes:
    return jpeg_bytes(card_back())


@cache
def card_back_png() -> bytes:
    out = io.BytesIO()
    card_back().save(out, "PNG", optimize=True)
    return out.getvalue()
