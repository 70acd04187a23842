"""A card's level, computed as its edition's Card Building Guide says.

The level is not chosen: it follows from the card's stats and its components. Each edition's
rules are data (:class:`cards.rules.guide.LevelRules`, read from the guide's Level section):

- 12th–17th: a minion is ⌈SP + HP × weight⌉ (at least 0; the weight is ½, in the 12th ⅕) plus
  its abilities; an ability is ⌈its effects − its costs⌉, at least 1 for a minion ability and at
  least 0 for a spell's (the 12th and 13th: at least 1 for both); a spell is its ability.
- 11th: a creature is offense + defense ÷ 5 − its caveat relief (at least 0) plus its abilities'
  costs, then rounded up, at least 1; an ability cost is its effects − its activation cost relief,
  at least 1, not rounded on its own; a spell is its ability cost rounded up, at least 1.

The steps are written the way the guide's examples read: "SP 4 + HP 6 ÷ 2 = 7",
"THOR'S HAMMER: Target 1 in-play card (t = 1); destroy it (2t = 2) → 2", "total 9".

Where the guides leave room:
- A value set by a component (t, a) must be positive: "level y or lower" with y = 10 in the
  11th divides by zero, and with y > 10 gives a negative t; both are problems, not levels.
- The text levelled is the card's printed text as the one reader reads it: as the guide's own
  edition's rulebook refurbishes it (:func:`cards.rules.read_card_text`), so a 17th card
  printed "in-play card" is levelled as "on-field minion", as its check levels it.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any

from . import formula as fm
from .card import Card, Kind, _as_kind
from .errors import FormulaError
from .guide import Guide, StepRule, get_guide
from .reader import MAX_NUMBER, ComponentUse, Finding, ReadAbility, Reading, read_card_text


@dataclass(frozen=True)
class Level:
    """A card's computed level with the steps that lead to it, or why there is none."""

    edition: int
    value: int | None  # None when the card's text or stats give no level
    steps: tuple[str, ...]
    problems: tuple[Finding, ...]

    def as_dict(self) -> dict[str, Any]:
        return {
            "computed": self.value,
            "steps": list(self.steps),
            "problems": [problem.as_dict() for problem in self.problems],
        }


def compute_level(card: Card, edition: object) -> Level:
    """The level of a card under an edition's guide (an Edition, a Guide or its number).

    Never raises for any card; GuideError (a RulesError) when the edition has no guide.
    """
    guide = get_guide(edition)
    if not isinstance(card, Card):
        return Level(guide.edition, None, (), (Finding("not_a_card", "Expected a card."),))
    try:
        return _compute_cached(card, guide)
    except TypeError:  # a field that cannot be hashed (bad input): compute it uncached
        return _compute(card, guide)


@lru_cache(maxsize=8192)
def _compute_cached(card: Card, guide: Guide) -> Level:
    return _compute(card, guide)


def _compute(card: Card, guide: Guide) -> Level:
    problems: list[Finding] = []
    kind = _as_kind(card.kind)
    if kind is None:
        problems.append(Finding("unknown_kind", f"{card.kind!r} is neither a minion nor a spell."))
    reading = read_card_text(card.ability_text, guide)
    problems += reading.all_problems
    sp = hp = 0
    if kind is Kind.MINION:
        sp_value, sp_problem = _stat(card.sp, "sp", guide)
        hp_value, hp_problem = _stat(card.hp, "hp", guide)
        problems += [p for p in (sp_problem, hp_problem) if p is not None]
        sp, hp = sp_value or 0, hp_value or 0
    if problems or kind is None:
        return Level(guide.edition, None, (), tuple(problems))
    return level_of_reading(kind, sp, hp, reading, guide)


def level_of_reading(
    kind: Kind | str, sp: int, hp: int, reading: Reading, edition: object
) -> Level:
    """The level of a card of this kind and stats whose text reads as `reading`.

    For callers that hold a reading already (or a designed one, see
    :func:`cards.rules.writer.design_reading`). Problems of the reading make no level.
    """
    guide = get_guide(edition)
    card_kind = _as_kind(kind)
    problems = list(reading.all_problems)
    if card_kind is None:
        problems.append(Finding("unknown_kind", f"{kind!r} is neither a minion nor a spell."))
    elif card_kind is Kind.SPELL:
        spell = guide.term("spell")
        if reading.caveats:
            caveat = reading.caveats[0]
            problems.append(
                Finding(
                    "caveat_on_spell",
                    f"Caveats are for {guide.term('minion')}s only, not {spell}s.",
                    caveat.text,
                    caveat.start,
                    caveat.end,
                )
            )
        if len(reading.abilities) != 1:
            problems.append(
                Finding(
                    "spell_ability_count",
                    f"A {spell}'s level is the level of its single ability; this one has"
                    f" {len(reading.abilities)}.",
                )
            )
    if problems or card_kind is None:
        return Level(guide.edition, None, (), tuple(problems))
    try:
        value, steps = _levels(card_kind, sp, hp, reading, guide)
    except FormulaError as error:
        return Level(guide.edition, None, (), (Finding("formula", f"{error}."),))
    return Level(guide.edition, value, tuple(steps), ())


def ultra_points_of_reading(reading: Reading | None) -> int:
    """A card's Ultra Points: the sum of the Ultra Points values of the card texts its text
    uses, each counted as often as it is used (a text the guide gives no value is worth 0).

    The guide that read the text is the one whose values count, and a reading of nothing
    (None) is worth 0. Components read from an ability that is otherwise not made of the
    guide's components still count: the card is invalid for that, and its worth is shown as
    far as it can be read.

        >>> from cards.rules import read_card_text
        >>> ultra_points_of_reading(read_card_text("Pay 2 HP→Draw 1 card.", 17))
        1
        >>> ultra_points_of_reading(read_card_text("Pay 2 HP→Draw 1 card.", 14))
        0
    """
    if reading is None:
        return 0
    uses = list(reading.caveats)
    for ability in reading.abilities:
        uses += ability.components()
    return sum(use.component.ultra_points for use in uses)


# ---------------------------------------------------------------------------------------------


def _stat(value: object, key: str, guide: Guide) -> tuple[int | None, Finding | None]:
    word = guide.term(key)
    grammar = guide.grammar
    if value is None:
        return None, Finding("missing_stat", f"A {guide.term('minion')} needs its {word}.")
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None, Finding("bad_stat", f"{word} must be a whole number, not {value!r}.")
    if isinstance(value, float):
        if not value.is_integer():
            return None, Finding("bad_stat", f"{word} must be a whole number, not {value!r}.")
        value = int(value)
    if value < grammar.stat_minimum:
        return None, Finding("bad_stat", f"{word} must be at least {grammar.stat_minimum}.")
    if grammar.stat_maximum is not None and value > grammar.stat_maximum:
        return None, Finding("bad_stat", f"{word} must be at most {grammar.stat_maximum}.")
    if value > MAX_NUMBER:
        return None, Finding("bad_stat", f"{word} is larger than {MAX_NUMBER:,}.")
    return value, None


def _apply(value: Fraction, rule: StepRule, what: str) -> tuple[Fraction, str]:
    """A value after its step's rounding and floor, and the words for what changed."""
    said = ""
    if rule.round_up and value.denominator != 1:
        value = Fraction(math.ceil(value))
        said += f", rounded up to {fm.show(value)}"
    if rule.minimum is not None and value < rule.minimum:
        value = Fraction(rule.minimum)
        said += f", raised to the {what} minimum of {rule.minimum}"
    return value, said


def _part(use: ComponentUse, value: Fraction | None) -> str:
    formula = use.component.formula
    if formula is None or value is None:
        return use.text
    if use.component.sets:
        return f"{use.text} ({use.component.sets} = {fm.show(value)})"
    shown = fm.text(formula)
    if shown == fm.show(value):
        return f"{use.text} ({shown})"
    return f"{use.text} ({shown} = {fm.show(value)})"


def _set_value(use: ComponentUse, values: dict[str, Fraction]) -> Fraction:
    assert use.component.formula is not None and use.component.sets is not None
    value = fm.evaluate(use.component.formula, {**values, **use.variables})
    if value <= 0:
        raise FormulaError(
            f"“{use.text}” gives {use.component.sets} = {fm.show(value)};"
            f" {fm.text(use.component.formula)} must be more than 0"
        )
    return value


def _ability(ability: ReadAbility, kind: Kind, guide: Guide) -> tuple[Fraction, str]:
    rules = guide.level
    values: dict[str, Fraction] = {k: Fraction(v) for k, v in guide.grammar.defaults.items()}
    parts: list[str] = []
    condition = ability.condition
    if condition is not None:
        if condition.component.formula is not None and condition.component.sets:
            values[condition.component.sets] = _set_value(condition, values)
            parts.append(_part(condition, values[condition.component.sets]))
        else:
            parts.append(condition.text)
    costs: list[Fraction] = []
    for cost in ability.costs:
        assert cost.component.formula is not None
        value = fm.evaluate(cost.component.formula, {**values, **cost.variables})
        costs.append(value)
        parts.append(_part(cost, value))
    effects: list[Fraction] = []
    target_values: dict[str, Fraction] = {}
    for sub in ability.sub_abilities:
        if sub.target is not None:
            target_values = {"t": _set_value(sub.target, values)}
            parts.append(_part(sub.target, target_values["t"]))
        elif guide.grammar.sub_abilities:
            target_values = {}  # t belongs to its own sub-ability
        for effect in sub.effects:
            assert effect.component.formula is not None
            value = fm.evaluate(
                effect.component.formula, {**values, **target_values, **effect.variables}
            )
            effects.append(value)
            parts.append(_part(effect, value))
    raw = sum(effects, Fraction(0))
    if rules.less_costs:
        raw -= sum(costs, Fraction(0))
    terms = " + ".join(fm.show(value) for value in effects)
    if rules.less_costs:
        terms += "".join(f" − {fm.show(value)}" for value in costs)
    shown = fm.show(raw) if len(effects) == 1 and not costs else f"{terms} = {fm.show(raw)}"
    minimum = rules.ability_minimum.get(kind.value)
    value, said = _apply(
        raw,
        StepRule(rules.ability_round_up, minimum),
        f"{guide.term(kind.value)} ability",
    )
    name = f"{ability.name}: " if ability.name else ""
    return value, f"{name}{'; '.join(parts)} → {shown}{said}"


def _stats(sp: int, hp: int, caveats: Sequence[ComponentUse], guide: Guide) -> tuple[Fraction, str]:
    rules = guide.level
    value = sp * rules.sp_weight + hp * rules.hp_weight
    shown = f"{guide.term('sp')} {sp}{_weight(rules.sp_weight)} + {guide.term('hp')} {hp}"
    shown += _weight(rules.hp_weight)
    if rules.less_caveats:
        for caveat in caveats:
            assert caveat.component.formula is not None
            relief = fm.evaluate(caveat.component.formula, caveat.variables)
            value -= relief
            shown += f" − {_part(caveat, relief)}"
    value_shown = fm.show(value)
    value, said = _apply(value, rules.stats, "stats")
    return value, f"{shown} = {value_shown}{said}"


def _weight(weight: Fraction) -> str:
    if weight == 1:
        return ""
    if weight.numerator == 1:
        return f" ÷ {weight.denominator}"
    return f" × {fm.show(weight)}"


def _levels(kind: Kind, sp: int, hp: int, reading: Reading, guide: Guide) -> tuple[int, list[str]]:
    steps: list[str] = []
    abilities: list[Fraction] = []
    for ability in reading.abilities:
        value, step = _ability(ability, kind, guide)
        abilities.append(value)
        steps.append(step)
    if kind is Kind.MINION:
        stats, step = _stats(sp, hp, reading.caveats, guide)
        steps.insert(0, step)
        total = stats + sum(abilities, Fraction(0))
        rule = guide.level.minion
    else:
        total = abilities[0]
        rule = guide.level.spell
    shown = fm.show(total)
    total, said = _apply(total, rule, guide.term(kind.value))
    if total.denominator != 1:
        # No guide leaves a fraction; a guide file that did would be wrong, not the card.
        raise FormulaError(f"the {guide.name} guide's rules leave the level at {shown}")
    steps.append(f"total {shown}{said}")
    return int(total), steps
