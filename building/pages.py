"""A guide as a page: the guide's own words, section by section, and a table per kind of component.

Everything comes from the guide's data (``cards.rules.guide``): every paragraph and list of the
guide's rules sections, in the guide's order, as its build kept them; and the tables list every
component with its formula. Formulas, templates and the guide's words are written as HTML here,
with the letters (x, y, z chosen by the designer, t and a set by other components) as ``<var>``;
nothing else on the page is markup.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from building.conformance import Applied, Decision, decisions, rules_applied
from building.links import (
    GUIDE_KIND_SECTIONS,
    KIND_ANCHORS,
    anchor_for,
    current_guide,
    section_anchor,
)
from cards import rules
from cards.rules import formula as fm
from cards.rules import legality
from cards.rules.guide import Block, Component, ComponentKind, Guide

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
# In the guide's prose t is a letter too ("the variable t"); a and i stay words.
_PROSE_LETTER = re.compile(r"(?<![\w'\u2019.-])([xyzt])(?![\w'\u2019-])")
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
class Words:
    """A paragraph or a list of the guide, as HTML: `text` for a paragraph, `items` for a list."""

    kind: str  # "p", "ul" or "ol"
    text: SafeString
    items: tuple[SafeString, ...]


@dataclass(frozen=True)
class Passage:
    """A section of the guide in its own words, under its own heading."""

    anchor: str
    heading: str
    words: tuple[Words, ...]


@dataclass(frozen=True)
class Table:
    kind: ComponentKind
    anchor: str
    title: str
    formula_heading: str
    has_formulas: bool
    has_ultra_points: bool
    passages: tuple[Passage, ...]  # the kind's sections of the guide, the ultra one after
    rows: tuple[Row, ...]


@dataclass(frozen=True)
class Section:
    anchor: str
    title: str
    words: tuple[Words, ...]


@dataclass(frozen=True)
class GuidePage:
    guide: Guide
    is_current: bool
    sections: tuple[Section, ...]  # the guide's sections before its card texts, in order
    card_texts: Section
    tables: tuple[Table, ...]
    applied: tuple[Applied, ...]  # how the site applies each rule sentence of this edition
    decisions: tuple[Decision, ...]  # where the rulebooks leave room, as the engine decides
    editions: tuple[tuple[int, str], ...]  # every guide on file, newest first

    @property
    def minion(self) -> str:
        return self.guide.term("minion")

    @property
    def spell(self) -> str:
        return self.guide.term("spell")


def _words(block: Block) -> Words:
    if block.kind == "p":
        return Words("p", with_vars(block.text, _PROSE_LETTER), ())
    items = tuple(with_vars(item, _PROSE_LETTER) for item in block.items)
    return Words(block.kind, mark_safe(""), items)


def _table(guide: Guide, kind: ComponentKind, passages: tuple[Passage, ...]) -> Table:
    components = guide.of_kind(kind)
    rows = tuple(Row(c, with_vars(c.template), formula_html(c)) for c in components)
    return Table(
        kind=kind,
        anchor=KIND_ANCHORS[kind],
        title=TITLES[kind],
        formula_heading=FORMULA_HEADINGS[kind],
        has_formulas=any(c.formula is not None for c in components),
        has_ultra_points=any(c.ultra_points for c in components),
        passages=passages,
        rows=rows,
    )


@cache
def guide_page(edition: int) -> GuidePage:
    """The page of an edition's guide; GuideError (a RulesError) when there is none."""
    guide = rules.get_guide(edition)
    sections: list[Section] = []
    card_texts = Section("card-texts", "Card texts", ())
    kind_passages: dict[ComponentKind, list[Passage]] = {}
    for part in guide.sections:
        words = tuple(_words(block) for block in part.blocks)
        kind = GUIDE_KIND_SECTIONS.get(part.id.removesuffix("-ultra"))
        if kind is not None:
            passage = Passage(section_anchor(part), part.heading, words)
            kind_passages.setdefault(kind, []).append(passage)
        elif part.id == "texts":
            card_texts = Section("card-texts", "Card texts", words)
        else:
            sections.append(Section(section_anchor(part), part.heading, words))
    tables = tuple(
        _table(guide, kind, tuple(kind_passages.get(kind, ())))
        for kind in KIND_ANCHORS
        if guide.of_kind(kind)
    )
    editions = tuple(
        (number, other.name) for number, other in sorted(rules.load_guides().items(), reverse=True)
    )
    return GuidePage(
        guide=guide,
        is_current=guide.edition == current_guide().edition,
        sections=tuple(sections),
        card_texts=card_texts,
        tables=tables,
        applied=rules_applied(guide.edition),
        decisions=decisions(legality.__doc__ or ""),
        editions=editions,
    )


def known_anchor(guide: Guide, name: str) -> bool:
    """Whether the page of this guide has this anchor (a section, a kind's table, a component)."""
    return bool(name) and anchor_for(guide, name) == name
