"""A guide as a page: its sections, the guide's own sentences, and a table per kind of component.

Everything comes from the guide's data (``cards.rules.guide``): the sentences are the guide's,
quoted as its build kept them, and the tables list every component with its formula. Formulas
and templates are written as HTML here, with the letters (x, y, z chosen by the designer, t and
a set by other components) as ``<var>``; nothing else on the page is markup.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from building.links import KIND_ANCHORS, SECTIONS, anchor_for, current_guide
from cards import rules
from cards.rules import formula as fm
from cards.rules.guide import Component, ComponentKind, Guide

# Where each of the guide's writing-rule sentences is shown: a section, or a kind's table.
# A sentence of a key not listed here is shown under "Constructing abilities".
QUOTE_PLACES: dict[str, str] = {
    "stats": "design",
    "names": "design",
    "tutorial": "design",
    "caveats": "design",
    "deck_ultra_points": "design",
    "conditions": "abilities",
    "targets": "abilities",
    "variables": "abilities",
    "default_a": "abilities",
    "costs": ComponentKind.COST.value,
    "cost_then_target": ComponentKind.COST.value,
    "up_to": ComponentKind.TARGET.value,
    "capitals": ComponentKind.EFFECT.value,
    "effects": ComponentKind.EFFECT.value,
    "single_target_substitutions": ComponentKind.EFFECT.value,
}
# What a kind's formula means for the level.
FORMULA_HEADINGS = {
    ComponentKind.CAVEAT: "Level relief",
    ComponentKind.CONDITION: "Formula",
    ComponentKind.COST: "Level decrease",
    ComponentKind.TARGET: "Sets t",
    ComponentKind.EFFECT: "Level increase",
}
TITLES = {
    ComponentKind.CAVEAT: "Caveats",
    ComponentKind.CONDITION: "Activation conditions",
    ComponentKind.COST: "Activation costs",
    ComponentKind.TARGET: "Target selections",
    ComponentKind.EFFECT: "Effects",
}
_TEMPLATE_LETTER = re.compile(r"(?<!\w)([xyz])(?!\w)")
_FORMULA_LETTER = re.compile(r"([xyzta])")


def with_vars(text: str, letters: re.Pattern[str] = _TEMPLATE_LETTER) -> SafeString:
    """Text escaped, with its variable letters as <var>."""
    parts = letters.split(text)  # text, letter, text, letter, …, text
    html = "".join(
        f"<var>{escape(part)}</var>" if index % 2 else str(escape(part))
        for index, part in enumerate(parts)
    )
    return mark_safe(html)  # every part escaped


def formula_html(component: Component) -> SafeString:
    """A component's formula as the guide writes it ("xt/2", "t = 2x + 1"), letters as <var>.

    Empty for the conditions of editions whose conditions have no formula.
    """
    if component.formula is None:
        return mark_safe("")
    shown = with_vars(fm.text(component.formula), _FORMULA_LETTER)
    if component.sets:
        return mark_safe(f"<var>{escape(component.sets)}</var> = {shown}")
    return shown


@dataclass(frozen=True)
class Row:
    component: Component
    template: SafeString
    formula: SafeString


@dataclass(frozen=True)
class Table:
    kind: ComponentKind
    anchor: str
    title: str
    formula_heading: str
    has_formulas: bool
    has_ultra_points: bool
    quotes: tuple[str, ...]
    rows: tuple[Row, ...]


@dataclass(frozen=True)
class Section:
    anchor: str
    title: str
    quotes: tuple[str, ...]


@dataclass(frozen=True)
class GuidePage:
    guide: Guide
    is_current: bool
    sections: dict[str, Section]
    tables: tuple[Table, ...]
    editions: tuple[tuple[int, str], ...]  # every guide on file, newest first

    @property
    def minion(self) -> str:
        return self.guide.term("minion")

    @property
    def spell(self) -> str:
        return self.guide.term("spell")

    @property
    def names_required(self) -> bool:
        return self.guide.grammar.names == "required"


def _quotes_for(guide: Guide, place: str) -> tuple[str, ...]:
    return tuple(
        sentence
        for key, sentence in guide.grammar.quotes.items()
        if QUOTE_PLACES.get(key, "abilities") == place
    )


@cache
def guide_page(edition: int) -> GuidePage:
    """The page of an edition's guide; GuideError (a RulesError) when there is none."""
    guide = rules.get_guide(edition)
    sections = {
        anchor: Section(anchor, title, _quotes_for(guide, anchor))
        for anchor, title in SECTIONS.items()
    }
    sections["level"] = Section("level", SECTIONS["level"], guide.level.sentences)
    tables = []
    for kind, anchor in KIND_ANCHORS.items():
        components = guide.of_kind(kind)
        if not components:
            continue
        rows = tuple(Row(c, with_vars(c.template), formula_html(c)) for c in components)
        tables.append(
            Table(
                kind=kind,
                anchor=anchor,
                title=TITLES[kind],
                formula_heading=FORMULA_HEADINGS[kind],
                has_formulas=any(c.formula is not None for c in components),
                has_ultra_points=any(c.ultra_points for c in components),
                quotes=_quotes_for(guide, kind.value),
                rows=rows,
            )
        )
    editions = tuple(
        (number, other.name) for number, other in sorted(rules.load_guides().items(), reverse=True)
    )
    return GuidePage(
        guide=guide,
        is_current=guide.edition == current_guide().edition,
        sections=sections,
        tables=tuple(tables),
        editions=editions,
    )


def known_anchor(guide: Guide, name: str) -> bool:
    """Whether the page of this guide has this anchor (a section, a kind's table, a component)."""
    return bool(name) and anchor_for(guide, name) == name
