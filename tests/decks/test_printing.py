"""Print sheets: exact card size, 9 a page, cut marks in the margins, a valid PDF."""

import io

import pytest
from PIL import Image
from pypdf import PdfReader

from decks import printing
from decks.printing import (
    BACK,
    CARD_HEIGHT,
    CARD_WIDTH,
    PAPERS,
    POINTS_PER_PIXEL,
    PageSpec,
    PrintError,
    card_slots,
    cut_marks,
    mirrored,
    page_count,
    page_images,
    plan_pages,
    write_pdf,
)
from tests.decks.printed_pdf import Box, embedded_images, read_pdf

COLORS = {"red": (200, 30, 30), "blue": (30, 30, 200), BACK: (10, 10, 10)}


def solid(key: str) -> Image.Image:
    return Image.new("RGB", (CARD_WIDTH, CARD_HEIGHT), COLORS[key])


def jpegs(keys) -> dict[str, bytes]:
    return {key: printing.jpeg_bytes(solid(key)) for key in keys}


def slot_box(paper: str, index: int) -> Box:
    """Where a slot of the 3 × 3 sheet lies in the PDF: points from the bottom left."""
    slot = card_slots(PAPERS[paper])[index]
    height = PAPERS[paper].height
    return Box(
        slot.left * POINTS_PER_PIXEL,
        (height - slot.bottom) * POINTS_PER_PIXEL,
        CARD_WIDTH * POINTS_PER_PIXEL,
        CARD_HEIGHT * POINTS_PER_PIXEL,
    )


def near(a: Box, b: Box) -> bool:
    return all(abs(x - y) <= 0.01 for x, y in zip(vars(a).values(), vars(b).values(), strict=True))


@pytest.mark.parametrize(("paper", "size"), [("a4", (2480, 3508)), ("letter", (2550, 3300))])
def test_pages_are_300_dpi_sheets(paper, size):
    sheet = PAPERS[paper]
    assert (sheet.width, sheet.height) == size


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_nine_slots_of_exact_card_size_centered_and_inside_the_page(paper):
    sheet = PAPERS[paper]
    slots = card_slots(sheet)
    assert len(slots) == 9
    assert all(s.right - s.left == 750 and s.bottom - s.top == 1050 for s in slots)
    left_margin, right_margin = slots[0].left, sheet.width - slots[8].right
    top_margin, bottom_margin = slots[0].top, sheet.height - slots[8].bottom
    assert abs(left_margin - right_margin) <= 1 and abs(top_margin - bottom_margin) <= 1
    assert min(left_margin, top_margin) > 0


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_cut_marks_are_in_the_margins_in_line_with_every_card_edge(paper):
    sheet = PAPERS[paper]
    slots = card_slots(sheet)
    grid = (slots[0].left, slots[0].top, slots[8].right, slots[8].bottom)
    marks = cut_marks(sheet)
    assert len(marks) == 16  # 4 cuts each way, a mark at both ends
    xs = {s.left for s in slots} | {s.right for s in slots}
    ys = {s.top for s in slots} | {s.bottom for s in slots}
    for line in marks:
        outside = (
            max(line.y1, line.y2) < grid[1]
            or min(line.y1, line.y2) > grid[3]
            or max(line.x1, line.x2) < grid[0]
            or min(line.x1, line.x2) > grid[2]
        )
        assert outside, line
        assert (line.x1 == line.x2 and line.x1 in xs) or (line.y1 == line.y2 and line.y1 in ys)
        assert min(line.x1, line.x2) >= 0 and max(line.x1, line.x2) < sheet.width
        assert min(line.y1, line.y2) >= 0 and max(line.y1, line.y2) < sheet.height


def test_page_images_show_cards_and_dark_cut_marks_on_white_margins():
    sheet = PAPERS["a4"]
    pages = plan_pages(["red"] * 10, backs="none")
    images = list(page_images(pages, sheet, solid))
    assert len(images) == 2
    first = images[0]
    assert first.size == (2480, 3508)
    slots = card_slots(sheet)
    assert first.getpixel((slots[0].left + 5, slots[0].top + 5)) == COLORS["red"]
    assert first.getpixel((slots[8].right - 5, slots[8].bottom - 5)) == COLORS["red"]
    # Above each vertical cut, in the top margin: black. Beside it: white paper.
    for mark in cut_marks(sheet):
        x, y = (mark.x1 + mark.x2) // 2, (mark.y1 + mark.y2) // 2
        assert first.getpixel((x, y)) == (0, 0, 0)
    assert first.getpixel((slots[0].left + 40, slots[0].top - 30)) == (255, 255, 255)
    second = images[1]
    assert second.getpixel((slots[0].left + 5, slots[0].top + 5)) == COLORS["red"]
    assert second.getpixel((slots[1].left + 5, slots[1].top + 5)) == (255, 255, 255)


def test_page_plan_and_count_with_each_backs_option():
    keys = ["red"] * 10
    assert len(plan_pages(keys)) == page_count(10) == 2
    sheet = plan_pages(keys, backs="sheet")
    assert len(sheet) == page_count(10, backs="sheet") == 3
    assert sheet[-1] == PageSpec("back", tuple((i, BACK) for i in range(9)))
    duplex = plan_pages(keys, backs="duplex")
    assert [p.side for p in duplex] == ["front", "back", "front", "back"]
    assert page_count(10, backs="duplex") == 4
    # One card on the last front page: its back sits in the mirrored slot.
    assert duplex[3].cards == ((mirrored(0), BACK),) == ((2, BACK),)


def test_mirrored_slots_swap_columns():
    assert [mirrored(i) for i in range(9)] == [2, 1, 0, 5, 4, 3, 8, 7, 6]


def test_bad_jobs_are_refused_with_a_message():
    with pytest.raises(PrintError, match="no cards"):
        plan_pages([])
    with pytest.raises(PrintError, match="at most 600"):
        plan_pages(["red"] * 601)
    with pytest.raises(PrintError, match="backs"):
        plan_pages(["red"], backs="both")  # type: ignore[arg-type]
    with pytest.raises(PrintError, match="Unknown paper"):
        printing.get_paper("a3")
    with pytest.raises(PrintError, match="No image"):
        write_pdf(plan_pages(["red"]), PAPERS["a4"], {})
    with pytest.raises(PrintError, match="picture could not be read"):
        write_pdf(plan_pages(["red"]), PAPERS["a4"], {"red": b"half a JPEG"})
    with pytest.raises(PrintError, match="picture could not be read"):
        bleed = printing.sheet_layout(PAPERS["a4"], bleed=True)
        write_pdf(plan_pages(["red"], layout=bleed), bleed, {"red": b"half a JPEG"})


@pytest.mark.parametrize(("paper", "points"), [("a4", (595, 842)), ("letter", (612, 792))])
def test_the_pdf_has_one_page_a_sheet_at_the_paper_size(paper, points):
    pages = plan_pages(["red", "blue"] * 10, backs="sheet")
    pdf = write_pdf(pages, PAPERS[paper], jpegs(["red", "blue", BACK]), title="Embers “1”")
    assert pdf.startswith(b"%PDF-")
    assert pdf.rstrip().endswith(b"%%EOF")
    read = read_pdf(pdf)
    assert len(read) == 4
    assert all((round(page.width), round(page.height)) == points for page in read)
    # The sheet is the layout's own: 2480 × 3508 pixels at 300 dpi is 595.2 × 841.92 points.
    assert (read[0].width, read[0].height) == (
        pytest.approx(PAPERS[paper].width_pt),
        pytest.approx(PAPERS[paper].height_pt),
    )
    assert PdfReader(io.BytesIO(pdf)).metadata.title == "Embers “1”"


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_cards_are_placed_at_exactly_2_5_by_3_5_inches_in_their_slots(paper):
    pages = plan_pages(["red"] * 18 + ["blue"], backs="none")
    read = read_pdf(write_pdf(pages, PAPERS[paper], jpegs(["red", "blue"])))
    assert [len(page.images) for page in read] == [9, 9, 1]
    for page in read:
        for index, placed in enumerate(page.images):
            # 180 × 252 points: 2.5 × 72 and 3.5 × 72.
            assert near(placed.box, slot_box(paper, index)), (index, placed)
    # Nothing but the cards and their cut marks: no bleed without asking for it.
    assert not any(page.fills for page in read)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_cut_marks_are_thin_strokes_on_every_page_where_the_layout_puts_them(paper):
    pages = plan_pages(["red"] * 10, backs="sheet")
    read = read_pdf(write_pdf(pages, PAPERS[paper], jpegs(["red", BACK])))
    height = PAPERS[paper].height
    expected = sorted(
        tuple(
            round(value * POINTS_PER_PIXEL, 2)
            for value in (line.x1, height - line.y1, line.x2, height - line.y2)
        )
        for line in cut_marks(PAPERS[paper])
    )
    for page in read:
        drawn = sorted(
            tuple(round(value, 2) for value in (s.x1, s.y1, s.x2, s.y2)) for s in page.strokes
        )
        assert drawn == expected
        assert {round(s.width, 2) for s in page.strokes} == {0.48}  # 2 pixels at 300 dpi


def test_each_image_is_embedded_once_as_the_jpeg_it_was_given():
    images = jpegs(["red", "blue"])
    pages = plan_pages(["red"] * 18 + ["blue"], backs="none")
    pdf = write_pdf(pages, PAPERS["letter"], images)
    assert embedded_images(pdf) == 2
    # The JPEG goes in as it is: a private card's picture would be found in the file by its
    # bytes, and a withheld card is known to print as the card back by the back's bytes.
    assert all(pdf.count(content) == 1 for content in images.values())


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_duplex_backs_sit_behind_their_cards_the_columns_swapped(paper):
    pages = plan_pages(["red"] * 7, backs="duplex")
    front, back = read_pdf(write_pdf(pages, PAPERS[paper], jpegs(["red", BACK])))
    assert len(back.images) == len(front.images) == 7
    width = front.width
    for card, behind in zip(front.images, back.images, strict=True):
        # Flipped on its long edge, the back's left edge is where the card's right edge was.
        assert abs(behind.box.x - (width - card.box.x - card.box.width)) <= 0.01
        assert abs(behind.box.y - card.box.y) <= 0.01
    # The first card (top left) has its back at the top right.
    assert near(back.images[0].box, slot_box(paper, 2))


def test_the_card_back_is_a_card_sized_design():
    back = printing.card_back()
    assert back.size == (CARD_WIDTH, CARD_HEIGHT)
    assert len(back.resize((30, 42)).getcolors(maxcolors=10_000) or []) > 3
    with Image.open(io.BytesIO(printing.card_back_jpeg())) as image:
        assert image.format == "JPEG" and image.size == (CARD_WIDTH, CARD_HEIGHT)
