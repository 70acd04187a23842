"""Text layout: which face draws each letter, where words break, and how text fits its box.

Pure layout: nothing here draws. Everything is measured with the DejaVu fonts shipped in
``static/fonts``, never with system fonts, so a card looks the same on every machine. Text is
laid out as text: a name such as ``<b>Hi</b>`` keeps its angle brackets. Text shrinks to fit
its box, down to a size still readable in print; what does not fit even then is cut with an
ellipsis.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Literal

from PIL import ImageFont

from cards import rules

# static/fonts at the project's root: this file is cards/render/layout.py.
FONT_DIR = Path(__file__).resolve().parents[2] / "static" / "fonts"
FONT_FILES = {
    "sans": "DejaVuSans.ttf",
    "bold": "DejaVuSans-Bold.ttf",
    "serif": "DejaVuSerif.ttf",
    "italic": "DejaVuSerif-Italic.ttf",
}

Style = Literal["sans", "bold", "serif", "italic"]

ELLIPSIS = "\u2026"
ARROW = "\u2192"

_LINE_BREAK = re.compile(r"\r\n|[\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029]")
_SPACES = re.compile(r"\s+")


def clean(text: object) -> str:
    """The text made safe to draw: no lone surrogates, no control characters but line breaks."""
    if text is None:
        return ""
    text = str(text).encode("utf-16", "surrogatepass").decode("utf-16", "replace")
    text = unicodedata.normalize("NFC", text)
    text = _LINE_BREAK.sub("\n", text).replace("\t", " ")
    return "".join(ch for ch in text if ch == "\n" or unicodedata.category(ch) != "Cc")


def one_line(text: str) -> str:
    return _SPACES.sub(" ", text).strip()


# --- Fonts ----------------------------------------------------------------------------------


@lru_cache(maxsize=256)
def font(style: Style, size: int) -> ImageFont.FreeTypeFont:
    # FreeTypeFont, unlike ImageFont.truetype, never falls back to searching the system's fonts.
    # The basic layout engine is the same everywhere (it does not depend on libraqm).
    path = FONT_DIR / FONT_FILES[style]
    return ImageFont.FreeTypeFont(str(path), size, layout_engine=ImageFont.Layout.BASIC)


@lru_cache(maxsize=16384)
def text_width(style: Style, size: int, text: str) -> float:
    return font(style, size).getlength(text)


# DejaVu Serif covers fewer scripts than DejaVu Sans (no Hebrew or Arabic, for one); a character
# the serif faces lack is drawn in the sans face, and only one that no face has shows as a box.
FALLBACK: dict[Style, Style] = {"serif": "sans", "italic": "sans"}


@lru_cache(maxsize=1)
def _missing_glyph(style: Style) -> tuple[tuple[int, int], bytes]:
    # A private-use character no DejaVu face has: what the font draws for a missing glyph.
    return _glyph_shape(style, "\U0010fffd")


def _glyph_shape(style: Style, char: str) -> tuple[tuple[int, int], bytes]:
    mask = font(style, 24).getmask(char)
    return mask.size, bytes(mask)


@lru_cache(maxsize=8192)
def has_glyph(style: Style, char: str) -> bool:
    return char.isspace() or _glyph_shape(style, char) != _missing_glyph(style)


def with_fallback(style: Style, text: str) -> list[tuple[Style, str]]:
    """The text in runs of the style, or of its fallback where the style has no glyph."""
    fallback = FALLBACK.get(style)
    if fallback is None or text.isascii():
        return [(style, text)]
    runs: list[tuple[Style, str]] = []
    for char in text:
        use = style
        if ord(char) >= 0x180 and not has_glyph(style, char) and has_glyph(fallback, char):
            use = fallback
        if runs and runs[-1][0] == use:
            runs[-1] = (use, runs[-1][1] + char)
        else:
            runs.append((use, char))
    return runs


# --- Words and lines ------------------------------------------------------------------------


@dataclass(frozen=True)
class Piece:
    """A stretch of text in one style, placed on a line."""

    x: float
    text: str
    style: Style


Line = list[Piece]
Word = tuple[tuple[Style, str], ...]  # the parts of one word; a word may change style mid-way


def paragraph_runs(
    paragraph: str, body: Style, name_style: Style | None
) -> list[tuple[Style, str]]:
    """A paragraph as styled runs: the ability's name, with its colon, is bold."""
    if name_style is not None:
        name_end = _name_end(paragraph)
        if name_end:
            return [(name_style, paragraph[:name_end]), (body, paragraph[name_end:])]
    return [(body, paragraph)]


def _name_end(paragraph: str) -> int:
    """Where the paragraph's ability name ends, after its colon; 0 when it has none. The name
    is the one the rules' reader finds in capitals (every guide names abilities alike), so the
    card shows bold just what the check and the designer call a name; a name the reader finds
    in small letters is a mistake it reports, and is printed as typed."""
    abilities = rules.read_card_text(paragraph, rules.current_guide()).abilities
    if len(abilities) != 1 or abilities[0].name_span is None or abilities[0].outline.name is None:
        return 0
    _, end = abilities[0].name_span
    colon = paragraph.find(":", end)
    return 0 if colon < 0 else colon + 1


def words(runs: Sequence[tuple[Style, str]]) -> list[Word]:
    found: list[Word] = []
    current: list[tuple[Style, str]] = []
    for style, text in runs:
        for token in re.findall(r"\s+|\S+", text):
            if token.isspace():
                if current:
                    found.append(tuple(current))
                    current = []
            else:
                current.extend(with_fallback(style, token))
    if current:
        found.append(tuple(current))
    # The arrow after an activation cost stays on the cost's line rather than opening the next.
    joined: list[Word] = []
    for word in found:
        if joined and "".join(text for _, text in word) == ARROW:
            joined[-1] = (*joined[-1], (word[0][0], " " + ARROW))
        else:
            joined.append(word)
    return joined


def paragraphs(text: str, body: Style, name_style: Style | None) -> list[list[Word]]:
    """The text's paragraphs, one per line break, each as its words; blank ones left out."""
    found = []
    for paragraph in text.split("\n"):
        paragraph = one_line(paragraph)
        if paragraph:
            found.append(words(paragraph_runs(paragraph, body, name_style)))
    return found


def _word_width(word: Word, size: int) -> float:
    return sum(text_width(style, size, text) for style, text in word)


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
def split_long_word(word: Word, size: int, width: float) -> tuple[Word, ...]:
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
    space = text_width("serif", size, " ")
    lines: list[Line] = []
    line: Line = []
    x = 0.0
    for whole in words:
        parts = (
            [whole] if _word_width(whole, size) <= width else split_long_word(whole, size, width)
        )
        for word in parts:
            word_width = _word_width(word, size)
            start = x + space if line else 0.0
            if line and start + word_width > width:
                lines.append(line)
                line, start = [], 0.0
            for style, text in word:
                line.append(Piece(start, text, style))
                start += text_width(style, size, text)
            x = start
    if line:
        lines.append(line)
    return lines


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


def line_width(line: Line, size: int) -> float:
    if not line:
        return 0.0
    last = line[-1]
    return last.x + text_width(last.style, size, last.text)


def _with_ellipsis(line: Line, size: int, width: float) -> Line:
    """The line cut short enough to end in an ellipsis within the width."""
    pieces = list(line)
    while pieces:
        last = pieces[-1]
        text = last.text
        while text:
            candidate = [*pieces[:-1], Piece(last.x, text, last.style)]
            if line_width(candidate, size) + text_width(last.style, size, ELLIPSIS) <= width:
                return [*candidate[:-1], Piece(last.x, text.rstrip() + ELLIPSIS, last.style)]
            text = text[:-1]
        pieces.pop()
    return [Piece(0.0, ELLIPSIS, line[0].style if line else "serif")]


# --- Blocks of text -------------------------------------------------------------------------


@dataclass(frozen=True)
class Block:
    """Paragraphs laid out at one font size."""

    lines: tuple[tuple[Line, int], ...]  # each line with the y of its top, from the block's top
    size: int
    height: int


def line_pitch(size: int) -> int:
    return round(size * 1.22)


def _paragraph_gap(size: int) -> int:
    return round(size * 0.42)


def lay_out(paragraphs: list[list[Word]], size: int, width: float, balance: bool = False) -> Block:
    """The paragraphs wrapped to the width at the size; balanced lines if ``balance``."""
    placed: list[tuple[Line, int]] = []
    y = 0
    pitch = line_pitch(size)
    wrap = _balanced_wrap if balance else _wrap
    for index, words in enumerate(paragraphs):
        if index:
            y += _paragraph_gap(size)
        for line in wrap(words, size, width):
            placed.append((line, y))
            y += pitch
    return Block(tuple(placed), size, y)


def truncate(block: Block, height: int, width: float) -> Block:
    """The lines of the block that fit the height, the last one ending in an ellipsis."""
    pitch = line_pitch(block.size)
    kept = [(line, top) for line, top in block.lines if top + pitch <= height]
    if not kept:
        return Block((), block.size, 0)
    if len(kept) < len(block.lines):
        line, top = kept[-1]
        kept[-1] = (_with_ellipsis(line, block.size, width), top)
    last_top = kept[-1][1]
    return Block(tuple(kept), block.size, last_top + pitch)


def fit_line(text: str, style: Style, sizes: tuple[int, int], width: float) -> tuple[str, int]:
    """The largest size at which the text fits the width, or the text cut to fit the smallest."""
    smallest, largest = sizes
    low, high = smallest, largest
    while low < high:
        middle = (low + high + 1) // 2
        if text_width(style, middle, text) <= width:
            low = middle
        else:
            high = middle - 1
    if text_width(style, low, text) <= width:
        return text, low
    line = _with_ellipsis([Piece(0.0, text, style)], low, width)
    return line[0].text, low
