"""The design page's live preview: the card drawn as typed, served by its own address.

The preview changes as the designer types. Sent inline, as a base64 PNG, each drawing made
every update some 500 KB; instead each drawing is kept in the cache a short while under a key
made from its designer and everything drawn on it (cards.render.content_key), and the preview
links to it. A card drawn the same as before is not drawn again, and the browser loads each
drawing once. It is a WebP image at the printed size, some 45 KB where the PNG is 350 KB: a
preview is looked at, not printed (the card's PNG is drawn from the saved card). A drawing is
served to the designer who made it only, so a private card's text and picture never reach
anyone else through its address.
"""

from __future__ import annotations

import hashlib
import io
import re
from typing import Any

from django.core.cache import cache
from django.urls import reverse

from cards.render import CardFace, content_key, render_card_image

# How long a drawing stays: a designer who leaves the page for longer gets a new one on the
# next change; the address of a drawing gone from the cache is a 404.
PREVIEW_SECONDS = 10 * 60
KEY = re.compile(r"[0-9a-f]{64}")
# WebP's quality and effort: sharp text at a fraction of the PNG, drawn faster than the PNG.
WEBP_QUALITY = 85
WEBP_METHOD = 2


def draw_preview(face: CardFace) -> bytes:
    """The card as a WebP image, 750 × 1050 pixels."""
    out = io.BytesIO()
    render_card_image(face).save(out, "WEBP", quality=WEBP_QUALITY, method=WEBP_METHOD)
    return out.getvalue()


def _cache_key(key: str) -> str:
    return f"card-preview-render:{key}"


def preview_key(*, face: CardFace, user: Any) -> str:
    """The key of a drawing: its designer and its content, so two designers drawing the same
    card each get their own."""
    return hashlib.sha256(f"{user.pk}:{content_key(face)}".encode("ascii")).hexdigest()


def preview_address(*, face: CardFace, user: Any) -> str:
    """The address of the card drawn as `face`, for `user` alone: drawn now unless the same
    drawing is still kept (which then stays another PREVIEW_SECONDS)."""
    key = preview_key(face=face, user=user)
    if not cache.touch(_cache_key(key), PREVIEW_SECONDS):
        cache.set(_cache_key(key), (user.pk, draw_preview(face)), PREVIEW_SECONDS)
    return str(reverse("card-preview-image", args=[key]))


def preview_image(*, key: str, user: Any) -> bytes | None:
    """The WebP image kept under `key` if `user` drew it and it is still kept; else None."""
    if user is None or not user.is_authenticated or not KEY.fullmatch(key):
        return None
    kept = cache.get(_cache_key(key))
    if not isinstance(kept, tuple) or len(kept) != 2 or kept[0] != user.pk:
        return None
    return bytes(kept[1])
