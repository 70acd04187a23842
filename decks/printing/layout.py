"""Where cards and cut marks go on a printed page, in pixels at 300 dpi from the top left corner.

Pure geometry: no image and no PDF here, so the PDF, the previews and the tests share it.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

DPI = 300
POINTS_PER_PIXEL = 72 / DPI
CARD_WIDTH, CARD_HEIGHT = 750, 1050  # pixels at 300 dpi: 2.5 × 3.5 inches
COLUMNS, ROWS = 3, 3
CARDS_PER_PAGE = COLUMNS * ROWS
MAX_PRINTED_CARDS = 600

CUT_MARK_GAP = 12  # pixels between a card edge and the start of its cut mark (1 mm)
CUT_MARK_LENGTH = 60  # pixels (5 mm), shortened when the margin is narrower
CUT_MARK_WIDTH = 2  # pixels; 0.48 pt in the PDF

BACK = "__back__"  # the image key of the card back

BLEED_MM = 3
BLEED = round(BLEED_MM / 25.4 * DPI)  # 35 pixels
# The least margin around the cards: a cut mark's gap, a mark of some length, and a little
# paper beyond it.
MIN_CUT_MARK = 16
MIN_MARGIN = CUT_MARK_GAP + MIN_CUT_MARK + 8
# With bleed, the card image is drawn inside a rounded outline a little wider than a card's
# 1/8 inch corner, so the light edge of its own rounding is covered by the extended border.
BLEED_CORNER = 40

BacksOption = Literal["none", "sheet", "duplex"]
BACKS_OPTIONS: tuple[BacksOption, ...] = ("none", "sheet", "duplex")


class PrintError(ValueError):
    """The print job cannot be made: an unknown paper, too many cards, a missing image."""


@dataclass(frozen=True)
class Paper:
    key: str
    label: str
    width: int  # pixels at 300 dpi
    height: int

    @property
    def width_pt(self) -> float:
        return self.width * POINTS_PER_PIXEL

    @property
    def height_pt(self) -> float:
        return self.height * POINTS_PER_PIXEL


PAPERS: Mapping[str, Paper] = {
    "a4": Paper("a4", "A4 (210 × 297 mm)", 2480, 3508),
    "letter": Paper("letter", "US Letter (8.5 × 11 in)", 2550, 3300),
}


def get_paper(key: str) -> Paper:
    try:
        return PAPERS[key.strip().lower()]
    except (KeyError, AttributeError):
        known = ", ".join(PAPERS)
        raise PrintError(f"Unknown paper {key!r}; choose one of: {known}.") from None


@dataclass(frozen=True)
class Slot:
    """Where a card goes on a page, in pixels from the top left corner."""

    left: int
    top: int

    @property
    def right(self) -> int:
        return self.left + CARD_WIDTH

    @property
    def bottom(self) -> int:
        return self.top + CARD_HEIGHT


@dataclass(frozen=True)
class Line:
    x1: int
    y1: int
    x2: int
    y2: int


@dataclass(frozen=True)
class Layout:
    """How cards sit on a page: a block of columns × rows, centred, each card with `bleed`
    pixels of its edge extended all round (0: the cards touch, one cut between two)."""

    paper: Paper
    bleed: int = 0
    columns: int = COLUMNS
    rows: int = ROWS

    @property
    def per_page(self) -> int:
        return self.columns * self.rows

    @property
    def pitch(self) -> tuple[int, int]:
        """From one card to the next, across and down."""
        return CARD_WIDTH + 2 * self.bleed, CARD_HEIGHT + 2 * self.bleed

    def origin(self) -> tuple[int, int]:
        """The top left corner of the block, bleed included."""
        across, down = self.pitch
        return (
            (self.paper.width - self.columns * across) // 2,
            (self.paper.height - self.rows * down) // 2,
        )

    def slots(self) -> tuple[Slot, ...]:
        """The places for cards (their cut edges), row by row."""
        left, top = self.origin()
        across, down = self.pitch
        return tuple(
            Slot(left + column * across + self.bleed, top + row * down + self.bleed)
            for row in range(self.rows)
            for column in range(self.columns)
        )

    def mirrored(self, index: int) -> int:
        """The slot behind `index` on the other side of the sheet, flipped on its long edge."""
        row, column = divmod(index, self.columns)
        return row * self.columns + (self.columns - 1 - column)

    def cut_marks(self) -> tuple[Line, ...]:
        """Short lines in the margins, in line with every card edge, pointing at the cut."""
        left, top = self.origin()
        across, down = self.pitch
        right, bottom = left + self.columns * across, top + self.rows * down
        vertical_length = min(CUT_MARK_LENGTH, top - CUT_MARK_GAP - 8)
        horizontal_length = min(CUT_MARK_LENGTH, left - CUT_MARK_GAP - 8)
        if vertical_length <= 0 or horizontal_length <= 0:
            raise PrintError(f"{self.paper.label} leaves no margin for cut marks.")
        slots = self.slots()
        xs = sorted({slot.left for slot in slots} | {slot.right for slot in slots})
        ys = sorted({slot.top for slot in slots} | {slot.bottom for slot in slots})
        lines: list[Line] = []
        for x in xs:
            lines.append(Line(x, top - CUT_MARK_GAP - vertical_length, x, top - CUT_MARK_GAP))
            lines.append(Line(x, bottom + CUT_MARK_GAP, x, bottom + CUT_MARK_GAP + vertical_length))
        for y in ys:
            lines.append(Line(left - CUT_MARK_GAP - horizontal_length, y, left - CUT_MARK_GAP, y))
            lines.append(Line(right + CUT_MARK_GAP, y, right + CUT_MARK_GAP + horizontal_length, y))
        return tuple(lines)


def sheet_layout(paper: Paper, *, bleed: bool = False) -> Layout:
    """The layout of a print on `paper`: 3 × 3 cards that touch, or with bleed as many cards
    (at most 3 × 3) as fit with their bleed and a margin for the cut marks."""
    if not bleed:
        return Layout(paper)
    across, down = CARD_WIDTH + 2 * BLEED, CARD_HEIGHT + 2 * BLEED
    columns = min(COLUMNS, (paper.width - 2 * MIN_MARGIN) // across)
    rows = min(ROWS, (paper.height - 2 * MIN_MARGIN) // down)
    if columns < 1 or rows < 1:
        raise PrintError(f"{paper.label} is too small for a card with bleed.")
    return Layout(paper, BLEED, columns, rows)


def as_layout(sheet: Paper | Layout) -> Layout:
    """A bare paper is the plain 3 × 3 sheet."""
    return sheet if isinstance(sheet, Layout) else Layout(sheet)


def grid_origin(paper: Paper) -> tuple[int, int]:
    """The top left corner of the 3 × 3 block of cards, centered on the page."""
    return Layout(paper).origin()


def card_slots(paper: Paper) -> tuple[Slot, ...]:
    """The 9 places for cards, row by row. Cards touch, so one cut separates two cards."""
    return Layout(paper).slots()


def mirrored(index: int) -> int:
    """The slot behind `index` on the other side of a 3 × 3 sheet, flipped on its long edge."""
    row, column = divmod(index, COLUMNS)
    return row * COLUMNS + (COLUMNS - 1 - column)


def cut_marks(paper: Paper) -> tuple[Line, ...]:
    """Short lines in the margins of a 3 × 3 sheet, in line with every card edge."""
    return Layout(paper).cut_marks()


@dataclass(frozen=True)
class PageSpec:
    side: Literal["front", "back"]
    cards: tuple[tuple[int, str], ...]  # (slot index, image key)


def plan_pages(
    keys: Sequence[str], *, backs: BacksOption = "none", layout: Layout | None = None
) -> list[PageSpec]:
    """Pages for printing one card per key, in order, 9 a page (or as many as the layout holds).

    backs="sheet" adds one full page of card backs at the end; backs="duplex" follows every
    page of fronts with a page of backs in the mirrored slots, for two-sided printing."""
    per_page = layout.per_page if layout is not None else CARDS_PER_PAGE
    behind = layout.mirrored if layout is not None else mirrored
    if backs not in BACKS_OPTIONS:
        raise PrintError(f"Unknown card backs option {backs!r}; choose one of: {BACKS_OPTIONS}.")
    if not keys:
        raise PrintError("There are no cards to print.")
    if len(keys) > MAX_PRINTED_CARDS:
        raise PrintError(
            f"A print job holds at most {MAX_PRINTED_CARDS} cards; this one has {len(keys)}."
        )
    pages: list[PageSpec] = []
    for start in range(0, len(keys), per_page):
        chunk = keys[start : start + per_page]
        pages.append(PageSpec("front", tuple(enumerate(chunk))))
        if backs == "duplex":
            pages.append(PageSpec("back", tuple((behind(i), BACK) for i in range(len(chunk)))))
    if backs == "sheet":
        pages.append(PageSpec("back", tuple((i, BACK) for i in range(per_page))))
    return pages


def page_count(cards: int, *, backs: BacksOption = "none", layout: Layout | None = None) -> int:
    fronts = math.ceil(cards / (layout.per_page if layout is not None else CARDS_PER_PAGE))
    return fronts * 2 if backs == "duplex" else fronts + (1 if backs == "sheet" else 0)
