"""Pictures for the sets' tests, made as the card tests make theirs (tests/cards/conftest.py):
a small PNG, a GIF, and a PNG whose header claims enormous dimensions (a decompression bomb)."""

from __future__ import annotations

from tests.cards.conftest import gif_bytes, png_bytes, png_claiming

__all__ = ["gif", "png", "png_claiming"]


def png(color: str = "red", size: tuple[int, int] = (40, 30)) -> bytes:
    return png_bytes(size=size, color=color)


def gif() -> bytes:
    return gif_bytes()
