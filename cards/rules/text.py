"""Finding the rulebook's table entries (refurbished, redacted, revised-cost texts) in card text.

The tables are written with placeholders: ``x``, ``y`` and ``z`` stand for positive whole
numbers, and the same letter stands for the same number within one entry. A card matches an
entry when its text contains the entry with numbers in place of the letters.

Matching is forgiving about what a person cannot see or does not mean: typographic and straight
quotes are the same character, a run of spaces is one space, and the first letter may be either
case (an entry written as a sentence also matches inside one). Everything else is exact, because
the rulebook says "exact text".

Matching happens on a normalized copy of the text, but every position reported refers to the
original string, so text outside a match is never touched.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
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

# A placeholder is the letter standing alone, not the x in "exhaust" or "six-sided".
_PLACEHOLDER = re.compile(r"(?<!\w)([xyz])(?!\w)")

# A number written as a positive whole number, and not a piece of a larger number, a negative
# number or a decimal: "12" is never read as "2", "-3" as "3", nor "1.5" as "1".
_NUMBER_BEFORE = r"(?<![\w\-\u2212])(?<![0-9][.,])"
_NUMBER_AFTER = r"(?!\w)(?![.,][0-9])"


def fold(text: str) -> str:
    """The text with look-alike quotes, apostrophes and hyphens made one character each."""
    return text.translate(_FOLD)


@dataclass(frozen=True)
class Normalized:
    """A normalized copy of a text, with where each of its characters came from."""

    text: str
    origins: tuple[int, ...]  # origins[i] is the index in the original of text[i]
    length: int  # length of the original text

    def span(self, start: int, end: int) -> tuple[int, int]:
        """The span in the original text of the normalized span [start, end).

        A match starts and ends on a character that is not white space, and those map one to
        one, so the original span ends right after the last matched character.
        """
        if start >= end:
            origin = self.origins[start] if start < len(self.origins) else self.length
            return origin, origin
        return self.origins[start], self.origins[end - 1] + 1


def normalize(text: str) -> Normalized:
    """Fold quotes, and make each run of white space one space, or one line break if it has one."""
    chars: list[str] = []
    origins: list[int] = []
    folded = fold(text)
    i = 0
    while i < len(folded):
        char = folded[i]
        if char.isspace():
            start = i
            has_break = False
            while i < len(folded) and folded[i].isspace():
                has_break = has_break or folded[i] in _LINE_BREAKS
                i += 1
            chars.append("\n" if has_break else " ")
            origins.append(start)
            continue
        chars.append(char)
        origins.append(i)
        i += 1
    return Normalized("".join(chars), tuple(origins), len(text))


def normalize_entry(entry: str) -> str:
    """A table entry as it is matched: folded, trimmed, single-spaced."""
    return " ".join(fold(entry).split())


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
    if normalized[-1:].isalnum() or normalized[-1:] == "_":
        parts.append(r"(?![\w\-])")
    return re.compile("".join(parts))


@dataclass(frozen=True)
class TextMatch:
    """One table entry found in a text."""

    start: int  # span in the original text
    end: int
    text: str  # the card's own text of the match, exactly as written
    entry: int  # index of the entry in the table searched
    numbers: Mapping[str, str]  # placeholder letter -> the number as written on the card


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
    patterns = [compile_entry(entry) for entry in entries]
    # The next match of each pattern at or after the scan position; None once exhausted.
    upcoming: list[re.Match[str] | None] = [p.search(subject) for p in patterns]
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
