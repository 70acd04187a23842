"""Writing the builder's abilities as text in the guide's grammar: each slot's component
chosen and its numbers read, the abilities designed and written by the rules' writer
(:mod:`cards.rules.writer`), and the level the guide computes for the result.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from cards import rules
from cards.designer.builder import Ability, Builder, Slot
from cards.designer.guides import DIGITS
from cards.rules.guide import Component, ComponentKind, Guide
from cards.rules.reader import MAX_NUMBER
from cards.rules.text import normalize


def _key(text: str) -> str:
    """A template or a typed choice, folded: case, quotes, spacing and terminator aside."""
    folded = normalize(text).text.strip().lower()
    folded = re.sub(r"\s+", " ", folded)
    folded = re.sub(r"\s*(?:->|[:→;.])\s*$", "", folded)
    return folded.strip("“”\"' ")


@cache
def _by_key(guide: Guide, kind: ComponentKind) -> dict[str, Component]:
    found: dict[str, Component] = {}
    for component in guide.of_kind(kind):
        found.setdefault(component.id, component)
        found.setdefault(_key(component.template), component)
    return found


def _resolve(slot: Slot, guide: Guide) -> None:
    slot.component, slot.values, slot.problems = None, {}, []
    if not slot.chosen:
        return
    typed = slot.text.strip()
    component = _by_key(guide, slot.kind).get(typed) or _by_key(guide, slot.kind).get(_key(typed))
    if component is None:
        slot.problems.append(
            f"{slot.where}: “{_shown(typed)}” is not one of the {guide.name} guide's"
            f" {slot.label}s. Choose one from the list."
        )
        return
    slot.component = component
    if component.redacted:
        slot.problems.append(
            f"{slot.where}: “{component.template}” is redacted in the {guide.name} guide."
        )
        return
    for letter in component.letters:
        number, problem = read_number(slot.numbers.get(letter, ""), letter, guide)
        if problem:
            slot.problems.append(f"{slot.where} (“{component.template}”): {problem}")
        elif number is not None:
            slot.values[letter] = number
    if slot.kind is ComponentKind.EFFECT and slot.join not in guide.grammar.effect_joins:
        slot.join = guide.grammar.effect_joins[0]


def read_number(typed: str, letter: str, guide: Guide) -> tuple[int | None, str]:
    """A variable's number as typed, or why it is not one the guide allows."""
    text = typed.strip()
    minimum = guide.grammar.variable_minimum
    if not text:
        return None, f"give {letter} a number."
    if re.fullmatch(r"[-−]\s*[0-9]+", text) or text in ("0", "-0"):
        return None, (
            f"{letter} must be at least {minimum}; {_shown(text)} is not"
            f" (the guide's variables are whole numbers of at least {minimum})."
        )
    if not DIGITS.fullmatch(text):
        return None, (
            f"{letter} must be a whole number written with the digits 0-9, like 2,"
            f" not “{_shown(text)}”."
        )
    if len(text) > 12 or int(text) > MAX_NUMBER:
        return None, f"{letter} must be at most {MAX_NUMBER:,}."
    number = int(text)
    if number < minimum:
        return None, f"{letter} must be at least {minimum}; {number} is not."
    return number, ""


def _shown(text: str, limit: int = 40) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


# -- writing ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Written:
    """What the builder writes: the text in the guide's grammar, and what stops it."""

    text: str
    problems: tuple[str, ...]
    complete: bool  # every ability is written and nothing is missing


def write(builder: Builder, *, kind: str | None) -> Written:
    """The card's ability text as the builder designs it, written with the guide's grammar.

    Abilities with problems are left out of the text and their problems listed; an empty
    builder writes nothing and asks for an effect.
    """
    guide = builder.guide
    minion = kind != "spell"
    problems: list[str] = []
    for slot in builder.slots():
        _resolve(slot, guide)
        problems += slot.problems
    caveat = None
    if builder.caveat is not None and builder.caveat.chosen and minion:
        caveat = builder.caveat.choice()
    abilities = [ability for ability in builder.abilities if not ability.empty]
    if not abilities:
        problems.append(f"Choose at least one effect from the {guide.name} guide.")
    if not minion and len(abilities) > 1:
        problems.append(f"A {guide.term('spell')} has a single ability; remove all but one.")
    paragraphs: list[str] = []
    for index, ability in enumerate(builder.abilities):
        if ability.empty:
            continue
        design, missing = _design(ability, index, guide, minion=minion)
        problems += missing
        if design is None or missing:
            continue
        try:
            paragraphs.append(rules.write_ability(design, guide))
        except rules.DesignError as error:
            problems.append(f"Ability {index + 1}: {error}")
    if caveat is not None:
        try:
            paragraphs.insert(0, rules.write_card_text((), guide, caveat=caveat))
        except rules.DesignError as error:
            problems.append(f"The caveat: {error}")
    return Written("\n".join(paragraphs), tuple(problems), not problems)


def _design(
    ability: Ability, index: int, guide: Guide, *, minion: bool
) -> tuple[rules.AbilityDesign | None, list[str]]:
    here = f"Ability {index + 1}"
    problems: list[str] = []
    name = ability.name.strip()
    if not name and minion and guide.grammar.names == "required":
        rule = guide.grammar.quotes.get("names", "")
        problems.append(f"{here}: give it a name." + (f" The guide: “{rule}”" if rule else ""))
    subs = []
    for s, sub in enumerate(ability.subs):
        effects = [effect for effect in sub.effects if effect.chosen]
        if not effects:
            if sub.target.chosen or len(ability.subs) == 1:
                where = f"{here}, sub-ability {s + 1}" if len(ability.subs) > 1 else here
                problems.append(f"{where}: choose an effect.")
            continue
        choices_ = [effect.choice() for effect in effects]
        target = sub.target.choice() if sub.target.chosen else None
        if any(choice is None for choice in choices_) or (sub.target.chosen and target is None):
            continue  # the slot's own problem says why
        joins = tuple(effect.join for effect in effects[1:])
        subs.append(
            rules.SubAbilityDesign(
                effects=tuple(c for c in choices_ if c is not None), target=target, joins=joins
            )
        )
    condition = ability.condition.choice() if ability.condition.chosen else None
    costs = [cost.choice() for cost in ability.costs if cost.chosen]
    if (ability.condition.chosen and condition is None) or any(c is None for c in costs):
        return None, problems
    if problems or not subs:
        return None, problems
    design = rules.AbilityDesign(
        sub_abilities=tuple(subs),
        name=name or None,
        condition=condition,
        costs=tuple(c for c in costs if c is not None),
    )
    return design, problems


# -- the level --------------------------------------------------------------------------------


def level_of(
    *, kind: str | None, sp: int | None, hp: int | None, text: str, guide: Guide
) -> rules.Level:
    """The level the guide computes for a card of this kind, stats and text."""
    card = rules.Card(
        name="",
        kind=kind or "minion",
        design_edition=guide.edition,
        level=0,
        sp=sp,
        hp=hp,
        ability_text=text,
    )
    return rules.compute_level(card, guide)
