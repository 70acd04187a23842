"""Editions of the rulebook, loaded from one data file per edition.

Everything that differs between editions lives in ``cards/editions/<number>.json``: deck size,
starting HP, the clean slate edition, the card terms, the rulebook sections that messages point
to, and the refurbished, redacted and revised-cost tables (with the wordings a card may use
in place of a row's words, as the 16th's "the targets" read as "it"). A new edition is a new
file; the loader finds every ``*.json`` in the folder, and the current edition is the newest
one on file: no flag, setting or constant names it. Each file is checked against
``edition.schema.json`` (its keys and their types) before it is read; what one value says
about another is checked here.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, fields
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

import jsonschema  # type: ignore[import-untyped]

from .errors import EditionDataError, UnknownEdition
from .schema_messages import schema_problems
from .text import placeholders_in

DEFAULT_FOLDER = Path(__file__).resolve().parent.parent / "editions"
# The shape of an edition file. It lies beside the shipped files but is the code's own: a
# folder of other editions (a test's, a new release's) is checked against this one.
SCHEMA_PATH = DEFAULT_FOLDER / "edition.schema.json"

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
class TextVariant:
    """Words that a card may print in place of words of a table row: the 16th rulebook notes
    that "the targets" might be replaced with "it" in some card texts."""

    text: str  # as the tables print it: "the targets"
    may_read: str  # as a card may print it instead: "it"


def _variant_pattern(variant: TextVariant) -> re.Pattern[str]:
    # Whole words only, as table rows are matched: never a piece of a longer word.
    return re.compile(rf"(?<![\w\-]){re.escape(variant.text)}(?![\w\-])")


def _reworded(text: str, variant: TextVariant) -> str:
    return _variant_pattern(variant).sub(lambda _: variant.may_read, text)


def _with_variants(rows: Iterable[Any], variants: tuple[TextVariant, ...]) -> tuple[Any, ...]:
    """The printed rows, then each row again in every wording the variants allow (once each)."""
    found: list[Any] = list(dict.fromkeys(rows))
    for variant in variants:
        pattern = _variant_pattern(variant)
        for row in list(found):
            if isinstance(row, RefurbishEntry) and pattern.search(row.original):
                new = _reworded(row.new, variant)
                found.append(RefurbishEntry(_reworded(row.original, variant), new))
            elif isinstance(row, RevisedCost) and pattern.search(row.text):
                found.append(RevisedCost(_reworded(row.text, variant), row.edition))
            elif isinstance(row, str) and pattern.search(row):
                found.append(_reworded(row, variant))
    return tuple(dict.fromkeys(found))


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
    reserves: int = 0  # cards of the deck set aside as reserves (11th Edition)
    # The most cards an optional reserves pile, assembled beside the deck and not counted in
    # it, may hold (12th Edition: up to 5); 0 where the edition has no such pile.
    optional_reserves: int = 0
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
    # Words a card may print in place of words of the tables' rows. The tables above hold the
    # rows as the engine matches them: each printed row, then the same row so reworded.
    text_variants: tuple[TextVariant, ...] = ()
    # How a game starts and how its turns go, as the goldfish reads it (decks.goldfish.setup
    # checks it); empty where the file says nothing.
    goldfish: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}), hash=False)

    def __post_init__(self) -> None:
        # Mappings are frozen too, so an edition shared through the cache cannot be altered.
        object.__setattr__(self, "terms", MappingProxyType(dict(self.terms)))
        object.__setattr__(self, "sections", MappingProxyType(dict(self.sections)))
        variants = tuple(self.text_variants)
        object.__setattr__(self, "text_variants", variants)
        _validate_variants(self.number, variants)
        object.__setattr__(self, "refurbished", _with_variants(self.refurbished, variants))
        object.__setattr__(self, "redacted", _with_variants(self.redacted, variants))
        object.__setattr__(self, "revised_cost", _with_variants(self.revised_cost, variants))
        _validate(self)

    def __hash__(self) -> int:
        # Each check of a card looks its edition up in the rules' caches, and an edition's hash
        # reads every row of its tables: it is worked out once, from the fields the generated
        # hash would read.
        known: int | None = self.__dict__.get("_hash")
        if known is None:
            known = hash(
                tuple(
                    getattr(self, item.name)
                    for item in fields(self)
                    if (item.compare if item.hash is None else item.hash)
                )
            )
            object.__setattr__(self, "_hash", known)
        return known

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


def _validate_variants(number: int, variants: tuple[TextVariant, ...]) -> None:
    problems: list[str] = []
    for variant in variants:
        for words in (variant.text, variant.may_read):
            if not words.strip() or any(char in words for char in "\n\r"):
                problems.append(f"the text variant {words!r} must be words on one line")
            elif placeholders_in(words):
                problems.append(f"the text variant {words!r} cannot hold x, y or z")
    if problems:
        raise EditionDataError(f"edition {number}: " + "; ".join(problems) + ".")


def _validate(edition: Edition) -> None:
    label = f"edition {edition.number}"
    problems: list[str] = []
    if not isinstance(edition.number, int) or isinstance(edition.number, bool):
        problems.append("'number' must be a whole number")
    if not 0 <= edition.deck_min <= edition.deck_max:
        problems.append("the deck size must have 0 <= min <= max")
    if not 0 <= edition.reserves <= edition.deck_min:
        problems.append("'reserves' must be between 0 and the minimum deck size")
    if edition.optional_reserves < 0:
        problems.append("'optional_reserves' must be 0 or more")
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


@cache
def _schema_validator() -> Any:
    schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    return jsonschema.Draft202012Validator(schema)


def _check_schema(data: Any, where: str) -> None:
    """The file against edition.schema.json: every key it needs, of the right type."""
    problems = schema_problems(_schema_validator(), data)
    if problems:
        raise EditionDataError(f"{where}: " + "; ".join(problems) + ".")


def edition_from_data(data: Mapping[str, Any], where: str = "edition data") -> Edition:
    """An Edition from the parsed contents of an edition file, checked against the schema."""
    if not isinstance(data, Mapping):
        raise EditionDataError(f"{where}: the file must hold a JSON object.")
    _check_schema(dict(data), where)
    condition_opening = data.get("activation_condition_opening")
    clean_slate = data.get("clean_slate_edition")
    return Edition(
        number=data["number"],
        name=data["name"],
        deck_min=data["deck_size"]["min"],
        deck_max=data["deck_size"]["max"],
        starting_hp=data["starting_hp"],
        clean_slate=clean_slate,
        indicator_required=data["edition_indicator_required"],
        terms=dict(data["terms"]),
        refurbished=tuple(
            RefurbishEntry(original=row["original"], new=row["new"]) for row in data["refurbished"]
        ),
        redacted=tuple(data["redacted"]),
        revised_cost=tuple(
            RevisedCost(text=row["text"], edition=row["edition"]) for row in data["revised_cost"]
        ),
        sections={
            key: Section(anchor=value["anchor"], title=value["title"])
            for key, value in data["sections"].items()
        },
        reserves=data.get("reserves", 0),
        optional_reserves=data.get("optional_reserves", 0),
        minion_ability_names_required=data.get("minion_ability_names_required", False),
        spell_ability_names_allowed=data.get("spell_ability_names_allowed", True),
        rulebook_url=data.get("rulebook_url"),
        guide_enforced=data.get("guide_enforced", True),
        condition_opening=None if condition_opening is None else condition_opening.strip(),
        text_variants=tuple(
            TextVariant(text=row["text"], may_read=row["may_read"])
            for row in data.get("table_text_variants", [])
        ),
        goldfish=MappingProxyType(dict(data.get("goldfish", {}))),
    )


def _load_folder(folder: Path) -> dict[int, Edition]:
    editions: dict[int, Edition] = {}
    for path in sorted(folder.glob("*.json")):
        if path.name.endswith(".schema.json"):  # the files' shape, not an edition
            continue
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


def current_edition(folder: Path | None = None) -> Edition:
    """The newest edition on file: the one with the highest number, so an edition is current
    from the day its file lands. The default folder unless told."""
    editions = _default_editions() if folder is None else _load_folder(Path(folder))
    if not editions:
        raise UnknownEdition(f"No edition files were found in {folder or DEFAULT_FOLDER}.")
    return editions[max(editions)]


def resolve(edition: Edition | int) -> Edition:
    """An Edition, given one or its number."""
    if isinstance(edition, Edition):
        return edition
    return get_edition(edition)
