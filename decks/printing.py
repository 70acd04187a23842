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

With bleed, each card is printed with 3 mm more of its edge all round (the frame's border
extended outwards, the corners filled), so a cut a little outside the line shows border rather
than white paper. Cards then no longer touch: each has its own cuts, and a page holds as many
as fit with room left for the cut marks (6 on A4 or Letter, rather than 9).
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

BLEED_MM = 3
BLEED = round(BLEED_MM / 25.4 * DPI)  # 35 pixels
# The least margin around the cards: a cut mark's gap, a mark of some length, and a little
# paper beyond it.
MIN_CUT_MARK = 16
MIN_MARGIN = CUT_MARK_GAP + MIN_CUT_MARK + 8
# With bleed, the card image is drawn inside a rounded outline a little wider than a card's
# 1/8 inch corner, so the light edge of its own rounding is covered by the extended border.
BLEED_CORNER = 40

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


def _layout(sheet: Paper | Layout) -> Layout:
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


# -- bleed ----------------------------------------------------------------------------------------


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


# -- raster pages ---------------------------------------------------------------------------------


def page_images(
    pages: Sequence[PageSpec], sheet: Paper | Layout, images: Callable[[str], Image.Image]
) -> Iterator[Image.Image]:
    """Each page as an RGB image at 300 dpi, drawn one at a time."""
    layout = _layout(sheet)
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


def _rounded_path(x: float, y: float, width: float, height: float, radius: float) -> bytes:
    """A closed path of a rectangle with rounded corners, in PDF operators."""
    k = radius * 0.5523  # a quarter circle as one Bézier curve
    right, top = x + width, y + height
    # Each side and the quarter circle that turns to the next, counterclockwise from the bottom.
    steps: list[tuple[bytes, tuple[float, ...]]] = [
        (b"m", (x + radius, y)),
        (b"l", (right - radius, y)),
        (b"c", (right - radius + k, y, right, y + radius - k, right, y + radius)),
        (b"l", (right, top - radius)),
        (b"c", (right, top - radius + k, right - radius + k, top, right - radius, top)),
        (b"l", (x + radius, top)),
        (b"c", (x + radius - k, top, x, top - radius + k, x, top - radius)),
        (b"l", (x, y + radius)),
        (b"c", (x, y + radius - k, x + radius - k, y, x + radius, y)),
    ]
    parts = [b" ".join([*(_number(value) for value in values), op]) for op, values in steps]
    return b" ".join([*parts, b"h"])


def write_pdf(
    pages: Sequence[PageSpec],
    sheet: Paper | Layout,
    images: Mapping[str, bytes],
    *,
    title: str = "Keeper of the Cards",
) -> bytes:
    """The pages as a PDF. `images` maps every key on the pages to its JPEG bytes (750 × 1050).

    With bleed, each card's bleed is a rectangle of its edge colour under it, and the card is
    drawn inside a rounded outline over it: no image is made anew, so a print with bleed is as
    quick as one without."""
    layout = _layout(sheet)
    paper, bleed = layout.paper, layout.bleed
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

    colors = {key: jpeg_edge_color(images[key]) for key in needed} if bleed else {}
    slots = layout.slots()
    marks = layout.cut_marks()
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
    bleed_pt = bleed * POINTS_PER_PIXEL

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
            clip = b""
            if bleed:
                red, green, blue = (b"%.3f" % (part / 255) for part in colors[key])
                ops.append(
                    b"q %s %s %s rg %s %s %s %s re f Q"
                    % (
                        red,
                        green,
                        blue,
                        _number(x - bleed_pt),
                        _number(y - bleed_pt),
                        _number(card_w + 2 * bleed_pt),
                        _number(card_h + 2 * bleed_pt),
                    )
                )
                radius = BLEED_CORNER * POINTS_PER_PIXEL
                clip = _rounded_path(x, y, card_w, card_h, radius) + b" W n "
            ops.append(
                b"q %s%s 0 0 %s %s %s cm /%s Do Q"
                % (clip, _number(card_w), _number(card_h), _number(x), _number(y), names[key])
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
