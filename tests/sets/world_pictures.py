"""Pictures for the sets' tests: a small PNG, and a PNG whose header claims enormous dimensions
(a decompression bomb)."""

from __future__ import annotations

import io
import struct
import zlib

from PIL import Image


def png(color: str = "red", size: tuple[int, int] = (40, 30)) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", size, color).save(out, "PNG")
    return out.getvalue()


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def png_claiming(width: int, height: int) -> bytes:
    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    pixels = zlib.compress(b"\0" * 1024, 9)
    return (
        b"\x89PNG\r\n\x1a\n"
        + _chunk(b"IHDR", header)
        + _chunk(b"IDAT", pixels)
        + _chunk(b"IEND", b"")
    )


def gif() -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (20, 20), "red").save(out, "GIF")
    return out.getvalue()
