"""What the Card Building Guide of a card's design edition says of it: its text read into the
guide's components, its level computed, and the reasons and warnings that follow (see
:mod:`cards.rules.legality` for the decisions). Remembered for every card of the same design.

    >>> from cards.rules import Card
    >>> card = Card("Wisp", "minion", 14, level=3, sp=1, hp=2, ability_text="WHISPER: Draw 1 card.")
    >>> found = built_by_guide(card, Kind.MINION, 14, load_editions()[14])
    >>> found.level.declared, found.level.computed, [reason.code for reason in found.reasons]
    (3, 4, ['level_mismatch'])
    >>> design_level(card).steps[-1]
    'total 4'
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from .card import Card, Kind, _as_kind
from .editions import Edition, load_editions, ordinal
from .guide import Guide, load_guides
from .level import Level, compute_level
from .reader import read_card_text
from .reading import Finding, Reading
from .tables import pruned_spans
from .verdicts import Code, LevelCheck, Reason, rulebook_reason


def design_edition_of(value: object) -> int | None:
    """The design edition when it is a proper edition number, else None."""
    if isinstance(value, int) and not isinstance(value, bool) and value >= 1:
        return value
    return None


@dataclass(frozen=True)
class Built:
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


# What the reader finds is `not_a_component` unless it is about something other than the
# components: an ability's name.
_FINDING_CODES = {"name_not_in_capitals": Code.NAME_NOT_IN_CAPITALS}


def _unnamed_reasons(reading: Reading, guide: Guide, rules: Edition, lead: str) -> list[Reason]:
    """A reason for each unnamed minion ability, where the guide requires names ("Any minion
    ability must be named", 12th on; the 11th lets a creature ability go unnamed)."""
    if guide.grammar.names != "required":
        return []
    rule = guide.grammar.quotes.get("names", "Any minion ability must be named.")
    reasons = []
    for ability in reading.abilities:
        if ability.name is not None:
            continue
        shown = ability.text if len(ability.text) <= 60 else ability.text[:59].rstrip() + "…"
        body = (
            f"{lead}“{rule}”, but “{shown}” has no name: a name in"
            " capital letters, followed by a colon, opens the ability (“GREED: Draw 2 cards.”)."
        )
        reasons.append(
            _guide_reason(
                Code.UNNAMED_MINION_ABILITY,
                body,
                ability.text,
                rules,
                "minions",
                guide,
                section="abilities",
            )
        )
    return reasons


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
    design = design_edition_of(card.design_edition)
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
    enforced = design_rules.guide_enforced if design_rules is not None else True
    # The one reader reads the printed text as the design edition's rulebook words it.
    reading = read_card_text(original, guide)
    computed = compute_level(Card("", kind, guide.edition, 0, sp, hp, original), guide)  # type: ignore[arg-type]
    return guide, reading.text, enforced, reading, computed


_design_cached = lru_cache(maxsize=8192)(_design_uncached)


def design_level(card: Card) -> LevelCheck:
    """The card's declared level beside the one the Card Building Guide of its design edition
    computes (its text read as its design edition's rulebook refurbishes it), as a check of
    the card compares them. The computed level is None without a guide on file."""
    design = _design(card)
    return LevelCheck(card.level, None) if design is None else design.level


def built_by_guide(card: Card, kind: Kind | None, design: int | None, rules: Edition) -> Built:
    # Name and flavor change nothing: what the guide says is remembered for every card of the
    # same design, so a deck checked again after one change reads and levels nothing anew.
    # The types are part of the key: True is no level, though it equals 1.
    fields = (card.design_edition, card.kind, card.level, card.sp, card.hp, card.ability_text)
    try:
        return _built_cached(fields, tuple(map(type, fields)), rules)
    except TypeError:  # a field that cannot be hashed (bad input): judge it uncached
        return _built_uncached(card, kind, design, rules)


@lru_cache(maxsize=8192)
def _built_cached(fields: tuple[Any, ...], types: tuple[type, ...], rules: Edition) -> Built:
    design_edition, kind, level, sp, hp, text = fields
    card = Card("", kind, design_edition, level, sp, hp, text)
    return _built_uncached(card, _as_kind(kind), design_edition_of(design_edition), rules)


def _built_uncached(card: Card, kind: Kind | None, design: int | None, rules: Edition) -> Built:
    built = _design(card)
    if built is None:
        warnings: list[Reason] = []
        if card.design_edition is None:
            body = (
                "The card has no Edition Indicator, so no Card Building Guide says how it is"
                " built: its components and level are not checked."
            )
            warnings.append(rulebook_reason(Code.NO_GUIDE, body, "", rules, "edition_indicator"))
        elif design is not None:
            body = (
                f"No Card Building Guide of the {ordinal(design)} Edition is on file: the"
                " card's components and level are not checked."
            )
            warnings.append(rulebook_reason(Code.NO_GUIDE, body, "", rules, "edition_indicator"))
        return Built(LevelCheck(card.level, None), None, (), tuple(warnings))

    guide, text, enforced, reading = built.guide, built.text, built.enforced, built.reading
    level = built.level
    findings: list[Reason] = []
    spans = pruned_spans(text, rules) if rules.redacted or rules.revised_cost else []
    lead = "Invalid: " if enforced else f"By the {guide.name} guide: "
    if kind is Kind.MINION:
        findings += _unnamed_reasons(reading, guide, rules, lead)
    for problem in reading.all_problems:
        if _within(problem, spans):
            continue
        findings.append(
            _guide_reason(
                _FINDING_CODES.get(problem.code, Code.NOT_A_COMPONENT),
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
        return Built(level, reading, tuple(findings), tuple(warnings))
    return Built(level, reading, (), tuple(findings + warnings))
