"""Whether a card or a deck may be played under an edition, and why not.

A card's verdict is the first that applies of:

1. invalid: it breaks the card rules (stats, card type, Edition Indicator, one ability a spell),
   or it is not built as the Card Building Guide of its design edition says: an ability not
   made of the guide's components (`not_a_component`), or a declared level other than the one
   the guide computes (`level_mismatch`, with the computed level and its steps);
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

A card is built under the Card Building Guide of its design edition (its Edition Indicator),
whatever the edition it is checked under: a design is judged by the rules it was made with.

- The text the guide reads is the printed text as the design edition's own rulebook refurbishes
  it, when that rulebook is on file (a 14th Edition card printed with "ghost-play, must pay
  resource cost" is read as "hex-play", as the 14th's guide writes it). The refurbishment of the
  edition checked is a separate matter and gives the `refurbished` verdict as before.
- Whatever the reader cannot read is `not_a_component`, one reason for each place: words that
  are no component (with the nearest one, when one is near), and components used against the
  guide's rules (a variable of 0 or above 10^9, an effect on targets without a target
  selection, more costs than the guide allows). Each reason carries the guide and the nearest
  component (or the section on constructing abilities) so a page can link to it.
- A level is compared only when it is a whole number; a negative or fractional one is already
  invalid for that. A level of None asks for the computed one: the card is then judged with
  it, and is `missing_level` only when the guide computes none either.
- Numbers that give the guide no level (a target selection whose t would be 0 or less, a
  formula that divides by zero) are `level_not_computed`, invalid like a wrong level. Only the
  11th's formulas can do that today, so there it is a warning.
- A card designed for an edition later than the one checked is invalid for that, and its own
  edition's guide still reads it: its reasons are given too, so a designer sees all of them.
- A spell without ability text is `level_not_computed` where the guide is enforced: a spell's
  level is its single ability's, so the guide gives it none, and any level it printed would
  pass unchecked. The rulebook's `spell_without_ability` warning stays beside it.
- Texts that the checked edition's rulebook redacts, or whose cost it revised, stay pruned as
  before: the guide's findings within them are left out, since the pruned verdict says why.
- Wordings the guide asks for differently ("Draw 1 cards.", "up to" with one target) are read
  as meant and given as `guide_wording` warnings, never as a verdict.
- Texts are matched as a reader sees them: in Unicode's compatibility form (NFKC) and without
  format characters, so a zero-width space or a soft hyphen ("Pay 4 hit\u00adpoints.") hides no
  redacted text from the check and no outdated text from refurbishment. Letters of another
  script that only look alike are not folded: a word mixing Latin, Cyrillic or Greek letters
  (a Cyrillic "а" in "Pаy") in the name, ability text or flavor text is a `mixed_script`
  warning naming the word, never a verdict, since the rulebook cannot say what it was meant as.
- The guide is enforced for a design edition whose rulebook file does not say otherwise: the
  11th's says `"guide_enforced": false`, since its own revised texts are not written in its
  guide's wording; its guide's findings (the level it computes included) are warnings, with the
  same codes. A card with no Edition Indicator, or designed for an edition with no guide on
  file (before the 11th), gets a `no_guide` warning and no verdict from any guide.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache
from typing import Any

from .abilities import Ability, parse_abilities
from .card import Card, Kind, _as_kind
from .editions import Edition, load_editions, ordinal, resolve
from .guide import Guide, load_guides
from .level import Level, compute_level
from .reader import Finding, ReadAbility, Reading, read_card_text
from .text import TextMatch, fill, find_entries, match_case, mixed_script_words, normalize_entry


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
    LEVEL_MISMATCH = "level_mismatch"
    LEVEL_NOT_COMPUTED = "level_not_computed"
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

    @property
    def playable(self) -> bool:
        return self.verdict in (Verdict.LEGAL, Verdict.REFURBISHED)

    @property
    def abilities(self) -> tuple[ReadAbility, ...]:
        """The abilities as the guide reads them, with their components."""
        return () if self.reading is None else self.reading.abilities

    def details(self) -> dict[str, Any]:
        """The level and the abilities read, for a check of one card."""
        return {
            "level": self.level.as_dict(),
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
    text, replacements = _refurbished(original, rules)
    abilities = parse_abilities(text, condition_opening=rules.condition_opening)
    kind = _as_kind(card.kind)
    design = _design_edition(card.design_edition)
    built = _built(card, kind, design, rules)

    invalid = _invalid_reasons(card, kind, abilities, rules, built.level) + list(built.reasons)
    pruned = _pruned_reasons(card.design_edition, design, original, text, rules)
    refurbished = [_refurbished_reason(r, rules) for r in replacements]
    warnings = _warnings(kind, original, abilities, rules) + list(built.warnings)
    warnings += _mixed_script_warnings(card, rules)

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
        level=built.level,
        reading=built.reading,
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
    card: Card,
    kind: Kind | None,
    abilities: tuple[Ability, ...],
    rules: Edition,
    level: LevelCheck,
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
        if level.computed is None:
            body = f"Invalid: the card has no {rules.term('level')}"
            if level.guide is not None:
                body += f", and the {ordinal(level.guide)} Edition guide computes none for it"
            reasons.append(_reason(Code.MISSING_LEVEL, body + ".", "", rules, "card_rules"))
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


def _mixed_script_warnings(card: Card, rules: Edition) -> list[Reason]:
    warnings: list[Reason] = []
    for where, text, section in (
        ("name", card.name, "card_rules"),
        ("ability text", card.ability_text, "abilities"),
        ("flavor text", card.flavor_text, "card_rules"),
    ):
        if not isinstance(text, str):
            continue
        for found in mixed_script_words(text):
            main, *others = found.scripts
            verb = "is" if len(found.strays) == 1 else "are"
            body = (
                f'The word "{found.word}" in the {where} mixes {main} letters with'
                f' {" and ".join(others)} ones ("{found.strays}" {verb} not {main}): letters'
                " that only look alike are not the rulebook's words, so no rule reads them as"
                " such."
            )
            warnings.append(_reason(Code.MIXED_SCRIPT, body, found.word, rules, section))
    return warnings


# -- the Card Building Guide ----------------------------------------------------------------


@dataclass(frozen=True)
class _Built:
    """What the design edition's guide says of the card: reasons (when it is enforced),
    warnings, the level and the reading."""

    level: LevelCheck
    reading: Reading | None
    reasons: tuple[Reason, ...]
    warnings: tuple[Reason, ...]


def _guide_reason(
    code: Code,
    body: str,
    text: str,
    rules: Edition,
    rule_section: str,
    guide: Guide,
    *,
    component: str | None = None,
    section: str,
) -> Reason:
    message = f"{body} See the {guide.name} Card Building Guide."
    return Reason(
        code.value,
        message,
        text,
        rules.section(rule_section).anchor,
        guide_edition=guide.edition,
        guide_component=component,
        guide_section=section,
    )


def _pruned_spans(text: str, rules: Edition) -> list[tuple[int, int]]:
    """Where the text holds what the checked edition redacts or revised the cost of."""
    tables = list(rules.redacted) + [entry.text for entry in rules.revised_cost]
    return [(match.start, match.end) for match in find_entries(text, tables)]


def _within(finding: Finding, spans: list[tuple[int, int]]) -> bool:
    return any(
        finding.start < end and start < max(finding.end, finding.start + 1) for start, end in spans
    )


def _whole(value: object) -> int | None:
    """A printed level as a whole number, or None when it is not one (already a reason)."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    if isinstance(value, float) and (not math.isfinite(value) or not value.is_integer()):
        return None
    return int(value) if value >= 0 else None


@dataclass(frozen=True)
class _Design:
    """A card's text as the guide of its design edition reads and levels it."""

    guide: Guide
    text: str  # the printed text, refurbished by the design edition's rulebook if on file
    enforced: bool
    reading: Reading
    level: LevelCheck


def _design(card: Card) -> _Design | None:
    design = _design_edition(card.design_edition)
    if design is None:
        return None
    original = card.ability_text if isinstance(card.ability_text, str) else ""
    kind = _as_kind(card.kind) or card.kind
    # The name, flavor and declared level change nothing here: a design is read and levelled
    # once for every card that shares its edition, kind, stats and text.
    try:
        found = _design_cached(design, kind, card.sp, card.hp, original)
    except TypeError:  # a field that cannot be hashed (bad input): read it uncached
        found = _design_uncached(design, kind, card.sp, card.hp, original)
    if found is None:
        return None
    guide, text, enforced, reading, computed = found
    level = LevelCheck(card.level, computed.value, computed.steps, guide.edition, computed.problems)
    return _Design(guide, text, enforced, reading, level)


_Found = tuple[Guide, str, bool, Reading, Level]


def _design_uncached(
    design: int, kind: object, sp: object, hp: object, original: str
) -> _Found | None:
    guide = load_guides().get(design)
    if guide is None:
        return None
    design_rules = load_editions().get(guide.edition)
    text = design_text(original, guide.edition)
    enforced = design_rules.guide_enforced if design_rules is not None else True
    reading = read_card_text(text, guide)
    computed = compute_level(Card("", kind, guide.edition, 0, sp, hp, text), guide)  # type: ignore[arg-type]
    return guide, text, enforced, reading, computed


_design_cached = lru_cache(maxsize=8192)(_design_uncached)


@lru_cache(maxsize=8192)
def _refurbished(text: str, rules: Edition) -> tuple[str, tuple[Replacement, ...]]:
    """refurbish(), remembered: a deck revalidated after a change refurbishes the same texts."""
    return refurbish(text, rules)


def design_text(text: str, design_edition: int) -> str:
    """The printed text as its design edition's own rulebook refurbishes it, which is the text
    that edition's guide reads ("Activate when you take damage." is "… at least 5 damage." in
    the 11th); the text itself when that rulebook is not on file."""
    rules = load_editions().get(design_edition)
    return _refurbished(text, rules)[0] if rules is not None else text


def design_level(card: Card) -> LevelCheck:
    """The card's declared level beside the one the Card Building Guide of its design edition
    computes (its text read as its design edition's rulebook refurbishes it), as a check of
    the card compares them. The computed level is None without a guide on file."""
    design = _design(card)
    return LevelCheck(card.level, None) if design is None else design.level


def _built(card: Card, kind: Kind | None, design: int | None, rules: Edition) -> _Built:
    # Name and flavor change nothing: what the guide says is remembered for every card of the
    # same design, so a deck checked again after one change reads and levels nothing anew.
    # The types are part of the key: True is no level, though it equals 1.
    fields = (card.design_edition, card.kind, card.level, card.sp, card.hp, card.ability_text)
    try:
        return _built_cached(fields, tuple(map(type, fields)), rules)
    except TypeError:  # a field that cannot be hashed (bad input): judge it uncached
        return _built_uncached(card, kind, design, rules)


@lru_cache(maxsize=8192)
def _built_cached(fields: tuple[Any, ...], types: tuple[type, ...], rules: Edition) -> _Built:
    design_edition, kind, level, sp, hp, text = fields
    card = Card("", kind, design_edition, level, sp, hp, text)
    return _built_uncached(card, _as_kind(kind), _design_edition(design_edition), rules)


def _built_uncached(card: Card, kind: Kind | None, design: int | None, rules: Edition) -> _Built:
    built = _design(card)
    if built is None:
        warnings: list[Reason] = []
        if card.design_edition is None:
            body = (
                "The card has no Edition Indicator, so no Card Building Guide says how it is"
                " built: its components and level are not checked."
            )
            warnings.append(_reason(Code.NO_GUIDE, body, "", rules, "edition_indicator"))
        elif design is not None:
            body = (
                f"No Card Building Guide of the {ordinal(design)} Edition is on file: the"
                " card's components and level are not checked."
            )
            warnings.append(_reason(Code.NO_GUIDE, body, "", rules, "edition_indicator"))
        return _Built(LevelCheck(card.level, None), None, (), tuple(warnings))

    guide, text, enforced, reading = built.guide, built.text, built.enforced, built.reading
    level = built.level
    findings: list[Reason] = []
    spans = _pruned_spans(text, rules) if rules.redacted or rules.revised_cost else []
    lead = "Invalid: " if enforced else f"By the {guide.name} guide: "
    for problem in reading.all_problems:
        if _within(problem, spans):
            continue
        findings.append(
            _guide_reason(
                Code.NOT_A_COMPONENT,
                f"{lead}{problem.message}",
                problem.text,
                rules,
                "abilities",
                guide,
                component=problem.nearest,
                section="abilities",
            )
        )
    term = rules.term("level")
    declared = _whole(card.level)
    if level.computed is not None and declared is not None and declared != level.computed:
        steps = "; ".join(level.steps)
        body = (
            f"the {term} is {declared}, but the {guide.name} guide computes"
            f" {level.computed} ({steps})."
        )
        findings.append(
            _guide_reason(
                Code.LEVEL_MISMATCH,
                f"{lead}{body}",
                "",
                rules,
                "card_rules",
                guide,
                section="level",
            )
        )
    # Numbers that give no level, or a spell without its single ability: the guide has no
    # level for the card, whatever it declares. (Several abilities are already invalid.)
    no_level = [
        p
        for p in level.problems
        if p.code == "formula" or (p.code == "spell_ability_count" and not reading.abilities)
    ]
    if level.computed is None and no_level and not reading.all_problems and kind is not None:
        body = f"the {guide.name} guide computes no {term} for this card: {no_level[0].message}"
        findings.append(
            _guide_reason(
                Code.LEVEL_NOT_COMPUTED,
                f"{lead}{body}",
                "",
                rules,
                "card_rules",
                guide,
                section="level",
            )
        )
    warnings = [
        _guide_reason(
            Code.GUIDE_WORDING,
            note.message,
            note.text,
            rules,
            "abilities",
            guide,
            section="abilities",
        )
        for note in reading.all_notes
    ]
    if enforced:
        return _Built(level, reading, tuple(findings), tuple(warnings))
    return _Built(level, reading, (), tuple(findings + warnings))


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
