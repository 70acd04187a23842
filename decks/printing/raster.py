"""Card images for print: the JPEG a PDF embeds, the colour a bleed extends, and whole pages
drawn as Pillow images (for previews and tests)."""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator, Sequence
from functools import cache

from PIL import Image, ImageDraw

from decks.printing.layout import (
    BLEED_CORNER,
    CARD_HEIGHT,
    CARD_WIDTH,
    CUT_MARK_WIDTH,
    DPI,
    Layout,
    PageSpec,
    Paper,
    as_layout,
)

JPEG_QUALITY = 92


def jpeg_bytes(image: Image.Image) -> bytes:
    """A card image as the JPEG a PDF embeds: RGB, exactly 750 × 1050 pixels."""
    if image.size != (CARD_WIDTH, CARD_HEIGHT):
        image = image.resize((CARD_WIDTH, CARD_HEIGHT), Image.Resampling.LANCZOS)
    out = io.BytesIO()
    image.convert("RGB").save(out, "JPEG", quality=JPEG_QUALITY, dpi=(DPI, DPI))
    return out.getvalue()


def edge_color(image: Image.Image) -> tuple[int, int, int]:
    """The colour along the card's edge, which its bleed extends: the middle value of points
    just inside each side (a card's rounded corners, white, are left out)."""
    rgb = image.convert("RGB")
    width, height = rgb.size
    inset = round(2 * width / CARD_WIDTH)  # 2 pixels of a full-size card
    points = [
        (x, y)
        for fraction in (0.25, 0.5, 0.75)
        for x, y in (
            (round(width * fraction), inset),
            (round(width * fraction), height - 1 - inset),
            (inset, round(height * fraction)),
            (width - 1 - inset, round(height * fraction)),
        )
    ]
    pixels = [rgb.getpixel(point) for point in points]
    middle = len(pixels) // 2
    red, green, blue = (sorted(channel)[middle] for channel in zip(*pixels, strict=True))
    return int(red), int(green), int(blue)


def jpeg_edge_color(content: bytes) -> tuple[int, int, int]:
    """edge_color of a card's JPEG, read at an eighth of its size (a millisecond, not 20)."""
    with Image.open(io.BytesIO(content)) as image:
        image.draft("RGB", (CARD_WIDTH // 8, CARD_HEIGHT // 8))
        return edge_color(image)


@cache
def _card_shape(size: tuple[int, int], radius: int) -> Image.Image:
    """A mask of a card with rounded corners: where its image goes over its bleed."""
    scale = 4
    mask = Image.new("L", (size[0] * scale, size[1] * scale), 0)
    ImageDraw.Draw(mask).rounded_rectangle(
        (0, 0, size[0] * scale - 1, size[1] * scale - 1), radius=radius * scale, fill=255
    )
    return mask.resize(size, Image.Resampling.LANCZOS)


def page_images(
    pages: Sequence[PageSpec], sheet: Paper | Layout, images: Callable[[str], Image.Image]
) -> Iterator[Image.Image]:
    """Each page as an RGB image at 300 dpi, drawn one at a time."""
    layout = as_layout(sheet)
    paper, bleed = layout.paper, layout.bleed
    slots = layout.slots()
    marks = layout.cut_marks()
    for spec in pages:
        page = Image.new("RGB", (paper.width, paper.height), "white")
        for index, key in spec.cards:
            image = images(key)
            if image.size != (CARD_WIDTH, CARD_HEIGHT):
                image = image.resize((CARD_WIDTH, CARD_HEIGHT), Image.Resampling.LANCZOS)
            slot = slots[index]
            if bleed:
                box = (slot.left - bleed, slot.top - bleed, slot.right + bleed, slot.bottom + bleed)
                page.paste(edge_color(image), box)
                shape = _card_shape((CARD_WIDTH, CARD_HEIGHT), BLEED_CORNER)
                page.paste(image.convert("RGB"), (slot.left, slot.top), shape)
            else:
                page.paste(image.convert("RGB"), (slot.left, slot.top))
        draw = ImageDraw.Draw(page)
        for line in marks:
            draw.line((line.x1, line.y1, line.x2, line.y2), fill="black", width=CUT_MARK_WIDTH)
        yield page
