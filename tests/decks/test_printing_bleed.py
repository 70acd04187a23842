"""Print sheets with bleed: each card with 3 mm of its border more all round, its own cuts and
cut marks, fewer to a page; card backs after each page, mirrored; the PDF read back."""

import re

import pytest
from PIL import Image, ImageDraw

from decks import printing
from decks.printing import (
    BACK,
    BLEED,
    CARD_HEIGHT,
    CARD_WIDTH,
    PAPERS,
    POINTS_PER_PIXEL,
    Layout,
    page_count,
    page_images,
    plan_pages,
    sheet_layout,
    write_pdf,
)
from tests.decks.printed_pdf import Box, embedded_images, read_pdf

EDGE = (24, 22, 20)
FACE = (200, 60, 40)
COLORS = {"red": FACE, BACK: (10, 30, 90)}


def card(key: str) -> Image.Image:
    """A card as drawn: a dark border round a coloured face, white outside its round corners."""
    image = Image.new("RGB", (CARD_WIDTH, CARD_HEIGHT), "white")
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle((0, 0, CARD_WIDTH - 1, CARD_HEIGHT - 1), radius=36, fill=EDGE)
    draw.rectangle((20, 20, CARD_WIDTH - 21, CARD_HEIGHT - 21), fill=COLORS[key])
    return image


def jpegs(keys) -> dict[str, bytes]:
    return {key: printing.jpeg_bytes(card(key)) for key in keys}


def near(a: float, b: float) -> bool:
    return abs(a - b) <= 0.01


def grown(box: Box, by: float) -> Box:
    return Box(box.x - by, box.y - by, box.width + 2 * by, box.height + 2 * by)


def overlap(a: Box, b: Box) -> tuple[float, float]:
    """How far two boxes overlap, across and up."""
    across = min(a.x + a.width, b.x + b.width) - max(a.x, b.x)
    up = min(a.y + a.height, b.y + b.height) - max(a.y, b.y)
    return across, up


def same_box(a: Box, b: Box) -> bool:
    return all(near(x, y) for x, y in zip(vars(a).values(), vars(b).values(), strict=True))


# -- the layout -------------------------------------------------------------------------------


def test_bleed_is_3_mm():
    assert BLEED == 35  # 3 mm at 300 dpi
    assert round(BLEED / 300 * 25.4, 1) == 3.0


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_without_bleed_the_layout_is_the_3_by_3_sheet(paper):
    layout = sheet_layout(PAPERS[paper])
    assert layout == Layout(PAPERS[paper]) and layout.per_page == 9
    assert layout.slots() == printing.card_slots(PAPERS[paper])
    assert layout.cut_marks() == printing.cut_marks(PAPERS[paper])


@pytest.mark.parametrize(("paper", "grid"), [("a4", (2, 3)), ("letter", (3, 2))])
def test_with_bleed_each_card_has_3_mm_of_its_own_all_round(paper, grid):
    sheet = PAPERS[paper]
    layout = sheet_layout(sheet, bleed=True)
    assert (layout.columns, layout.rows) == grid and layout.per_page == 6
    slots = layout.slots()
    assert all(s.right - s.left == CARD_WIDTH and s.bottom - s.top == CARD_HEIGHT for s in slots)
    # Neighbours are two bleeds apart: each cut has its own bleed behind it.
    across = [b.left - a.right for a, b in zip(slots, slots[1:], strict=False) if b.top == a.top]
    down = [slots[i + layout.columns].top - slots[i].bottom for i in range(layout.columns)]
    assert set(across) == {2 * BLEED} and set(down) == {2 * BLEED}
    # The block with its outer bleed is centred, with room for the cut marks round it.
    left, top = slots[0].left - BLEED, slots[0].top - BLEED
    right, bottom = slots[-1].right + BLEED, slots[-1].bottom + BLEED
    assert abs(left - (sheet.width - right)) <= 1 and abs(top - (sheet.height - bottom)) <= 1
    assert min(left, top) >= printing.MIN_MARGIN


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_with_bleed_cut_marks_point_at_every_card_edge_from_outside_the_bleed(paper):
    layout = sheet_layout(PAPERS[paper], bleed=True)
    slots = layout.slots()
    xs = {s.left for s in slots} | {s.right for s in slots}
    ys = {s.top for s in slots} | {s.bottom for s in slots}
    marks = layout.cut_marks()
    assert len(marks) == 2 * (len(xs) + len(ys)) == 2 * (2 * layout.columns + 2 * layout.rows)
    outer = (
        slots[0].left - BLEED,
        slots[0].top - BLEED,
        slots[-1].right + BLEED,
        slots[-1].bottom + BLEED,
    )
    for line in marks:
        assert (line.x1 == line.x2 and line.x1 in xs) or (line.y1 == line.y2 and line.y1 in ys)
        outside = (
            max(line.y1, line.y2) < outer[1]
            or min(line.y1, line.y2) > outer[3]
            or max(line.x1, line.x2) < outer[0]
            or min(line.x1, line.x2) > outer[2]
        )
        assert outside, line
        assert min(line.x1, line.x2) >= 0 and max(line.x1, line.x2) < PAPERS[paper].width
        assert min(line.y1, line.y2) >= 0 and max(line.y1, line.y2) < PAPERS[paper].height


def test_pages_hold_what_the_layout_holds_and_duplex_backs_are_mirrored():
    layout = sheet_layout(PAPERS["a4"], bleed=True)  # 2 columns
    pages = plan_pages(["red"] * 8, backs="duplex", layout=layout)

    assert [p.side for p in pages] == ["front", "back", "front", "back"]
    assert len(pages) == page_count(8, backs="duplex", layout=layout) == 4
    assert [i for i, _ in pages[0].cards] == [0, 1, 2, 3, 4, 5]
    assert [i for i, _ in pages[1].cards] == [1, 0, 3, 2, 5, 4]
    assert pages[3].cards == ((1, BACK), (0, BACK))
    assert [layout.mirrored(i) for i in range(6)] == [1, 0, 3, 2, 5, 4]
    letter = sheet_layout(PAPERS["letter"], bleed=True)  # 3 columns
    assert [letter.mirrored(i) for i in range(6)] == [2, 1, 0, 5, 4, 3]
    sheet = plan_pages(["red"] * 8, backs="sheet", layout=layout)
    assert len(sheet) == 3 and len(sheet[-1].cards) == 6


# -- drawn pages ------------------------------------------------------------------------------


def test_the_bleed_extends_the_card_border_and_fills_its_corners():
    layout = sheet_layout(PAPERS["letter"], bleed=True)
    (page,) = page_images(plan_pages(["red"], layout=layout), layout, card)
    slot = layout.slots()[0]

    assert page.getpixel((slot.left + 100, slot.top + 100)) == FACE
    for x, y in (
        (slot.left - BLEED, slot.top - BLEED),  # the outer corner of the bleed
        (slot.left - 1, slot.top + 500),  # just outside the left cut
        (slot.right + BLEED - 1, slot.bottom + BLEED - 1),
        (slot.left + 2, slot.top + 2),  # the card's own corner, white on the card itself
    ):
        assert max(abs(a - b) for a, b in zip(page.getpixel((x, y)), EDGE, strict=True)) <= 3
    # Beyond the bleed: white paper.
    assert page.getpixel((slot.left - BLEED - 3, slot.top + 500)) == (255, 255, 255)
    # Without bleed the card is printed as drawn, its corners white.
    (plain,) = page_images(plan_pages(["red"]), PAPERS["letter"], card)
    first = printing.card_slots(PAPERS["letter"])[0]
    assert plain.getpixel((first.left + 2, first.top + 2)) == (255, 255, 255)


def test_the_edge_colour_of_real_cards_is_their_dark_border():
    from cards.render import BORDER_COLOR, CardFace, render_card_image

    face = CardFace("Wisp", "spell", 14, 2, None, None, "", "")
    for image in (render_card_image(face), printing.card_back()):
        assert printing.edge_color(image) == BORDER_COLOR
        read = printing.jpeg_edge_color(printing.jpeg_bytes(image))
        assert max(abs(a - b) for a, b in zip(read, BORDER_COLOR, strict=True)) <= 3


# -- the PDF, read back -----------------------------------------------------------------------


@pytest.mark.parametrize(("paper", "points"), [("a4", (595.2, 841.92)), ("letter", (612, 792))])
def test_a_pdf_without_bleed_places_9_cards_a_page_at_their_slots(paper, points):
    pages = plan_pages(["red"] * 10, backs="duplex")
    read = read_pdf(write_pdf(pages, PAPERS[paper], jpegs(["red", BACK])))

    assert [(p.width, p.height) for p in read] == [pytest.approx(points)] * 4
    expected = [
        Box(s.left * POINTS_PER_PIXEL, points[1] - s.bottom * POINTS_PER_PIXEL, 180, 252)
        for s in printing.card_slots(PAPERS[paper])
    ]
    front = read[0]
    assert len(front.images) == 9
    assert all(same_box(p.box, e) for p, e in zip(front.images, expected, strict=True)), (
        front.images
    )
    assert not front.fills
    # The back of the one card of the second sheet sits in the mirrored slot (top right).
    (back,) = read[3].images
    top_right = printing.card_slots(PAPERS[paper])[2]
    assert near(back.box.x, top_right.left * POINTS_PER_PIXEL)


@pytest.mark.parametrize(("paper", "points"), [("a4", (595.2, 841.92)), ("letter", (612, 792))])
def test_a_pdf_with_bleed_places_6_cards_a_page_each_on_its_bleed(paper, points):
    layout = sheet_layout(PAPERS[paper], bleed=True)
    pages = plan_pages(["red"] * 10, backs="duplex", layout=layout)
    read = read_pdf(write_pdf(pages, layout, jpegs(["red", BACK])))

    # The paper is the same; the cards are fewer a page, at exactly 2.5 × 3.5 inches.
    assert [(p.width, p.height) for p in read] == [pytest.approx(points)] * 4
    front = read[0]
    assert len(front.images) == 6
    assert {(round(p.box.width, 2), round(p.box.height, 2)) for p in front.images} == {(180, 252)}
    bleeds = front.rectangles
    assert len(bleeds) == 6
    bleed_pt = BLEED * POINTS_PER_PIXEL  # 8.4 points: 3 mm
    for slot, placed, bleed in zip(layout.slots(), front.images, bleeds, strict=True):
        assert near(placed.box.x, slot.left * POINTS_PER_PIXEL)
        assert near(placed.box.y, points[1] - slot.bottom * POINTS_PER_PIXEL)
        # Under each card, its bleed: the card's box 3 mm larger all round.
        assert same_box(bleed.box, grown(placed.box, bleed_pt)), (placed, bleed)
        # Every bleed lies on the page.
        box = bleed.box
        assert box.x >= 0 and box.y >= 0
        assert box.x + box.width <= points[0] and box.y + box.height <= points[1]
        # The bleed is the colour of the card's edge: the dark border.
        assert all(abs(c * 255 - e) <= 3 for c, e in zip(bleed.color, EDGE, strict=True))
        # The card's corners are rounded over in that colour: a piece at each corner, inside
        # the card's bleed, reaching no further into the card than its rounding.
        corners = [shape for shape in front.shapes if shape.box in bleed.box]
        assert len(corners) == 4
        assert all(shape.color == bleed.color for shape in corners)
        rounding = printing.BLEED_CORNER * POINTS_PER_PIXEL
        assert all(
            overlap(shape.box, placed.box) == pytest.approx((rounding,) * 2) for shape in corners
        )
    assert len(front.shapes) == 4 * 6
    # Duplex: the back page mirrors the front, a back behind each card, each on its bleed.
    back = read[1]
    mirrored = [front.images[layout.mirrored(i)].box.x for i in range(6)]
    assert [p.box.x for p in back.images] == pytest.approx(mirrored, abs=0.01)
    assert len(back.rectangles) == 6
    # The 4 cards of the second sheet, and their 4 backs.
    assert len(read[2].images) == len(read[3].images) == 4


def test_a_pdf_with_bleed_still_embeds_each_card_once():
    layout = sheet_layout(PAPERS["a4"], bleed=True)
    pages = plan_pages(["red"] * 13 + [BACK], layout=layout)
    pdf = write_pdf(pages, layout, jpegs(["red", BACK]))
    assert embedded_images(pdf) == 2
    assert len(read_pdf(pdf)) == 3


# -- the print page ---------------------------------------------------------------------------


@pytest.mark.django_db
def test_the_print_page_offers_bleed_and_prints_with_it(client, alice, legal_deck):
    from django.urls import reverse

    client.force_login(alice)
    html = client.get(reverse("deck-print", args=[legal_deck.pk])).content.decode()
    checkbox = re.search(r'<input type="checkbox" name="bleed"[^>]*>', html)
    assert checkbox and 'aria-describedby="id_bleed_helptext"' in checkbox.group(0)
    assert '<label class="choice" for="id_bleed">' in html
    assert "a page holds 6 cards rather than 9" in html
    assert "40 cards in the deck: 5 pages of fronts (7 with bleed)" in html

    options = {"paper": "letter", "backs": "none", "bleed": "on"}
    response = client.get(reverse("deck-print-pdf", args=[legal_deck.pk]), options)
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    assert response["Content-Disposition"] == 'attachment; filename="embers-bleed-letter.pdf"'
    read = read_pdf(response.content)
    assert [(page.width, page.height) for page in read] == [(612.0, 792.0)] * 7
    assert all(len(page.rectangles) == len(page.images) for page in read)
