"""One edition's content file as :mod:`rulebook.content_format` reads it: its sections, its
glossary terms with their written forms, and the license it is shared under."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from rulebook.content.build_forms import NOT_LINKED, forms_for
from rulebook.content.build_tree import Node, to_html
from rulebook.htmltext import sanitize

LICENSE = {
    "author": "Keeper of the Cards",
    "url": "https://kotc-game.github.io/",
    "license": "CC BY-SA 4.0",
    "license_url": "https://creativecommons.org/licenses/by-sa/4.0/",
}
CHANGES = (
    "Converted from the published rulebook into sections with stable anchors; pictures "
    "omitted (their descriptions kept); glossary, ruling and counter entries given their own "
    "anchors; keyword links added; passages commented out in the source (not in force) omitted."
)


@dataclass
class Section:
    anchor: str
    title: str
    level: int
    parent: str = ""
    blocks: list[Node | str] = field(default_factory=list)

    def html(self) -> str:
        return sanitize("".join(to_html(b) if isinstance(b, Node) else b for b in self.blocks))


@dataclass
class Term:
    slug: str
    name: str
    kind: str
    anchor: str
    html: str


def edition_document(
    number: int,
    title: str,
    intro_html: str,
    sections: list[Section],
    terms: list[Term],
    notes: tuple[str, ...] = (),
) -> dict[str, Any]:
    """``notes`` tell the changes made to this edition alone, after the ones made to all."""
    ordinal = re.search(r"\d+(st|nd|rd|th)", title)
    name = f"{ordinal.group(0) if ordinal else number} Edition"
    all_sections = []
    if intro_html:
        all_sections.append(
            {
                "anchor": "introduction",
                "title": "Introduction",
                "level": 1,
                "parent": "",
                "html": intro_html,
            }
        )
    for section in sections:
        all_sections.append(
            {
                "anchor": section.anchor,
                "title": section.title,
                "level": section.level,
                "parent": section.parent,
                "html": section.html(),
            }
        )
    return {
        "format": 1,
        "edition": number,
        "name": name,
        "title": title,
        "source": {
            "title": f"Keeper of the Cards Rulebook ({name})",
            **LICENSE,
            "changes": " ".join((CHANGES, *notes)),
        },
        "sections": all_sections,
        "terms": [
            {
                "slug": t.slug,
                "name": t.name,
                "kind": t.kind,
                "anchor": t.anchor,
                "html": t.html,
                "forms": forms_for(t.name, t.kind),
                "link": t.name.lower() not in NOT_LINKED,
            }
            for t in sorted(terms, key=lambda t: t.slug)
        ],
    }
