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

Its modules: which guide a card is designed with (`guides`), the builder's state (`builder`),
the page's fields and buttons (`fields`), the text written from the builder and its level
(`writing`), and the marks on free text (`marks`).
"""

from cards.designer.builder import (
    LETTERS,
    MAX_ABILITIES,
    MAX_COSTS,
    MAX_EFFECTS,
    MAX_SUBS,
    Ability,
    Builder,
    ComponentList,
    Slot,
    SubAbility,
    builder_from_text,
    component_lists,
    empty_builder,
)
from cards.designer.fields import MAX_FIELD, apply_action, builder_from_fields, fields_of
from cards.designer.guides import choices, current_guide, formula_label, guide_for
from cards.designer.marks import Mark, marks
from cards.designer.writing import Written, level_of, read_number, write

__all__ = [
    "LETTERS",
    "MAX_ABILITIES",
    "MAX_COSTS",
    "MAX_EFFECTS",
    "MAX_FIELD",
    "MAX_SUBS",
    "Ability",
    "Builder",
    "ComponentList",
    "Mark",
    "Slot",
    "SubAbility",
    "Written",
    "apply_action",
    "builder_from_fields",
    "builder_from_text",
    "choices",
    "component_lists",
    "current_guide",
    "empty_builder",
    "fields_of",
    "formula_label",
    "guide_for",
    "level_of",
    "marks",
    "read_number",
    "write",
]
