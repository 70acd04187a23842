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
from django.utils.text import slugify

from cards import rules
from cards.designer import current_guide
from cards.rules.guide import ComponentKind, Guide, Section

# The sections every guide's page has, and the guide's own section each shows: anchor → id.
# Other sections of a guide ("Choosing a Caveat", "Ultra Points") are anchored by their heading.
SECTIONS = {
    "design": "instructions",
    "abilities": "inst-abilities",
    "level": "inst-level",
    "card-texts": "texts",
    "applied": "",  # how this site applies each rule: the site's, not the guide's
}
# Each kind's table inside "Card texts".
KIND_ANCHORS = {
    ComponentKind.CAVEAT: "caveats",
    ComponentKind.CONDITION: "conditions",
    ComponentKind.COST: "costs",
    ComponentKind.TARGET: "targets",
    ComponentKind.EFFECT: "effects",
}
# The guide's own id of each kind's section in "Card Texts" (its ultra one adds "-ultra").
GUIDE_KIND_SECTIONS = {
    "caveats": ComponentKind.CAVEAT,
    "conditions": ComponentKind.CONDITION,
    "costs": ComponentKind.COST,
    "targeting": ComponentKind.TARGET,
    "effects": ComponentKind.EFFECT,
}
_FIXED_ANCHORS = {guide_id: anchor for anchor, guide_id in SECTIONS.items() if guide_id}


def section_anchor(section: Section) -> str:
    """The page's anchor of one of the guide's sections.

    >>> section_anchor(Section("inst-level", "Level", 4, ()))
    'level'
    >>> section_anchor(Section("inst-ultra", "Ultra Points", 4, ()))
    'ultra-points'
    """
    if section.id in _FIXED_ANCHORS:
        return _FIXED_ANCHORS[section.id]
    kind = GUIDE_KIND_SECTIONS.get(section.id)
    if kind is not None:
        return KIND_ANCHORS[kind]
    return str(slugify(section.heading))


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
    if name in SECTIONS or name in {section_anchor(section) for section in guide.sections}:
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
