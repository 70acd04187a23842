"""Print sheets with bleed: each card with 3 mm of its border more all round, its own cuts and
cut marks, fewer to a page; card backs after each page, mirrored; the PDF read back."""

import re

import pytest
from PIL import Image, ImageDraw, PdfParser

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


def read_pdf(pdf: bytes) -> list[tuple[tuple[float, float], bytes]]:
    """Each page of the PDF, read back: its size in points and its drawing operators."""
    parsed = PdfParser.PdfParser(buf=pdf)
    pages = []
    for reference in parsed.pages:
        page = parsed.read_indirect(reference)
        box = page[b"MediaBox"]
        stream = parsed.read_indirect(page[b"Contents"])
        pages.append(((float(box[2]), float(box[3])), stream.decode()))
    return pages


NUMBER = rb"(-?[\d.]+)"
PLACED_AT = re.compile(
    rb" " + NUMBER + rb" 0 0 " + NUMBER + rb" " + NUMBER + rb" " + NUMBER + rb" cm /Im"
)
BLEED_BOX = re.compile(
    rb"rg " + NUMBER + rb" " + NUMBER + rb" " + NUMBER + rb" " + NUMBER + rb" re f"
)


def near(a: float, b: float) -> bool:
    return abs(a - b) <= 0.01


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
    pdf = write_pdf(pages, PAPERS[paper], jpegs(["red", BACK]))
    read = read_pdf(pdf)

    assert [size for size, _ in read] == [points] * 4
    front = read[0][1]
    placed = [tuple(map(float, found)) for found in PLACED_AT.findall(front)]
    expected = [
        (180.0, 252.0, s.left * POINTS_PER_PIXEL, points[1] - s.bottom * POINTS_PER_PIXEL)
        for s in printing.card_slots(PAPERS[paper])
    ]
    assert len(placed) == 9
    assert all(
        all(near(a, b) for a, b in zip(p, e, strict=True))
        for p, e in zip(placed, expected, strict=True)
    )
    assert not BLEED_BOX.search(front)
    # The backs of the one card of the second sheet sit in the mirrored slot (top right).
    (back,) = [tuple(map(float, found)) for found in PLACED_AT.findall(read[3][1])]
    top_right = printing.card_slots(PAPERS[paper])[2]
    assert near(back[2], top_right.left * POINTS_PER_PIXEL)


@pytest.mark.parametrize(("paper", "points"), [("a4", (595.2, 841.92)), ("letter", (612, 792))])
def test_a_pdf_with_bleed_places_6_cards_a_page_each_on_its_bleed(paper, points):
    layout = sheet_layout(PAPERS[paper], bleed=True)
    pages = plan_pages(["red"] * 10, backs="duplex", layout=layout)
    pdf = write_pdf(pages, layout, jpegs(["red", BACK]))
    read = read_pdf(pdf)

    # The paper is the same; the cards are fewer a page, at exactly 2.5 × 3.5 inches.
    assert [size for size, _ in read] == [points] * 4
    assert len(PdfParser.PdfParser(buf=pdf).pages) == 4
    front = read[0][1]
    placed = [tuple(map(float, found)) for found in PLACED_AT.findall(front)]
    assert len(placed) == 6 and {(w, h) for w, h, _, _ in placed} == {(180.0, 252.0)}
    bleeds = [tuple(map(float, found)) for found in BLEED_BOX.findall(front)]
    assert len(bleeds) == 6
    bleed_pt = BLEED * POINTS_PER_PIXEL  # 8.4 points: 3 mm
    for slot, (_, _, x, y), (bx, by, bw, bh) in zip(layout.slots(), placed, bleeds, strict=True):
        assert near(x, slot.left * POINTS_PER_PIXEL)
        assert near(y, points[1] - slot.bottom * POINTS_PER_PIXEL)
        assert near(bx, x - bleed_pt) and near(by, y - bleed_pt)
        assert near(bw, 180 + 2 * bleed_pt) and near(bh, 252 + 2 * bleed_pt)
        # Every bleed lies on the page.
        assert bx >= 0 and by >= 0 and bx + bw <= points[0] and by + bh <= points[1]
    # Each card is drawn inside a rounded outline (a clipping path) over its bleed.
    assert front.count(b" W n ") == 6
    # The bleed is the colour of the card's edge: the dark border.
    colour = re.search(rb"q ([\d.]+) ([\d.]+) ([\d.]+) rg", front)
    assert colour and all(
        abs(float(c) * 255 - e) <= 3 for c, e in zip(colour.groups(), EDGE, strict=True)
    )
    # Duplex: the back page mirrors the front, a back behind each card.
    back_placed = [tuple(map(float, found)) for found in PLACED_AT.findall(read[1][1])]
    mirrored = [placed[layout.mirrored(i)][2] for i in range(6)]
    assert [p[2] for p in back_placed] == pytest.approx(mirrored, abs=0.01)
    assert len(BLEED_BOX.findall(read[1][1])) == 6
    # The 4 cards of the second sheet, and their 4 backs.
    assert len(PLACED_AT.findall(read[2][1])) == len(PLACED_AT.findall(read[3][1])) == 4


def test_a_pdf_with_bleed_still_embeds_each_card_once():
    layout = sheet_layout(PAPERS["a4"], bleed=True)
    pages = plan_pages(["red"] * 13 + [BACK], layout=layout)
    pdf = write_pdf(pages, layout, jpegs(["red", BACK]))
    assert pdf.count(b"/Subtype /Image") == 2
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
    assert [size for size, _ in read] == [(612.0, 792.0)] * 7
    assert all(
        len(BLEED_BOX.findall(stream)) == len(PLACED_AT.findall(stream)) for _, stream in read
    )
