"""Print sheets: a deck's cards at their exact size, 9 to a page, with cut marks. No Django.

A card is 2.5 × 3.5 inches: 750 × 1050 pixels at 300 dpi, 180 × 252 points in a PDF. Pages are
laid out in pixels at 300 dpi (A4 is 2480 × 3508, US Letter 2550 × 3300) and written to PDF
with each distinct card embedded once as a JPEG image and placed at exactly 180 × 252 points,
so a 60-card deck of 15 designs carries 15 images, however many copies it prints. Cut marks are
thin lines in the margins, in line with the card edges, never over a card.

`page_images` draws the same layout as Pillow images, for previews and tests.

Card backs are printed in mirrored positions (the columns swap), so that a sheet of backs
printed on the other side of a sheet of fronts lands behind the right cards when the paper is
flipped on its long edge.
"""

from __future__ import annotations

import io
import math
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Literal

from PIL import Image, ImageDraw, ImageFont

DPI = 300
POINTS_PER_PIXEL = 72 / DPI
CARD_WIDTH, CARD_HEIGHT = 750, 1050  # pixels at 300 dpi: 2.5 × 3.5 inches
COLUMNS, ROWS = 3, 3
CARDS_PER_PAGE = COLUMNS * ROWS
MAX_PRINTED_CARDS = 600
JPEG_QUALITY = 92

CUT_MARK_GAP = 12  # pixels between a card edge and the start of its cut mark (1 mm)
CUT_MARK_LENGTH = 60  # pixels (5 mm), shortened when the margin is narrower
CUT_MARK_WIDTH = 2  # pixels; 0.48 pt in the PDF

BACK = "__back__"  # the image key of the card back

FONT_DIR = Path(__file__).resolve().parent.parent / "static" / "fonts"

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


def grid_origin(paper: Paper) -> tuple[int, int]:
    """The top left corner of the 3 × 3 block of cards, centered on the page."""
    return (
        (paper.width - COLUMNS * CARD_WIDTH) // 2,
        (paper.height - ROWS * CARD_HEIGHT) // 2,
    )


def card_slots(paper: Paper) -> tuple[Slot, ...]:
    """The 9 places for cards, row by row. Cards touch, so one cut separates two cards."""
    left, top = grid_origin(paper)
    return tuple(
        Slot(left + column * CARD_WIDTH, top + row * CARD_HEIGHT)
        for row in range(ROWS)
        for column in range(COLUMNS)
    )


def mirrored(index: int) -> int:
    """The slot behind `index` on the other side of the sheet, flipped on its long edge."""
    row, column = divmod(index, COLUMNS)
    return row * COLUMNS + (COLUMNS - 1 - column)


def cut_marks(paper: Paper) -> tuple[Line, ...]:
    """Short lines in the margins, in line with every card edge, pointing at the cut."""
    left, top = grid_origin(paper)
    right, bottom = left + COLUMNS * CARD_WIDTH, top + ROWS * CARD_HEIGHT
    vertical_length = min(CUT_MARK_LENGTH, top - CUT_MARK_GAP - 8)
    horizontal_length = min(CUT_MARK_LENGTH, left - CUT_MARK_GAP - 8)
    if vertical_length <= 0 or horizontal_length <= 0:
        raise PrintError(f"{paper.label} leaves no margin for cut marks.")
    lines: list[Line] = []
    for column in range(COLUMNS + 1):
        x = left + column * CARD_WIDTH
        lines.append(Line(x, top - CUT_MARK_GAP - vertical_length, x, top - CUT_MARK_GAP))
        lines.append(Line(x, bottom + CUT_MARK_GAP, x, bottom + CUT_MARK_GAP + vertical_length))
    for row in range(ROWS + 1):
        y = top + row * CARD_HEIGHT
        lines.append(Line(left - CUT_MARK_GAP - horizontal_length, y, left - CUT_MARK_GAP, y))
        lines.append(Line(right + CUT_MARK_GAP, y, right + CUT_MARK_GAP + horizontal_length, y))
    return tuple(lines)


@dataclass(frozen=True)
class PageSpec:
    side: Literal["front", "back"]
    cards: tuple[tuple[int, str], ...]  # (slot index, image key)


def plan_pages(keys: Sequence[str], *, backs: BacksOption = "none") -> list[PageSpec]:
    """Pages for printing one card per key, in order, 9 a page.

    backs="sheet" adds one full page of card backs at the end; backs="duplex" follows every
    page of fronts with a page of backs in the mirrored slots, for two-sided printing."""
    if backs not in BACKS_OPTIONS:
        raise PrintError(f"Unknown card backs option {backs!r}; choose one of: {BACKS_OPTIONS}.")
    if not keys:
        raise PrintError("There are no cards to print.")
    if len(keys) > MAX_PRINTED_CARDS:
        raise PrintError(
            f"A print job holds at most {MAX_PRINTED_CARDS} cards; this one has {len(keys)}."
        )
    pages: list[PageSpec] = []
    for start in range(0, len(keys), CARDS_PER_PAGE):
        chunk = keys[start : start + CARDS_PER_PAGE]
        pages.append(PageSpec("front", tuple(enumerate(chunk))))
        if backs == "duplex":
            pages.append(PageSpec("back", tuple((mirrored(i), BACK) for i in range(len(chunk)))))
    if backs == "sheet":
        pages.append(PageSpec("back", tuple((i, BACK) for i in range(CARDS_PER_PAGE))))
    return pages


def page_count(cards: int, *, backs: BacksOption = "none") -> int:
    fronts = math.ceil(cards / CARDS_PER_PAGE)
    return fronts * 2 if backs == "duplex" else fronts + (1 if backs == "sheet" else 0)


# -- raster pages ---------------------------------------------------------------------------------


def page_images(
    pages: Sequence[PageSpec], paper: Paper, images: Callable[[str], Image.Image]
) -> Iterator[Image.Image]:
    """Each page as an RGB image at 300 dpi, drawn one at a time."""
    slots = card_slots(paper)
    marks = cut_marks(paper)
    for spec in pages:
        page = Image.new("RGB", (paper.width, paper.height), "white")
        for index, key in spec.cards:
            image = images(key)
            if image.size != (CARD_WIDTH, CARD_HEIGHT):
                image = image.resize((CARD_WIDTH, CARD_HEIGHT), Image.Resampling.LANCZOS)
            slot = slots[index]
            page.paste(image.convert("RGB"), (slot.left, slot.top))
        draw = ImageDraw.Draw(page)
        for line in marks:
            draw.line((line.x1, line.y1, line.x2, line.y2), fill="black", width=CUT_MARK_WIDTH)
        yield page


# -- PDF ------------------------------------------------------------------------------------------


def jpeg_bytes(image: Image.Image) -> bytes:
    """A card image as the JPEG a PDF embeds: RGB, exactly 750 × 1050 pixels."""
    if image.size != (CARD_WIDTH, CARD_HEIGHT):
        image = image.resize((CARD_WIDTH, CARD_HEIGHT), Image.Resampling.LANCZOS)
    out = io.BytesIO()
    image.convert("RGB").save(out, "JPEG", quality=JPEG_QUALITY, dpi=(DPI, DPI))
    return out.getvalue()


def _number(value: float) -> bytes:
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return text.encode("ascii")


def _pdf_string(text: str) -> bytes:
    """A PDF text string; non-Latin-1 text is written as UTF-16 with its byte order mark."""
    try:
        raw = text.encode("latin-1")
    except UnicodeEncodeError:
        raw = b"\xfe\xff" + text.encode("utf-16-be")
    escaped = raw.replace(b"\\", b"\\\\").replace(b"(", b"\\(").replace(b")", b"\\)")
    escaped = escaped.replace(b"\r", b"\\r").replace(b"\n", b"\\n")
    return b"(" + escaped + b")"


class _PdfWriter:
    def __init__(self) -> None:
        self.out = io.BytesIO()
        self.offsets: dict[int, int] = {}
        self.count = 0
        self.out.write(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")

    def reserve(self) -> int:
        self.count += 1
        return self.count

    def write(self, number: int, body: bytes, stream: bytes | None = None) -> None:
        self.offsets[number] = self.out.tell()
        self.out.write(b"%d 0 obj\n" % number)
        if stream is None:
            self.out.write(body + b"\nendobj\n")
        else:
            self.out.write(body[:-2] + b" /Length %d >>\nstream\n" % len(stream))
            self.out.write(stream + b"\nendstream\nendobj\n")

    def finish(self, root: int, info: int) -> bytes:
        xref = self.out.tell()
        self.out.write(b"xref\n0 %d\n0000000000 65535 f \n" % (self.count + 1))
        for number in range(1, self.count + 1):
            self.out.write(b"%010d 00000 n \n" % self.offsets[number])
        self.out.write(
            b"trailer\n<< /Size %d /Root %d 0 R /Info %d 0 R >>\nstartxref\n%d\n%%%%EOF\n"
            % (self.count + 1, root, info, xref)
        )
        return self.out.getvalue()


def write_pdf(
    pages: Sequence[PageSpec],
    paper: Paper,
    images: Mapping[str, bytes],
    *,
    title: str = "Keeper of the Cards",
) -> bytes:
    """The pages as a PDF. `images` maps every key on the pages to its JPEG bytes (750 × 1050)."""
    needed = {key for spec in pages for _, key in spec.cards}
    missing = needed - set(images)
    if missing:
        raise PrintError(f"No image for {len(missing)} of the cards to print.")
    pdf = _PdfWriter()
    catalog, page_tree, info = pdf.reserve(), pdf.reserve(), pdf.reserve()
    image_ids = {key: pdf.reserve() for key in sorted(needed)}
    names = {key: f"Im{index}".encode("ascii") for index, key in enumerate(sorted(needed))}
    for key, number in image_ids.items():
        body = (
            b"<< /Type /XObject /Subtype /Image /Width %d /Height %d /ColorSpace /DeviceRGB"
            b" /BitsPerComponent 8 /Filter /DCTDecode >>" % (CARD_WIDTH, CARD_HEIGHT)
        )
        pdf.write(number, body, images[key])

    slots = card_slots(paper)
    marks = cut_marks(paper)
    width_pt, height_pt = paper.width_pt, paper.height_pt
    mark_ops = [b"q 0 0 0 RG %s w" % _number(CUT_MARK_WIDTH * POINTS_PER_PIXEL)]
    for line in marks:
        mark_ops.append(
            b"%s %s m %s %s l S"
            % (
                _number(line.x1 * POINTS_PER_PIXEL),
                _number(height_pt - line.y1 * POINTS_PER_PIXEL),
                _number(line.x2 * POINTS_PER_PIXEL),
                _number(height_pt - line.y2 * POINTS_PER_PIXEL),
            )
        )
    mark_ops.append(b"Q")
    card_w, card_h = CARD_WIDTH * POINTS_PER_PIXEL, CARD_HEIGHT * POINTS_PER_PIXEL

    page_ids = []
    for spec in pages:
        page_id, content_id = pdf.reserve(), pdf.reserve()
        page_ids.append(page_id)
        ops = []
        used = sorted({key for _, key in spec.cards})
        for index, key in spec.cards:
            slot = slots[index]
            x = slot.left * POINTS_PER_PIXEL
            y = height_pt - slot.bottom * POINTS_PER_PIXEL
            ops.append(
                b"q %s 0 0 %s %s %s cm /%s Do Q"
                % (_number(card_w), _number(card_h), _number(x), _number(y), names[key])
            )
        ops.extend(mark_ops)
        pdf.write(content_id, b"<< >>", b"\n".join(ops))
        xobjects = b" ".join(b"/%s %d 0 R" % (names[key], image_ids[key]) for key in used)
        pdf.write(
            page_id,
            b"<< /Type /Page /Parent %d 0 R /MediaBox [0 0 %s %s] /Contents %d 0 R"
            b" /Resources << /ProcSet [/PDF /ImageC] /XObject << %s >> >> >>"
            % (page_tree, _number(width_pt), _number(height_pt), content_id, xobjects),
        )
    kids = b" ".join(b"%d 0 R" % number for number in page_ids)
    pdf.write(page_tree, b"<< /Type /Pages /Kids [%s] /Count %d >>" % (kids, len(page_ids)))
    pdf.write(catalog, b"<< /Type /Catalog /Pages %d 0 R >>" % page_tree)
    pdf.write(
        info,
        b"<< /Title %s /Creator (Keeper of the Cards) /Producer (Keeper of the Cards) >>"
        % _pdf_string(title),
    )
    return pdf.finish(catalog, info)


# -- the card back --------------------------------------------------------------------------------

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
