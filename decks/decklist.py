"""Plain deck lists: one ``3 Card Name`` a line. Parsing and name matching, pure Python.

Accepted lines::

    3 Fire Drake          count, a space, the card's name
    3x Fire Drake         the count may carry an x (or ×)
    1 Fire Drake #12      a trailing #<number> picks one card when several share the name
    # a comment           lines starting with # or // are ignored, and so are blank lines
    Maybeboard            a heading: the lines after it are the maybeboard's (cards being
                          considered, never counted); "Deck" (or "Main") goes back to the deck
    SB: 2 Fire Drake      Cockatrice's sideboard line, read as the maybeboard's; so are the
                          lines under its "Sideboard" heading; "[#12]" picks a card like "#12"

Counts and card numbers are written with the digits 0-9. Every problem is reported with its line
number, so a person can fix the list in one pass. `write_decklist` writes a deck in this format
so that reading it back gives the same deck (see its docstring).
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol, TypeVar

MAX_COUNT = 100
MAX_NAME = 100
MAX_LINES = 1000
EXAMPLE = "3 Fire Drake"
MAX_CHOICES_SHOWN = 10  # cards listed in the error of a name several cards have
CLOSE_NAME_CUTOFF = 0.75  # difflib's ratio for a name to be offered as "did you mean"

# Any digits here, so that a count in other digits ("４") is named as such rather than
# as a line that cannot be read; only 0-9 are accepted below.
_LINE = re.compile(r"^(?P<count>[+-]?\d+)[xX\u00d7]?\s+(?P<name>.+)$")
_CARD_NUMBER = re.compile(r"\s+(?:#(?P<pk>[0-9]{1,19})|\[#(?P<bracketed>[0-9]{1,19})\])$", re.ASCII)
# Cockatrice marks a sideboard card with this prefix (and reads "[...]" as no part of a name).
SIDEBOARD_PREFIX = "SB:"
_COUNT_DIGITS = len(str(MAX_COUNT))
_SPACES = re.compile(r"\s+")
# A heading names the board the lines after it are on (see decks.models.Board).
MAIN = "main"
MAYBE = "maybe"
MAYBE_HEADING = "Maybeboard"
_HEADINGS = {
    "maybeboard": MAYBE,
    "maybe": MAYBE,
    "sideboard": MAYBE,
    "deck": MAIN,
    "main": MAIN,
    "mainboard": MAIN,
}
_QUOTES = str.maketrans({"\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"'})


@dataclass(frozen=True)
class DecklistLine:
    line: int  # 1-based line number in the text
    count: int
    name: str
    card_number: int | None = None  # the #12 of "Fire Drake #12"
    board: str = MAIN  # "maybe" under a Maybeboard heading


@dataclass(frozen=True)
class LineError:
    line: int | None  # None for a problem with the whole list
    message: str

    def __str__(self) -> str:
        return f"Line {self.line}: {self.message}" if self.line is not None else self.message

    def as_dict(self) -> dict[str, object]:
        return {"line": self.line, "message": str(self)}


class DecklistError(ValueError):
    """The list has problems; `errors` names each with its line."""

    def __init__(self, errors: Sequence[LineError]) -> None:
        self.errors = tuple(errors)
        super().__init__("; ".join(str(error) for error in self.errors))


def normalize_name(name: str) -> str:
    """The form names are compared in: case, spacing, width and curly quotes do not matter."""
    text = unicodedata.normalize("NFKC", name).translate(_QUOTES)
    return _SPACES.sub(" ", text).strip().casefold()


def parse_decklist(text: str, *, board: str = MAIN) -> tuple[list[DecklistLine], list[LineError]]:
    """The entries of a list and the problems found in it, each with its line number. Lines
    before any heading are on `board`."""
    lines: list[DecklistLine] = []
    errors: list[LineError] = []
    raw_lines = text.removeprefix("\ufeff").splitlines()
    if len(raw_lines) > MAX_LINES:
        return [], [LineError(None, f"A list may have at most {MAX_LINES} lines.")]
    for number, raw in enumerate(raw_lines, start=1):
        line = raw.strip()
        if not line or line.startswith(("#", "//")):
            continue
        heading = board_heading(line)
        if heading is not None:
            board = heading
            continue
        line_board = board
        if line[: len(SIDEBOARD_PREFIX)].upper() == SIDEBOARD_PREFIX:
            line, line_board = line[len(SIDEBOARD_PREFIX) :].strip(), MAYBE
        match = _LINE.match(line)
        if match is None:
            shown = line if len(line) <= 60 else line[:57] + "..."
            errors.append(
                LineError(
                    number,
                    f"expected '<count> <card name>', like '{EXAMPLE}', but found '{shown}'.",
                )
            )
            continue
        written = match["count"]
        if not written.isascii():
            errors.append(LineError(number, f"write the count '{written}' with the digits 0-9."))
            continue
        if len(written.lstrip("+-").lstrip("0")) > _COUNT_DIGITS:
            # Checked before int(): a count thousands of digits long is not worth reading.
            errors.append(LineError(number, f"the count must be at most {MAX_COUNT}."))
            continue
        count = int(written)
        name = _SPACES.sub(" ", match["name"]).strip()
        card_number = None
        picked = _CARD_NUMBER.search(name)
        if picked:
            card_number = int(picked["pk"] or picked["bracketed"])
            name = name[: picked.start()].strip()
        if count < 1:
            errors.append(LineError(number, f"the count must be at least 1, not {count}."))
            continue
        if count > MAX_COUNT:
            errors.append(LineError(number, f"the count must be at most {MAX_COUNT}, not {count}."))
            continue
        if len(name) > MAX_NAME:
            errors.append(LineError(number, f"a card name has at most {MAX_NAME} characters."))
            continue
        lines.append(DecklistLine(number, count, name, card_number, line_board))
    if not lines and not errors:
        errors.append(
            LineError(None, f"The list is empty. Write one card a line, like '{EXAMPLE}'.")
        )
    return lines, errors


# The title the site writes on a list's first line: the deck's name, then its edition.
_TITLE_EDITION = re.compile(r"^(?P<name>.*?)\s*\((?P<number>[0-9]{1,3})(?:st|nd|rd|th) Edition\)$")


def list_title(text: str) -> tuple[str, int | None]:
    """The deck's name and edition as a list's first line gives them, a comment as the site
    writes it ('# Name (14th Edition)', or '// Name (14th Edition)' in the Cockatrice list, as
    Cockatrice reads a deck's name); ("", None) when the list does not start with a comment.

    >>> list_title("// Ember Rush (14th Edition)\\n3 Fire Drake")
    ('Ember Rush', 14)
    >>> list_title("\\n# My deck\\n3 Fire Drake")
    ('My deck', None)
    >>> list_title("3 Fire Drake\\n# Not a title")
    ('', None)
    """
    first = next(
        (line.strip() for line in text.removeprefix("\ufeff").splitlines() if line.strip()), ""
    )
    for mark in ("//", "#"):
        if first.startswith(mark):
            title = _SPACES.sub(" ", first.removeprefix(mark)).strip()
            edition = _TITLE_EDITION.match(title)
            if edition and edition["name"]:
                return edition["name"], int(edition["number"])
            return title, None
    return "", None


def board_heading(line: str) -> str | None:
    """The board a heading line names ('Maybeboard', 'Maybeboard:', 'Deck', 'Main'), any
    case; None for any other line."""
    return _HEADINGS.get(line.strip().removesuffix(":").strip().casefold())


class NamedCard(Protocol):
    @property
    def pk(self) -> object: ...

    @property
    def name(self) -> str: ...


C = TypeVar("C", bound=NamedCard)


def match_decklist(
    lines: Iterable[DecklistLine],
    cards: Iterable[C] = (),
    *,
    places: Sequence[tuple[str, Iterable[C]]] = (),
    numbered: Iterable[C] = (),
    searched: str = "in your collection",
    describe: Callable[[C], str] = lambda card: f"#{card.pk}",
    suggest: Callable[[str], Sequence[str]] | None = None,
    max_entries: int | None = None,
    held: Mapping[str, int] | None = None,
) -> tuple[list[tuple[C, int]], list[LineError]]:
    """Match each line to exactly one card by name; lines naming the same card add up.

    A name is looked for in each of `places` in turn, (label, cards) pairs such as ("of
    yours", own cards), and the first place holding cards of that name decides: one card is
    the match, several are an error listing them. Without places, `cards` is the one place,
    "in your collection". A line's '#12' picks card 12 among all the places and `numbered`,
    if it has that name. `searched` says where a name was looked for, in the error of a name
    found nowhere; `suggest` gives close names to offer in it. `held` gives the copies of each
    card (by its number, as text) the deck holds already, which the lines add to.

    Returns the (card, count) entries in the list's order, each count with the copies held,
    and an error for every line that names no card, several cards, or takes a card past the
    most copies allowed."""
    where = [(label, list(found)) for label, found in places] or [
        ("in your collection", list(cards))
    ]
    by_name: list[tuple[str, dict[str, list[C]]]] = []
    by_number: dict[str, C] = {}
    for label, found in where:
        named: dict[str, list[C]] = {}
        for card in found:
            named.setdefault(normalize_name(card.name), []).append(card)
            by_number.setdefault(str(card.pk), card)
        by_name.append((label, named))
    for card in numbered:
        by_number.setdefault(str(card.pk), card)
    counts: dict[str, int] = {}
    chosen: dict[str, C] = {}
    errors: list[LineError] = []
    for entry in lines:
        key = normalize_name(entry.name)
        label, candidates = next(
            ((label, named[key]) for label, named in by_name if named.get(key)), ("", [])
        )
        if entry.card_number is not None:
            picked = by_number.get(str(entry.card_number))
            if picked is None or normalize_name(picked.name) != key:
                errors.append(
                    LineError(
                        entry.line,
                        f"no card #{entry.card_number} named '{entry.name}' {searched}.",
                    )
                )
                continue
            card = picked
        elif not candidates:
            message = f"no card named '{entry.name}' {searched}."
            close = list(suggest(entry.name)) if suggest is not None else []
            if close:
                message += f" Did you mean {_either(close)}?"
            errors.append(LineError(entry.line, message))
            continue
        elif len(candidates) > 1:
            shown = candidates[:MAX_CHOICES_SHOWN]
            choices = ", ".join(describe(card) for card in shown)
            if len(candidates) > len(shown):
                choices += f" and {len(candidates) - len(shown)} more"
            errors.append(
                LineError(
                    entry.line,
                    f"{len(candidates)} cards {label} are named '{entry.name}': "
                    f"{choices}. Add the number of the one you mean, like "
                    f"'{entry.count} {entry.name} #{candidates[0].pk}'.",
                )
            )
            continue
        else:
            card = candidates[0]
        pk = str(card.pk)
        total = counts.get(pk, (held or {}).get(pk, 0)) + entry.count
        if total > MAX_COUNT:
            errors.append(
                LineError(
                    entry.line,
                    f"this brings '{card.name}' to {total} copies; a deck holds at most "
                    f"{MAX_COUNT} of a card.",
                )
            )
            continue
        counts[pk] = total
        chosen[pk] = card
    if max_entries is not None and len(chosen) > max_entries:
        errors.append(
            LineError(
                None,
                f"A deck holds at most {max_entries} different cards; "
                f"this list names {len(chosen)}.",
            )
        )
    errors.sort(key=lambda error: (error.line is None, error.line or 0))
    return [(chosen[pk], counts[pk]) for pk in chosen], errors


def _either(names: Sequence[str]) -> str:
    quoted = [f"'{name}'" for name in names]
    return quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + " or " + quoted[-1]


def close_names(name: str, names: Iterable[str], *, most: int = 3) -> list[str]:
    """Up to `most` of `names` that `name` may be a misspelling of, closest first, each once
    (names are compared as match_decklist compares them)."""
    shown: dict[str, str] = {}
    for candidate in names:
        shown.setdefault(normalize_name(candidate), one_line(candidate))
    wanted = normalize_name(name)
    shown.pop(wanted, None)
    found = difflib.get_close_matches(wanted, list(shown), n=most, cutoff=CLOSE_NAME_CUTOFF)
    return [shown[key] for key in found]


def one_line(text: str) -> str:
    """`text` with every run of whitespace (line breaks included) as one space."""
    return _SPACES.sub(" ", text).strip()


def write_decklist(
    entries: Iterable[tuple[int, C]],
    *,
    title: str = "",
    others: Iterable[tuple[object, str]] = (),
    unnamed: Iterable[object] = (),
    maybe: Iterable[tuple[int, C]] = (),
    withheld: int = 0,
    maybe_withheld: int = 0,
    cockatrice: bool = False,
) -> str:
    """The entries as a list that parse_decklist and match_decklist read back to the same cards
    and counts, for a reader whose collection holds them. The `maybe` entries follow under a
    Maybeboard heading, which reads back as the maybeboard. Copies withheld from the reader
    (`withheld` in the deck, `maybe_withheld` on its maybeboard) are named in a comment.

    A card is written as '3 Name', and as '3 Name #12' (its number) when its name alone could
    pick another card: another card listed, or one of `others` (the reader's collection, as
    (number, name) pairs), has the same name as match_decklist compares names; or the name
    ends like a card number itself. Whitespace in a name is written as one space, which is
    how the reader compares it. A card the reader cannot find by name, its number among
    `unnamed`, is written with its number too. `title` becomes a comment on the first line.

    With `cockatrice`, the list is as Cockatrice's plain-text import reads it: the title as the
    first '//' line (its deck name), the maybeboard as 'SB: 3 Name' lines (its sideboard: a
    'Maybeboard' heading would put those cards in its deck), comments after '//', and a card
    number as '[#12]', which Cockatrice leaves out of the name. The site reads it back the
    same."""
    rows = list(entries)
    maybe_rows = list(maybe)
    numbers: dict[str, set[str]] = {}
    for pk, name in [*((card.pk, card.name) for _, card in [*rows, *maybe_rows]), *others]:
        numbers.setdefault(normalize_name(name), set()).add(str(pk))
    pinned = set(unnamed)

    def written(count: int, card: C) -> str:
        name = one_line(card.name)
        shared = len(numbers[normalize_name(card.name)]) > 1
        line = f"{count} {name}"
        if shared or card.pk in pinned or _CARD_NUMBER.search(line):
            line += f" [#{card.pk}]" if cockatrice else f" #{card.pk}"
        return line

    mark = "//" if cockatrice else "#"
    lines = [f"{mark} {one_line(title)}"] if title.strip() else []
    lines.extend(written(count, card) for count, card in rows)
    lines.extend(f"{mark}{note[1:]}" for note in _withheld_note(withheld))
    if maybe_rows or maybe_withheld:
        lines.extend([""] if cockatrice else ["", MAYBE_HEADING])
        prefix = f"{SIDEBOARD_PREFIX} " if cockatrice else ""
        lines.extend(prefix + written(count, card) for count, card in maybe_rows)
        lines.extend(f"{mark}{note[1:]}" for note in _withheld_note(maybe_withheld))
    return "\n".join(lines) + "\n"


def _withheld_note(copies: int) -> list[str]:
    # A comment, so the list still imports: the designers keep these cards private.
    if not copies:
        return []
    return [f"# and {copies} withheld card{'s' if copies != 1 else ''}, not listed"]
