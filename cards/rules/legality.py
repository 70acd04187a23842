"""Whether a card or a deck may be played under an edition, and why not.

A card's verdict is the first that applies of:

1. invalid: it breaks the card rules (stats, card type, Edition Indicator, one ability a spell);
2. pruned: designed before the clean slate edition, or bearing a redacted text, or a text whose
   cost was revised after the card was designed;
3. refurbished: it bears an outdated text that now reads differently;
4. legal.

The reasons given are all those of the winning verdict. What the rulebook asks but does not
sanction (a minion ability without a name, a spell without ability text) is a warning and
never changes the verdict.

Where the rulebooks leave room, the engine decides:

- A design edition later than the edition checked is invalid, not a warning: the card was
  written for rules that edition does not have, so its rulebook cannot say how to play it.
- A stat is a whole number when its value is: 3.0 is 3. A bool is not a number.
- Refurbishment is applied to every card, whatever its verdict, so `CardCheck.text` always shows
  what the text reads now; only the verdict says whether the card may be played.
- Redacted and revised-cost texts are looked for in the printed text and in the refurbished
  one, so a new text cannot bring back a pruned one unnoticed.
- A deck entry whose count is not a whole number of 1 or more is a `bad_count` problem rather
  than an error, so a deck builder can show it along with the others.
- Cards withheld from the one checking the deck (their designers keep them private) count
  toward its size but cannot be judged: the deck is then not legal, with a `withheld_cards`
  problem, since nobody can tell its holder that those cards may be played.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache
from typing import Any

from .abilities import Ability, parse_abilities
from .editions import Edition, ordinal, resolve
from .text import TextMatch, fill, find_entries, match_case, normalize_entry


class Kind(StrEnum):
    MINION = "minion"
    SPELL = "spell"


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
    # pruned
    BEFORE_CLEAN_SLATE = "before_clean_slate"
    REDACTED_TEXT = "redacted_text"
    REVISED_COST_TEXT = "revised_cost_text"
    # refurbished
    REFURBISHED_TEXT = "refurbished_text"
    # warnings
    UNNAMED_MINION_ABILITY = "unnamed_minion_ability"
    SPELL_ABILITY_NAMED = "spell_ability_named"
    SPELL_WITHOUT_ABILITY = "spell_without_ability"
    ABILITY_WITHOUT_EFFECT = "ability_without_effect"
    # deck problems
    DECK_TOO_SMALL = "deck_too_small"
    DECK_TOO_LARGE = "deck_too_large"
    BAD_COUNT = "bad_count"
    CARD_INVALID = "card_invalid"
    CARD_PRUNED = "card_pruned"
    WITHHELD_CARDS = "withheld_cards"


@dataclass(frozen=True)
class Card:
    """A card as the rules see it. Name and flavor text are cosmetic and never checked."""

    name: str
    kind: Kind | str  # "minion" and "spell" become Kind; anything else is left for the check
    design_edition: int | None  # the Edition Indicator; None when the card has none
    level: int | float
    sp: int | float | None = None
    hp: int | float | None = None
    ability_text: str = ""
    flavor_text: str = ""

    def __post_init__(self) -> None:
        kind = _as_kind(self.kind)
        if kind is not None:
            object.__setattr__(self, "kind", kind)


def _as_kind(value: object) -> Kind | None:
    if isinstance(value, Kind):
        return value
    if isinstance(value, str):
        try:
            return Kind(value.strip().lower())
        except ValueError:
            return None
    return None


@dataclass(frozen=True)
class Reason:
    """Why a card has its verdict, or a warning about it."""

    code: str
    message: str  # for a person; names the rulebook section
    text: str  # the card's own text concerned, with its numbers; "" when none
    section: str  # anchor of the rulebook section, like "#refurbished"

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
class CardCheck:
    """The outcome of checking a card against an edition."""

    edition: int
    verdict: Verdict
    reasons: tuple[Reason, ...]
    warnings: tuple[Reason, ...]
    text: str  # the ability text after refurbishment; the card's own when nothing changed
    replacements: tuple[Replacement, ...]

    @property
    def playable(self) -> bool:
        return self.verdict in (Verdict.LEGAL, Verdict.REFURBISHED)

    def as_dict(self) -> dict[str, Any]:
        return {
            "edition": self.edition,
            "verdict": self.verdict.value,
            "reasons": [reason.as_dict() for reason in self.reasons],
            "warnings": [warning.as_dict() for warning in self.warnings],
            "text": self.text,
        }


def refurbish(text: str, edition: Edition | int) -> tuple[str, tuple[Replacement, ...]]:
    """The text with every refurbished original text replaced by its new text.

    Numbers carry over ("Exhaust 3 of your unexhausted cards in play." becomes "... creatures
    in play."), and a match that starts with a capital keeps it. Text outside the matches is
    returned exactly as given. Each whole match is one replacement, with its span in `text`.
    """
    rules = resolve(edition)
    if not rules.refurbished or not text:
        return text, ()
    pieces: list[str] = []
    replacements: list[Replacement] = []
    cursor = 0
    for found in find_entries(text, [entry.original for entry in rules.refurbished]):
        new = match_case(fill(rules.refurbished[found.entry].new, found.numbers), found.text)
        pieces += [text[cursor : found.start], new]
        replacements.append(Replacement(found.start, found.end, found.text, new))
        cursor = found.end
    pieces.append(text[cursor:])
    return "".join(pieces), tuple(replacements)


def check_card(card: Card, edition: Edition | int) -> CardCheck:
    """The verdict on a card under an edition, with every reason for it."""
    rules = resolve(edition)
    try:
        return _check_card_cached(card, rules)
    except TypeError:  # a field that cannot be hashed (bad input): check it uncached
        return _check_card(card, rules)


# The verdict depends only on the card's fields and the edition's data, both immutable
# and compared by value, so checks are remembered: a deck page re-checks the same cards.
@lru_cache(maxsize=8192)
def _check_card_cached(card: Card, rules: Edition) -> CardCheck:
    return _check_card(card, rules)


def _check_card(card: Card, rules: Edition) -> CardCheck:
    original = card.ability_text if isinstance(card.ability_text, str) else ""
    text, replacements = refurbish(original, rules)
    abilities = parse_abilities(text)
    kind = _as_kind(card.kind)
    design = _design_edition(card.design_edition)

    invalid = _invalid_reasons(card, kind, abilities, rules)
    pruned = _pruned_reasons(card.design_edition, design, original, text, rules)
    refurbished = [_refurbished_reason(r, rules) for r in replacements]
    warnings = _warnings(kind, original, abilities, rules)

    verdict, reasons = Verdict.LEGAL, []
    for category, found in (
        (Verdict.INVALID, invalid),
        (Verdict.PRUNED, pruned),
        (Verdict.REFURBISHED, refurbished),
    ):
        if found:
            verdict, reasons = category, found
            break
    return CardCheck(
        edition=rules.number,
        verdict=verdict,
        reasons=tuple(reasons),
        warnings=tuple(warnings),
        text=text,
        replacements=replacements,
    )


# -- invalid ------------------------------------------------------------------------------


def _reason(code: Code, body: str, text: str, rules: Edition, section: str) -> Reason:
    return Reason(code.value, f"{body} {rules.see(section)}", text, rules.section(section).anchor)


def _design_edition(value: object) -> int | None:
    """The design edition when it is a proper edition number, else None."""
    if isinstance(value, int) and not isinstance(value, bool) and value >= 1:
        return value
    return None


def _show(value: object) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value) if isinstance(value, int | float) else repr(value)


def _stat_reasons(key: str, value: object, rules: Edition) -> list[Reason]:
    """Why a printed level, SP or HP breaks the card rules: whole numbers, 0 or more."""
    term = rules.term(key)
    reasons: list[Reason] = []
    # A bool is an int to Python, but True is no level.
    if isinstance(value, bool) or not isinstance(value, int | float):
        body = f"Invalid: the {term} {_show(value)} is not a number; it must be a whole number."
        return [_reason(Code.NON_INTEGER_STAT, body, "", rules, "card_rules")]
    if isinstance(value, float) and not math.isfinite(value):
        body = f"Invalid: the {term} {_show(value)} is not a whole number."
        return [_reason(Code.NON_INTEGER_STAT, body, "", rules, "card_rules")]
    if value < 0:
        body = f"Invalid: the {term} is {_show(value)}; it must be 0 or more."
        reasons.append(_reason(Code.NEGATIVE_STAT, body, "", rules, "card_rules"))
    if isinstance(value, float) and not value.is_integer():
        body = f"Invalid: the {term} is {_show(value)}, which is not a whole number."
        reasons.append(_reason(Code.NON_INTEGER_STAT, body, "", rules, "card_rules"))
    return reasons


def _invalid_reasons(
    card: Card, kind: Kind | None, abilities: tuple[Ability, ...], rules: Edition
) -> list[Reason]:
    reasons: list[Reason] = []
    design = card.design_edition
    if design is None:
        if rules.indicator_required:
            body = (
                "Invalid: the card has no Edition Indicator; every card must show the edition"
                " it was designed for."
            )
            reasons.append(
                _reason(Code.MISSING_EDITION_INDICATOR, body, "", rules, "edition_indicator")
            )
    elif _design_edition(design) is None:
        body = f"Invalid: the Edition Indicator {_show(design)} is not an edition number."
        reasons.append(_reason(Code.BAD_EDITION_INDICATOR, body, "", rules, "edition_indicator"))
    elif isinstance(design, int) and design > rules.number:
        # Invalid rather than a warning: the card was written for rules this edition does not
        # have yet, so nothing in this edition's rulebook says how to play it.
        body = f"Invalid: designed for the {ordinal(design)} edition, later than the {rules.name}."
        reasons.append(_reason(Code.FUTURE_DESIGN_EDITION, body, "", rules, "edition_indicator"))

    minion, spell = rules.term("minion"), rules.term("spell")
    if kind is None:
        body = f"Invalid: {card.kind!r} is not a card type; a card is a {minion} or a {spell}."
        reasons.append(_reason(Code.UNKNOWN_KIND, body, "", rules, "card_rules"))

    if card.level is None:
        body = f"Invalid: the card has no {rules.term('level')}."
        reasons.append(_reason(Code.MISSING_LEVEL, body, "", rules, "card_rules"))
    else:
        reasons += _stat_reasons("level", card.level, rules)

    sp, hp = rules.term("sp"), rules.term("hp")
    if kind is Kind.SPELL:
        stats = (("sp", card.sp), ("hp", card.hp))
        printed = [f"{rules.term(k)} {_show(v)}" for k, v in stats if v is not None]
        if printed:
            body = (
                f"Invalid: a {spell} has no {sp} or {hp}, but this one has {' and '.join(printed)}."
            )
            reasons.append(_reason(Code.SPELL_WITH_STATS, body, "", rules, "card_rules"))
        if len(abilities) > 1:
            body = (
                f"Invalid: a {spell} has a single ability, but this one has {len(abilities)}"
                " (one a paragraph)."
            )
            reasons.append(_reason(Code.SPELL_WITH_SEVERAL_ABILITIES, body, "", rules, "spells"))
    elif kind is Kind.MINION:
        missing = [rules.term(k) for k, v in (("sp", card.sp), ("hp", card.hp)) if v is None]
        if missing:
            missing_text = " or ".join(missing)
            body = f"Invalid: a {minion} must have {sp} and {hp}; this one has no {missing_text}."
            reasons.append(_reason(Code.MINION_WITHOUT_STATS, body, "", rules, "minions"))
        for key, value in (("sp", card.sp), ("hp", card.hp)):
            if value is not None:
                reasons += _stat_reasons(key, value, rules)
    return reasons


# -- pruned -------------------------------------------------------------------------------


def _table_matches(original: str, refurbished: str, table: Sequence[str]) -> list[TextMatch]:
    """Matches in the printed text, then any new ones that refurbishment brought in."""
    found = list(find_entries(original, table))
    if refurbished != original:
        seen = {(match.entry, normalize_entry(match.text)) for match in found}
        for match in find_entries(refurbished, table):
            if (match.entry, normalize_entry(match.text)) not in seen:
                found.append(match)
    return found


def _pruned_reasons(
    printed_design: object, design: int | None, original: str, text: str, rules: Edition
) -> list[Reason]:
    reasons: list[Reason] = []
    if rules.clean_slate is not None:
        clean_slate = ordinal(rules.clean_slate)
        if design is not None and design < rules.clean_slate:
            body = (
                f"Pruned: designed for the {ordinal(design)} edition, before the clean slate"
                f" edition ({clean_slate})."
            )
            reasons.append(_reason(Code.BEFORE_CLEAN_SLATE, body, "", rules, "clean_slate"))
        elif printed_design is None:
            # Only reached in an edition with a clean slate that does not require the
            # indicator: a card that cannot show its edition cannot show it is recent enough.
            body = (
                "Pruned: the card has no Edition Indicator, so it cannot show it was designed"
                f" for the clean slate edition ({clean_slate}) or later."
            )
            reasons.append(_reason(Code.BEFORE_CLEAN_SLATE, body, "", rules, "clean_slate"))

    for match in _table_matches(original, text, rules.redacted):
        body = f'Pruned: the text "{match.text}" has been redacted.'
        reasons.append(_reason(Code.REDACTED_TEXT, body, match.text, rules, "redacted"))

    revised = [entry.text for entry in rules.revised_cost]
    for match in _table_matches(original, text, revised):
        revision = rules.revised_cost[match.entry].edition
        if design is not None and design >= revision:
            continue
        designed = (
            f"this card was designed for the {ordinal(design)}"
            if design is not None
            else "this card has no Edition Indicator"
        )
        body = (
            f'Pruned: the cost of "{match.text}" was revised in the {ordinal(revision)} edition,'
            f" and {designed}."
        )
        reasons.append(_reason(Code.REVISED_COST_TEXT, body, match.text, rules, "revised_cost"))
    return reasons


# -- refurbished --------------------------------------------------------------------------


def _refurbished_reason(replacement: Replacement, rules: Edition) -> Reason:
    body = f'Refurbished: "{replacement.original}" now reads "{replacement.new}".'
    return _reason(Code.REFURBISHED_TEXT, body, replacement.original, rules, "refurbished")


# -- warnings -----------------------------------------------------------------------------


def _short(text: str, limit: int = 60) -> str:
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "\u2026"


def _warnings(
    kind: Kind | None, original: str, abilities: tuple[Ability, ...], rules: Edition
) -> list[Reason]:
    warnings: list[Reason] = []
    minion, spell = rules.term("minion"), rules.term("spell")
    if kind is Kind.SPELL and not abilities:
        body = f"A {spell} has a single ability, but this one has no ability text."
        warnings.append(_reason(Code.SPELL_WITHOUT_ABILITY, body, "", rules, "spells"))
    for ability in abilities:
        if kind is Kind.MINION and rules.minion_ability_names_required and ability.name is None:
            body = (
                f"Each {minion} ability is named in capital letters followed by a colon;"
                f' "{_short(ability.text)}" has no name.'
            )
            warnings.append(
                _reason(Code.UNNAMED_MINION_ABILITY, body, ability.text, rules, "minions")
            )
        if kind is Kind.SPELL and not rules.spell_ability_names_allowed and ability.name:
            body = (
                f"Ability names are for {minion} abilities only; this {spell}'s ability is"
                f' named "{ability.name}".'
            )
            warnings.append(
                _reason(Code.SPELL_ABILITY_NAMED, body, ability.text, rules, "abilities")
            )
        if not ability.sub_abilities:
            body = f'The ability "{_short(ability.text)}" has no sub-ability, so it does nothing.'
            warnings.append(
                _reason(Code.ABILITY_WITHOUT_EFFECT, body, ability.text, rules, "abilities")
            )
    return warnings


# -- decks --------------------------------------------------------------------------------


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

    def as_dict(self) -> dict[str, Any]:
        return {
            "edition": self.edition,
            "legal": self.legal,
            "size": self.size,
            "withheld": self.withheld,
            "problems": [problem.as_dict() for problem in self.problems],
            "cards": [card.as_dict() for card in self.cards],
        }


def _is_count(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 1


def check_deck(
    entries: Sequence[DeckEntry], edition: Edition | int, *, withheld: int = 0
) -> DeckCheck:
    """Whether a deck may be played: its size fits the edition and every card is playable.

    Copies are not limited. A count that is not a whole number of 1 or more is a `bad_count`
    problem rather than an error, so a deck builder can show it with the others; such an entry
    adds nothing to the size. `withheld` copies of cards the checker may not see are counted in
    the size and make the deck not legal (`withheld_cards`).
    """
    rules = resolve(edition)
    entries = tuple(entries)
    try:
        return _check_deck_cached(entries, rules, withheld)
    except TypeError:  # a field that cannot be hashed (bad input): check it uncached
        return _check_deck(entries, rules, withheld)


@lru_cache(maxsize=1024)
def _check_deck_cached(entries: tuple[DeckEntry, ...], rules: Edition, withheld: int) -> DeckCheck:
    return _check_deck(entries, rules, withheld)


def _check_deck(entries: tuple[DeckEntry, ...], rules: Edition, withheld: int = 0) -> DeckCheck:
    checks = tuple(check_card(entry.card, rules) for entry in entries)
    size = sum(entry.count for entry in entries if _is_count(entry.count)) + withheld

    problems: list[Problem] = []
    cards_word = "card" if size == 1 else "cards"
    required = f"{rules.deck_size_text} cards"
    if rules.reserves:
        required += f" ({rules.reserves} of them go to the reserves)"
    if size < rules.deck_min:
        body = f"The deck has {size} {cards_word}; the {rules.name} requires {required}."
        problems.append(Problem(Code.DECK_TOO_SMALL.value, f"{body} {rules.see('deck')}", None))
    elif size > rules.deck_max:
        body = f"The deck has {size} {cards_word}; the {rules.name} allows {required}."
        problems.append(Problem(Code.DECK_TOO_LARGE.value, f"{body} {rules.see('deck')}", None))
    if withheld:
        body = (
            "1 card in this deck is withheld: its designer keeps it private, so it cannot be"
            " checked."
            if withheld == 1
            else f"{withheld} cards in this deck are withheld: their designers keep them"
            " private, so they cannot be checked."
        )
        problems.append(Problem(Code.WITHHELD_CARDS.value, body, None))

    for entry, check in zip(entries, checks, strict=True):
        name = entry.card.name
        label = f'"{name}"' if name else "An unnamed card"
        if not _is_count(entry.count):
            body = (
                f"{label} is listed {_show(entry.count)} times; the number of copies must be a"
                " whole number, 1 or more."
            )
            problems.append(Problem(Code.BAD_COUNT.value, body, name))
        if check.playable:
            continue
        code = Code.CARD_INVALID if check.verdict is Verdict.INVALID else Code.CARD_PRUNED
        message = f"{label} cannot be played. {check.reasons[0].message}"
        if len(check.reasons) > 1:
            more = len(check.reasons) - 1
            message += f" ({more} more reason{'s' if more > 1 else ''} on the card.)"
        problems.append(Problem(code.value, message, name))

    return DeckCheck(
        edition=rules.number,
        legal=not problems,
        size=size,
        problems=tuple(problems),
        cards=checks,
        withheld=withheld,
    )
