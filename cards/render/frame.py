"""The frame of a card and what is lettered on it: name, level, SP and HP, edition, credit.

The parts that never change (border, frame, boxes, gem, a spell's triangles) are drawn once per
kind, supersampled for smooth edges, and cached as the card's template; a render copies it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache

import numpy as np
from PIL import Image, ImageChops, ImageDraw, ImageFilter

from cards.render.geometry import (
    CREDIT_BASELINE,
    CREDIT_LEFT,
    CREDIT_RIGHT,
    CREDIT_SIZES,
    FOOTER_BASELINE,
    FOOTER_LEFT,
    FOOTER_RIGHT,
    FOOTER_SIZE,
    FRAME_INSET,
    GEM_CENTER,
    GEM_RADIUS,
    HEIGHT,
    HP_BOX,
    IMAGE_BOX,
    MAX_NAME_CHARS,
    NAME_BOX,
    NAME_CLIP,
    NAME_PADDING,
    NAME_SIZES,
    OUTER_RADIUS,
    PLAY_RESTRICTION_BOX,
    SP_BOX,
    SUPERSAMPLE,
    TEXT_BOX,
    ULTRA_POINTS_CENTER,
    ULTRA_POINTS_RADIUS,
    WIDTH,
    Box,
)
from cards.render.layout import Style, fit_line, font, text_width
from cards.render.schemes import (
    BORDER_COLOR,
    CREDIT_INK,
    GEM_COLOR,
    GEM_DARK,
    GEM_LIGHT,
    RESTRICTION_COLOR,
    RESTRICTION_INK,
    SCHEMES,
    STAT_INK,
    STAT_LABEL_INK,
    ULTRA_COLOR,
    ULTRA_DARK,
    Color,
    Scheme,
    mix,
)

# --- The template ---------------------------------------------------------------------------


@lru_cache(maxsize=4)
def template(kind: str) -> Image.Image:
    """The parts of the card that are the same for every card of a kind."""
    scheme = SCHEMES[kind]
    s = SUPERSAMPLE
    size = (WIDTH * s, HEIGHT * s)
    card = Image.new("RGB", size, (255, 255, 255))

    # The dark outer border with rounded corners; outside the corners stays white paper.
    outer = Image.new("L", size, 0)
    ImageDraw.Draw(outer).rounded_rectangle(
        (0, 0, size[0] - 1, size[1] - 1), radius=OUTER_RADIUS * s, fill=255
    )
    card.paste(BORDER_COLOR, (0, 0, *size), outer)

    # The coloured frame, with a bevel: light along its top-left edge, dark along the bottom-right.
    frame_box = (FRAME_INSET, FRAME_INSET, WIDTH - FRAME_INSET, HEIGHT - FRAME_INSET)
    frame_mask = Image.new("L", size, 0)
    ImageDraw.Draw(frame_mask).rounded_rectangle(_scaled(frame_box, s), radius=18 * s, fill=255)
    gradient = _vertical_gradient((WIDTH, HEIGHT), scheme.frame_top, scheme.frame_bottom, s)
    card.paste(gradient, (0, 0), frame_mask)
    inner = ImageChops.offset(frame_mask, 3 * s, 3 * s)
    highlight = ImageChops.subtract(frame_mask, inner)
    card.paste(mix(scheme.frame_top, (255, 255, 255), 0.45), (0, 0, *size), highlight)
    inner = ImageChops.offset(frame_mask, -3 * s, -3 * s)
    lowlight = ImageChops.subtract(frame_mask, inner)
    card.paste(mix(scheme.frame_bottom, (0, 0, 0), 0.35), (0, 0, *size), lowlight)

    # Soft shadows under the boxes make them sit on the frame.
    shadow_color = mix(scheme.frame_bottom, (0, 0, 0), 0.6)
    boxes = [NAME_BOX, IMAGE_BOX, TEXT_BOX]
    if kind == "minion":
        boxes += [SP_BOX, HP_BOX]
    card.paste(shadow_color, (0, 0, *size), _shadow(boxes, s))

    draw = ImageDraw.Draw(card)
    # Name bar.
    draw.rounded_rectangle(_scaled(NAME_BOX, s), radius=14 * s, fill=scheme.outline)
    draw.rounded_rectangle(_scaled(NAME_BOX, s, -3), radius=11 * s, fill=scheme.name_fill)
    # Image box: the picture itself is pasted per card.
    draw.rectangle(_scaled(IMAGE_BOX, s, 3), fill=scheme.outline)
    # Text box.
    draw.rounded_rectangle(_scaled(TEXT_BOX, s), radius=12 * s, fill=scheme.outline)
    draw.rounded_rectangle(_scaled(TEXT_BOX, s, -3), radius=9 * s, fill=scheme.text_fill)

    if kind == "minion":
        for box in (SP_BOX, HP_BOX):
            draw.rounded_rectangle(_scaled(box, s), radius=12 * s, fill=scheme.outline)
            draw.rounded_rectangle(_scaled(box, s, -3), radius=9 * s, fill=scheme.accent)
            top_half = (box[0] + 3, box[1] + 3, box[2] - 3, (box[1] + box[3]) / 2)
            draw.rounded_rectangle(
                _scaled(top_half, s),
                radius=9 * s,
                fill=mix(scheme.accent, scheme.accent_light, 0.18),
            )
            draw.rectangle(
                _scaled((box[0] + 3, top_half[3] - 10, box[2] - 3, top_half[3]), s),
                fill=mix(scheme.accent, scheme.accent_light, 0.18),
            )
    else:
        for box in (SP_BOX, HP_BOX):
            _draw_triangle(draw, box, scheme, s)

    _paste_gem(card, s)
    return card.resize((WIDTH, HEIGHT), Image.Resampling.LANCZOS)


def _scaled(box: Sequence[float], s: int, grow: float = 0) -> tuple[float, float, float, float]:
    return (
        (box[0] - grow) * s,
        (box[1] - grow) * s,
        (box[2] + grow) * s - 1,
        (box[3] + grow) * s - 1,
    )


def _vertical_gradient(size: tuple[int, int], top: Color, bottom: Color, scale: int) -> Image.Image:
    """A top-to-bottom blend with a faint fixed grain, like printed card stock.

    Made at print size and enlarged, which keeps the grain the same size at any supersampling.
    """
    width, height = size
    t = np.linspace(0.0, 1.0, height, dtype=np.float32)[:, None, None]
    start, end = np.array(top, np.float32), np.array(bottom, np.float32)
    pixels = np.broadcast_to(start + (end - start) * t, (height, width, 3)).copy()
    pixels += np.random.default_rng(14).normal(0.0, 4.0, (height, width, 1)).astype(np.float32)
    image = Image.fromarray(np.clip(pixels, 0, 255).astype(np.uint8), "RGB")
    return image.resize((width * scale, height * scale), Image.Resampling.BILINEAR)


def _shadow(boxes: Iterable[Box], s: int) -> Image.Image:
    """A soft shadow mask under the given boxes, at s times print size."""
    mask = Image.new("L", (WIDTH, HEIGHT), 0)
    draw = ImageDraw.Draw(mask)
    for box in boxes:
        draw.rounded_rectangle((box[0], box[1] + 3, box[2] - 1, box[3] + 2), radius=12, fill=150)
    # Blurred at print size: a shadow has no edges to keep sharp.
    mask = mask.filter(ImageFilter.GaussianBlur(5))
    return mask.resize((WIDTH * s, HEIGHT * s), Image.Resampling.BILINEAR)


def _draw_triangle(draw: ImageDraw.ImageDraw, box: Box, scheme: Scheme, s: int) -> None:
    """One of a spell's pair of triangles, centred where a minion shows SP or HP."""
    cx = (box[0] + box[2]) / 2
    cy = (box[1] + box[3]) / 2 + 2
    half_width, half_height = 34, 30

    def triangle(grow: float) -> list[tuple[float, float]]:
        return [
            ((cx) * s, (cy - half_height - grow * 1.6) * s),
            ((cx + half_width + grow * 1.4) * s, (cy + half_height + grow * 0.8) * s),
            ((cx - half_width - grow * 1.4) * s, (cy + half_height + grow * 0.8) * s),
        ]

    draw.polygon(triangle(3), fill=scheme.outline)
    draw.polygon(triangle(0), fill=scheme.accent)
    draw.polygon(
        [
            (cx * s, (cy - half_height + 14) * s),
            ((cx + half_width - 16) * s, (cy + half_height - 7) * s),
            ((cx - half_width + 16) * s, (cy + half_height - 7) * s),
        ],
        fill=scheme.accent_light,
    )


def _gem(s: int) -> Image.Image:
    """The green circle that carries the level, lit from the upper left."""
    r = GEM_RADIUS * s
    size = 2 * r
    ys, xs = np.mgrid[0:size, 0:size].astype(np.float32)
    # Distance from a highlight up and to the left of the centre, 0 there and 1 at the far rim.
    light = np.hypot(xs - r * 0.7, ys - r * 0.55) / (r * 1.75)
    light = np.clip(light, 0.0, 1.0)[..., None]
    bright = np.array(mix(GEM_COLOR, GEM_LIGHT, 0.55), np.float32)
    deep = np.array(mix(GEM_COLOR, GEM_DARK, 0.55), np.float32)
    pixels = bright + (deep - bright) * light
    return Image.fromarray(pixels.astype(np.uint8), "RGB")


def _paste_gem(card: Image.Image, s: int) -> None:
    x, y = GEM_CENTER
    r = GEM_RADIUS

    def circle(radius: float) -> tuple[float, float, float, float]:
        return ((x - radius) * s, (y - radius) * s, (x + radius) * s - 1, (y + radius) * s - 1)

    draw = ImageDraw.Draw(card)
    draw.ellipse(circle(r + 4), fill=BORDER_COLOR)
    draw.ellipse(circle(r), fill=GEM_DARK)
    mask = Image.new("L", card.size, 0)
    ImageDraw.Draw(mask).ellipse(circle(r - 4), fill=255)
    gem = _gem(s)
    layer = Image.new("RGB", card.size)
    layer.paste(gem, ((x - r) * s, (y - r) * s))
    card.paste(layer, (0, 0), mask)
    # A thin light ring just inside the rim, as on a polished stone.
    draw.ellipse(circle(r - 7), outline=mix(GEM_COLOR, GEM_LIGHT, 0.5), width=s)


# --- Lettering on the frame -----------------------------------------------------------------


def draw_name(card: Image.Image, name: str, scheme: Scheme) -> None:
    if not name:
        return
    left, top, right, bottom = NAME_BOX
    text, size = fit_line(name, "bold", NAME_SIZES, right - left - 2 * NAME_PADDING)
    # Drawn on a copy of the inside of the bar, so that no glyph can reach past its edge.
    region = card.crop(NAME_CLIP)
    ImageDraw.Draw(region).text(
        (left - NAME_CLIP[0] + NAME_PADDING, top - NAME_CLIP[1] + (bottom - top) / 2 + 1),
        text,
        font=font("bold", size),
        fill=scheme.ink,
        anchor="lm",
    )
    card.paste(region, NAME_CLIP[:2])


def _draw_centered(
    card: Image.Image,
    box: Box,
    text: str,
    style: Style,
    sizes: tuple[int, int],
    ink: Color,
    shadow: Color | None = None,
) -> None:
    left, top, right, bottom = box
    text, size = fit_line(text, style, sizes, right - left)
    region = card.crop(box)
    draw = ImageDraw.Draw(region)
    middle = ((right - left) / 2, (bottom - top) / 2)
    if shadow is not None:
        draw.text(
            (middle[0] + 1.5, middle[1] + 2),
            text,
            font=font(style, size),
            fill=shadow,
            anchor="mm",
        )
    draw.text(middle, text, font=font(style, size), fill=ink, anchor="mm")
    card.paste(region, box[:2])


def draw_level(card: Image.Image, level: str) -> None:
    x, y = GEM_CENTER
    half = round(GEM_RADIUS * 0.72)
    box = (x - half, y - half + 1, x + half, y + half + 1)
    _draw_centered(card, box, level, "bold", (16, 46), STAT_INK, shadow=GEM_DARK)


def draw_stat(card: Image.Image, box: Box, label: str, value: str) -> None:
    left, top, right, bottom = box
    label_font = font("bold", 22)
    ImageDraw.Draw(card).text(
        (left + 18, (top + bottom) / 2 + 1),
        label,
        font=label_font,
        fill=STAT_LABEL_INK,
        anchor="lm",
    )
    label_width = round(label_font.getlength(label))
    value_box = (left + 18 + label_width + 10, top + 4, right - 14, bottom - 4)
    _draw_centered(card, value_box, value, "bold", (18, 38), STAT_INK)


def draw_footer(card: Image.Image, edition: str, scheme: Scheme) -> None:
    """The Edition Indicator on the left under the bottom row, the card's kind on the right."""
    draw = ImageDraw.Draw(card)
    room = GEM_CENTER[0] - GEM_RADIUS - FOOTER_LEFT - 12
    text, size = fit_line(edition, "sans", (14, FOOTER_SIZE), room)
    draw.text(
        (FOOTER_LEFT, FOOTER_BASELINE),
        text,
        font=font("sans", size),
        fill=scheme.footer_ink,
        anchor="ls",
    )
    draw.text(
        (FOOTER_RIGHT, FOOTER_BASELINE),
        scheme.label,
        font=font("sans", FOOTER_SIZE),
        fill=scheme.footer_ink,
        anchor="rs",
    )


# The set's number and symbol, small, between the level gem and the card's kind.
SET_MARK_SIZES = (12, 18)
SET_SYMBOL_HEIGHT = 20
SET_MARK_GAP = 12


def draw_set_mark(card: Image.Image, text: str, symbol: Image.Image | None, scheme: Scheme) -> None:
    """The number ("CODE 007/120") right of the gem, the set's symbol before it."""
    if not text:
        return
    label_left = FOOTER_RIGHT - text_width("sans", FOOTER_SIZE, scheme.label)
    right = label_left - SET_MARK_GAP
    left = GEM_CENTER[0] + GEM_RADIUS + SET_MARK_GAP
    if symbol is not None:
        left += SET_SYMBOL_HEIGHT + 6
    text, size = fit_line(text, "sans", SET_MARK_SIZES, right - left)
    draw = ImageDraw.Draw(card)
    draw.text(
        (right, FOOTER_BASELINE), text, font=font("sans", size), fill=scheme.footer_ink, anchor="rs"
    )
    if symbol is not None:
        width = text_width("sans", size, text)
        icon = symbol.convert("RGBA")
        scale = SET_SYMBOL_HEIGHT / max(icon.height, 1)
        icon = icon.resize((max(1, round(icon.width * scale)), SET_SYMBOL_HEIGHT))
        x = round(right - width - 6 - icon.width)
        card.paste(icon, (x, FOOTER_BASELINE - SET_SYMBOL_HEIGHT + 2), icon)


def draw_credit(card: Image.Image, credit: str) -> None:
    """The artist and licence, small and light in the dark border under the frame."""
    if not credit:
        return
    room = CREDIT_RIGHT - CREDIT_LEFT
    text, size = fit_line(credit[:MAX_NAME_CHARS], "sans", CREDIT_SIZES, room)
    ImageDraw.Draw(card).text(
        ((CREDIT_LEFT + CREDIT_RIGHT) / 2, CREDIT_BASELINE),
        text,
        font=font("sans", size),
        fill=CREDIT_INK,
        anchor="ms",
    )


def draw_ultra_points(card: Image.Image, ultra_points: int) -> None:
    """The Ultra Points symbol, a gold star, with the card's Ultra Points; nothing at 0, as the
    guide hides both layers on a card worth none."""
    if ultra_points <= 0:
        return
    x, y = ULTRA_POINTS_CENTER
    r = ULTRA_POINTS_RADIUS
    s = SUPERSAMPLE
    size = 2 * (r + 3) * s
    # Drawn larger on a layer of its own, then reduced, like the template, for smooth edges.
    layer = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    draw = ImageDraw.Draw(layer)
    middle = size / 2

    def star(outer: float, inner: float) -> list[tuple[float, float]]:
        points = []
        for index in range(10):
            radius = outer if index % 2 == 0 else inner
            angle = np.pi / 2 + index * np.pi / 5
            points.append((middle + radius * np.cos(angle), middle - radius * np.sin(angle)))
        return points

    draw.polygon(star((r + 3) * s, (r * 0.55 + 2) * s), fill=(*BORDER_COLOR, 255))
    draw.polygon(star(r * s, r * 0.55 * s), fill=(*ULTRA_COLOR, 255))
    layer = layer.resize((size // s, size // s), Image.Resampling.LANCZOS)
    card.paste(layer, (x - r - 3, y - r - 3), layer)
    half = round(r * 0.55)
    box = (x - half, y - half + 2, x + half, y + half + 2)
    _draw_centered(card, box, str(ultra_points), "bold", (12, 26), STAT_INK, shadow=ULTRA_DARK)


def draw_play_restriction(card: Image.Image) -> None:
    """The Play Restriction tab, dark red, that the guide shows on a spell with an activation
    condition: it may be cast only under that condition."""
    draw = ImageDraw.Draw(card)
    draw.rounded_rectangle(PLAY_RESTRICTION_BOX, radius=10, fill=BORDER_COLOR)
    inner = (
        PLAY_RESTRICTION_BOX[0] + 2,
        PLAY_RESTRICTION_BOX[1] + 2,
        PLAY_RESTRICTION_BOX[2] - 2,
        PLAY_RESTRICTION_BOX[3] - 2,
    )
    draw.rounded_rectangle(inner, radius=8, fill=RESTRICTION_COLOR)
    _draw_centered(card, inner, "Play Restriction", "bold", (14, 24), RESTRICTION_INK)
