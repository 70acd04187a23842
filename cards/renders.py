"""A saved card drawn as a PNG, through the render cache: a drawing is stored under a key of
everything drawn on it, so an unchanged card is drawn once, however often it is asked for."""

from __future__ import annotations

import hashlib
import io
import logging
from dataclasses import dataclass
from typing import Any

from django.core.cache import cache
from django.core.files.base import ContentFile
from django.core.files.storage import default_storage

from cards.models import DEFINITION_FIELDS, Card
from cards.render import CardFace, SetMark, content_key, render_card

logger = logging.getLogger(__name__)

SMALL_RENDER_WIDTH = 300  # gallery thumbnails: 300 × 420
RENDER_KEY_SECONDS = 60 * 60 * 24

# Read the card's picture from storage (card_face(image=None) draws it without one).
STORED: Any = object()


@dataclass(frozen=True)
class RenderedCard:
    content: bytes
    key: str  # changes whenever anything drawn changes; use as an ETag


def card_face(
    card: Card, *, image: bytes | None | Any = STORED, set_mark: SetMark | None = None
) -> CardFace:
    if image is STORED:
        image = read_card_image(card)
    # A card's face is its definition (what is printed), its picture, and its number in a set
    # when it is drawn as part of one.
    fields = {field: getattr(card, field) for field in DEFINITION_FIELDS}
    return CardFace(**fields, image=image, set_mark=set_mark)


def read_card_image(card: Card) -> bytes | None:
    if not card.image:
        return None
    try:
        with default_storage.open(card.image.name, "rb") as handle:
            return handle.read()
    except OSError:
        logger.warning("The image %s of card %s is missing", card.image.name, card.pk)
        return None


def card_render_key(*, card: Card, set_mark: SetMark | None = None) -> str:
    """The key of the card's render as it is drawn now (the same as card_render's), found
    without drawing it: what is derived from a render can be stored under it."""
    return _render_key(card, set_mark)


def _render_key(card: Card, set_mark: SetMark | None = None) -> str:
    """The content key, remembered per saved state so an unchanged card's image is not read
    and hashed on every request."""
    memo = f"card-render-key:{card.pk}:{card.render_version}:{card.image.name}"
    if set_mark is not None:
        symbol = hashlib.sha256(set_mark.symbol_png or b"").hexdigest()
        memo += f":{set_mark.code}-{set_mark.number}-{set_mark.total}:{symbol}"
    key = cache.get(memo)
    if key is None:
        key = content_key(card_face(card, set_mark=set_mark))
        cache.set(memo, key, RENDER_KEY_SECONDS)
    return key


def _read(name: str) -> bytes | None:
    try:
        with default_storage.open(name, "rb") as handle:
            return handle.read()
    except (FileNotFoundError, OSError):
        return None


def _write(name: str, content: bytes) -> None:
    if not default_storage.exists(name):
        default_storage.save(name, ContentFile(content))


def card_render(
    *, card: Card, small: bool = False, set_mark: SetMark | None = None
) -> RenderedCard:
    """The card drawn as a PNG, from the render cache when nothing drawn has changed; with
    `set_mark`, with its number in a set printed on it."""
    key = _render_key(card, set_mark)
    full_name = f"renders/{key}.png"
    if small:
        small_name = f"renders/{key}-w{SMALL_RENDER_WIDTH}.png"
        content = _read(small_name)
        if content is None:
            content = _shrink(_full_render(card, key, full_name, set_mark))
            _write(small_name, content)
        return RenderedCard(content, f"{key}-w{SMALL_RENDER_WIDTH}")
    return RenderedCard(_full_render(card, key, full_name, set_mark), key)


def _full_render(card: Card, key: str, name: str, set_mark: SetMark | None = None) -> bytes:
    content = _read(name)
    if content is None:
        content = render_card(card_face(card, set_mark=set_mark))
        _write(name, content)
    return content


def _shrink(png: bytes) -> bytes:
    from PIL import Image

    with Image.open(io.BytesIO(png)) as full:
        height = round(full.height * SMALL_RENDER_WIDTH / full.width)
        small = full.convert("RGB").resize((SMALL_RENDER_WIDTH, height), Image.Resampling.LANCZOS)
    out = io.BytesIO()
    small.save(out, "PNG", optimize=True)
    return out.getvalue()
