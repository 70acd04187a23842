"""Editions of the rulebook, loaded from one data file per edition.

Everything that differs between editions lives in ``cards/editions/<number>.json``: deck size,
starting HP, the clean slate edition, the card terms, the rulebook sections that messages point
to, and the refurbished, redacted and revised-cost tables. A new edition is a new file; the
loader finds every ``*.json`` in the folder.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

from .errors import EditionDataError, UnknownEdition
from .text import placeholders_in

DEFAULT_FOLDER = Path(__file__).resolve().parent.parent / "editions"

# The card terms every edition must name, because messages use them.
REQUIRED_TERMS = ("minion", "spell", "level", "sp", "hp")

# The sections every edition must name, because messages point to them. Sections for the
# optional rules (clean slate, tables) are required only when the edition has that rule.
REQUIRED_SECTIONS = ("card_rules", "edition_indicator", "deck", "minions", "abilities", "spells")


def ordinal(number: int) -> str:
    """1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st, ..."""
    if 10 <= number % 100 <= 20:
        suffix = "th"
    else:
        suffix = {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    return f"{number}{suffix}"


@dataclass(frozen=True)
class Section:
    """A section of an edition's rulebook: its anchor ("#setup") and its title."""

    anchor: str
    title: str


@dataclass(frozen=True)
class RefurbishEntry:
    """A row of the refurbished texts table: a card containing `original` reads `new`."""

    original: str
    new: str


@dataclass(frozen=True)
class RevisedCost:
    """A text whose cost was revised in `edition`: older cards bearing it are pruned."""

    text: str
    edition: int


@dataclass(frozen=True)
class Edition:
    """The rules of one edition that the engine needs, as data."""

    number: int
    name: str
    deck_min: int
    deck_max: int
    starting_hp: int
    clean_slate: int | None  # cards designed before this edition are pruned
    indicator_required: bool  # a card without an Edition Indicator is invalid
    terms: Mapping[str, str] = field(hash=False)  # modern key -> this edition's word
    refurbished: tuple[RefurbishEntry, ...]
    redacted: tuple[str, ...]
    revised_cost: tuple[RevisedCost, ...]
    sections: Mapping[str, Section] = field(hash=False)
    current: bool = False
    reserves: int = 0  # cards of the deck set aside as reserves (11th Edition)
    minion_ability_names_required: bool = False
    spell_ability_names_allowed: bool = True
    rulebook_url: str | None = None
    # Whether a card designed for this edition is held to its Card Building Guide (its
    # components, its level). False makes the guide's findings warnings only.
    guide_enforced: bool = True
    # The word that opens an activation condition written as the first sentence of an ability,
    # as the 11th rulebook writes them ("Activate when you take damage. Draw 1 card."); None
    # where a condition is only ever the clause before a colon.
    condition_opening: str | None = None

    def __post_init__(self) -> None:
        # Mappings are frozen too, so an edition shared through the cache cannot be altered.
        object.__setattr__(self, "terms", MappingProxyType(dict(self.terms)))
        object.__setattr__(self, "sections", MappingProxyType(dict(self.sections)))
        object.__setattr__(self, "refurbished", tuple(self.refurbished))
        object.__setattr__(self, "redacted", tuple(self.redacted))
        object.__setattr__(self, "revised_cost", tuple(self.revised_cost))
        _validate(self)

    def term(self, key: str) -> str:
        """This edition's word for a card term: term("minion") is "creature" in the 11th."""
        return self.terms.get(key, key)

    def section(self, key: str) -> Section:
        """A rulebook section by its key ("deck", "clean_slate", ...)."""
        try:
            return self.sections[key]
        except KeyError:
            # Validation guarantees the sections the engine uses; this is for other callers.
            return self.sections["card_rules"]

    def see(self, key: str) -> str:
        """The sentence that sends a reader to a section of this edition's rulebook."""
        return f"See '{self.section(key).title}' in the {self.name} rulebook."

    @property
    def deck_size_text(self) -> str:
        if self.deck_min == self.deck_max:
            return f"exactly {self.deck_min}"
        return f"{self.deck_min}\u2013{self.deck_max}"


def _validate(edition: Edition) -> None:
    label = f"edition {edition.number}"
    problems: list[str] = []
    if not isinstance(edition.number, int) or isinstance(edition.number, bool):
        problems.append("'number' must be a whole number")
    if not 0 <= edition.deck_min <= edition.deck_max:
        problems.append("the deck size must have 0 <= min <= max")
    if not 0 <= edition.reserves <= edition.deck_min:
        problems.append("'reserves' must be between 0 and the minimum deck size")
    missing_terms = [key for key in REQUIRED_TERMS if key not in edition.terms]
    if missing_terms:
        problems.append(f"'terms' lacks {', '.join(missing_terms)}")
    needed = list(REQUIRED_SECTIONS)
    if edition.clean_slate is not None:
        needed.append("clean_slate")
    if edition.refurbished:
        needed.append("refurbished")
    if edition.redacted:
        needed.append("redacted")
    if edition.revised_cost:
        needed.append("revised_cost")
    missing_sections = [key for key in needed if key not in edition.sections]
    if missing_sections:
        problems.append(f"'sections' lacks {', '.join(missing_sections)}")
    texts = [entry.original for entry in edition.refurbished]
    texts += list(edition.redacted)
    texts += [entry.text for entry in edition.revised_cost]
    for text in texts:
        if not text.strip():
            problems.append("a table has an empty text")
        elif any(char in text for char in "\n\r"):
            problems.append(f"{text!r} spans several lines")
    for entry in edition.refurbished:
        extra = set(placeholders_in(entry.new)) - set(placeholders_in(entry.original))
        if extra:
            letters = ", ".join(sorted(extra))
            problems.append(f"the new text {entry.new!r} uses {letters} that the original lacks")
    if problems:
        raise EditionDataError(f"{label}: " + "; ".join(problems) + ".")


def _require(data: Mapping[str, Any], key: str, kind: type, where: str) -> Any:
    if key not in data:
        raise EditionDataError(f"{where}: missing {key!r}.")
    value = data[key]
    # JSON true/false are Python bools, which are ints too; a count is never a bool.
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise EditionDataError(f"{where}: {key!r} has the wrong type.")
    return value


def edition_from_data(data: Mapping[str, Any], where: str = "edition data") -> Edition:
    """An Edition from the parsed contents of an edition file."""
    if not isinstance(data, Mapping):
        raise EditionDataError(f"{where}: the file must hold a JSON object.")
    try:
        deck_size = _require(data, "deck_size", dict, where)
        sections = {
            key: Section(anchor=str(value["anchor"]), title=str(value["title"]))
            for key, value in _require(data, "sections", dict, where).items()
        }
        refurbished = tuple(
            RefurbishEntry(original=str(row["original"]), new=str(row["new"]))
            for row in _require(data, "refurbished", list, where)
        )
        redacted = tuple(str(text) for text in _require(data, "redacted", list, where))
        revised_cost = tuple(
            RevisedCost(text=str(row["text"]), edition=_whole(row["edition"], where))
            for row in _require(data, "revised_cost", list, where)
        )
        terms = {str(k): str(v) for k, v in _require(data, "terms", dict, where).items()}
        clean_slate = data.get("clean_slate_edition")
        rulebook_url = data.get("rulebook_url")
        if rulebook_url is not None and not isinstance(rulebook_url, str):
            raise EditionDataError(f"{where}: 'rulebook_url' must be a string.")
        condition_opening = data.get("activation_condition_opening")
        if condition_opening is not None and (
            not isinstance(condition_opening, str) or not condition_opening.strip()
        ):
            raise EditionDataError(f"{where}: 'activation_condition_opening' must be a word.")
        return Edition(
            number=_require(data, "number", int, where),
            name=_require(data, "name", str, where),
            deck_min=_whole(deck_size["min"], where),
            deck_max=_whole(deck_size["max"], where),
            starting_hp=_require(data, "starting_hp", int, where),
            clean_slate=None if clean_slate is None else _whole(clean_slate, where),
            indicator_required=_require(data, "edition_indicator_required", bool, where),
            terms=terms,
            refurbished=refurbished,
            redacted=redacted,
            revised_cost=revised_cost,
            sections=sections,
            current=bool(data.get("current", False)),
            reserves=_whole(data.get("reserves", 0), where),
            minion_ability_names_required=bool(data.get("minion_ability_names_required", False)),
            spell_ability_names_allowed=bool(data.get("spell_ability_names_allowed", True)),
            rulebook_url=rulebook_url,
            guide_enforced=_require(data, "guide_enforced", bool, where)
            if "guide_enforced" in data
            else True,
            condition_opening=None if condition_opening is None else condition_opening.strip(),
        )
    except (KeyError, TypeError, AttributeError) as error:
        raise EditionDataError(f"{where}: malformed data ({error!r}).") from error


def _whole(value: Any, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise EditionDataError(f"{where}: {value!r} is not a whole number.")
    return value


def _load_folder(folder: Path) -> dict[int, Edition]:
    editions: dict[int, Edition] = {}
    for path in sorted(folder.glob("*.json")):
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as error:
            raise EditionDataError(f"{path.name}: cannot be read ({error}).") from error
        edition = edition_from_data(data, where=path.name)
        if path.stem.isdigit() and int(path.stem) != edition.number:
            raise EditionDataError(f"{path.name}: holds edition {edition.number}.")
        if edition.number in editions:
            raise EditionDataError(f"{path.name}: edition {edition.number} is defined twice.")
        editions[edition.number] = edition
    current = [number for number, edition in editions.items() if edition.current]
    if len(current) > 1:
        numbers = ", ".join(str(number) for number in sorted(current))
        raise EditionDataError(f"{folder}: several editions are marked current ({numbers}).")
    return dict(sorted(editions.items()))


@cache
def _default_editions() -> Mapping[int, Edition]:
    return MappingProxyType(_load_folder(DEFAULT_FOLDER))


def load_editions(folder: Path | None = None) -> dict[int, Edition]:
    """Every edition in the folder, by number. The default folder is read once and cached."""
    if folder is None:
        return dict(_default_editions())
    return _load_folder(Path(folder))


def get_edition(number: int) -> Edition:
    """The edition with this number; UnknownEdition names the known ones otherwise."""
    editions = _default_editions()
    try:
        known_number = not isinstance(number, bool) and number in editions
    except TypeError:  # an unhashable value is no edition number either
        known_number = False
    if not known_number:
        known = ", ".join(editions[n].name for n in editions)
        raise UnknownEdition(f"There are no rules for edition {number!r}. Known editions: {known}.")
    return editions[number]


def current_edition() -> Edition:
    """The edition marked current in its data file, or else the newest one."""
    editions = _default_editions()
    if not editions:
        raise UnknownEdition(f"No edition files were found in {DEFAULT_FOLDER}.")
    for edition in editions.values():
        if edition.current:
            return edition
    return editions[max(editions)]


def resolve(edition: Edition | int) -> Edition:
    """An Edition, given one or its number."""
    if isinstance(edition, Edition):
        return edition
    return get_edition(edition)
