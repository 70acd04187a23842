"""The card sheets of a deck's Tabletop Simulator export, drawn with Pillow and stored by
content, and the deck's cards as the export shows them to one viewer.

A sheet is drawn from the cards' print-exact renders (cards.renders, itself stored by content)
scaled to 409 × 573, and stored under a key of everything drawn on it (decks.tabletop.Sheet
.content_key): the same deck asked for again, by anyone who sees the same cards, is a read of
one stored JPEG. Each card's scaled face is stored too, under its render's key, so a card is
scaled once for every deck it is on.

Drawing is slow when the cards were never drawn: a 60-card sheet took 18 s on this shared
two-core machine, some 200 ms a card to render and 100 ms to scale it (tests/decks/
test_tabletop_sheets.py measures it), against 0.07 s once stored. So downloading the saved
object queues the renders the sheets will need on the workers (`queue_renders`, the print
images' task, which draws the render on the way); by the time the table fetches the sheets they
only scale stored renders. A sheet asked for sooner is drawn in its request, within the web
server's time limit for the 69 faces a sheet holds. Tabletop Simulator asks for each sheet once
and keeps it.

JPEG rather than PNG: a full sheet of card art is some 15 MB as a PNG and under 2 MB as a JPEG
of quality 88, and Tabletop Simulator reads both.

A card the viewer may not see is drawn as the plain withheld face (`withheld_face`): its name,
text and picture never reach a sheet, the saved object or the text list.
"""

from __future__ import annotations

import io
import logging
from collections.abc import Sequence
from functools import cache, partial
from typing import Any

from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.db import transaction
from PIL import Image, ImageDraw, ImageFont

from cards.renders import card_render, card_render_key
from cards.selectors import WITHHELD_NAME
from decks.models import Deck
from decks.print_renders import MAKE_PRINT_IMAGES, RENDERS_PER_TASK, print_images_missing
from decks.printing import card_back
from decks.printing.back import FONT_DIR
from decks.selectors import sorted_entries
from decks.tabletop import (
    BACK_FACE,
    CELL_HEIGHT,
    CELL_WIDTH,
    WITHHELD_FACE,
    DeckCard,
    Face,
    Sheet,
)

logger = logging.getLogger(__name__)

JPEG_QUALITY = 88
WITHHELD_BACKGROUND = (226, 223, 216)
WITHHELD_INK = (90, 86, 80)


def deck_cards(deck: Deck) -> list[DeckCard]:
    """The deck's cards (its maybeboard is not played, so not exported), in the deck page's
    order, each with its copies and the key of its face; withheld cards share one face."""
    cards = []
    for entry in sorted_entries(deck):
        card = entry.card
        key = WITHHELD_FACE if card.withheld else card_render_key(card=card)
        cards.append(DeckCard(card=card, copies=entry.count, face_key=key))
    return cards


def card_text(card: Any) -> tuple[str, str]:
    """A card's name and description on the table: its ability text, after a line of its
    kind, level and stats; nothing at all for a withheld card."""
    if card.withheld:
        return WITHHELD_NAME, ""
    stats = [f"Level {card.level} {card.kind}"]
    if card.sp is not None:
        stats.append(f"{card.sp} SP")
    if card.hp is not None:
        stats.append(f"{card.hp} HP")
    text = " · ".join(stats)
    if card.ability_text.strip():
        text += "\n\n" + card.ability_text.strip()
    return card.name, text


def _font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    try:
        return ImageFont.truetype(str(FONT_DIR / "DejaVuSans-Bold.ttf"), size)
    except OSError:
        return ImageFont.load_default(size)


@cache
def withheld_face() -> Image.Image:
    """A plain face that says only that a card is there."""
    image = Image.new("RGB", (CELL_WIDTH, CELL_HEIGHT), WITHHELD_BACKGROUND)
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle(
        (14, 14, CELL_WIDTH - 14, CELL_HEIGHT - 14), radius=18, outline=WITHHELD_INK, width=4
    )
    font = _font(34)
    middle = CELL_HEIGHT // 2
    draw.text((CELL_WIDTH // 2, middle - 24), "Withheld", font=font, fill=WITHHELD_INK, anchor="mm")
    draw.text((CELL_WIDTH // 2, middle + 24), "card", font=font, fill=WITHHELD_INK, anchor="mm")
    return image


@cache
def back_cell() -> Image.Image:
    return card_back().convert("RGB").resize((CELL_WIDTH, CELL_HEIGHT), Image.Resampling.LANCZOS)


@cache
def back_jpeg() -> bytes:
    return _jpeg(back_cell())


def _cell_name(key: str) -> str:
    return f"renders/{key}-tabletop.jpg"


def _read(name: str) -> bytes:
    try:
        with default_storage.open(name, "rb") as handle:
            content = handle.read()
    except OSError:
        return b""
    # A JPEG ends with its end-of-image marker; one without is still being written.
    return content if content.endswith(b"\xff\xd9") else b""


def _store(name: str, content: bytes) -> None:
    if not default_storage.exists(name):
        default_storage.save(name, ContentFile(content))


def _cell(face: Face) -> Image.Image:
    """A card's face at sheet size, kept under its render's key: a card on many decks' sheets
    is scaled once."""
    if face.key == BACK_FACE:
        return back_cell()
    if face.key == WITHHELD_FACE or face.card is None or face.card.withheld:
        return withheld_face()
    stored = _read(_cell_name(face.key))
    if stored:
        with Image.open(io.BytesIO(stored)) as cell:
            return cell.convert("RGB")
    rendered = card_render(card=face.card, set_mark=face.set_mark)
    with Image.open(io.BytesIO(rendered.content)) as full:
        cell = full.convert("RGB").resize(
            (CELL_WIDTH, CELL_HEIGHT), Image.Resampling.LANCZOS, reducing_gap=2.0
        )
    out = io.BytesIO()
    cell.save(out, "JPEG", quality=92)
    _store(_cell_name(face.key), out.getvalue())
    return cell


def renders_missing(cards: Sequence[DeckCard]) -> list[int]:
    """The ids of the cards whose sheet face has never been drawn and which have no print
    image either (drawing one draws the render too); withheld cards aside."""
    unscaled = [
        entry.card
        for entry in cards
        if entry.face_key != WITHHELD_FACE
        and not default_storage.exists(_cell_name(entry.face_key))
    ]
    return [card.pk for card in print_images_missing(unscaled)]


def queue_renders(cards: Sequence[DeckCard]) -> int:
    """Have the workers draw the renders of the cards whose sheet face was never drawn, once
    the request commits: the saved object is downloaded a while before the table fetches its
    sheets, which then only scale stored renders. Returns how many were queued; a broker that
    is down queues none, and the sheet request draws them itself."""
    missing = renders_missing(cards)
    if missing:
        transaction.on_commit(partial(_send, missing))
    return len(missing)


def _send(card_ids: list[int]) -> None:
    from kotc_site.celery import send_tasks

    chunks = (
        [card_ids[start : start + RENDERS_PER_TASK]]
        for start in range(0, len(card_ids), RENDERS_PER_TASK)
    )
    try:
        send_tasks(MAKE_PRINT_IMAGES, chunks)
    except Exception as error:  # the broker's own errors, whatever its transport
        logger.warning("Could not queue %d renders for a table: %s", len(card_ids), error)


def draw_sheet(sheet: Sheet) -> Image.Image:
    """The sheet: its faces row by row, the back in the grid's last place."""
    image = Image.new("RGB", sheet.size, (255, 255, 255))
    for place, face in enumerate(sheet.faces):
        row, column = divmod(place, sheet.columns)
        image.paste(_cell(face), (column * CELL_WIDTH, row * CELL_HEIGHT))
    last = sheet.columns * sheet.rows - 1
    row, column = divmod(last, sheet.columns)
    image.paste(back_cell(), (column * CELL_WIDTH, row * CELL_HEIGHT))
    return image


def _jpeg(image: Image.Image) -> bytes:
    out = io.BytesIO()
    image.save(out, "JPEG", quality=JPEG_QUALITY, optimize=True)
    return out.getvalue()


def _stored_name(sheet: Sheet) -> str:
    return f"renders/tabletop-{sheet.content_key}.jpg"


def sheet_jpeg(sheet: Sheet) -> bytes:
    """The sheet as a JPEG, from the store when it was drawn before."""
    name = _stored_name(sheet)
    content = _read(name)
    if not content:
        content = _jpeg(draw_sheet(sheet))
        _store(name, content)
    return content
