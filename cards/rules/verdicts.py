"""What a check of a card or a deck says: the verdict, the codes and messages of its reasons,
warnings and problems, and the level beside the one the guide computes. Plain values, made by
the checks (:mod:`cards.rules.card_checks`, :mod:`cards.rules.deck_checks`) and turned into
the site's pages and API answers.

    >>> check = CardCheck(14, Verdict.REFURBISHED, (), (), "Hex-play: Draw 1 card.", ())
    >>> check.playable, check.as_dict()["verdict"]
    (True, 'refurbished')
    >>> LevelCheck(declared=3, computed=4, guide=14).guide_name
    '14th Edition'
    >>> Code.LEVEL_MISMATCH == "level_mismatch"
    True
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from .card import Card
from .editions import Edition, ordinal
from .reading import Finding, ReadAbility, Reading


class Verdict(StrEnum):
    INVALID = "invalid"
    PRUNED = "pruned"
    REFURBISHED = "refurbished"
    LEGAL = "legal"


class Code(StrEnum):
    """The stable codes of reasons, warnings and deck problems."""

    # invalid
    MISSING_EDITION_INDICATOR = "missing_edition_indicator"
    BAD_EDITION_INDICATOR = "bad_edition_indicator"
    FUTURE_DESIGN_EDITION = "future_design_edition"
    UNKNOWN_KIND = "unknown_kind"
    MISSING_LEVEL = "missing_level"
    NEGATIVE_STAT = "negative_stat"
    NON_INTEGER_STAT = "non_integer_stat"
    SPELL_WITH_STATS = "spell_with_stats"
    MINION_WITHOUT_STATS = "minion_without_stats"
    SPELL_WITH_SEVERAL_ABILITIES = "spell_with_several_abilities"
    NOT_A_COMPONENT = "not_a_component"
    NAME_NOT_IN_CAPITALS = "name_not_in_capitals"
    # invalid by the guide that requires names; a warning by the rulebook where no guide is
    UNNAMED_MINION_ABILITY = "unnamed_minion_ability"
    LEVEL_MISMATCH = "level_mismatch"
    LEVEL_NOT_COMPUTED = "level_not_computed"
    # pruned
    BEFORE_CLEAN_SLATE = "before_clean_slate"
    REDACTED_TEXT = "redacted_text"
    REVISED_COST_TEXT = "revised_cost_text"
    # refurbished
    REFURBISHED_TEXT = "refurbished_text"
    # warnings
    SPELL_ABILITY_NAMED = "spell_ability_named"
    SPELL_WITHOUT_ABILITY = "spell_without_ability"
    ABILITY_WITHOUT_EFFECT = "ability_without_effect"
    GUIDE_WORDING = "guide_wording"
    NO_GUIDE = "no_guide"
    MIXED_SCRIPT = "mixed_script"
    # deck problems
    DECK_TOO_SMALL = "deck_too_small"
    DECK_TOO_LARGE = "deck_too_large"
    BAD_COUNT = "bad_count"
    CARD_INVALID = "card_invalid"
    CARD_PRUNED = "card_pruned"
    WITHHELD_CARDS = "withheld_cards"
    TOO_MANY_ULTRA_POINTS = "too_many_ultra_points"


@dataclass(frozen=True)
class Reason:
    """Why a card has its verdict, or a warning about it."""

    code: str
    message: str  # for a person; names the rulebook section
    text: str  # the card's own text concerned, with its numbers; "" when none
    section: str  # anchor of the rulebook section, like "#refurbished"
    # When a Card Building Guide says why: its edition, and the component (its id, the anchor
    # on the guide's page) or else the section ("abilities", "level") to read.
    guide_edition: int | None = None
    guide_component: str | None = None
    guide_section: str | None = None

    def as_dict(self) -> dict[str, Any]:
        return {"code": self.code, "message": self.message, "text": self.text}


@dataclass(frozen=True)
class Replacement:
    """One refurbishment: original[start:end] of the card's ability text now reads `new`."""

    start: int
    end: int
    original: str
    new: str


@dataclass(frozen=True)
class LevelCheck:
    """The card's declared level beside the one its design edition's guide computes."""

    declared: int | float | None  # as printed; None when the card asks for the computed one
    computed: int | None  # None when no guide is on file or the guide computes none
    steps: tuple[str, ...] = ()
    guide: int | None = None  # the edition of the guide that computed it
    problems: tuple[Finding, ...] = ()  # why the guide computes none

    @property
    def guide_name(self) -> str:
        return "" if self.guide is None else f"{ordinal(self.guide)} Edition"

    def as_dict(self) -> dict[str, Any]:
        return {"declared": self.declared, "computed": self.computed, "steps": list(self.steps)}


@dataclass(frozen=True)
class CardCheck:
    """The outcome of checking a card against an edition."""

    edition: int
    verdict: Verdict
    reasons: tuple[Reason, ...]
    warnings: tuple[Reason, ...]
    text: str  # the ability text after refurbishment; the card's own when nothing changed
    replacements: tuple[Replacement, ...]
    level: LevelCheck = LevelCheck(None, None)
    reading: Reading | None = None  # the text as the design edition's guide reads it
    ultra_points: int = 0  # by the design edition's guide, as the level (see the module)

    @property
    def playable(self) -> bool:
        return self.verdict in (Verdict.LEGAL, Verdict.REFURBISHED)

    @property
    def abilities(self) -> tuple[ReadAbility, ...]:
        """The abilities as the guide reads them, with their components."""
        return () if self.reading is None else self.reading.abilities

    def details(self) -> dict[str, Any]:
        """The level, the Ultra Points and the abilities read, for a check of one card."""
        return {
            "level": self.level.as_dict(),
            "ultra_points": self.ultra_points,
            "abilities": [ability.as_dict() for ability in self.abilities],
        }

    def as_dict(self) -> dict[str, Any]:
        return {
            "edition": self.edition,
            "verdict": self.verdict.value,
            "reasons": [reason.as_dict() for reason in self.reasons],
            "warnings": [warning.as_dict() for warning in self.warnings],
            "text": self.text,
        }


@dataclass(frozen=True)
class DeckEntry:
    """A number of copies of one card in a deck."""

    count: int
    card: Card


@dataclass(frozen=True)
class Problem:
    """Why a deck cannot be played."""

    code: str
    message: str
    card: str | None  # the card's name, or None for a problem of the whole deck

    def as_dict(self) -> dict[str, Any]:
        return {"code": self.code, "message": self.message, "card": self.card}


@dataclass(frozen=True)
class DeckCheck:
    """The outcome of checking a deck against an edition."""

    edition: int
    legal: bool
    size: int
    problems: tuple[Problem, ...]
    cards: tuple[CardCheck, ...]  # one per entry, in the order of the entries
    withheld: int = 0  # copies of cards the checker may not see (not in `cards`)
    ultra_points: int = 0  # every copy's, the withheld cards' aside
    ultra_points_limit: int | None = None  # None when the edition sets no limit

    def as_dict(self) -> dict[str, Any]:
        return {
            "edition": self.edition,
            "legal": self.legal,
            "size": self.size,
            "withheld": self.withheld,
            "ultra_points": self.ultra_points,
            "ultra_points_limit": self.ultra_points_limit,
            "problems": [problem.as_dict() for problem in self.problems],
            "cards": [card.as_dict() for card in self.cards],
        }


def rulebook_reason(code: Code, body: str, text: str, rules: Edition, section: str) -> Reason:
    """A reason whose message ends by naming the section of the edition's rulebook to read."""
    return Reason(code.value, f"{body} {rules.see(section)}", text, rules.section(section).anchor)


def shown(value: object) -> str:
    """A printed number as a message shows it: 3.0 as 3, anything not a number as its repr."""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value) if isinstance(value, int | float) else repr(value)
