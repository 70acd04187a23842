"""Checking and cleaning the images players upload for their cards.

What an upload is comes from its content, never from its declared type: it must be a PNG, JPEG or
WebP image of at most 5 MB and 4096 × 4096 pixels. Size and dimensions are checked before any
pixel is decoded, so a small file that claims to be enormous (a decompression bomb) is refused
without the memory it asks for. Its name must agree with its content, and it must hold the
picture and nothing else.

What is stored is never the uploaded file itself but a fresh encoding of its pixels, in the same
format: no EXIF (camera, GPS position, time), no XMP, no comments, no text chunks, no colour
profile (colours are first converted to sRGB where a profile says they are something else), and
nothing that followed the image in the file. EXIF orientation is applied to the pixels first, so
a photo taken sideways is stored upright.

Decisions:

* Animated PNG and WebP files, and multi-picture JPEGs (MPO), are accepted and keep their first
  frame only: a printed card shows one picture.
* A file whose name has an extension must have one of its format's: .png for a PNG; .jpg,
  .jpeg, .jpe or .jfif for a JPEG (and .mpo for a multi-picture JPEG); .webp for a WebP, in any
  case. A PNG named .gif is refused with a message saying which extension it needs. A name
  without an extension (or no name) leaves the content to decide.
* A file that holds more than the image is refused: a polyglot, an image that is also a ZIP
  archive or a web page, is a way to smuggle content past checks that trust the first bytes.
  For a PNG, the chunks are walked from the signature to the end of the IEND chunk, and any byte
  after it is refused (a walk that breaks off or finds no IEND means the file is damaged). For a
  WebP, anything past the size its RIFF header gives (and one padding byte) is refused. A JPEG
  may legitimately carry data after its end (the video a phone appends to a "motion photo", the
  further pictures of a multi-picture JPEG), so trailing data alone is allowed there.
* As a second line, for every format, a file is refused if a ZIP record (a local file header, or
  the end-of-central-directory record of a single-disk archive) or the start of a web page or
  script (``<script``, ``<html``, ``<?php``, ``<svg``, ``<!doctype``, in any case, followed by
  what ends a tag name) appears anywhere in it. These signatures are matched with the bytes that
  follow them, not on their first four bytes alone: compressed pixel data and video look random
  enough that bare four-byte signatures turn up by chance in about one 4 MB photo in a hundred,
  and such a photo must not be refused.
* A file with anything before the image is not an image and is refused.
* Any failure to read a file becomes :class:`ImageRejected` with a message a person can act on;
  nothing else is raised for bad input.
"""

from __future__ import annotations

import contextlib
import io
import math
import re
import warnings
from dataclasses import dataclass
from typing import BinaryIO

from PIL import Image, ImageCms, ImageFile, ImageOps, UnidentifiedImageError

MAX_BYTES = 5 * 1024 * 1024
MAX_SIDE = 4096
ALLOWED = {"PNG", "JPEG", "WEBP"}
JPEG_QUALITY = 90
WEBP_QUALITY = 90
MAX_ICC_BYTES = 1024 * 1024

EXTENSIONS = {"PNG": ".png", "JPEG": ".jpg", "WEBP": ".webp"}

# The extensions a file of each format may be named with; the first is the one suggested.
NAME_EXTENSIONS = {
    "PNG": (".png",),
    "JPEG": (".jpg", ".jpeg", ".jpe", ".jfif"),
    "MPO": (".jpg", ".jpeg", ".jpe", ".jfif", ".mpo"),
    "WEBP": (".webp",),
}
FORMAT_NAMES = {"PNG": "PNG", "JPEG": "JPEG", "MPO": "JPEG", "WEBP": "WebP"}

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"

# Signs of another file inside an image. A ZIP local file header (its signature and a "version
# needed to extract" under 1024; real ones are at most 63, for 6.3) or the end-of-central-directory
# record of a single-disk archive (its signature and two disk numbers of 0).
_ARCHIVE = re.compile(rb"PK\x03\x04[\x00-\xff][\x00-\x03]|PK\x05\x06\x00\x00\x00\x00")
# The start of a web page or script: the tag name followed by what can end it in HTML.
_MARKUP = re.compile(rb"<(?:script|html|\?php|svg|!doctype)(?:[\s/>]|\Z)", re.IGNORECASE)

# A multi-picture JPEG (as some cameras write) is a JPEG whose first picture is a plain JPEG.
_SAME_AS = {"MPO": "JPEG"}

# A damaged file must be refused, not stored with its missing part painted grey. The setting is
# process-wide; this module relies on it being off.
ImageFile.LOAD_TRUNCATED_IMAGES = False

_MB = 1024 * 1024

NOT_AN_IMAGE = "The file is not a PNG, JPEG or WebP image."
DAMAGED = "The image file is damaged or incomplete."
EMPTY = "The file is empty."
MORE_THAN_AN_IMAGE = "The file holds more than an image ({what})."
EXPORT_AGAIN = " Export the picture again as a plain PNG, JPEG or WebP."


class ImageRejected(ValueError):
    """An upload that cannot be used as a card image; the message says why, for a person."""


@dataclass(frozen=True)
class CleanImage:
    """An image ready to store: freshly encoded, without metadata."""

    content: bytes
    format: str  # "PNG" | "JPEG" | "WEBP"
    width: int
    height: int
    extension: str  # ".png" | ".jpg" | ".webp"


def clean_image(data: bytes | BinaryIO, filename: str | None = None) -> CleanImage:
    """Check an uploaded image and re-encode it without metadata.

    ``data`` is the file's content, or a binary file (read from its start if it can seek, as an
    uploaded file may have been read already). ``filename``, the name the file was uploaded
    with, must then carry an extension of the format the content turns out to be, if it has an
    extension at all; the content alone decides what the file is.
    """
    raw = _read(data)
    if not raw:
        raise ImageRejected(EMPTY)
    if len(raw) > MAX_BYTES:
        raise ImageRejected(_too_big(len(raw)))

    with warnings.catch_warnings():
        # Pillow warns about each oddity of a damaged EXIF block; the block is never stored.
        warnings.simplefilter("ignore", UserWarning)
        # Pillow warns about, rather than refuses, images between its two pixel limits; here any
        # such warning is a refusal. (The dimension check below refuses them anyway; this makes
        # sure nothing is decoded on the way.)
        warnings.simplefilter("error", Image.DecompressionBombWarning)
        image = _open(raw)
        _check_name(filename, image.format or "")
        _check_nothing_else(raw, image.format or "")
        try:
            _check_dimensions(image.width, image.height)
            image.seek(0)
            image.load()
        except ImageRejected:
            raise
        except (Image.DecompressionBombError, Image.DecompressionBombWarning):
            raise ImageRejected(_too_many_pixels()) from None
        except Exception:  # decoders raise many kinds of error on crafted files
            raise ImageRejected(DAMAGED) from None

        fmt = _SAME_AS.get(image.format or "", image.format or "")
        if fmt not in ALLOWED:
            raise ImageRejected(NOT_AN_IMAGE)
        try:
            pixels = _pixels(image, fmt)
            content = _encode(pixels, fmt, lossless=fmt == "WEBP" and _webp_is_lossless(raw))
        except Exception:  # as above: a file that will not convert is damaged
            raise ImageRejected(DAMAGED) from None
    return CleanImage(content, fmt, pixels.width, pixels.height, EXTENSIONS[fmt])


def _read(data: bytes | BinaryIO) -> bytes:
    if isinstance(data, (bytes, bytearray, memoryview)):
        return bytes(data)
    if hasattr(data, "seek"):
        with contextlib.suppress(OSError, ValueError):
            data.seek(0)
    raw = data.read(MAX_BYTES + 1)
    if len(raw) > MAX_BYTES:
        raise ImageRejected(_too_big(_total_size(data, len(raw))))
    return bytes(raw)


def _total_size(stream: BinaryIO, at_least: int) -> int | None:
    """The stream's full length, without reading it, when the stream can tell."""
    size = getattr(stream, "size", None)  # Django's uploaded files know theirs
    if isinstance(size, int) and size >= at_least:
        return size
    try:
        position = stream.tell()
        end = stream.seek(0, io.SEEK_END)
        stream.seek(position)
        return end if end >= at_least else None
    except (OSError, ValueError, AttributeError):
        return None


def _too_big(size: int | None) -> str:
    if size is None:
        return f"The image is larger than {MAX_BYTES // _MB} MB, the limit."
    limit = MAX_BYTES // _MB
    shown = f"{size / _MB:.1f}"
    if float(shown) <= limit:  # just over the limit: never let it read as "5.0 MB"
        shown = f"{math.ceil(size / _MB * 100) / 100:.2f}"
    return f"The image is {shown} MB; the limit is {limit} MB."


def _too_many_pixels() -> str:
    return f"The image has far too many pixels; the limit is {MAX_SIDE}×{MAX_SIDE}."


def _check_dimensions(width: int, height: int) -> None:
    if width > MAX_SIDE or height > MAX_SIDE:
        raise ImageRejected(
            f"The image is {width}×{height} pixels; the limit is {MAX_SIDE}×{MAX_SIDE}."
        )
    if width < 1 or height < 1:
        raise ImageRejected(DAMAGED)


def _open(raw: bytes) -> ImageFile.ImageFile:
    """The image, opened from its header only; its pixels are not decoded yet."""
    try:
        # Only these decoders are tried: a GIF, BMP, SVG, PDF or web page is simply unknown.
        image = Image.open(io.BytesIO(raw), formats=sorted(ALLOWED))
    except UnidentifiedImageError:
        raise ImageRejected(NOT_AN_IMAGE) from None
    except (Image.DecompressionBombError, Image.DecompressionBombWarning):
        raise ImageRejected(_too_many_pixels()) from None
    except Exception:  # a recognised but malformed header
        raise ImageRejected(DAMAGED) from None
    if _SAME_AS.get(image.format or "", image.format) not in ALLOWED:
        raise ImageRejected(NOT_AN_IMAGE)
    return image


def _check_name(filename: str | None, detected: str) -> None:
    """Refuse a file whose name's extension is not one of its format's."""
    if not filename:
        return
    name = filename.replace("\\", "/").rsplit("/", 1)[-1].strip()
    stem, dot, extension = name.rpartition(".")
    if not dot or not stem or not extension:  # "photo", ".png" and "photo." have none
        return
    if "." + extension.lower() in NAME_EXTENSIONS[detected]:
        return
    kind = FORMAT_NAMES[detected]
    raise ImageRejected(
        f"The file is named “{name}” but holds a {kind} image. "
        f"Rename it to {NAME_EXTENSIONS[detected][0]} and try again."
    )


def _check_nothing_else(raw: bytes, detected: str) -> None:
    """Refuse a file that holds something besides the image: data after its end, or an archive
    or a web page anywhere in it."""
    if detected == "PNG":
        extra = len(raw) - _png_end(raw)
    elif detected == "WEBP":
        extra = len(raw) - _webp_end(raw)
        if extra <= 1:  # a padding byte after an odd-sized RIFF body
            extra = 0
    else:  # a JPEG may carry a motion photo's video or further pictures after its end
        extra = 0
    if extra > 0:
        unit = "byte" if extra == 1 else "bytes"
        raise ImageRejected(
            _more_than_an_image(f"{extra:,} {unit} of other data after the picture")
        )
    if _ARCHIVE.search(raw):
        raise ImageRejected(_more_than_an_image("a ZIP archive in or after the picture"))
    if _MARKUP.search(raw):
        raise ImageRejected(_more_than_an_image("a web page or script in or after the picture"))


def _more_than_an_image(what: str) -> str:
    return MORE_THAN_AN_IMAGE.format(what=what) + EXPORT_AGAIN


def _png_end(raw: bytes) -> int:
    """Where the PNG's IEND chunk ends, found by walking its chunks (length, type, data, CRC)
    from the signature."""
    if not raw.startswith(PNG_SIGNATURE):
        raise ImageRejected(NOT_AN_IMAGE)
    position = len(PNG_SIGNATURE)
    while True:
        if position + 12 > len(raw):
            raise ImageRejected(DAMAGED)
        length = int.from_bytes(raw[position : position + 4], "big")
        kind = raw[position + 4 : position + 8]
        if length >= 1 << 31 or not kind.isalpha():
            raise ImageRejected(DAMAGED)
        position += 12 + length
        if position > len(raw):
            raise ImageRejected(DAMAGED)
        if kind == b"IEND":
            return position


def _webp_end(raw: bytes) -> int:
    """Where the WebP file ends by the size in its RIFF header."""
    if len(raw) < 12 or raw[:4] != b"RIFF" or raw[8:12] != b"WEBP":
        raise ImageRejected(NOT_AN_IMAGE)
    end = 8 + int.from_bytes(raw[4:8], "little")
    if end > len(raw):
        raise ImageRejected(DAMAGED)
    return end


def _pixels(image: Image.Image, fmt: str) -> Image.Image:
    """The image upright, in sRGB, in a mode its format stores well, and with no metadata."""
    try:
        upright = ImageOps.exif_transpose(image)
    except Exception:  # a broken EXIF block only loses the orientation
        upright = image
    upright = _to_srgb(upright, image.info.get("icc_profile"))

    mode = upright.mode
    has_alpha = "A" in upright.getbands() or upright.has_transparency_data
    if mode in ("I;16", "I;16L", "I;16B", "I;16N", "I"):
        # 16-bit grey: keep the top 8 bits rather than clip everything above 255 to white.
        upright = upright.convert("I").point(lambda value: value / 256).convert("L")
        mode = "L"
    if fmt == "JPEG":  # no transparency in a JPEG; CMYK and the like become RGB
        target = "L" if mode in ("L", "1") else "RGB"
    elif fmt == "PNG" and mode in ("L", "1") and not has_alpha:
        target = "L"
    elif fmt == "PNG" and mode == "LA":
        target = "LA"
    else:  # palettes become full colour; WebP stores only RGB and RGBA
        target = "RGBA" if has_alpha else "RGB"
    converted = upright.convert(target) if upright.mode != target else upright

    # A new image holds the pixels and nothing else: encoders read profiles, transparency and
    # comments from an image's info, so none is carried over.
    fresh = Image.new(target, converted.size)
    fresh.paste(converted, (0, 0))
    return fresh


def _to_srgb(image: Image.Image, icc: bytes | None) -> Image.Image:
    """Colours converted from the embedded profile to sRGB; unchanged if that cannot be done."""
    if not icc or len(icc) > MAX_ICC_BYTES or image.mode not in ("RGB", "RGBA", "CMYK"):
        return image
    try:
        source = ImageCms.ImageCmsProfile(io.BytesIO(icc))
        output = "RGBA" if image.mode == "RGBA" else "RGB"
        converted = ImageCms.profileToProfile(
            image, source, ImageCms.createProfile("sRGB"), outputMode=output
        )
    except Exception:  # a profile that cannot be used is simply dropped
        return image.convert("RGB") if image.mode == "CMYK" else image
    return converted if converted is not None else image


def _encode(image: Image.Image, fmt: str, lossless: bool) -> bytes:
    out = io.BytesIO()
    if fmt == "JPEG":
        image.save(out, "JPEG", quality=JPEG_QUALITY, optimize=True)
    elif fmt == "WEBP":
        if lossless:
            image.save(out, "WEBP", lossless=True, quality=80, method=4, exact=False)
        else:
            image.save(out, "WEBP", quality=WEBP_QUALITY, method=4)
    else:
        image.save(out, "PNG", optimize=False)
    return out.getvalue()


def _webp_is_lossless(raw: bytes) -> bool:
    """Whether a WebP file holds lossless data (a VP8L chunk), so that it stays lossless."""
    position = 12  # after "RIFF", the size and "WEBP"
    while position + 8 <= len(raw):
        tag = raw[position : position + 4]
        size = int.from_bytes(raw[position + 4 : position + 8], "little")
        if tag == b"VP8L":
            return True
        if tag == b"VP8 ":
            return False
        if tag == b"ANMF":
            # An animation frame: its image data starts 16 bytes into the chunk.
            position += 8 + 16
            continue
        position += 8 + size + (size & 1)
    return False
