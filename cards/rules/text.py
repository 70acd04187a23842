"""Finding the rulebook's table entries (refurbished, redacted, revised-cost texts) in card text.

The tables are written with placeholders: ``x``, ``y`` and ``z`` stand for positive whole
numbers, and the same letter stands for the same number within one entry. A card matches an
entry when its text contains the entry with numbers in place of the letters.

Matching is forgiving about what a person cannot see or does not mean: typographic and straight
quotes are the same character, a run of spaces is one space, and the first letter may be either
case (an entry written as a sentence also matches inside one). Text is compared in Unicode's
compatibility form (NFKC: "ｐａｙ" and "𝐏𝐚𝐲" are "pay") and without format characters (zero-width
spaces, soft hyphens, joiners, bidirectional marks), which no reader sees on a printed card:
"hit\u00adpoints" is "hitpoints". Everything else is exact, because the rulebook says "exact text".
Letters of another script that look alike (a Cyrillic "а" in "Pаy") are not folded: they are
told apart by :mod:`cards.rules.scripts`, for a warning.

Matching happens on a normalized copy of the text, but every position reported refers to the
original string, so text outside a match is never touched.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

PLACEHOLDERS = ("x", "y", "z")

# Characters that read as the same mark on a printed card.
_FOLD = str.maketrans(
    {
        "\u2018": "'",  # left single quotation mark
        "\u2019": "'",  # right single quotation mark, the usual typographic apostrophe
        "\u201a": "'",  # single low-9 quotation mark
        "\u201b": "'",  # single high-reversed-9 quotation mark
        "\u2032": "'",  # prime
        "\u02bc": "'",  # modifier letter apostrophe
        "\uff07": "'",  # fullwidth apostrophe
        "\u201c": '"',  # left double quotation mark
        "\u201d": '"',  # right double quotation mark
        "\u201e": '"',  # double low-9 quotation mark
        "\u201f": '"',  # double high-reversed-9 quotation mark
        "\u2033": '"',  # double prime
        "\uff02": '"',  # fullwidth quotation mark
        "\u2010": "-",  # hyphen
        "\u2011": "-",  # non-breaking hyphen
    }
)

# A line break separates paragraphs, and so abilities: a match never spans one.
_LINE_BREAKS = frozenset("\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029")

# White space that normalize() changes: a run of two or more, or one that is not a space or
# a line feed.
_SPACE_TO_FOLD = re.compile(r"\s\s|[^\S \n]")

# A placeholder is the letter standing alone, not the x in "exhaust" or "six-sided".
_PLACEHOLDER = re.compile(r"(?<!\w)([xyz])(?!\w)")

# A number written as a positive whole number, and not a piece of a larger number, a negative
# number or a decimal: "12" is never read as "2", "-3" as "3", nor "1.5" as "1".
_NUMBER_BEFORE = r"(?<![\w\-\u2212])(?<![0-9][.,])"
_NUMBER_AFTER = r"(?!\w)(?![.,][0-9])"


def fold(text: str) -> str:
    """The text with look-alike quotes, apostrophes and hyphens made one character each."""
    return text.translate(_FOLD)


def _is_format(char: str) -> bool:
    return unicodedata.category(char) == "Cf"


# Format characters that build an emoji rather than hide in text: a zero-width joiner between
# two pictographs (woman, joiner, rocket: an astronaut), and the tags after a black flag that
# make the flag of Scotland or Wales.
_JOINER = "\u200d"
_TAG_FLAG = "\U0001f3f4"
_TAGS = range(0xE0020, 0xE0080)
# What may stand between a pictograph and its joiner: variation selectors and the keycap.
_EMOJI_MARKS = frozenset("\ufe0e\ufe0f\u20e3")


def _pictograph(char: str) -> bool:
    # Other symbols, and the skin-tone modifiers (modifier symbols).
    return unicodedata.category(char) in ("So", "Sk")


def _drop_format(text: str) -> str:
    kept: list[str] = []
    for index, char in enumerate(text):
        if not _is_format(char):
            kept.append(char)
            continue
        if char == _JOINER:
            before = next((c for c in reversed(kept) if c not in _EMOJI_MARKS), "")
            after = text[index + 1 : index + 2]
            if before and after and _pictograph(before) and _pictograph(after):
                kept.append(char)
        elif ord(char) in _TAGS and kept and (kept[-1] == _TAG_FLAG or ord(kept[-1]) in _TAGS):
            kept.append(char)
    return "".join(kept)


def clean_text(text: str) -> str:
    """The text as a card keeps it: in Unicode's compatibility form (NFKC), without the format
    characters a reader cannot see (zero-width spaces, soft hyphens, joiners, byte-order marks,
    bidirectional marks).

    The joiners and tags inside an emoji are kept, so a family of three stays one emoji, and so
    are typographic quotes. Format characters are dropped before NFKC, so a mark they held apart
    from its letter joins it ("e\u200b\u0301" is "é"), and again after, so that cleaning twice
    changes nothing.
    """
    if text.isascii():
        return text
    return _drop_format(_nfkc(_drop_format(text)))


# The quotes and hyphens that matching folds into one mark each are kept as typed, outside NFKC,
# which would make a double prime two primes: cleaning never changes what the rules read.
_FOLDED = re.compile("([" + re.escape("".join(chr(code) for code in _FOLD)) + "])")


def _nfkc(text: str) -> str:
    parts = _FOLDED.split(text)
    return "".join(
        part if index % 2 else unicodedata.normalize("NFKC", part)
        for index, part in enumerate(parts)
    )


@dataclass(frozen=True)
class Normalized:
    """A normalized copy of a text, with where each of its characters came from."""

    text: str
    origins: tuple[int, ...]  # origins[i] is the index in the original where text[i] starts
    ends: tuple[int, ...]  # ends[i] is the index in the original where text[i] ends
    length: int  # length of the original text

    def span(self, start: int, end: int) -> tuple[int, int]:
        """The span in the original text of the normalized span [start, end).

        A character of the normalized text comes from one or more of the original (a letter
        with its marks, a ligature, a run of spaces); the span covers all of them.
        """
        if start >= end:
            origin = self.origins[start] if start < len(self.origins) else self.length
            return origin, origin
        return self.origins[start], self.ends[end - 1]


def _joins_previous(char: str) -> bool:
    """Whether NFKC may compose the character with the one before it: a combining mark, or a
    Hangul vowel or final consonant."""
    return (
        unicodedata.combining(char) != 0
        or unicodedata.category(char) in ("Mn", "Mc", "Me")
        or ("\u1160" <= char <= "\u11ff" or "\ud7b0" <= char <= "\ud7ff")
    )


def _pieces(text: str) -> Iterator[tuple[str, int, int]]:
    """The text in NFKC without format characters, as (characters, start, end) pieces: each a
    character of the text with the marks that follow it, and where it is in the text."""
    index = 0
    while index < len(text):
        char = text[index]
        if _is_format(char):
            index += 1
            continue
        start, chars = index, [char]
        index += 1
        while True:
            ahead = index
            while ahead < len(text) and _is_format(text[ahead]):
                ahead += 1
            if ahead < len(text) and _joins_previous(text[ahead]):
                chars.append(text[ahead])
                index = ahead + 1
                continue
            break
        # Quotes are folded first: NFKC would make a double prime two primes, not one quote.
        cluster = "".join(chars).translate(_FOLD)
        for piece in unicodedata.normalize("NFKC", cluster) if not cluster.isascii() else cluster:
            yield piece, start, index


def _plain(text: str) -> bool:
    """Whether each character of the text is already as it is matched, quotes aside: the usual
    card, with nothing to compose and nothing invisible."""
    if text.isascii():
        return True
    return unicodedata.is_normalized("NFKC", text) and not any(map(_is_format, set(text)))


# Every check of a card normalizes its text again for each edition and each table: remembered.
@lru_cache(maxsize=1024)
def normalize(text: str) -> Normalized:
    """The text as it is matched: in NFKC without format characters, quotes folded, and each
    run of white space one space, or one line break if it has one."""
    if _plain(text):
        return _normalize_plain(text)
    chars: list[str] = []
    origins: list[int] = []
    ends: list[int] = []
    in_space = False
    for char, start, end in _pieces(text):
        char = char.translate(_FOLD)
        if char.isspace():
            if in_space:
                ends[-1] = end
                if char in _LINE_BREAKS:
                    chars[-1] = "\n"
                continue
            in_space = True
            chars.append("\n" if char in _LINE_BREAKS else " ")
            origins.append(start)
            ends.append(end)
            continue
        in_space = False
        chars.append(char)
        origins.append(start)
        ends.append(end)
    return Normalized("".join(chars), tuple(origins), tuple(ends), len(text))


def _normalize_plain(text: str) -> Normalized:
    """normalize() of a text whose characters each stand for themselves, quotes aside."""
    folded = fold(text)
    if not _SPACE_TO_FOLD.search(folded):
        # The usual card: nothing to fold into one space, so each character stays in place.
        return Normalized(
            folded, tuple(range(len(folded))), tuple(range(1, len(folded) + 1)), len(text)
        )
    chars: list[str] = []
    origins: list[int] = []
    ends: list[int] = []
    index = 0
    while index < len(folded):
        char = folded[index]
        if char.isspace():
            start = index
            has_break = False
            while index < len(folded) and folded[index].isspace():
                has_break = has_break or folded[index] in _LINE_BREAKS
                index += 1
            chars.append("\n" if has_break else " ")
            origins.append(start)
            ends.append(index)
            continue
        chars.append(char)
        origins.append(index)
        index += 1
        ends.append(index)
    return Normalized("".join(chars), tuple(origins), tuple(ends), len(text))


def normalize_entry(entry: str) -> str:
    """A table entry as it is matched: normalized like card text, trimmed, single-spaced."""
    return " ".join(normalize(entry).text.split())


def placeholders_in(entry: str) -> tuple[str, ...]:
    """The placeholder letters of an entry, each once, in order of first use."""
    seen: list[str] = []
    for found in _PLACEHOLDER.finditer(normalize_entry(entry)):
        if found.group(1) not in seen:
            seen.append(found.group(1))
    return tuple(seen)


def _literal(text: str, *, first: bool) -> str:
    if first and text and text[0].isalpha():
        head = text[0]
        lower, upper = head.lower(), head.upper()
        if len(lower) == 1 and len(upper) == 1 and lower != upper:
            return f"[{re.escape(lower)}{re.escape(upper)}]" + re.escape(text[1:])
    return re.escape(text)


@lru_cache(maxsize=512)
def compile_entry(entry: str) -> re.Pattern[str]:
    """The regular expression that finds an entry in normalized text."""
    normalized = normalize_entry(entry)
    parts: list[str] = []
    if normalized[:1].isalnum() or normalized[:1] == "_":
        # Not inside a longer word: "ghost-play" is not found in "reghost-play".
        parts.append(r"(?<![\w\-])")
    position = 0
    seen: set[str] = set()
    for found in _PLACEHOLDER.finditer(normalized):
        literal = normalized[position : found.start()]
        parts.append(_literal(literal, first=position == 0))
        letter = found.group(1)
        if letter in seen:
            parts.append(f"{_NUMBER_BEFORE}(?P={letter}){_NUMBER_AFTER}")
        else:
            seen.add(letter)
            parts.append(f"{_NUMBER_BEFORE}(?P<{letter}>[1-9][0-9]*){_NUMBER_AFTER}")
        position = found.end()
    parts.append(_literal(normalized[position:], first=position == 0))
    if normalized[-1:].isalpha():
        # Nor inside a longer word, though a plural is the same text: a card holding "in-play
        # cards" holds the row "in-play card", and reads "on-field minions" once refurbished.
        parts.append(r"(?=s?(?![\w\-]))")
    elif normalized[-1:].isalnum() or normalized[-1:] == "_":
        parts.append(r"(?![\w\-])")
    return re.compile("".join(parts))


@lru_cache(maxsize=512)
def required_words(entry: str) -> str:
    """Words that every match of the entry holds as they are: the longest of its literal
    pieces, less a first letter that may be either case.

    >>> required_words("Pay x HP"), required_words("in-play card")
    ('ay ', 'n-play card')
    """
    normalized = normalize_entry(entry)
    pieces = _PLACEHOLDER.split(normalized)[::2]  # split() puts each letter between pieces
    longest = max(range(len(pieces)), key=lambda index: len(pieces[index]))
    return pieces[longest][1:] if longest == 0 else pieces[longest]


@dataclass(frozen=True)
class TextMatch:
    """One table entry found in a text."""

    start: int  # span in the original text
    end: int
    text: str  # the card's own text of the match, exactly as written
    entry: int  # index of the entry in the table searched
    numbers: Mapping[str, str]  # placeholder letter -> the number as written on the card


# A card's check searches the same few tables (each edition's) for every card: each table's
# patterns and required words are made once.
@lru_cache(maxsize=256)
def _compiled_table(
    entries: tuple[str, ...],
) -> tuple[tuple[re.Pattern[str], ...], tuple[str, ...]]:
    """The entries' patterns, and the words each match of each holds."""
    return tuple(map(compile_entry, entries)), tuple(map(required_words, entries))


def find_entries(text: str, entries: Sequence[str]) -> tuple[TextMatch, ...]:
    """Every match of the entries in the text, scanning once from left to right.

    At each point the leftmost match wins and, among matches starting there, the longest (the
    first in the table on a tie), so a longer entry is never half-matched by a shorter one.
    Matches never overlap.
    """
    if not entries or not text:
        return ()
    normalized = normalize(text)
    subject = normalized.text
    patterns, required = _compiled_table(tuple(entries))
    # The next match of each pattern at or after the scan position; None once exhausted. Most
    # texts hold few of a table's entries: one whose words are not in the text is not searched.
    upcoming: list[re.Match[str] | None] = [
        pattern.search(subject) if words in subject else None
        for pattern, words in zip(patterns, required, strict=True)
    ]
    matches: list[TextMatch] = []
    position = 0
    while True:
        for index, pattern in enumerate(patterns):
            found = upcoming[index]
            if found is not None and found.start() < position:
                upcoming[index] = pattern.search(subject, position)
        candidates = [found for found in upcoming if found is not None]
        if not candidates:
            break
        start = min(found.start() for found in candidates)
        # Longest first; on a tie the earlier entry of the table (max keeps the first maximum).
        index, found = max(
            ((i, m) for i, m in enumerate(upcoming) if m is not None and m.start() == start),
            key=lambda pair: pair[1].end(),
        )
        begin, end = normalized.span(found.start(), found.end())
        numbers = {letter: value for letter, value in found.groupdict().items() if value}
        matches.append(TextMatch(begin, end, text[begin:end], index, numbers))
        # An empty match cannot happen with real entries; stepping on keeps the scan finite.
        position = max(found.end(), found.start() + 1)
    return tuple(matches)


def fill(template: str, numbers: Mapping[str, str]) -> str:
    """The template with each placeholder replaced by its number; unknown letters are kept."""

    def number(found: re.Match[str]) -> str:
        return numbers.get(found.group(1), found.group(1))

    return _PLACEHOLDER.sub(number, template)


def match_case(new: str, matched: str) -> str:
    """The new text with the case of the matched text's first letter.

    "ghost-play" refurbished at the start of a sentence ("Ghost-play, ...") reads "Hex-play".
    """
    if not new or not matched or not new[0].isalpha() or not matched[0].isalpha():
        return new
    if matched[0].isupper():
        return new[0].upper() + new[1:]
    if matched[0].islower():
        return new[0].lower() + new[1:]
    return new
