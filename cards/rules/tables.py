"""The rulebook's tables in a card's text: refurbished texts (replaced by their new text),
redacted texts and texts whose cost was revised (which prune a card).

Matching follows :mod:`cards.rules.text`: placeholders stand for numbers, which carry over into
the new text, and what a reader cannot see does not hide a match. A row is found in every form
the guides write it (:mod:`cards.rules.table_rows`), its singular at 1 included.

    >>> printed = "GUARD: Ghost-play, must pay resource cost: Draw 1 card."
    >>> text, (replacement,) = refurbish(printed, 14)
    >>> text
    'GUARD: Hex-play: Draw 1 card.'
    >>> replacement.original, replacement.start, replacement.end
    ('Ghost-play, must pay resource cost', 7, 41)
    >>> design_text("Activate when you take damage. Draw 1 card.", 11)
    'Activate when you take at least 5 damage. Draw 1 card.'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from functools import lru_cache

from .editions import Edition, load_editions, resolve
from .table_rows import RowForm, row_forms, write_row
from .text import TextMatch, find_entries, match_case, normalize_entry
from .verdicts import Replacement


def refurbish(text: str, edition: Edition | int) -> tuple[str, tuple[Replacement, ...]]:
    """The text with every refurbished original text replaced by its new text.

    A row is found in each form the guides write it (:mod:`cards.rules.table_rows`: "self-exhaust
    1 minion" is the row "self-exhaust x minions"), and its new text is written as they would:
    "1 of your resources" now reads "1 card in your granary", never "1 cards". Numbers carry
    over ("Exhaust 3 of your unexhausted cards in play." becomes "... creatures in play."),
    and a match that starts with a capital keeps it. Text outside the matches is
    returned exactly as given. Each whole match is one replacement, with its span in `text`.
    """
    rules = resolve(edition)
    if not rules.refurbished or not text:
        return text, ()
    pieces: list[str] = []
    replacements: list[Replacement] = []
    cursor = 0
    for found, form in _found_rows(text, tuple(entry.original for entry in rules.refurbished)):
        row = rules.refurbished[found.entry].new
        new = write_row(row, found.numbers, dropped=form.dropped, phrases=form.phrases)
        new = match_case(new, found.text)
        pieces += [text[cursor : found.start], new]
        replacements.append(Replacement(found.start, found.end, found.text, new))
        cursor = found.end
    pieces.append(text[cursor:])
    return "".join(pieces), tuple(replacements)


@lru_cache(maxsize=8192)
def refurbish_cached(text: str, rules: Edition) -> tuple[str, tuple[Replacement, ...]]:
    """refurbish(), remembered: a deck revalidated after a change refurbishes the same texts."""
    return refurbish(text, rules)


def design_text(text: str, design_edition: int) -> str:
    """The printed text as its design edition's own rulebook refurbishes it, which is the text
    that edition's guide reads ("Activate when you take damage." is "… at least 5 damage." in
    the 11th); the text itself when that rulebook is not on file."""
    rules = load_editions().get(design_edition)
    return refurbish_cached(text, rules)[0] if rules is not None else text


@lru_cache(maxsize=64)
def _table_forms(table: tuple[str, ...]) -> tuple[tuple[int, RowForm], ...]:
    """Every form of every row of a table, with the row it is a form of."""
    return tuple((index, form) for index, row in enumerate(table) for form in row_forms(row))


@lru_cache(maxsize=64)
def _form_texts(table: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(form.text for _, form in _table_forms(table))


def _found_rows(text: str, table: tuple[str, ...]) -> list[tuple[TextMatch, RowForm]]:
    """The table's rows in the text, in any of their forms: each match names its row (as
    `entry`) and holds every number of the row, those its form writes as 1 included."""
    forms = _table_forms(table)
    found: list[tuple[TextMatch, RowForm]] = []
    for match in find_entries(text, _form_texts(table)):
        row, form = forms[match.entry]
        numbers = {**match.numbers, **dict.fromkeys(form.ones, "1")}
        found.append((replace(match, entry=row, numbers=numbers), form))
    return found


def find_rows(text: str, table: Sequence[str]) -> tuple[TextMatch, ...]:
    """find_entries() for a table's rows, each found in every form the guides write it; a
    match's `entry` is the row's index in the table."""
    if not table or not text:
        return ()
    return tuple(match for match, _ in _found_rows(text, tuple(table)))


def table_matches(original: str, refurbished: str, table: Sequence[str]) -> list[TextMatch]:
    """Matches in the printed text, then any new ones that refurbishment brought in."""
    found = list(find_rows(original, table))
    if refurbished != original:
        seen = {(match.entry, normalize_entry(match.text)) for match in found}
        for match in find_rows(refurbished, table):
            if (match.entry, normalize_entry(match.text)) not in seen:
                found.append(match)
    return found


def pruned_spans(text: str, rules: Edition) -> list[tuple[int, int]]:
    """Where the text holds what the checked edition redacts or revised the cost of."""
    tables = list(rules.redacted) + [entry.text for entry in rules.revised_cost]
    return [(match.start, match.end) for match in find_rows(text, tables)]
