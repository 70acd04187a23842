"""The pictures link previews show (Open Graph, oEmbed): a card, or a deck's first cards, drawn
from their print-exact renders on one 1200 × 630 image, the size chat apps and social sites
show large.

An image is stored under a key of what is drawn on it (the renders' own keys), like the renders
themselves, so it is drawn once and drawn again only when a card on it changes. Callers pass only
cards the preview's audience may see: a withheld card is never drawn here.
"""

from __future__ import annotations

import hashlib
import io
from collections.abc import Sequence

from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from PIL import Image

from cards import renders
from cards.models import Card

WIDTH, HEIGHT = 1200, 630
BACKGROUND = (24, 28, 38)
MARGIN = 24
# A deck's preview shows this many of its cards, fanned left to right.
DECK_CARDS = 5
# Bump to draw every stored preview again after a change of layout.
LAYOUT_VERSION = "1"


def _stored(name: str) -> bytes | None:
    try:
        with default_storage.open(name, "rb") as handle:
            return handle.read()
    except (FileNotFoundError, OSError):
        return None


def _store(name: str, content: bytes) -> None:
    if not default_storage.exists(name):
        default_storage.save(name, ContentFile(content))


def _png(image: Image.Image) -> bytes:
    out = io.BytesIO()
    image.save(out, "PNG", optimize=True)
    return out.getvalue()


def _card_image(card: Card, height: int) -> Image.Image:
    rendered = renders.card_render(card=card)
    with Image.open(io.BytesIO(rendered.content)) as full:
        width = round(full.width * height / full.height)
        return full.convert("RGB").resize((width, height), Image.Resampling.LANCZOS)


def _key(*parts: str) -> str:
    return hashlib.sha256("\n".join((LAYOUT_VERSION, *parts)).encode()).hexdigest()[:40]


def card_og_key(card: Card) -> str:
    return _key("card", renders.card_render_key(card=card))


def card_og_image(card: Card) -> tuple[bytes, str]:
    """The card, as printed, centred on the preview canvas; the PNG and its key (an ETag)."""
    key = card_og_key(card)
    name = f"og/{key}.png"
    content = _stored(name)
    if content is None:
        canvas = Image.new("RGB", (WIDTH, HEIGHT), BACKGROUND)
        face = _card_image(card, HEIGHT - 2 * MARGIN)
        canvas.paste(face, ((WIDTH - face.width) // 2, MARGIN))
        content = _png(canvas)
        _store(name, content)
    return content, key


def deck_og_key(cards: Sequence[Card]) -> str:
    shown = list(cards)[:DECK_CARDS]
    return _key("deck", *(renders.card_render_key(card=card) for card in shown))


def deck_og_image(cards: Sequence[Card], *, back: bytes | None = None) -> tuple[bytes, str]:
    """Up to DECK_CARDS of `cards`, fanned across the canvas, the first on top; with no card
    to show, the card back (`back`, a PNG) alone. The PNG and its key."""
    shown = list(cards)[:DECK_CARDS]
    key = deck_og_key(shown)
    name = f"og/{key}.png"
    content = _stored(name)
    if content is not None:
        return content, key
    canvas = Image.new("RGB", (WIDTH, HEIGHT), BACKGROUND)
    height = HEIGHT - 2 * MARGIN
    faces = [_card_image(card, height) for card in shown]
    if not faces and back is not None:
        with Image.open(io.BytesIO(back)) as image:
            width = round(image.width * height / image.height)
            faces = [image.convert("RGB").resize((width, height), Image.Resampling.LANCZOS)]
    if faces:
        face_width = faces[0].width
        span = WIDTH - 2 * MARGIN - face_width
        step = min(face_width + MARGIN, span // (len(faces) - 1)) if len(faces) > 1 else 0
        left = (WIDTH - (face_width + step * (len(faces) - 1))) // 2
        # Drawn last to first so the deck's first card lies on top.
        for position in reversed(range(len(faces))):
            canvas.paste(faces[position], (left + step * position, MARGIN))
    content = _png(canvas)
    _store(name, content)
    return content, key
