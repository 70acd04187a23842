"""Addresses of the Card Building Guide pages, for anything that wants to point at a rule.

    >>> building_url(14, "effect.draw-x-cards")
    '/building/14/#effect.draw-x-cards'
    >>> building_url(14, section="level")
    '/building/14/#level'

A component's anchor is its id, stable across editions; a section's is one of SECTIONS or a
kind's table (KIND_ANCHORS). Links never fail: an edition without a guide leads to
``/building/`` (the current guide, which lists the others), and a component the guide does not
list leads to its kind's table, or to the top of the page.
"""

from __future__ import annotations

from django.urls import reverse

from cards import rules
from cards.designer import current_guide
from cards.rules.guide import ComponentKind, Guide

# The page's sections, in order: anchor → heading.
SECTIONS = {
    "design": "Design instructions",
    "abilities": "Constructing abilities",
    "level": "Level",
    "card-texts": "Card texts",
}
# Each kind's table inside "Card texts".
KIND_ANCHORS = {
    ComponentKind.CAVEAT: "caveats",
    ComponentKind.CONDITION: "conditions",
    ComponentKind.COST: "costs",
    ComponentKind.TARGET: "targets",
    ComponentKind.EFFECT: "effects",
}


def guide_or_none(edition: object) -> Guide | None:
    """The guide of an edition given as a number, an Edition or a Guide; None when there is none."""
    if isinstance(edition, Guide):
        return edition
    number = getattr(edition, "number", edition)
    if isinstance(number, str) and number.isdigit() and len(number) < 6:
        number = int(number)
    if isinstance(number, bool) or not isinstance(number, int):
        return None
    return rules.load_guides().get(number)


def anchor_for(guide: Guide, name: str | None) -> str:
    """The anchor on a guide's page for a component id or a section, or "" when it has none."""
    if not name:
        return ""
    if name in SECTIONS:
        return name
    kinds = {anchor: kind for kind, anchor in KIND_ANCHORS.items() if guide.of_kind(kind)}
    if name in kinds:
        return name
    try:
        return guide.component(name).id
    except rules.GuideError:
        pass
    # A component of another edition: its kind's table, where the nearest ones are listed.
    prefix = name.split(".", 1)[0]
    for kind, anchor in KIND_ANCHORS.items():
        if kind.value == prefix and guide.of_kind(kind):
            return anchor
    return ""


def building_url(
    edition: object = None, component_id: str | None = None, *, section: str | None = None
) -> str:
    """The address of an edition's guide page, at a component's anchor (or a section's).

    edition is a number, an Edition or a Guide; None, or an edition without a guide, gives
    ``/building/`` (the current guide).
    """
    guide = guide_or_none(edition) if edition is not None else None
    if guide is None:
        guide, url = current_guide(), reverse("building")
    else:
        url = reverse("building-edition", args=[guide.edition])
    anchor = anchor_for(guide, component_id) or anchor_for(guide, section)
    return f"{url}#{anchor}" if anchor else url
