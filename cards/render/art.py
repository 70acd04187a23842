"""The card's picture: framed as its designer chose, or a placeholder when there is none.

The picture fills its box as framed: zoomed in about a focus point, cropped on the stored
picture so that it is resampled once.
"""

from __future__ import annotations

import io
import math
import warnings
from dataclasses import dataclass
from functools import lru_cache

import numpy as np
from PIL import ExifTags, Image, ImageDraw, ImageOps

from cards.images import MAX_SIDE
from cards.render.geometry import IMAGE_BOX
from cards.render.schemes import SCHEMES, Color, mix

MAX_ART_ZOOM = 4.0


@dataclass(frozen=True)
class Framing:
    """How a picture fills its box: a zoom of 1 or more about a focus (0 to 1 each way).

    Zoom 1 shows as much of the picture as the box's shape allows, more shows less of it,
    larger; the focus is the point of the picture that stays in place, so 0 shows its left (or
    top) edge and 1 its right (or bottom).
    """

    zoom: float = 1.0
    x: float = 0.5
    y: float = 0.5

    @classmethod
    def within_limits(cls, zoom: object, x: object, y: object) -> Framing:
        """The framing nearest the one given that can be drawn; anything unreadable is a default."""
        return cls(
            zoom=_unit(zoom, 1.0, 1.0, MAX_ART_ZOOM),
            x=_unit(x, 0.5, 0.0, 1.0),
            y=_unit(y, 0.5, 0.0, 1.0),
        )


def _unit(value: object, default: float, low: float, high: float) -> float:
    # A stored card's values were checked on save; a face built by hand still draws.
    if not isinstance(value, int | float) or isinstance(value, bool) or value != value:
        return default
    return float(min(max(value, low), high))


def framed(
    picture: Image.Image, size: tuple[int, int], framing: Framing = Framing()
) -> Image.Image:
    """The picture filling a box of the given size as framed.

    ImageOps.fit does the fit: it crops the picture to the box's shape, placed by the focus (its
    ``centering``), and resizes it. It has no zoom (its ``bleed`` trims every edge alike, so it
    could not keep an edge in view), so a zoomed picture is first cropped to the part the zoom
    shows: 1/zoom of it each way, in its own shape, placed so that the focus sits as far across
    and down that part as it does in the whole picture. The two crops together frame the picture
    as one zoomed crop would, to within the whole pixels the first is cut in; the picture is
    still resampled only once.
    """
    if framing.zoom > 1:
        width, height = picture.size
        shown = (max(1, round(width / framing.zoom)), max(1, round(height / framing.zoom)))
        left = round((width - shown[0]) * framing.x)
        top = round((height - shown[1]) * framing.y)
        picture = picture.crop((left, top, left + shown[0], top + shown[1]))
    return ImageOps.fit(picture, size, Image.Resampling.LANCZOS, centering=(framing.x, framing.y))


def draw_image(card: Image.Image, data: bytes | None, kind: str, framing: Framing) -> None:
    """The picture, or the placeholder, in the image box, with a fine dark edge around it."""
    left, top, right, bottom = IMAGE_BOX
    size = (right - left, bottom - top)
    art = _load(data, size, SCHEMES[kind].image_fill, framing) if data else None
    card.paste(art if art is not None else placeholder(kind), IMAGE_BOX[:2])
    # Drawn last so that it sits over the picture's edge.
    ImageDraw.Draw(card).rectangle(
        (left - 3, top - 3, right + 2, bottom + 2), outline=SCHEMES[kind].outline, width=3
    )


def _load(
    data: bytes, size: tuple[int, int], background: Color, framing: Framing
) -> Image.Image | None:
    """The stored image, framed to fill the box; None if it cannot be read.

    Stored images were checked on upload, but a card must print even if its file is damaged, so
    anything unreadable shows the placeholder instead.
    """
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", UserWarning)  # oddities in an EXIF block
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            opened = Image.open(io.BytesIO(data), formats=["PNG", "JPEG", "WEBP"])
            if opened.width > MAX_SIDE or opened.height > MAX_SIDE:
                return None
            if opened.format in ("JPEG", "MPO"):
                # Let the decoder do most of the shrinking; much faster for large photos.
                sideways = opened.getexif().get(ExifTags.Base.Orientation, 1) in (5, 6, 7, 8)
                box_size = (size[1], size[0]) if sideways else size
                # A zoomed picture shows a smaller part of the photo, so needs more of its pixels.
                wanted = (
                    math.ceil(box_size[0] * framing.zoom),
                    math.ceil(box_size[1] * framing.zoom),
                )
                opened.draft("RGB", _cover_size(opened.size, wanted))
            opened.load()
            image = ImageOps.exif_transpose(opened)
            if image.mode not in ("RGB", "RGBA"):
                has_alpha = "A" in image.getbands() or image.has_transparency_data
                image = image.convert("RGBA" if has_alpha else "RGB")
            image = framed(image, size, framing)
            if image.mode == "RGBA":
                flat = Image.new("RGB", size, background)
                flat.paste(image, mask=image.getchannel("A"))
                image = flat
            return image
    except Exception:  # any unreadable file means "no image", never a failed print
        return None


def _cover_size(source: tuple[int, int], target: tuple[int, int]) -> tuple[int, int]:
    # The source scaled, in its own shape, just enough to cover the target: the size the JPEG
    # decoder is asked for, so that it shrinks a photo no further than the box needs.
    scale = max(target[0] / source[0], target[1] / source[1])
    return (max(1, math.ceil(source[0] * scale)), max(1, math.ceil(source[1] * scale)))


@lru_cache(maxsize=4)
def placeholder(kind: str) -> Image.Image:
    """A quiet pattern for a card without an image: soft light, a fine lattice, a picture sign."""
    scheme = SCHEMES[kind]
    left, top, right, bottom = IMAGE_BOX
    width, height = right - left, bottom - top

    ys, xs = np.mgrid[0:height, 0:width].astype(np.float32)
    # Light from the upper middle, falling off to the corners.
    distance = np.hypot((xs - width * 0.5) / width, (ys - height * 0.35) / height)
    shade = np.clip(1.0 - distance * 1.1, 0.0, 1.0)[..., None]
    light = np.array(mix(scheme.image_fill, (255, 255, 255), 0.55), np.float32)
    dark = np.array(mix(scheme.image_fill, scheme.frame_bottom, 0.35), np.float32)
    pixels = dark + (light - dark) * shade
    # A fine diagonal lattice, its lines smoothed by their distance to the pixel centre.
    spacing = 26.0
    lines = np.zeros((height, width), np.float32)
    for diagonal in (xs + ys, xs - ys):
        offset = np.abs((diagonal % spacing) - spacing / 2) - (spacing / 2 - 0.8)
        lines = np.maximum(lines, np.clip(offset, 0.0, 1.0))
    pixels *= (1.0 - 0.07 * lines)[..., None]
    image = Image.fromarray(np.clip(pixels, 0, 255).astype(np.uint8), "RGB")

    # The picture sign, drawn large and reduced for smooth edges, then laid on the pattern.
    s = 4
    sign_w, sign_h = 160, 122
    mask = Image.new("L", (sign_w * s, sign_h * s), 0)
    draw = ImageDraw.Draw(mask)
    draw.rounded_rectangle(
        (3 * s, 3 * s, (sign_w - 3) * s, (sign_h - 3) * s), radius=14 * s, outline=255, width=6 * s
    )
    cx, cy = sign_w / 2, sign_h / 2
    draw.ellipse(((cx + 22) * s, (cy - 36) * s, (cx + 46) * s, (cy - 12) * s), fill=255)
    base = (sign_h - 22) * s
    draw.polygon(
        [((cx - 58) * s, base), ((cx - 14) * s, (cy - 22) * s), ((cx + 24) * s, base)], fill=255
    )
    draw.polygon(
        [((cx - 2) * s, base), ((cx + 26) * s, (cy + 2) * s), ((cx + 58) * s, base)], fill=255
    )
    mask = mask.resize((sign_w, sign_h), Image.Resampling.LANCZOS)
    ink = mix(scheme.image_fill, scheme.outline, 0.45)
    image.paste(
        ink,
        (
            (width - sign_w) // 2,
            (height - sign_h) // 2,
            (width + sign_w) // 2,
            (height + sign_h) // 2,
        ),
        mask,
    )
    return image
