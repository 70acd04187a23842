"""The builder as the design page posts it (see :mod:`cards.designer` for the fields), and the
page's add and remove buttons.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from cards.designer.builder import (
    LETTERS,
    MAX_ABILITIES,
    MAX_COSTS,
    MAX_EFFECTS,
    MAX_SUBS,
    Ability,
    Builder,
    Slot,
    SubAbility,
    caveat_slot,
    new_ability,
    new_sub_ability,
)
from cards.designer.guides import DIGITS
from cards.rules.guide import ComponentKind, Guide

MAX_FIELD = 200  # characters read from any one field


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
    if not DIGITS.fullmatch(text) or len(text) > 3:
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
    caveat = caveat_slot(guide)
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
                abilities.append(new_ability())
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
                subs.append(new_sub_ability())
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
