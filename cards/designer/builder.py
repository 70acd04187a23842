"""The builder's state: abilities of slots, each slot a place for one component (what was
typed, and what it was read as), and the builder holding what a text is made of.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

from cards import rules
from cards.designer.guides import choices, formula_label
from cards.rules.guide import Component, ComponentKind, Guide

LETTERS = ("x", "y", "z")
# How much one card may be built of: more than any card needs, little enough to answer fast.
MAX_ABILITIES = 8
MAX_COSTS = 4
MAX_SUBS = 4
MAX_EFFECTS = 6


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


def new_sub_ability() -> SubAbility:
    """A sub-ability with its target selection and one effect to choose."""
    return SubAbility(Slot(ComponentKind.TARGET), [Slot(ComponentKind.EFFECT)])


def new_ability() -> Ability:
    """An ability with no name, condition or cost, and one sub-ability."""
    return Ability("", Slot(ComponentKind.CONDITION), [], [new_sub_ability()])


def empty_builder(guide: Guide) -> Builder:
    """One ability with one sub-ability and one effect to choose."""
    builder = Builder(guide, [new_ability()], caveat_slot(guide))
    builder.number_fields()
    return builder


def caveat_slot(guide: Guide) -> Slot | None:
    """A slot for the card's caveat, where the guide has caveats."""
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
    caveat = caveat_slot(guide)
    if caveat is not None and reading.caveats:
        caveat = slot(reading.caveats[0], ComponentKind.CAVEAT)
    builder = Builder(guide, abilities, caveat)
    builder.number_fields()
    return builder
