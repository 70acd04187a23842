"""Which Card Building Guide a card is designed with, and what it offers the builder."""

from __future__ import annotations

import re

from cards import rules
from cards.rules.card_reading import current_guide
from cards.rules.guide import Component, ComponentKind, Guide

# A number as typed in the builder: the digits 0-9 only.
DIGITS = re.compile(r"[0-9]+", re.ASCII)


def guide_for(design_edition: object) -> tuple[Guide, str]:
    """The guide a card is designed with: its Edition Indicator's, else the current one, and a
    note saying so when the card names an edition without a guide."""
    current = current_guide()
    if isinstance(design_edition, str):
        text = design_edition.strip()
        if not text:
            return current, ""
        design_edition = int(text) if DIGITS.fullmatch(text) and len(text) < 6 else text
    if design_edition is None:
        return current, ""
    # The guide every page reads the card under (cards.rules.reading_guide).
    guide = rules.reading_guide(design_edition)
    if isinstance(design_edition, int) and not isinstance(design_edition, bool):
        if guide.edition == design_edition:
            return guide, ""
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


def choices(guide: Guide, kind: ComponentKind) -> tuple[Component, ...]:
    """The components the builder offers for a kind: the guide's, less the redacted ones."""
    return tuple(c for c in guide.of_kind(kind) if not c.redacted)
