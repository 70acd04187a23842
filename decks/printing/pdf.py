"""The print as a PDF, written with fpdf2.

The document's unit is the layout's pixel at 300 dpi, measured from the top left corner as the
layout measures it, so slots and cut marks go on the page exactly as `layout` gives them and a
card is placed at 750 × 1050 pixels: 180 × 252 points, 2.5 × 3.5 inches. fpdf2 embeds a JPEG as
it is (no decoding, no new compression) and only once however often it is placed, so a 60-card
deck of 15 designs carries 15 images.
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence

from fpdf import FPDF

from decks.printing.layout import (
    BLEED_CORNER,
    CARD_HEIGHT,
    CARD_WIDTH,
    CUT_MARK_WIDTH,
    POINTS_PER_PIXEL,
    Layout,
    Line,
    PageSpec,
    Paper,
    PrintError,
    Slot,
    as_layout,
)
from decks.printing.raster import jpeg_edge_color

CREATOR = "Keeper of the Cards"
UNREADABLE = "A card's picture could not be read, so the PDF cannot be made."
# A quarter circle drawn as one Bézier curve: its control points this far along the tangents.
QUARTER_CIRCLE = 0.5523


def write_pdf(
    pages: Sequence[PageSpec],
    sheet: Paper | Layout,
    images: Mapping[str, bytes],
    *,
    title: str = "Keeper of the Cards",
) -> bytes:
    """The pages as a PDF. `images` maps every key on the pages to its JPEG bytes (750 × 1050).

    With bleed, each card's bleed is a rectangle of its edge colour under it, and the card's
    corners outside a rounded outline are painted over in that colour: no image is made anew,
    so a print with bleed is as quick as one without."""
    layout = as_layout(sheet)
    needed = {key for spec in pages for _, key in spec.cards}
    missing = needed - set(images)
    if missing:
        raise PrintError(f"No image for {len(missing)} of the cards to print.")
    pdf = FPDF(unit=POINTS_PER_PIXEL, format=(layout.paper.width, layout.paper.height))
    pdf.set_auto_page_break(False)
    pdf.set_margin(0)
    pdf.set_title(title)
    pdf.set_creator(CREATOR)
    pdf.set_producer(CREATOR)
    try:
        colors = {key: jpeg_edge_color(images[key]) for key in needed} if layout.bleed else {}
    except OSError as error:  # not a picture Pillow can read
        raise PrintError(UNREADABLE) from error
    slots, marks = layout.slots(), layout.cut_marks()
    for spec in pages:
        pdf.add_page()
        for index, key in spec.cards:
            slot = slots[index]
            if layout.bleed:
                _bleed(pdf, slot, layout.bleed, colors[key])
            _place(pdf, images[key], slot)
        if layout.bleed:
            corners = [(slots[index], colors[key]) for index, key in spec.cards]
            _round_corners(pdf, corners, layout.bleed)
        _cut_marks(pdf, marks)
    return bytes(pdf.output())


def _place(pdf: FPDF, image: bytes, slot: Slot) -> None:
    """The card's JPEG in its slot. A fresh stream each time: fpdf2 knows the image again by
    its bytes, and embeds it once."""
    try:
        pdf.image(io.BytesIO(image), slot.left, slot.top, CARD_WIDTH, CARD_HEIGHT)
    except (OSError, ValueError) as error:  # not a picture Pillow can read
        raise PrintError(UNREADABLE) from error


def _bleed(pdf: FPDF, slot: Slot, bleed: int, color: tuple[int, int, int]) -> None:
    """The card's edge colour, `bleed` pixels past its cuts all round, to lie under it."""
    pdf.set_fill_color(*color)
    pdf.rect(
        slot.left - bleed,
        slot.top - bleed,
        CARD_WIDTH + 2 * bleed,
        CARD_HEIGHT + 2 * bleed,
        style="F",
    )


def _round_corners(
    pdf: FPDF, cards: Sequence[tuple[Slot, tuple[int, int, int]]], bleed: int
) -> None:
    """Paint each card's four corners outside a rounded outline in its edge colour, so the
    light rounding of the card's own image shows as border running on into its bleed.

    One path for all the cards of a colour on the page (most cards share their border's
    colour): fpdf2's paths are costly one by one, cheap in number of curves."""
    r, k, out = BLEED_CORNER, BLEED_CORNER * QUARTER_CIRCLE, bleed // 2
    by_color: dict[tuple[int, int, int], list[Slot]] = {}
    for slot, color in cards:
        by_color.setdefault(color, []).append(slot)
    for color, slots in by_color.items():
        with pdf.new_path() as path:
            path.style.fill_color = "#{:02x}{:02x}{:02x}".format(*color)
            path.style.stroke_color = None
            for slot in slots:
                # Each corner from the arc out halfway into its bleed, the same colour: the
                # painted edge then lies beyond the card, where a viewer's smoothing of it
                # shows no light seam of the image's own corner along the cut.
                for x, y, across, down in (
                    (slot.left, slot.top, 1, 1),
                    (slot.right, slot.top, -1, 1),
                    (slot.right, slot.bottom, -1, -1),
                    (slot.left, slot.bottom, 1, -1),
                ):
                    path.move_to(x - across * out, y - down * out)
                    path.line_to(x + across * r, y - down * out)
                    path.line_to(x + across * r, y)
                    path.curve_to(x + across * (r - k), y, x, y + down * (r - k), x, y + down * r)
                    path.line_to(x - across * out, y + down * r)
                    path.close()


def _cut_marks(pdf: FPDF, marks: Sequence[Line]) -> None:
    """Thin black lines with square-cut ends, so each stops where the layout says."""
    with pdf.local_context(
        line_width=CUT_MARK_WIDTH, draw_color=(0, 0, 0), stroke_cap_style="BUTT"
    ):
        for line in marks:
            pdf.line(line.x1, line.y1, line.x2, line.y2)
