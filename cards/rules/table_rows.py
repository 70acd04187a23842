"""The forms a row of the rulebook's tables takes on a card: as the table prints it, and as the
Card Building Guides write it when a number is 1.

The tables apply to "any card containing any exact original text", and the rows are printed
with x, y and z; the guides write a number of 1 in the singular ("If the number of targets can
never be greater than 1, other words which refer to that number should be changed to singular.
Additionally, the words "up to" should be removed in that case.") and may write "the targets"
as "the target" or "it" for a single target. So a card designed by a guide holds a row in the
forms its guide writes, and each of them is the row.

Which words of a row agree with which of its numbers is the guides' own data: the components
that hold the row's words say so (:class:`cards.rules.guide.VariableSpec`, a target
selection's count). A row that no component holds (the 11th rulebook's, older than any guide)
takes its numbers' nouns from the words the guides make singular, or an "s" dropped from the
word after the number; "up to" before the number of "target up to x" is its count of targets.

    >>> [form.text for form in row_forms("self-exhaust x minions")]
    ['self-exhaust x minions', 'self-exhaust 1 minion']
    >>> write_row("x cards in your granary", {"x": "1"})
    '1 card in your granary'
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache, partial

from .guide import ComponentKind, Guide, load_guides
from .text import fill, normalize, placeholders_in

_PLACEHOLDER = r"(?<!\w){}(?!\w)"


@dataclass(frozen=True)
class Agreement:
    """How a row's words agree with its numbers, by the guides' grammar."""

    nouns: tuple[tuple[str, str, str], ...] = ()  # (letter, plural, singular)
    verbs: tuple[tuple[str, str, str], ...] = ()  # (letter, plural, singular), after its noun
    counts: tuple[str, ...] = ()  # letters counting targets: "up to" before them goes at 1
    # (as the row prints it, as a single target may be written): "the targets" → "it"
    phrases: tuple[tuple[str, tuple[str, ...]], ...] = ()

    def varies(self, letter: str) -> bool:
        return any(entry[0] == letter for entry in self.nouns + self.verbs) or (
            letter in self.counts
        )


@dataclass(frozen=True)
class RowForm:
    """One form of a row: its text to match, numbers written at 1 in it ("1" in `text`), the
    letters whose "up to" it drops, and the single-target phrases it writes."""

    text: str
    ones: tuple[str, ...] = ()
    dropped: tuple[str, ...] = ()
    phrases: tuple[tuple[str, str], ...] = ()


def _folded(text: str) -> str:
    return normalize(text).text


def _guides() -> tuple[Guide, ...]:
    return tuple(load_guides().values())


def _row_pattern(row: str) -> re.Pattern[str]:
    """The row as it stands inside a component's template: its letters as any letter."""
    body = _folded(row).strip().rstrip(".;:\u2192").strip()
    parts = re.split(r"(?<!\w)([xyz])(?!\w)", body)
    pattern = "".join(
        rf"(?P<{part}>[xyz])" if index % 2 else re.escape(part) for index, part in enumerate(parts)
    )
    return re.compile(r"(?<![\w-])" + pattern, re.IGNORECASE)


def _word_after(text: str, word: str, start: int) -> re.Match[str] | None:
    return re.compile(rf"(?<![\w-]){re.escape(word)}(?![\w-])", re.IGNORECASE).search(text, start)


@cache
def agreement(row: str) -> Agreement:
    """Which words of the row agree with its numbers, as the guides on file write them."""
    nouns: dict[tuple[str, str, str], None] = {}
    verbs: dict[tuple[str, str, str], None] = {}
    counts: dict[str, None] = {}
    pattern = _row_pattern(row)
    held = False
    for guide in _guides():
        for component in guide.components:
            body = _folded(component.body)
            found = pattern.search(body)
            if found is None:
                continue
            held = True
            letters = {
                found.group(letter): letter
                for letter in placeholders_in(row)
                if found.group(letter)
            }
            for spec in component.variables:
                letter = letters.get(spec.name)
                place = re.search(_PLACEHOLDER.format(spec.name), body)
                if letter is None or place is None or not (spec.plural and spec.singular):
                    continue
                noun = _word_after(body, spec.plural, place.end())
                if noun is None or noun.end() > found.end():
                    continue
                nouns[(letter, spec.plural, spec.singular)] = None
                if spec.verb_plural and spec.verb_singular:
                    verb = _word_after(body, spec.verb_plural, noun.end())
                    if verb is not None and verb.end() <= found.end():
                        verbs[(letter, spec.verb_plural, spec.verb_singular)] = None
            count = component.target_count
            if component.kind is ComponentKind.TARGET and isinstance(count, str):
                letter = letters.get(count)
                if letter is not None and re.search(
                    r"(?<!\w)up to " + _PLACEHOLDER.format(letter), row, re.IGNORECASE
                ):
                    counts[letter] = None
    if not held:
        nouns, counts = _older_agreement(row), _older_counts(row)
    return Agreement(tuple(nouns), tuple(verbs), tuple(counts), _phrases(row))


def _older_agreement(row: str) -> dict[tuple[str, str, str], None]:
    """The nouns of a row no component holds: a word the guides make singular within the two
    words after the number ("x six-sided dice"), else the word right after it less its "s"
    ("x hitpoints"). A number followed by "of" counts no noun ("x of your resources")."""
    singulars = {
        spec.plural.lower(): spec.singular
        for guide in _guides()
        for component in guide.components
        for spec in component.variables
        if spec.plural and spec.singular
    }
    nouns: dict[tuple[str, str, str], None] = {}
    for letter in placeholders_in(row):
        place = re.search(_PLACEHOLDER.format(letter), row)
        if place is None:
            continue
        words = re.findall(r"[\w'-]+", row[place.end() :])[:2]
        if not words or words[0].lower() == "of":
            continue
        known = next((word for word in words if word.lower() in singulars), None)
        if known is not None:
            nouns[(letter, known, singulars[known.lower()])] = None
        elif re.fullmatch(r"[a-z]+[^s]s", words[0]):
            nouns[(letter, words[0], words[0][:-1])] = None
    return nouns


def _older_counts(row: str) -> dict[str, None]:
    return {
        letter: None
        for letter in placeholders_in(row)
        if re.search(r"(?<!\w)target up to " + _PLACEHOLDER.format(letter), row, re.IGNORECASE)
    }


def _phrases(row: str) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """The guides' words for a single target that the row holds ("the targets")."""
    found: dict[str, dict[str, None]] = {}
    for guide in _guides():
        for sources, targets in guide.grammar.single_target_substitutions:
            for source in sources:
                if _phrase_pattern(source).search(row):
                    found.setdefault(source, {}).update(dict.fromkeys(targets))
    return tuple((source, tuple(targets)) for source, targets in found.items())


def _phrase_pattern(phrase: str) -> re.Pattern[str]:
    # Not "the targets'" for "the targets", nor a piece of a longer word.
    return re.compile(rf"(?<![\w]){re.escape(phrase)}(?![\w'])", re.IGNORECASE)


def _with_case(word: str, like: str) -> str:
    if like[:1].isupper():
        return word[:1].upper() + word[1:]
    return word[:1].lower() + word[1:] if like[:1].islower() else word


def _case_of_match(word: str, found: re.Match[str]) -> str:
    return _with_case(word, found.group(0))


def _written(
    row: str,
    singular: tuple[str, ...],
    dropped: tuple[str, ...],
    phrases: tuple[tuple[str, str], ...],
) -> str:
    """The row with the words of `singular` letters singular, "up to" dropped before the
    `dropped` letters, and the phrases written as chosen; placeholders stay."""
    words = agreement(row)
    text = row
    for source, written in phrases:
        text = _phrase_pattern(source).sub(partial(_case_of_match, written), text)
    for letter in singular:
        place = re.search(_PLACEHOLDER.format(letter), text)
        if place is None:
            continue
        for noun_letter, plural, single in words.nouns:
            if noun_letter != letter:
                continue
            noun = _word_after(text, plural, place.end())
            if noun is None:
                continue
            text = text[: noun.start()] + _with_case(single, noun.group(0)) + text[noun.end() :]
            for verb_letter, verb_plural, verb_single in words.verbs:
                verb = _word_after(text, verb_plural, noun.start())
                if verb_letter == letter and verb is not None:
                    written = _with_case(verb_single, verb.group(0))
                    text = text[: verb.start()] + written + text[verb.end() :]
    for letter in dropped:
        up_to = re.compile(r"(?<!\w)up to (?=" + _PLACEHOLDER.format(letter) + ")", re.IGNORECASE)
        text = up_to.sub("", text, count=1)
    return text


@cache
def row_forms(row: str) -> tuple[RowForm, ...]:
    """Every form of the row: as printed first, then as the guides write it when a number is
    1 or a single card is targeted. Each form once."""
    words = agreement(row)
    per_letter: list[list[tuple[str | None, bool, bool]]] = []
    for letter in placeholders_in(row):
        options: list[tuple[str | None, bool, bool]] = [(None, False, False)]
        if words.varies(letter):
            for single, drop in itertools.product((False, True), repeat=2):
                if drop and letter not in words.counts:
                    continue
                if single or drop:
                    options.append((letter, single, drop))
        per_letter.append(options)
    per_phrase = [
        [None, *((source, written) for written in targets)] for source, targets in words.phrases
    ]
    forms: dict[str, RowForm] = {}
    for letters in itertools.product(*per_letter):
        for phrases in itertools.product(*per_phrase):
            chosen = tuple(phrase for phrase in phrases if phrase is not None)
            ones = tuple(letter for letter, _, _ in letters if letter is not None)
            singular = tuple(letter for letter, single, _ in letters if letter and single)
            dropped = tuple(letter for letter, _, drop in letters if letter and drop)
            text = fill(_written(row, singular, dropped, chosen), dict.fromkeys(ones, "1"))
            forms.setdefault(text, RowForm(text, ones, dropped, chosen))
    return tuple(forms.values())


def write_row(
    row: str,
    numbers: Mapping[str, str],
    *,
    dropped: tuple[str, ...] = (),
    phrases: tuple[tuple[str, str], ...] = (),
) -> str:
    """A row (a refurbished text's new text) with the card's numbers, as the guides write it:
    singular where a number is 1, "up to" dropped where the card dropped it, and the card's
    words for a single target."""
    ones = tuple(letter for letter, number in numbers.items() if number.lstrip("0") == "1")
    phrases = tuple(pair for pair in phrases if _phrase_pattern(pair[0]).search(row))
    return fill(_written(row, ones, dropped, phrases), numbers)
