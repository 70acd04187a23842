"""The outline of one ability: a paragraph of ability text cut into its parts, as the 13th and
14th rulebooks define them, whether or not the parts are the guide's components.

This is no reader of card text of its own: the one reader (:mod:`cards.rules.reader`) cuts a
card's text into paragraphs and reads each into components, and each ability it reads keeps its
outline (``ReadAbility.outline``) for what is said of its parts as written (a name, a condition,
sentences). An ability is made of, in this order:

- a name (minion abilities only): all capital letters, followed by a colon;
- an activation condition, followed by a colon;
- an activation cost, followed by an arrow (→, or -> as typed on a keyboard);
- sub-abilities: one sentence each.

Every part but the sub-abilities is optional, so a colon is read with care: the text before the
first colon is a name when it has capital letters and no small ones ("FIRE BREATH: Draw 1 card."
has a name and no condition); otherwise it is the condition, unless the colon comes after the
arrow, after the end of a sentence, inside quotes or brackets, or between digits, where it
belongs to a sub-ability.

An edition may also write the activation condition as the ability's first sentence, opening
with a word of its own: the 11th rulebook's "Activate when this in-play card is destroyed.
Target this card. …" has the condition "when this in-play card is destroyed". The parser reads
that form only when given the opening word (`Edition.condition_opening`), so a later edition's
sentence is never taken for a condition.

The outline takes any string and never raises: a card being typed is often half-written.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

ARROWS = ("\u2192", "\u27f6", "->")  # →, ⟶, and the keyboard's ->

_SENTENCE_END = frozenset(".!?")
_CLOSERS = frozenset("\"'\u2019\u201d)]")
_OPENING_QUOTES = frozenset("\u201c\u201e")  # “ „
_CLOSING_QUOTES = frozenset("\u201d")  # ”
# Abbreviations whose period does not end a sentence.
_ABBREVIATIONS = frozenset({"e.g.", "i.e.", "a.k.a.", "vs.", "cf.", "approx."})


@dataclass(frozen=True)
class Ability:
    """One ability: one paragraph of ability text, split into its parts."""

    text: str  # the paragraph, trimmed
    name: str | None
    condition: str | None  # None is the standard condition: during your own Action Phase
    cost: str | None
    sub_abilities: tuple[str, ...]

    def as_dict(self) -> dict[str, Any]:
        return {
            "text": self.text,
            "name": self.name,
            "condition": self.condition,
            "cost": self.cost,
            "sub_abilities": list(self.sub_abilities),
        }


@lru_cache(maxsize=65536)
def parse_ability(paragraph: str, *, condition_opening: str | None = None) -> Ability:
    """One paragraph read as an ability."""
    text = paragraph.strip()
    rest = text
    name: str | None = None
    colon = _first_colon(rest, sentence_bound=False)
    if colon is not None and _is_name(rest[:colon]):
        name = rest[:colon].strip()
        rest = rest[colon + 1 :]

    condition: str | None = None
    sentence = condition_sentence(rest, condition_opening) if condition_opening else None
    if sentence is not None:
        condition, rest = sentence
    else:
        arrow = _first_arrow(rest)
        colon = _first_colon(rest, sentence_bound=True)
        if colon is not None and (arrow is None or colon < arrow[0]):
            condition = rest[:colon].strip() or None
            rest = rest[colon + 1 :]

    cost: str | None = None
    arrow = _first_arrow(rest)
    if arrow is not None:
        start, end = arrow
        cost = rest[:start].strip() or None
        rest = rest[end:]

    return Ability(text, name, condition, cost, split_sentences(rest))


def condition_sentence(text: str, opening: str) -> tuple[str | None, str] | None:
    """A condition written as the first sentence of `text`, opening with `opening` (either
    case): the condition without that word or its full stop, and the text after the sentence.
    None when the text does not open so. A colon ends it too, as it ends any condition; a
    sentence never ended is the condition still being typed."""
    stripped = text.lstrip()
    after_word = stripped[len(opening) : len(opening) + 1]
    if stripped[: len(opening)].lower() != opening.lower() or not after_word.isspace():
        return None
    colon = _first_colon(stripped, sentence_bound=True)
    if colon is not None:
        return stripped[len(opening) : colon].strip() or None, stripped[colon + 1 :]
    first = split_sentences(stripped)[0]
    clause = first[len(opening) :].strip().rstrip("".join(_SENTENCE_END)).strip()
    return clause or None, stripped[len(first) :]


def _is_name(candidate: str) -> bool:
    # "All capital letters": at least one capital and no small letter. Digits, spaces and
    # punctuation may appear ("R2-D2'S CHARGE").
    stripped = candidate.strip()
    if not stripped or any(arrow in stripped for arrow in ARROWS):
        return False
    has_capital = any(char.isupper() for char in stripped)
    return has_capital and not any(char.islower() for char in stripped)


def _shielded(text: str) -> list[bool]:
    """For each character, whether it is inside quotes or brackets.

    Straight double quotes toggle; typographic ones open and close. Single quotes are left out
    because they double as apostrophes ("card's"). An unmatched closer is ignored, and when a
    quote or bracket is never closed nothing is shielded: a stray mark must not swallow the
    rest of the ability.
    """
    inside: list[bool] = []
    in_quotes = False
    depth = 0
    for char in text:
        if char == '"':
            in_quotes = not in_quotes
        elif char in _OPENING_QUOTES:
            in_quotes = True
        elif char in _CLOSING_QUOTES:
            in_quotes = False
        elif char in "([":
            depth += 1
        elif char in ")]" and depth:
            depth -= 1
        inside.append(in_quotes or depth > 0)
    if in_quotes or depth:
        return [False] * len(text)
    return inside


def _first_arrow(text: str) -> tuple[int, int] | None:
    """The span of the first arrow outside quotes and brackets."""
    shield = _shielded(text)
    for index in range(len(text)):
        if shield[index]:
            continue
        for arrow in ARROWS:
            if text.startswith(arrow, index):
                return index, index + len(arrow)
    return None


def _first_colon(text: str, *, sentence_bound: bool) -> int | None:
    """The first colon that can end a name or a condition.

    Colons inside quotes or brackets and between digits ("3:1") never can. With
    `sentence_bound`, neither can a colon after the end of the first sentence: a condition is
    a clause, so such a colon belongs to a sub-ability ("Draw 1 card. Choose one: ...").
    """
    shield = _shielded(text)
    for index, char in enumerate(text):
        if shield[index]:
            continue
        if sentence_bound and _ends_sentence(text, index, shield):
            return None
        if char != ":":
            continue
        between_digits = 0 < index < len(text) - 1 and (
            text[index - 1].isdigit() and text[index + 1].isdigit()
        )
        if not between_digits:
            return index
    return None


def _ends_sentence(text: str, index: int, shield: list[bool]) -> bool:
    """Whether the character at `index` ends a sentence (the end of the text does not count)."""
    if text[index] not in _SENTENCE_END or shield[index]:
        return False
    after = index + 1
    while after < len(text) and (text[after] in _SENTENCE_END or text[after] in _CLOSERS):
        after += 1
    if after >= len(text) or not text[after].isspace():
        return False  # "2.5", "e.g.x", or the very end
    word_start = text.rfind(" ", 0, index) + 1
    word = text[word_start : index + 1].lstrip("([\"'\u201c\u2018").lower()
    return word not in _ABBREVIATIONS


def split_sentences(text: str) -> tuple[str, ...]:
    """The sentences of a text, each keeping its end punctuation.

    A sentence ends at . ! or ? (with any closing quotes or brackets) followed by white space
    or the end of the text, but not inside quotes or brackets, not in a decimal number, and
    not after a common abbreviation. A last fragment without punctuation is a sentence too.
    """
    shield = _shielded(text)
    sentences: list[str] = []
    start = 0
    index = 0
    while index < len(text):
        char = text[index]
        if char in _SENTENCE_END and not shield[index]:
            end = index + 1
            while end < len(text) and (text[end] in _SENTENCE_END or text[end] in _CLOSERS):
                end += 1
            at_end = end >= len(text)
            if at_end or _ends_sentence(text, index, shield):
                sentence = text[start:end].strip()
                if sentence:
                    sentences.append(sentence)
                start = end
                index = end
                continue
        index += 1
    tail = text[start:].strip()
    if tail:
        sentences.append(tail)
    return tuple(sentences)
