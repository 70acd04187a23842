"""Draw a card face as a printable image, in the official layout of the 13th and 14th editions.

A card is 2.5 × 3.5 inches; at 300 dpi that is 750 × 1050 pixels. From top to bottom: the name
bar, the card image, the ability text with the flavor text under a thin rule, and a bottom row
with the SP and HP of a minion (a spell shows a pair of triangles there instead) around the level
gem. The Edition Indicator sits on the frame under the bottom row, and the picture's credit
(artist and licence), small, in the dark border under the frame.

The picture fills its box as its designer framed it: zoomed in about a focus point, the crop
worked out on the stored picture so that it is resampled once.

Everything is drawn with the DejaVu fonts shipped in ``static/fonts``, never with system fonts,
so a card looks the same on every machine. Text is drawn as text: a name such as
``<b>Hi</b>`` shows its angle brackets. Text shrinks to fit its box, down to a size still
readable in print; what does not fit even then is cut with an ellipsis, so nothing ever spills
out of its box.

The parts of a card that never change (frame, boxes, gem, placeholder art) are drawn once per
kind, supersampled for smooth edges, and cached; a render copies them and adds the text and the
image.
"""

from __future__ import annotations

import hashlib
import io
import json
import math
import re
import unicodedata
import warnings
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Literal

import numpy as np
from PIL import ExifTags, Image, ImageChops, ImageDraw, ImageFilter, ImageFont, ImageOps

from cards.images import MAX_SIDE

RENDER_VERSION = "1"

WIDTH, HEIGHT = 750, 1050
DPI = 300
FONT_DIR = Path(__file__).resolve().parent.parent / "static" / "fonts"
FONT_FILES = {
    "sans": "DejaVuSans.ttf",
    "bold": "DejaVuSans-Bold.ttf",
    "serif": "DejaVuSerif.ttf",
    "italic": "DejaVuSerif-Italic.ttf",
}

Style = Literal["sans", "bold", "serif", "italic"]
Box = tuple[int, int, int, int]  # left, top, right, bottom; right and bottom exclusive
Color = tuple[int, int, int]


@dataclass(frozen=True)
class CardFace:
    """Everything printed on a card. ``image`` is the stored image file's content, if any."""

    name: str
    kind: str  # "minion" | "spell"
    design_edition: int | None
    level: int | float
    sp: int | float | None
    hp: int | float | None
    ability_text: str
    flavor_text: str
    image: bytes | None = None
    # How the picture fills its box: zoom 1 shows as much of it as the box's shape allows, more
    # shows less of it, larger; the focus (0 to 1 across and down, 0.5 the middle) is the point
    # of the picture that stays in place, so 0 shows its left (or top) edge and 1 its right.
    art_zoom: float = 1.0
    art_x: float = 0.5
    art_y: float = 0.5
    # Who made the picture and on what terms, printed small along the bottom edge.
    artist: str = ""
    art_licence: str = ""


# --- Geometry -------------------------------------------------------------------------------

OUTER_RADIUS = 36  # a 1/8 inch corner, as on most printed cards
FRAME_INSET = 20  # the width of the dark outer border
NAME_BOX: Box = (42, 40, 708, 118)
IMAGE_BOX: Box = (50, 130, 700, 590)
TEXT_BOX: Box = (42, 602, 708, 926)
SP_BOX: Box = (42, 938, 226, 996)
HP_BOX: Box = (524, 938, 708, 996)
GEM_CENTER = (375, 966)
GEM_RADIUS = 47
# Where text may be drawn: inside the boxes' 3-pixel edges, and above the level gem, whose top
# overlaps the text box.
NAME_CLIP: Box = (45, 43, 705, 115)
TEXT_CLIP: Box = (45, 605, 705, 914)
FOOTER_BASELINE = 1021
FOOTER_LEFT, FOOTER_RIGHT = 48, 702

NAME_PADDING = 22
TEXT_PADDING_X, TEXT_PADDING_Y = 24, 18

NAME_SIZES = (24, 46)  # smallest and largest font size, in pixels at 300 dpi
TEXT_SIZES = (21, 38)
FLAVOR_RATIO = 0.9  # flavor text is a little smaller than ability text
MIN_FLAVOR_SIZE = 20
FOOTER_SIZE = 22

CREDIT_SIZES = (12, 16)  # the artist and licence line, in the dark border under the frame
CREDIT_BASELINE = 1045
CREDIT_LEFT, CREDIT_RIGHT = 64, 686  # clear of the rounded corners
CREDIT_INK = (214, 206, 192)
MAX_ART_ZOOM = 4.0
# What a card shows without framing or credit; the content key leaves these out, so cards
# drawn before the art could be framed keep their cached renders.
ART_DEFAULTS = {"art_zoom": 1.0, "art_x": 0.5, "art_y": 0.5, "artist": "", "art_licence": ""}

# Longer text than this can never fit the box even at the smallest size; cutting it first keeps
# a render fast whatever it is given.
MAX_TEXT_CHARS = 4000
MAX_NAME_CHARS = 300

ELLIPSIS = "\u2026"
ARROW = "\u2192"
DASH = "\u2014"

SUPERSAMPLE = 2  # the static frame is drawn this many times larger, then reduced, for smooth edges


@dataclass(frozen=True)
class Scheme:
    frame_top: Color
    frame_bottom: Color
    outline: Color  # the dark line around boxes
    name_fill: Color
    text_fill: Color
    image_fill: Color  # behind transparent images and the placeholder
    accent: Color  # stat boxes and triangles
    accent_light: Color
    ink: Color  # the name and the ability text
    flavor_ink: Color
    footer_ink: Color
    label: str


SCHEMES = {
    "minion": Scheme(
        frame_top=(222, 170, 92),
        frame_bottom=(150, 94, 36),
        outline=(74, 46, 16),
        name_fill=(250, 238, 208),
        text_fill=(252, 246, 230),
        image_fill=(236, 214, 170),
        accent=(92, 56, 20),
        accent_light=(196, 140, 66),
        ink=(33, 24, 14),
        flavor_ink=(88, 68, 46),
        footer_ink=(48, 30, 10),
        label="Minion",
    ),
    "spell": Scheme(
        frame_top=(110, 156, 212),
        frame_bottom=(46, 88, 152),
        outline=(22, 44, 80),
        name_fill=(228, 238, 250),
        text_fill=(242, 247, 253),
        image_fill=(196, 214, 236),
        accent=(26, 54, 100),
        accent_light=(112, 158, 216),
        ink=(16, 26, 44),
        flavor_ink=(58, 74, 102),
        footer_ink=(236, 242, 250),
        label="Spell",
    ),
}
BORDER_COLOR = (24, 22, 20)
GEM_COLOR = (38, 150, 74)  # the level sits on a green circle, as on the official cards
GEM_DARK = (16, 82, 38)
GEM_LIGHT = (120, 214, 140)
STAT_INK = (255, 250, 240)
STAT_LABEL_INK = (232, 214, 180)


# --- Public API -----------------------------------------------------------------------------


def render_card(face: CardFace) -> bytes:
    """The card as PNG bytes, 750 × 1050 pixels, marked as 300 dpi."""
    out = io.BytesIO()
    render_card_image(face).save(out, "PNG", dpi=(DPI, DPI), compress_level=3)
    return out.getvalue()


def render_card_image(face: CardFace) -> Image.Image:
    """The card as a new RGB image, 750 × 1050 pixels."""
    kind = _kind(face.kind)
    scheme = SCHEMES[kind]
    card = _template(kind).copy()
    _draw_image(card, face.image, kind, _framing(face))
    _draw_name(card, _one_line(_clean(face.name))[:MAX_NAME_CHARS], scheme)
    _draw_texts(
        card,
        _clean(face.ability_text)[:MAX_TEXT_CHARS],
        _clean(face.flavor_text)[:MAX_TEXT_CHARS],
        scheme,
    )
    _draw_level(card, format_number(face.level))
    if kind == "minion":
        _draw_stat(card, SP_BOX, "SP", format_number(face.sp))
        _draw_stat(card, HP_BOX, "HP", format_number(face.hp))
    _draw_footer(card, edition_indicator(face.design_edition), scheme)
    _draw_credit(card, credit_line(face.artist, face.art_licence))
    return card


def content_key(face: CardFace) -> str:
    """A sha256 hex digest of everything that decides how the card looks, for caching renders."""
    fields = {
        "render_version": RENDER_VERSION,
        "name": _key_value(face.name),
        "kind": _key_value(face.kind),
        "design_edition": _key_value(face.design_edition),
        "level": _key_value(face.level),
        "sp": _key_value(face.sp),
        "hp": _key_value(face.hp),
        "ability_text": _key_value(face.ability_text),
        "flavor_text": _key_value(face.flavor_text),
        "image": hashlib.sha256(face.image).hexdigest() if face.image is not None else None,
    }
    for field, default in ART_DEFAULTS.items():
        value = getattr(face, field)
        if value != default:
            fields[field] = _key_value(value)
    payload = json.dumps(fields, sort_keys=True, ensure_ascii=True)
    return hashlib.sha256(payload.encode("ascii")).hexdigest()


def credit_line(artist: str, licence: str) -> str:
    """What the card says of its picture: "Illus. Ann Vey · CC BY 4.0", or "" for nothing."""
    artist, licence = _one_line(_clean(artist)), _one_line(_clean(licence))
    parts = [f"Illus. {artist}"] if artist else []
    if licence:
        parts.append(licence)
    return " \u00b7 ".join(parts)


def ordinal(number: int) -> str:
    """1st, 2nd, 3rd, 4th, ..., 11th, 12th, 13th, ..., 21st, 22nd."""
    tail = abs(number) % 100
    suffix = "th" if 11 <= tail <= 13 else {1: "st", 2: "nd", 3: "rd"}.get(tail % 10, "th")
    return f"{number}{suffix}"


def edition_indicator(edition: int | None) -> str:
    """What the Edition Indicator reads: "14th Ed.", or a dash for a card without one."""
    if edition is None:
        return DASH
    return f"{ordinal(int(edition))} Ed."


def format_number(value: object) -> str:
    """A stat as printed: whole numbers without a decimal point, anything else as given."""
    if value is None:
        return DASH
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


# --- Text helpers ---------------------------------------------------------------------------

_LINE_BREAK = re.compile(r"\r\n|[\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029]")
_SPACES = re.compile(r"\s+")
_ABILITY_NAME = re.compile(r"^([^:\n]{1,60}):")


def _kind(kind: str) -> str:
    normalized = str(kind).strip().lower()
    if normalized not in SCHEMES:
        raise ValueError(f"A card is a minion or a spell, not {kind!r}.")
    return normalized


def _clean(text: object) -> str:
    """The text made safe to draw: no lone surrogates, no control characters but line breaks."""
    if text is None:
        return ""
    text = str(text).encode("utf-16", "surrogatepass").decode("utf-16", "replace")
    text = unicodedata.normalize("NFC", text)
    text = _LINE_BREAK.sub("\n", text).replace("\t", " ")
    return "".join(ch for ch in text if ch == "\n" or unicodedata.category(ch) != "Cc")


def _one_line(text: str) -> str:
    return _SPACES.sub(" ", text).strip()


def _key_value(value: object) -> list[str] | None:
    # The type is part of the key so that 3 and 3.0 or "3" never share a cached render by accident.
    if value is None:
        return None
    return [type(value).__name__, value if isinstance(value, str) else repr(value)]


# --- Fonts ----------------------------------------------------------------------------------


@lru_cache(maxsize=256)
def _font(style: Style, size: int) -> ImageFont.FreeTypeFont:
    # FreeTypeFont, unlike ImageFont.truetype, never falls back to searching the system's fonts.
    # The basic layout engine is the same everywhere (it does not depend on libraqm).
    path = FONT_DIR / FONT_FILES[style]
    return ImageFont.FreeTypeFont(str(path), size, layout_engine=ImageFont.Layout.BASIC)


@lru_cache(maxsize=16384)
def _width(style: Style, size: int, text: str) -> float:
    return _font(style, size).getlength(text)


# DejaVu Serif covers fewer scripts than DejaVu Sans (no Hebrew or Arabic, for one); a character
# the serif faces lack is drawn in the sans face, and only one that no face has shows as a box.
FALLBACK: dict[Style, Style] = {"serif": "sans", "italic": "sans"}


@lru_cache(maxsize=1)
def _missing_glyph(style: Style) -> tuple[tuple[int, int], bytes]:
    # A private-use character no DejaVu face has: what the font draws for a missing glyph.
    return _glyph_shape(style, "\U0010fffd")


def _glyph_shape(style: Style, char: str) -> tuple[tuple[int, int], bytes]:
    mask = _font(style, 24).getmask(char)
    return mask.size, bytes(mask)


@lru_cache(maxsize=8192)
def _has_glyph(style: Style, char: str) -> bool:
    return char.isspace() or _glyph_shape(style, char) != _missing_glyph(style)


def _with_fallback(style: Style, text: str) -> list[tuple[Style, str]]:
    """The text in runs of the style, or of its fallback where the style has no glyph."""
    fallback = FALLBACK.get(style)
    if fallback is None or text.isascii():
        return [(style, text)]
    runs: list[tuple[Style, str]] = []
    for char in text:
        use = style
        if ord(char) >= 0x180 and not _has_glyph(style, char) and _has_glyph(fallback, char):
            use = fallback
        if runs and runs[-1][0] == use:
            runs[-1] = (use, runs[-1][1] + char)
        else:
            runs.append((use, char))
    return runs


# --- Text layout ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Piece:
    """A stretch of text in one style, placed on a line."""

    x: float
    text: str
    style: Style


Line = list[Piece]
Word = tuple[tuple[Style, str], ...]  # the parts of one word; a word may change style mid-way


def _paragraph_runs(
    paragraph: str, body: Style, name_style: Style | None
) -> list[tuple[Style, str]]:
    """A paragraph as styled runs: an ability name in capitals before a colon is bold."""
    if name_style is not None:
        match = _ABILITY_NAME.match(paragraph)
        if match:
            label = match.group(1)
            if label.strip() and label == label.upper() and label != label.lower():
                return [(name_style, match.group(0)), (body, paragraph[match.end() :])]
    return [(body, paragraph)]


def _words(runs: Sequence[tuple[Style, str]]) -> list[Word]:
    words: list[Word] = []
    current: list[tuple[Style, str]] = []
    for style, text in runs:
        for token in re.findall(r"\s+|\S+", text):
            if token.isspace():
                if current:
                    words.append(tuple(current))
                    current = []
            else:
                current.extend(_with_fallback(style, token))
    if current:
        words.append(tuple(current))
    # The arrow after an activation cost stays on the cost's line rather than opening the next.
    joined: list[Word] = []
    for word in words:
        if joined and "".join(text for _, text in word) == ARROW:
            joined[-1] = (*joined[-1], (word[0][0], " " + ARROW))
        else:
            joined.append(word)
    return joined


def _word_width(word: Word, size: int) -> float:
    return sum(_width(style, size, text) for style, text in word)


def _slice(word: Word, start: int, stop: int) -> Word:
    """Characters start to stop of a word, keeping their styles."""
    parts: list[tuple[Style, str]] = []
    offset = 0
    for style, text in word:
        low, high = max(start - offset, 0), min(stop - offset, len(text))
        if low < high:
            parts.append((style, text[low:high]))
        offset += len(text)
    return tuple(parts)


@lru_cache(maxsize=1024)
def _split_long_word(word: Word, size: int, width: float) -> tuple[Word, ...]:
    """A word too wide for a line, broken into pieces that each fit."""
    length = sum(len(text) for _, text in word)
    pieces: list[Word] = []
    start = 0
    while start < length:
        low, high = start + 1, length
        while low < high:  # the longest piece that fits; always at least one character
            middle = (low + high + 1) // 2
            if _word_width(_slice(word, start, middle), size) <= width:
                low = middle
            else:
                high = middle - 1
        pieces.append(_slice(word, start, low))
        start = low
    return tuple(pieces)


def _wrap(words: list[Word], size: int, width: float) -> list[Line]:
    space = _width("serif", size, " ")
    lines: list[Line] = []
    line: Line = []
    x = 0.0
    for whole in words:
        parts = (
            [whole] if _word_width(whole, size) <= width else _split_long_word(whole, size, width)
        )
        for word in parts:
            word_width = _word_width(word, size)
            start = x + space if line else 0.0
            if line and start + word_width > width:
                lines.append(line)
                line, start = [], 0.0
            for style, text in word:
                line.append(Piece(start, text, style))
                start += _width(style, size, text)
            x = start
    if line:
        lines.append(line)
    return lines


def _line_width(line: Line, size: int) -> float:
    if not line:
        return 0.0
    last = line[-1]
    return last.x + _width(last.style, size, last.text)


def _with_ellipsis(line: Line, size: int, width: float) -> Line:
    """The line cut short enough to end in an ellipsis within the width."""
    pieces = list(line)
    while pieces:
        last = pieces[-1]
        text = last.text
        while text:
            candidate = [*pieces[:-1], Piece(last.x, text, last.style)]
            if _line_width(candidate, size) + _width(last.style, size, ELLIPSIS) <= width:
                return [*candidate[:-1], Piece(last.x, text.rstrip() + ELLIPSIS, last.style)]
            text = text[:-1]
        pieces.pop()
    return [Piece(0.0, ELLIPSIS, line[0].style if line else "serif")]


@dataclass(frozen=True)
class Block:
    """Paragraphs laid out at one font size."""

    lines: tuple[tuple[Line, int], ...]  # each line with the y of its top, from the block's top
    size: int
    height: int


def _line_pitch(size: int) -> int:
    return round(size * 1.22)


def _paragraph_gap(size: int) -> int:
    return round(size * 0.42)


def _balanced_wrap(words: list[Word], size: int, width: float) -> list[Line]:
    """Lines of even length: the narrowest wrap with as few lines as the full width allows.

    Used for flavor text, where a last line holding one word looks like a mistake.
    """
    lines = _wrap(words, size, width)
    if len(lines) < 2:
        return lines
    low, high = int(width * 0.5), int(width)
    while low < high:
        middle = (low + high) // 2
        if len(_wrap(words, size, middle)) <= len(lines):
            high = middle
        else:
            low = middle + 1
    return _wrap(words, size, high)


def _layout(paragraphs: list[list[Word]], size: int, width: float, balance: bool = False) -> Block:
    placed: list[tuple[Line, int]] = []
    y = 0
    pitch = _line_pitch(size)
    wrap = _balanced_wrap if balance else _wrap
    for index, words in enumerate(paragraphs):
        if index:
            y += _paragraph_gap(size)
        for line in wrap(words, size, width):
            placed.append((line, y))
            y += pitch
    return Block(tuple(placed), size, y)


def _truncate(block: Block, height: int, width: float) -> Block:
    """The lines of the block that fit the height, the last one ending in an ellipsis."""
    pitch = _line_pitch(block.size)
    kept = [(line, top) for line, top in block.lines if top + pitch <= height]
    if not kept:
        return Block((), block.size, 0)
    if len(kept) < len(block.lines):
        line, top = kept[-1]
        kept[-1] = (_with_ellipsis(line, block.size, width), top)
    last_top = kept[-1][1]
    return Block(tuple(kept), block.size, last_top + pitch)


def _paragraphs(text: str, body: Style, name_style: Style | None) -> list[list[Word]]:
    paragraphs = []
    for paragraph in text.split("\n"):
        paragraph = _one_line(paragraph)
        if paragraph:
            paragraphs.append(_words(_paragraph_runs(paragraph, body, name_style)))
    return paragraphs


# --- Drawing --------------------------------------------------------------------------------


def _draw_block(
    draw: ImageDraw.ImageDraw, block: Block, left: float, top: float, ink: Color
) -> None:
    if not block.lines:
        return
    ascent = _font("serif", block.size).getmetrics()[0]
    # Lines are spaced a little wider than the font's own height; centre the glyphs in the pitch.
    offset = (_line_pitch(block.size) - sum(_font("serif", block.size).getmetrics())) / 2
    for line, line_top in block.lines:
        baseline = top + line_top + offset + ascent
        for piece in line:
            draw.text(
                (left + piece.x, baseline),
                piece.text,
                font=_font(piece.style, block.size),
                fill=ink,
                anchor="ls",
            )


def _draw_texts(card: Image.Image, ability: str, flavor: str, scheme: Scheme) -> None:
    """The ability text, and under a thin rule the flavor text, shrunk together to fit."""
    left, top, right, bottom = TEXT_BOX
    width = right - left - 2 * TEXT_PADDING_X
    height = bottom - top - 2 * TEXT_PADDING_Y
    ability_paragraphs = _paragraphs(ability, "serif", "bold")
    flavor_paragraphs = _paragraphs(flavor, "italic", None)
    if not ability_paragraphs and not flavor_paragraphs:
        return

    def flavor_size(size: int) -> int:
        return max(MIN_FLAVOR_SIZE, round(size * FLAVOR_RATIO))

    def rule_gap(size: int) -> int:
        return round(size * 0.7) if ability_paragraphs and flavor_paragraphs else 0

    def arrange(size: int) -> tuple[Block, Block, int]:
        ability_block = _layout(ability_paragraphs, size, width)
        flavor_block = _layout(flavor_paragraphs, flavor_size(size), width, balance=True)
        total = ability_block.height + flavor_block.height + 2 * rule_gap(size)
        return ability_block, flavor_block, total

    smallest, largest = TEXT_SIZES
    low, high = smallest, largest
    while low < high:  # the largest size at which everything fits
        middle = (low + high + 1) // 2
        if arrange(middle)[2] <= height:
            low = middle
        else:
            high = middle - 1
    ability_block, flavor_block, total = arrange(low)
    gap = rule_gap(low)
    if total > height:
        # Even the smallest size is too big: keep as much ability text as fits, then as much
        # flavor text as fits under it, if the ability text is whole.
        cut = _truncate(ability_block, height, width)
        room = height - cut.height - 2 * gap
        if cut.lines != ability_block.lines or room <= 0:
            flavor_block = Block((), flavor_block.size, 0)
        else:
            flavor_block = _truncate(flavor_block, room, width)
        ability_block = cut
        if not flavor_block.lines or not ability_block.lines:
            gap = 0
        total = ability_block.height + flavor_block.height + 2 * gap

    # Everything is drawn on a copy of the inside of the box, pasted back, so that no glyph
    # (not even a tower of combining marks) can reach the box's edge or anything outside it.
    region = card.crop(TEXT_CLIP)
    draw = ImageDraw.Draw(region)
    dx, dy = TEXT_BOX[0] - TEXT_CLIP[0], TEXT_BOX[1] - TEXT_CLIP[1]
    y = dy + TEXT_PADDING_Y + max(0, (height - total) // 2)
    _draw_block(draw, ability_block, dx + TEXT_PADDING_X, y, scheme.ink)
    y += ability_block.height
    if gap and flavor_block.lines:
        rule_y = y + gap
        rule_half = width * 0.36
        middle_x = dx + TEXT_PADDING_X + width / 2
        draw.line(
            [(middle_x - rule_half, rule_y), (middle_x + rule_half, rule_y)],
            fill=_mix(scheme.flavor_ink, scheme.text_fill, 0.55),
            width=2,
        )
        y = rule_y + gap
    _draw_block(draw, flavor_block, dx + TEXT_PADDING_X, y, scheme.flavor_ink)
    card.paste(region, TEXT_CLIP[:2])


def _fit_line(text: str, style: Style, sizes: tuple[int, int], width: float) -> tuple[str, int]:
    """The largest size at which the text fits the width, or the text cut to fit the smallest."""
    smallest, largest = sizes
    low, high = smallest, largest
    while low < high:
        middle = (low + high + 1) // 2
        if _width(style, middle, text) <= width:
            low = middle
        else:
            high = middle - 1
    if _width(style, low, text) <= width:
        return text, low
    line = _with_ellipsis([Piece(0.0, text, style)], low, width)
    return line[0].text, low


def _draw_name(card: Image.Image, name: str, scheme: Scheme) -> None:
    if not name:
        return
    left, top, right, bottom = NAME_BOX
    text, size = _fit_line(name, "bold", NAME_SIZES, right - left - 2 * NAME_PADDING)
    region = card.crop(NAME_CLIP)
    ImageDraw.Draw(region).text(
        (left - NAME_CLIP[0] + NAME_PADDING, top - NAME_CLIP[1] + (bottom - top) / 2 + 1),
        text,
        font=_font("bold", size),
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
    text, size = _fit_line(text, style, sizes, right - left)
    region = card.crop(box)
    draw = ImageDraw.Draw(region)
    middle = ((right - left) / 2, (bottom - top) / 2)
    if shadow is not None:
        draw.text(
            (middle[0] + 1.5, middle[1] + 2),
            text,
            font=_font(style, size),
            fill=shadow,
            anchor="mm",
        )
    draw.text(middle, text, font=_font(style, size), fill=ink, anchor="mm")
    card.paste(region, box[:2])


def _draw_level(card: Image.Image, level: str) -> None:
    x, y = GEM_CENTER
    half = round(GEM_RADIUS * 0.72)
    box = (x - half, y - half + 1, x + half, y + half + 1)
    _draw_centered(card, box, level, "bold", (16, 46), STAT_INK, shadow=GEM_DARK)


def _draw_stat(card: Image.Image, box: Box, label: str, value: str) -> None:
    left, top, right, bottom = box
    label_font = _font("bold", 22)
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


def _draw_footer(card: Image.Image, edition: str, scheme: Scheme) -> None:
    draw = ImageDraw.Draw(card)
    font = _font("sans", FOOTER_SIZE)
    room = GEM_CENTER[0] - GEM_RADIUS - FOOTER_LEFT - 12
    text, size = _fit_line(edition, "sans", (14, FOOTER_SIZE), room)
    draw.text(
        (FOOTER_LEFT, FOOTER_BASELINE),
        text,
        font=_font("sans", size),
        fill=scheme.footer_ink,
        anchor="ls",
    )
    draw.text(
        (FOOTER_RIGHT, FOOTER_BASELINE),
        scheme.label,
        font=font,
        fill=scheme.footer_ink,
        anchor="rs",
    )


def _draw_credit(card: Image.Image, credit: str) -> None:
    """The artist and licence, small and light in the dark border under the frame."""
    if not credit:
        return
    room = CREDIT_RIGHT - CREDIT_LEFT
    text, size = _fit_line(credit[:MAX_NAME_CHARS], "sans", CREDIT_SIZES, room)
    ImageDraw.Draw(card).text(
        ((CREDIT_LEFT + CREDIT_RIGHT) / 2, CREDIT_BASELINE),
        text,
        font=_font("sans", size),
        fill=CREDIT_INK,
        anchor="ms",
    )


# --- The card image -------------------------------------------------------------------------


@dataclass(frozen=True)
class Framing:
    """How a picture fills its box: a zoom of 1 or more about a focus (0 to 1 each way)."""

    zoom: float = 1.0
    x: float = 0.5
    y: float = 0.5


def _unit(value: object, default: float, low: float, high: float) -> float:
    # A stored card's values were checked on save; a face built by hand still draws.
    if not isinstance(value, int | float) or isinstance(value, bool) or value != value:
        return default
    return float(min(max(value, low), high))


def _framing(face: CardFace) -> Framing:
    return Framing(
        zoom=_unit(face.art_zoom, 1.0, 1.0, MAX_ART_ZOOM),
        x=_unit(face.art_x, 0.5, 0.0, 1.0),
        y=_unit(face.art_y, 0.5, 0.0, 1.0),
    )


def _draw_image(card: Image.Image, data: bytes | None, kind: str, framing: Framing) -> None:
    left, top, right, bottom = IMAGE_BOX
    size = (right - left, bottom - top)
    art = _load_art(data, size, SCHEMES[kind].image_fill, framing) if data else None
    card.paste(art if art is not None else _placeholder(kind), IMAGE_BOX[:2])
    # A fine dark edge around the picture, drawn last so it sits over the image.
    ImageDraw.Draw(card).rectangle(
        (left - 3, top - 3, right + 2, bottom + 2), outline=SCHEMES[kind].outline, width=3
    )


def _load_art(
    data: bytes, size: tuple[int, int], background: Color, framing: Framing = Framing()
) -> Image.Image | None:
    """The stored image, cropped to fill the box as framed; None if it cannot be read.

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
            crop = _cover_crop(image.size, size, framing)
            image = image.resize(size, Image.Resampling.LANCZOS, box=crop, reducing_gap=2.0)
            if image.mode == "RGBA":
                flat = Image.new("RGB", size, background)
                flat.paste(image, mask=image.getchannel("A"))
                image = flat
            return image
    except Exception:  # any unreadable file means "no image", never a failed print
        return None


def _cover_size(source: tuple[int, int], target: tuple[int, int]) -> tuple[int, int]:
    scale = max(target[0] / source[0], target[1] / source[1])
    return (max(1, math.ceil(source[0] * scale)), max(1, math.ceil(source[1] * scale)))


def _cover_crop(
    source: tuple[int, int], target: tuple[int, int], framing: Framing = Framing()
) -> tuple[float, float, float, float]:
    """The part of the source with the target's proportions that the framing shows.

    As ImageOps.fit with `centering` (the focus), then zoomed about the focus: the largest
    such part is shrunk by the zoom and placed so that the focus sits as far across and down
    the part as it sits in the whole source. Worked out on the source, so the picture is
    resampled once, whatever the zoom."""
    width, height = source
    target_ratio = target[0] / target[1]
    if width / height > target_ratio:
        crop_width, crop_height = height * target_ratio, float(height)
    else:
        crop_width, crop_height = float(width), width / target_ratio
    crop_width, crop_height = crop_width / framing.zoom, crop_height / framing.zoom
    left = (width - crop_width) * framing.x
    top = (height - crop_height) * framing.y
    return (left, top, left + crop_width, top + crop_height)


@lru_cache(maxsize=4)
def _placeholder(kind: str) -> Image.Image:
    """A quiet pattern for a card without an image: soft light, a fine lattice, a picture sign."""
    scheme = SCHEMES[kind]
    left, top, right, bottom = IMAGE_BOX
    width, height = right - left, bottom - top

    ys, xs = np.mgrid[0:height, 0:width].astype(np.float32)
    # Light from the upper middle, falling off to the corners.
    distance = np.hypot((xs - width * 0.5) / width, (ys - height * 0.35) / height)
    shade = np.clip(1.0 - distance * 1.1, 0.0, 1.0)[..., None]
    light = np.array(_mix(scheme.image_fill, (255, 255, 255), 0.55), np.float32)
    dark = np.array(_mix(scheme.image_fill, scheme.frame_bottom, 0.35), np.float32)
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
    ink = _mix(scheme.image_fill, scheme.outline, 0.45)
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


# --- The frame ------------------------------------------------------------------------------


def _mix(a: Sequence[int], b: Sequence[int], amount: float) -> tuple[int, int, int]:
    """a moved ``amount`` of the way towards b."""
    return (
        round(a[0] + (b[0] - a[0]) * amount),
        round(a[1] + (b[1] - a[1]) * amount),
        round(a[2] + (b[2] - a[2]) * amount),
    )


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


@lru_cache(maxsize=4)
def _template(kind: str) -> Image.Image:
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
    card.paste(_mix(scheme.frame_top, (255, 255, 255), 0.45), (0, 0, *size), highlight)
    inner = ImageChops.offset(frame_mask, -3 * s, -3 * s)
    lowlight = ImageChops.subtract(frame_mask, inner)
    card.paste(_mix(scheme.frame_bottom, (0, 0, 0), 0.35), (0, 0, *size), lowlight)

    # Soft shadows under the boxes make them sit on the frame.
    shadow_color = _mix(scheme.frame_bottom, (0, 0, 0), 0.6)
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
                fill=_mix(scheme.accent, scheme.accent_light, 0.18),
            )
            draw.rectangle(
                _scaled((box[0] + 3, top_half[3] - 10, box[2] - 3, top_half[3]), s),
                fill=_mix(scheme.accent, scheme.accent_light, 0.18),
            )
    else:
        for box in (SP_BOX, HP_BOX):
            _draw_triangle(draw, box, scheme, s)

    _paste_gem(card, s)
    return card.resize((WIDTH, HEIGHT), Image.Resampling.LANCZOS)


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
    bright = np.array(_mix(GEM_COLOR, GEM_LIGHT, 0.55), np.float32)
    deep = np.array(_mix(GEM_COLOR, GEM_DARK, 0.55), np.float32)
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
    draw.ellipse(circle(r - 7), outline=_mix(GEM_COLOR, GEM_LIGHT, 0.5), width=s)
