"""Fixtures for the card tests: cards in each visibility, and image files."""

import io
import struct
import zlib
from collections.abc import Callable
from typing import Any

import pytest
from PIL import Image

from cards import services
from cards.models import Card

# Legal by the 14th Edition's guide: ⌈SP 1 + HP 2 ÷ 2⌉ = 2; WHISPER: draw 1 card (2x = 2).
WISP = {
    "name": "Wisp",
    "kind": "minion",
    "design_edition": 14,
    "level": 4,
    "sp": 1,
    "hp": 2,
    "ability_text": "WHISPER: Draw 1 card.",
    "flavor_text": "It hums in the dark.",
}


def png_bytes(size: tuple[int, int] = (64, 48), color: str = "teal", fmt: str = "PNG") -> bytes:
    out = io.BytesIO()
    Image.new("RGB", size, color).save(out, fmt)
    return out.getvalue()


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def png_claiming(width: int, height: int) -> bytes:
    """A tiny PNG whose header claims enormous dimensions: a decompression bomb."""
    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    pixels = zlib.compress(b"\0" * 1024, 9)
    return (
        b"\x89PNG\r\n\x1a\n"
        + _chunk(b"IHDR", header)
        + _chunk(b"IDAT", pixels)
        + _chunk(b"IEND", b"")
    )


def gif_bytes() -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (20, 20), "red").save(out, "GIF")
    return out.getvalue()


@pytest.fixture
def make_card(alice) -> Callable[..., Card]:
    def make(owner: Any = None, visibility: str = "private", **fields: Any) -> Card:
        definition = {**WISP, **fields}
        return services.card_create(
            owner=owner or alice, definition=definition, visibility=visibility
        )

    return make


@pytest.fixture
def media_files(settings) -> Callable[[], list[str]]:
    """Every file under MEDIA_ROOT, relative to it."""

    def files() -> list[str]:
        from pathlib import Path

        root = Path(settings.MEDIA_ROOT)
        return sorted(str(path.relative_to(root)) for path in root.rglob("*") if path.is_file())

    return files
