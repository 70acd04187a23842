"""The check of one card under an edition: its verdict (invalid, pruned, refurbished or legal),
every reason for it, and the warnings beside it. :mod:`cards.rules.legality` lists the
decisions it follows.

    >>> from cards.rules import Card
    >>> card = Card("Wisp", "minion", 14, level=4, sp=1, hp=2, ability_text="WHISPER: Draw 1 card.")
    >>> check_card(card, 14).verdict
    <Verdict.LEGAL: 'legal'>
    >>> older = Card("Old Wisp", "minion", 10, 4, 1, 2, "WHISPER: Draw 1 card.")
    >>> check = check_card(older, 14)
    >>> check.verdict, [reason.code for reason in check.reasons], check.playable
    (<Verdict.PRUNED: 'pruned'>, ['before_clean_slate'], False)
"""

from __future__ import annotations

import math
from functools import lru_cache

from .abilities import Ability
from .card import Card, Kind, _as_kind
from .card_reading import read_card
from .editions import Edition, ordinal, resolve
from .guide_checks import built_by_guide, design_edition_of
from .level import ultra_points_of_reading
from .scripts import mixed_script_words
from .tables import refurbish_cached, table_matches
from .verdicts import (
    CardCheck,
    Code,
    LevelCheck,
    Reason,
    Replacement,
    Verdict,
    rulebook_reason,
    shown,
)


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


# What the design edition's guide says of ability names, which the rulebook's warning repeats.
_NAME_CODES = {Code.UNNAMED_MINION_ABILITY, Code.NAME_NOT_IN_CAPITALS}


def _check_card(card: Card, rules: Edition) -> CardCheck:
    original = card.ability_text if isinstance(card.ability_text, str) else ""
    text, replacements = refurbish_cached(original, rules)
    kind = _as_kind(card.kind)
    design = design_edition_of(card.design_edition)
    built = built_by_guide(card, kind, design, rules)
    # The abilities counted and named are those of the one reading every page shows.
    reading = built.reading or read_card(card)
    abilities = tuple(ability.outline for ability in reading.abilities)

    invalid = _invalid_reasons(card, kind, abilities, rules, built.level)
    if built.reasons:  # the guide's reasons say why it computes no level: not said twice
        invalid = [reason for reason in invalid if reason.code != Code.MISSING_LEVEL]
    invalid += built.reasons
    pruned = _pruned_reasons(card.design_edition, design, original, text, rules)
    refurbished = [_refurbished_reason(r, rules) for r in replacements]
    warnings = _warnings(kind, original, abilities, rules)
    if {r.code for r in built.reasons + built.warnings} & _NAME_CODES:  # the guide said it
        warnings = [w for w in warnings if w.code != Code.UNNAMED_MINION_ABILITY]
    warnings += built.warnings
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
        ultra_points=ultra_points_of_reading(built.reading),
    )


# -- invalid ------------------------------------------------------------------------------


def _stat_reasons(key: str, value: object, rules: Edition) -> list[Reason]:
    """Why a printed level, SP or HP breaks the card rules: whole numbers, 0 or more."""
    term = rules.term(key)
    reasons: list[Reason] = []
    # A bool is an int to Python, but True is no level.
    if isinstance(value, bool) or not isinstance(value, int | float):
        body = f"Invalid: the {term} {shown(value)} is not a number; it must be a whole number."
        return [rulebook_reason(Code.NON_INTEGER_STAT, body, "", rules, "card_rules")]
    if isinstance(value, float) and not math.isfinite(value):
        body = f"Invalid: the {term} {shown(value)} is not a whole number."
        return [rulebook_reason(Code.NON_INTEGER_STAT, body, "", rules, "card_rules")]
    if value < 0:
        body = f"Invalid: the {term} is {shown(value)}; it must be 0 or more."
        reasons.append(rulebook_reason(Code.NEGATIVE_STAT, body, "", rules, "card_rules"))
    if isinstance(value, float) and not value.is_integer():
        body = f"Invalid: the {term} is {shown(value)}, which is not a whole number."
        reasons.append(rulebook_reason(Code.NON_INTEGER_STAT, body, "", rules, "card_rules"))
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
                rulebook_reason(
                    Code.MISSING_EDITION_INDICATOR, body, "", rules, "edition_indicator"
                )
            )
    elif design_edition_of(design) is None:
        body = f"Invalid: the Edition Indicator {shown(design)} is not an edition number."
        reasons.append(
            rulebook_reason(Code.BAD_EDITION_INDICATOR, body, "", rules, "edition_indicator")
        )
    elif isinstance(design, int) and design > rules.number:
        # Invalid rather than a warning: the card was written for rules this edition does not
        # have yet, so nothing in this edition's rulebook says how to play it.
        body = f"Invalid: designed for the {ordinal(design)} edition, later than the {rules.name}."
        reasons.append(
            rulebook_reason(Code.FUTURE_DESIGN_EDITION, body, "", rules, "edition_indicator")
        )

    minion, spell = rules.term("minion"), rules.term("spell")
    if kind is None:
        body = f"Invalid: {card.kind!r} is not a card type; a card is a {minion} or a {spell}."
        reasons.append(rulebook_reason(Code.UNKNOWN_KIND, body, "", rules, "card_rules"))

    if card.level is None:
        if level.computed is None:
            body = f"Invalid: the card has no {rules.term('level')}"
            if level.guide is not None:
                body += f", and the {ordinal(level.guide)} Edition guide computes none for it"
            reasons.append(rulebook_reason(Code.MISSING_LEVEL, body + ".", "", rules, "card_rules"))
    else:
        reasons += _stat_reasons("level", card.level, rules)

    sp, hp = rules.term("sp"), rules.term("hp")
    if kind is Kind.SPELL:
        stats = (("sp", card.sp), ("hp", card.hp))
        printed = [f"{rules.term(k)} {shown(v)}" for k, v in stats if v is not None]
        if printed:
            body = (
                f"Invalid: a {spell} has no {sp} or {hp}, but this one has {' and '.join(printed)}."
            )
            reasons.append(rulebook_reason(Code.SPELL_WITH_STATS, body, "", rules, "card_rules"))
        if len(abilities) > 1:
            body = (
                f"Invalid: a {spell} has a single ability, but this one has {len(abilities)}"
                " (one a paragraph)."
            )
            reasons.append(
                rulebook_reason(Code.SPELL_WITH_SEVERAL_ABILITIES, body, "", rules, "spells")
            )
    elif kind is Kind.MINION:
        missing = [rules.term(k) for k, v in (("sp", card.sp), ("hp", card.hp)) if v is None]
        if missing:
            missing_text = " or ".join(missing)
            body = f"Invalid: a {minion} must have {sp} and {hp}; this one has no {missing_text}."
            reasons.append(rulebook_reason(Code.MINION_WITHOUT_STATS, body, "", rules, "minions"))
        for key, value in (("sp", card.sp), ("hp", card.hp)):
            if value is not None:
                reasons += _stat_reasons(key, value, rules)
    return reasons


# -- pruned -------------------------------------------------------------------------------


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
            reasons.append(rulebook_reason(Code.BEFORE_CLEAN_SLATE, body, "", rules, "clean_slate"))
        elif printed_design is None:
            # Only reached in an edition with a clean slate that does not require the
            # indicator: a card that cannot show its edition cannot show it is recent enough.
            body = (
                "Pruned: the card has no Edition Indicator, so it cannot show it was designed"
                f" for the clean slate edition ({clean_slate}) or later."
            )
            reasons.append(rulebook_reason(Code.BEFORE_CLEAN_SLATE, body, "", rules, "clean_slate"))

    for match in table_matches(original, text, rules.redacted):
        body = f'Pruned: the text "{match.text}" has been redacted.'
        reasons.append(rulebook_reason(Code.REDACTED_TEXT, body, match.text, rules, "redacted"))

    revised = [entry.text for entry in rules.revised_cost]
    for match in table_matches(original, text, revised):
        revision = rules.revised_cost[match.entry].edition
        if design is not None and design >= revision:
            continue
        designed = (
            f"this card was designed for the {ordinal(design)}"
            if design is not None
            else "this card has no Edition Indicator"
        )
        body = (
            f'Pruned: "{match.text}" was revised in the {ordinal(revision)} edition,'
            f" and {designed}."
        )
        reasons.append(
            rulebook_reason(Code.REVISED_COST_TEXT, body, match.text, rules, "revised_cost")
        )
    return reasons


# -- refurbished --------------------------------------------------------------------------


def _refurbished_reason(replacement: Replacement, rules: Edition) -> Reason:
    body = f'Refurbished: "{replacement.original}" now reads "{replacement.new}".'
    return rulebook_reason(Code.REFURBISHED_TEXT, body, replacement.original, rules, "refurbished")


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
        warnings.append(rulebook_reason(Code.SPELL_WITHOUT_ABILITY, body, "", rules, "spells"))
    for ability in abilities:
        if kind is Kind.MINION and rules.minion_ability_names_required and ability.name is None:
            body = (
                f"Each {minion} ability is named in capital letters followed by a colon;"
                f' "{_short(ability.text)}" has no name.'
            )
            warnings.append(
                rulebook_reason(Code.UNNAMED_MINION_ABILITY, body, ability.text, rules, "minions")
            )
        if kind is Kind.SPELL and not rules.spell_ability_names_allowed and ability.name:
            body = (
                f"Ability names are for {minion} abilities only; this {spell}'s ability is"
                f' named "{ability.name}".'
            )
            warnings.append(
                rulebook_reason(Code.SPELL_ABILITY_NAMED, body, ability.text, rules, "abilities")
            )
        if not ability.sub_abilities:
            body = f'The ability "{_short(ability.text)}" has no sub-ability, so it does nothing.'
            warnings.append(
                rulebook_reason(Code.ABILITY_WITHOUT_EFFECT, body, ability.text, rules, "abilities")
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
            warnings.append(rulebook_reason(Code.MIXED_SCRIPT, body, found.word, rules, section))
    return warnings
