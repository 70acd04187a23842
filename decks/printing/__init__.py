"""Print sheets: a deck's cards at their exact size, 9 to a page, with cut marks. No Django.

A card is 2.5 × 3.5 inches: 750 × 1050 pixels at 300 dpi, 180 × 252 points in a PDF. Pages are
laid out in pixels at 300 dpi (A4 is 2480 × 3508, US Letter 2550 × 3300; `layout`) and written
to PDF (`pdf`) with each distinct card embedded once as a JPEG image and placed at exactly
180 × 252 points, so a 60-card deck of 15 designs carries 15 images, however many copies it
prints. Cut marks are thin lines in the margins, in line with the card edges, never over a card.

`page_images` draws the same layout as Pillow images, for previews and tests (`raster`).

Card backs (`back`) are printed in mirrored positions (the columns swap), so that a sheet of
backs printed on the other side of a sheet of fronts lands behind the right cards when the paper
is flipped on its long edge.

With bleed, each card is printed with 3 mm more of its edge all round (the frame's border
extended outwards, the corners filled), so a cut a little outside the line shows border rather
than white paper. Cards then no longer touch: each has its own cuts, and a page holds as many
as fit with room left for the cut marks (6 on A4 or Letter, rather than 9).
"""

from decks.printing.back import card_back, card_back_jpeg, card_back_png
from decks.printing.layout import (
    BACK,
    BACKS_OPTIONS,
    BLEED,
    BLEED_CORNER,
    BLEED_MM,
    CARD_HEIGHT,
    CARD_WIDTH,
    CARDS_PER_PAGE,
    COLUMNS,
    CUT_MARK_GAP,
    CUT_MARK_LENGTH,
    CUT_MARK_WIDTH,
    DPI,
    MAX_PRINTED_CARDS,
    MIN_CUT_MARK,
    MIN_MARGIN,
    PAPERS,
    POINTS_PER_PIXEL,
    ROWS,
    BacksOption,
    Layout,
    Line,
    PageSpec,
    Paper,
    PrintError,
    Slot,
    card_slots,
    cut_marks,
    get_paper,
    grid_origin,
    mirrored,
    page_count,
    plan_pages,
    sheet_layout,
)
from decks.printing.pdf import write_pdf
from decks.printing.raster import (
    JPEG_QUALITY,
    edge_color,
    jpeg_bytes,
    jpeg_edge_color,
    page_images,
)

__all__ = [
    "BACK",
    "BACKS_OPTIONS",
    "BLEED",
    "BLEED_CORNER",
    "BLEED_MM",
    "CARDS_PER_PAGE",
    "CARD_HEIGHT",
    "CARD_WIDTH",
    "COLUMNS",
    "CUT_MARK_GAP",
    "CUT_MARK_LENGTH",
    "CUT_MARK_WIDTH",
    "DPI",
    "JPEG_QUALITY",
    "MAX_PRINTED_CARDS",
    "MIN_CUT_MARK",
    "MIN_MARGIN",
    "PAPERS",
    "POINTS_PER_PIXEL",
    "ROWS",
    "BacksOption",
    "Layout",
    "Line",
    "PageSpec",
    "Paper",
    "PrintError",
    "Slot",
    "card_back",
    "card_back_jpeg",
    "card_back_png",
    "card_slots",
    "cut_marks",
    "edge_color",
    "get_paper",
    "grid_origin",
    "jpeg_bytes",
    "jpeg_edge_color",
    "mirrored",
    "page_count",
    "page_images",
    "plan_pages",
    "sheet_layout",
    "write_pdf",
]
