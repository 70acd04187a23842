"""The guided designer: abilities built from the Card Building Guide's components, and the
reader's marks on text typed freely.

The design page's component builder posts plain fields; :func:`builder_from_fields` reads them
into a :class:`Builder`, :func:`write` turns it into the writer's designs
(:mod:`cards.rules.writer`) and writes the text in the guide's grammar, and :func:`marks` shows
which words of a text are components and which are not (:func:`cards.rules.read_card_text`).
No Django here: the form and the views call it, and the page renders what it returns.

The fields (indexes from 0; each chosen component also posts one field per letter it uses,
``<field>-x``, ``<field>-y``, ``<field>-z``):

    b-abilities                  how many abilities
    b-caveat                     the card's caveat (editions with caveats; minions only)
    bA-name                      ability A's name
    bA-cond                      its activation condition
    bA-costs, bA-cC              how many activation costs; cost C
    bA-subs                      how many sub-abilities
    bA-sS-t                      sub-ability S's target selection
    bA-sS-effects, bA-sS-eE      how many effects; effect E
    bA-sS-eE-join                how effect E follows the one before it ("then", "also")

A component is posted as its template, the way the page's lists show it ("draw x cards."), or
as its id; case, spacing, quotes and the terminator do not matter. What cannot be read becomes
a problem naming the place ("Ability 1, effect 2"), never an error.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from functools import cache

from cards import rules
from cards.rules.guide import Component, ComponentKind, Guide
from cards.rules.reader import MAX_NUMBER
from cards.rules.text import normalize

LETTERS = ("x", "y", "z")
# How much one card may be built of: more than any card needs, little enough to answer fast.
MAX_ABILITIES = 8
MAX_COSTS = 4
MAX_SUBS = 4
MAX_EFFECTS = 6
MAX_FIELD = 200  # characters read from any one field
_DIGITS = re.compile(r"[0-9]+", re.ASCII)


# -- which guide ------------------------------------------------------------------------------


def current_guide() -> Guide:
    """The guide of the current edition (the newest rulebook edition on file), or the newest
    guide when that edition has none."""
    guides = rules.load_guides()
    number = rules.current_edition().number
    return guides[number] if number in guides else guides[max(guides)]


def guide_for(design_edition: object) -> tuple[Guide, str]:
    """The guide a card is designed with: its Edition Indicator's, else the current one, and a
    note saying so when the card names an edition without a guide."""
    current = current_guide()
    if isinstance(design_edition, str):
        text = design_edition.strip()
        if not text:
            return current, ""
        design_edition = int(text) if _DIGITS.fullmatch(text) and len(text) < 6 else text
    if design_edition is None:
        return current, ""
    guides = rules.load_guides()
    if isinstance(design_edition, int) and not isinstance(design_edition, bool):
        if design_edition in guides:
            return guides[design_edition], ""
        shown = f"the {rules.ordinal(design_edition)} Edition"
    else:
        shown = "that Edition Indicator"
    return current, (
        f"There is no Card Building Guide for {shown}; the {current.name}'s components and"
        " levels are shown."
    )


def formula_label(component: Component) -> str:
    """How a component moves the level, in a few words: "level + 2x", "t = x"."""
    shown = component.formula_text
    if not shown:
        words = ""
    elif component.sets:
        words = shown
    elif component.kind in (ComponentKind.COST, ComponentKind.CAVEAT):
        words = f"level − {shown}"
    else:
        words = f"level + {shown}"
    if component.ultra_points:
        points = "Ultra Point" if component.ultra_points == 1 else "Ultra Points"
        words = (
            f"{words}; {component.ultra_points} {points}"
            if words
            else f"{component.ultra_points} {points}"
        )
    return words


# -- the builder's state ----------------------------------------------------------------------


@dataclass
class Slot:
    """One place for a component: what was typed, and what it was read as."""

    kind: ComponentKind
    text: str = ""  # as typed: a template or an id; "" for none
    numbers: dict[str, str] = field(default_factory=dict)  # letter → as typed
    join: str = "then"  # effects after the first: how they follow the one before
    name: str = ""  # the form field, set by Builder.number_fields()
    where: str = ""  # "Ability 1, effect 2", for messages
    remove: str = ""  # the action that removes it, where it can be removed
    component: Component | None = None
    values: dict[str, int] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)

    @property
    def chosen(self) -> bool:
        return bool(self.text.strip())

    @property
    def label(self) -> str:
        return self.kind.label

    @property
    def formula_label(self) -> str:
        return formula_label(self.component) if self.component is not None else ""

    def letters(self) -> list[tuple[str, str, bool]]:
        """(letter, as typed, used by the chosen component) for x, y and z."""
        used = set(self.component.letters) if self.component else set()
        return [(letter, self.numbers.get(letter, ""), letter in used) for letter in LETTERS]

    def choice(self) -> rules.Choice | None:
        if self.component is None or self.problems:
            return None
        return rules.Choice(self.component.id, dict(self.values))


@dataclass
class SubAbility:
    target: Slot
    effects: list[Slot]


@dataclass
class Ability:
    name: str
    condition: Slot
    costs: list[Slot]
    subs: list[SubAbility]
    name_field: str = ""  # the form field of its name

    @property
    def empty(self) -> bool:
        slots = [self.condition, *self.costs]
        for sub in self.subs:
            slots += [sub.target, *sub.effects]
        return not self.name.strip() and not any(slot.chosen for slot in slots)


@dataclass
class Builder:
    guide: Guide
    abilities: list[Ability]
    caveat: Slot | None = None
    focus: str = ""  # the field a person would go on with after a change

    def slots(self) -> list[Slot]:
        found = [self.caveat] if self.caveat is not None else []
        for ability in self.abilities:
            found += [ability.condition, *ability.costs]
            for sub in ability.subs:
                found += [sub.target, *sub.effects]
        return found

    def number_fields(self) -> None:
        """Give every slot its field name and its place in words, after any change."""
        if self.caveat is not None:
            self.caveat.name, self.caveat.where = "b-caveat", "The caveat"
        for a, ability in enumerate(self.abilities):
            here = f"Ability {a + 1}"
            ability.name_field = f"b{a}-name"
            ability.condition.name = f"b{a}-cond"
            ability.condition.where = f"{here}, activation condition"
            for c, cost in enumerate(ability.costs):
                cost.name, cost.where = f"b{a}-c{c}", f"{here}, activation cost {c + 1}"
                cost.remove = f"remove-cost:{a}:{c}"
            for s, sub in enumerate(ability.subs):
                sub_here = f"{here}, sub-ability {s + 1}" if len(ability.subs) > 1 else here
                sub.target.name = f"b{a}-s{s}-t"
                sub.target.where = f"{sub_here}, target selection"
                for e, effect in enumerate(sub.effects):
                    effect.name, effect.where = f"b{a}-s{s}-e{e}", f"{sub_here}, effect {e + 1}"
                    effect.remove = f"remove-effect:{a}:{s}:{e}" if len(sub.effects) > 1 else ""

    # The limits the page shows its "add" buttons by.
    @property
    def max_costs(self) -> int:
        limit = self.guide.grammar.max_costs
        return MAX_COSTS if limit is None else min(limit, MAX_COSTS)

    @property
    def max_subs(self) -> int:
        return MAX_SUBS if self.guide.grammar.sub_abilities else 1

    @property
    def max_abilities(self) -> int:
        return MAX_ABILITIES

    @property
    def max_effects(self) -> int:
        return MAX_EFFECTS


def _sub() -> SubAbility:
    return SubAbility(Slot(ComponentKind.TARGET), [Slot(ComponentKind.EFFECT)])


def _ability() -> Ability:
    return Ability("", Slot(ComponentKind.CONDITION), [], [_sub()])


def empty_builder(guide: Guide) -> Builder:
    """One ability with one sub-ability and one effect to choose."""
    builder = Builder(guide, [_ability()], _caveat_slot(guide))
    builder.number_fields()
    return builder


def _caveat_slot(guide: Guide) -> Slot | None:
    if guide.grammar.max_caveats < 1 or not guide.of_kind(ComponentKind.CAVEAT):
        return None
    return Slot(ComponentKind.CAVEAT)


@dataclass(frozen=True)
class ComponentList:
    """The components a slot of one kind may hold, for the page's searchable lists."""

    kind: ComponentKind
    id: str  # the list's element id on the page
    options: tuple[tuple[Component, str], ...]  # (component, formula_label)


@cache
def component_lists(guide: Guide) -> tuple[ComponentList, ...]:
    return tuple(
        ComponentList(
            kind,
            f"components-{guide.edition}-{kind.value}",
            tuple((c, formula_label(c)) for c in choices(guide, kind)),
        )
        for kind in ComponentKind
        if choices(guide, kind)
    )


def fields_of(builder: Builder) -> dict[str, str]:
    """The builder as the page posts it: the inverse of builder_from_fields."""
    builder.number_fields()
    fields: dict[str, str] = {"b-abilities": str(len(builder.abilities))}

    def put(slot: Slot) -> None:
        fields[slot.name] = slot.text
        for letter, typed in slot.numbers.items():
            fields[f"{slot.name}-{letter}"] = typed
        if slot.kind is ComponentKind.EFFECT:
            fields[f"{slot.name}-join"] = slot.join

    if builder.caveat is not None:
        put(builder.caveat)
    for a, ability in enumerate(builder.abilities):
        fields[f"b{a}-name"] = ability.name
        put(ability.condition)
        fields[f"b{a}-costs"] = str(len(ability.costs))
        for cost in ability.costs:
            put(cost)
        fields[f"b{a}-subs"] = str(len(ability.subs))
        for s, sub in enumerate(ability.subs):
            put(sub.target)
            fields[f"b{a}-s{s}-effects"] = str(len(sub.effects))
            for effect in sub.effects:
                put(effect)
    return fields


# -- reading the fields -----------------------------------------------------------------------


def _field(data: Mapping[str, object], name: str) -> str:
    value = data.get(name, "")
    if isinstance(value, list):  # a QueryDict's lists, in case one is passed as a dict
        value = value[-1] if value else ""
    return value[:MAX_FIELD] if isinstance(value, str) else ""


def _count(data: Mapping[str, object], name: str, default: int, limit: int) -> int:
    text = _field(data, name).strip()
    if not _DIGITS.fullmatch(text) or len(text) > 3:
        return default
    return max(0, min(int(text), limit))


def _slot(data: Mapping[str, object], name: str, kind: ComponentKind) -> Slot:
    numbers = {letter: _field(data, f"{name}-{letter}") for letter in LETTERS}
    join = _field(data, f"{name}-join").strip().lower() or "then"
    return Slot(kind, _field(data, name), {k: v for k, v in numbers.items() if v}, join)


def builder_from_fields(data: Mapping[str, object], guide: Guide) -> Builder:
    """The builder as posted; missing counts give one ability, sub-ability and effect."""
    abilities = []
    for a in range(_count(data, "b-abilities", 1, MAX_ABILITIES)):
        costs = [
            _slot(data, f"b{a}-c{c}", ComponentKind.COST)
            for c in range(_count(data, f"b{a}-costs", 0, MAX_COSTS))
        ]
        subs = []
        for s in range(_count(data, f"b{a}-subs", 1, MAX_SUBS)):
            effects = [
                _slot(data, f"b{a}-s{s}-e{e}", ComponentKind.EFFECT)
                for e in range(_count(data, f"b{a}-s{s}-effects", 1, MAX_EFFECTS))
            ]
            subs.append(SubAbility(_slot(data, f"b{a}-s{s}-t", ComponentKind.TARGET), effects))
        abilities.append(
            Ability(
                _field(data, f"b{a}-name"),
                _slot(data, f"b{a}-cond", ComponentKind.CONDITION),
                costs,
                subs,
            )
        )
    caveat = _caveat_slot(guide)
    if caveat is not None:
        caveat = _slot(data, "b-caveat", ComponentKind.CAVEAT)
    builder = Builder(guide, abilities, caveat)
    builder.number_fields()
    return builder


# -- changing it: the page's add and remove buttons -------------------------------------------

_ACTION = re.compile(r"(add|remove)-(ability|cost|sub|effect)((?::[0-9]{1,2})*)")


def apply_action(builder: Builder, action: str) -> None:
    """Add or remove a part: "add-ability", "remove-cost:0:1" (ability 0, cost 1),
    "add-effect:0:1" (ability 0, sub-ability 1), "remove-effect:0:1:2", …

    An action that does not fit (an index out of range, a limit reached) changes nothing.
    """
    found = _ACTION.fullmatch(action.strip()) if isinstance(action, str) else None
    if found is None:
        return
    verb, part = found.group(1), found.group(2)
    at = [int(i) for i in found.group(3).split(":")[1:]]
    abilities = builder.abilities
    focus: tuple[str, ...] = ()  # ("ability", a) / ("cost", a, c) / ("effect", a, s, e)
    try:
        if part == "ability":
            if verb == "add" and not at and len(abilities) < builder.max_abilities:
                abilities.append(_ability())
                focus = ("ability", len(abilities) - 1)
            elif verb == "remove" and len(at) == 1 and len(abilities) > 1:
                abilities.pop(at[0])
                focus = ("ability", max(0, at[0] - 1))
        elif part == "cost":
            costs = abilities[at[0]].costs
            if verb == "add" and len(at) == 1 and len(costs) < builder.max_costs:
                costs.append(Slot(ComponentKind.COST))
                focus = ("cost", at[0], len(costs) - 1)
            elif verb == "remove" and len(at) == 2:
                costs.pop(at[1])
                focus = ("cost", at[0], at[1] - 1) if at[1] else ("condition", at[0])
        elif part == "sub":
            subs = abilities[at[0]].subs
            if verb == "add" and len(at) == 1 and len(subs) < builder.max_subs:
                subs.append(_sub())
                focus = ("target", at[0], len(subs) - 1)
            elif verb == "remove" and len(at) == 2 and len(subs) > 1:
                subs.pop(at[1])
                focus = ("effect", at[0], max(0, at[1] - 1), 0)
        else:
            effects = abilities[at[0]].subs[at[1]].effects
            if verb == "add" and len(at) == 2 and len(effects) < builder.max_effects:
                effects.append(Slot(ComponentKind.EFFECT))
                focus = ("effect", at[0], at[1], len(effects) - 1)
            elif verb == "remove" and len(at) == 3 and len(effects) > 1:
                effects.pop(at[2])
                focus = ("effect", at[0], at[1], max(0, at[2] - 1))
    except IndexError:
        return
    finally:
        builder.number_fields()
    names = {
        "ability": "b{}-name",
        "condition": "b{}-cond",
        "cost": "b{}-c{}",
        "target": "b{}-s{}-t",
        "effect": "b{}-s{}-e{}",
    }
    if focus:
        builder.focus = names[focus[0]].format(*focus[1:])


def builder_from_text(text: str, guide: Guide) -> Builder | None:
    """The builder holding what a text is made of, or None when the text is not made of the
    guide's components (or is empty)."""
    reading = rules.read_card_text(text, guide)
    if not reading.abilities or not reading.readable:
        return None
    if len(reading.abilities) > MAX_ABILITIES or len(reading.caveats) > 1:
        return None

    def slot(use: rules.ComponentUse | None, kind: ComponentKind, join: str = "then") -> Slot:
        if use is None:
            return Slot(kind)
        numbers = {letter: str(number) for letter, number in use.values}
        return Slot(kind, use.component.template, numbers, join)

    abilities = []
    for read in reading.abilities:
        subs = []
        for sub in read.sub_abilities:
            joins = ("then", *sub.joins)
            effects = [
                slot(effect, ComponentKind.EFFECT, joins[index] if joins[index] != "." else "then")
                for index, effect in enumerate(sub.effects)
            ]
            subs.append(SubAbility(slot(sub.target, ComponentKind.TARGET), effects))
        if len(read.costs) > MAX_COSTS or len(subs) > MAX_SUBS:
            return None
        if any(len(sub.effects) > MAX_EFFECTS for sub in subs):
            return None
        costs = [slot(cost, ComponentKind.COST) for cost in read.costs]
        abilities.append(
            Ability(read.name or "", slot(read.condition, ComponentKind.CONDITION), costs, subs)
        )
    caveat = _caveat_slot(guide)
    if caveat is not None and reading.caveats:
        caveat = slot(reading.caveats[0], ComponentKind.CAVEAT)
    builder = Builder(guide, abilities, caveat)
    builder.number_fields()
    return builder


# -- choosing components ----------------------------------------------------------------------


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


def choices(guide: Guide, kind: ComponentKind) -> tuple[Component, ...]:
    """The components the builder offers for a kind: the guide's, less the redacted ones."""
    return tuple(c for c in guide.of_kind(kind) if not c.redacted)


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
    if not _DIGITS.fullmatch(text):
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


# -- marks on free text -----------------------------------------------------------------------


@dataclass(frozen=True)
class Mark:
    """A piece of the text: a component, a name, something that is not a component, or plain."""

    text: str
    kind: str = ""  # "component", "name", "problem", "note", or "" for plain text
    title: str = ""
    component: str | None = None  # the component's id (for a problem: the nearest one)


_RANK = {"": 0, "name": 1, "component": 2, "note": 3, "problem": 4}


def marks(text: str, guide: Guide) -> tuple[tuple[Mark, ...], rules.Reading]:
    """The text cut into marks as the guide's reader reads it, and the reading itself.

    A problem with no text of its own (an effect missing at the end) is a mark of its own,
    with no text, where it belongs.
    """
    reading = rules.read_card_text(text, guide)
    if not text or (reading.problems and not reading.abilities):
        return ((Mark(text),) if text else ()), reading
    labels: list[Mark | None] = [None] * len(text)
    gaps: dict[int, list[Mark]] = {}

    def lay(start: int, end: int, mark: Mark) -> None:
        for index in range(max(0, start), min(end, len(text))):
            current = labels[index]
            if current is None or _RANK[mark.kind] >= _RANK[current.kind]:
                labels[index] = mark

    for ability in reading.abilities:
        if ability.name_span is not None:
            lay(*ability.name_span, Mark("", "name", "The ability's name"))
        for use in ability.components():
            lay(use.start, use.end, _component_mark(use.component))
    for use in reading.caveats:
        lay(use.start, use.end, _component_mark(use.component))
    for note in reading.all_notes:
        lay(note.start, note.end, Mark("", "note", note.message))
    for problem in reading.all_problems:
        mark = Mark("", "problem", problem.message, problem.nearest)
        if problem.end > problem.start:
            lay(problem.start, problem.end, mark)
        else:
            gaps.setdefault(problem.start, []).append(mark)
    pieces: list[Mark] = []
    start = 0
    for index in range(len(text) + 1):
        cut = index == len(text) or index in gaps or labels[index] is not labels[start]
        if index > start and cut:
            label = labels[start]
            piece = text[start:index]
            pieces.append(Mark(piece) if label is None else replace(label, text=piece))
            start = index
        pieces += gaps.pop(index, [])
    return tuple(pieces), reading


def _component_mark(component: Component) -> Mark:
    formula = component.formula_text
    title = f"{component.kind.label}: “{component.template}”"
    if formula:
        title += f" ({formula})"
    return Mark("", "component", title, component.id)
