"""Checking and cleaning the images players upload for their cards.

An upload is judged by its content, never by its name or declared type: it must be a PNG, JPEG or
WebP image of at most 5 MB and 4096 × 4096 pixels. Size and dimensions are checked before any
pixel is decoded, so a small file that claims to be enormous (a decompression bomb) is refused
without the memory it asks for.

What is stored is never the uploaded file itself but a fresh encoding of its pixels, in the same
format: no EXIF (camera, GPS position, time), no XMP, no comments, no text chunks, no colour
profile (colours are first converted to sRGB where a profile says they are something else), and
nothing that followed the image in the file. EXIF orientation is applied to the pixels first, so
a photo taken sideways is stored upright.

Decisions:

* Animated PNG and WebP files, and multi-picture JPEGs (MPO), are accepted and keep their first
  frame only: a printed card shows one picture.
* A file that is an image followed by something else (a ZIP archive, an HTML page, the video a
  phone appends to a "motion photo") is accepted, and the trailing data is simply not part of
  what is stored. A file with anything before the image is not an image and is refused.
* Any failure to read a file becomes :class:`ImageRejected` with a message a person can act on;
  nothing else is raised for bad input.
"""

from __future__ import annotations

import contextlib
import io
import math
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

# A multi-picture JPEG (as some cameras write) is a JPEG whose first picture is a plain JPEG.
_SAME_AS = {"MPO": "JPEG"}

# A damaged file must be refused, not stored with its missing part painted grey. The setting is
# process-wide; this module relies on it being off.
ImageFile.LOAD_TRUNCATED_IMAGES = False

_MB = 1024 * 1024

NOT_AN_IMAGE = "The file is not a PNG, JPEG or WebP image."
DAMAGED = "The image file is damaged or incomplete."
EMPTY = "The file is empty."


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
    uploaded file may have been read already). ``filename`` is accepted for the caller's
    convenience and never consulted: the content alone decides what the file is.
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
