"""The guide's own words: every paragraph and list of its rules sections, in order.

Everything from "Design Instructions" on is kept, section by section, less the lists of card texts
(an item quoting one component, with its formula and Ultra Points, is a component, read by
:mod:`.components`). A guide page shows these as published, so no sentence is lost or moved; the
rules read from them (:mod:`.level`, :mod:`.writing`) quote the same words.
"""

from __future__ import annotations

import re
from typing import Any

from cards.editions.guide_reading import BuildError
from cards.editions.guide_reading.text import inline_text, local_name, slug_of, squash

HEADINGS = ("h3", "h4", "h5")
FIRST_SECTION = "instructions"
# An item that only quotes a card text, after its Ultra Points if it has any.
_COMPONENT_ITEM = re.compile(r"(?:\[\+\d+\]\s*)?\u201c[^\u201d]*\u201d")


def is_component_item(item: Any) -> bool:
    return bool(_COMPONENT_ITEM.fullmatch(squash(inline_text(item))))


def _text_block(text: str) -> dict[str, Any] | None:
    squashed = squash(text)
    return {"kind": "p", "text": squashed} if squashed else None


class _Reader:
    def __init__(self) -> None:
        self.sections: list[dict[str, Any]] = []

    def add(self, block: dict[str, Any] | None) -> None:
        if block is None or not self.sections:
            return
        self.sections[-1]["blocks"].append(block)

    def read(self, element: Any) -> None:
        """An element's blocks; the loose text between them counts as a paragraph."""
        self.add(_text_block(element.text or ""))
        for child in element:
            name = local_name(child)
            if name in HEADINGS:
                anchor = child.get("id") or slug_of(child.text_content())
                if anchor == FIRST_SECTION or self.sections:
                    heading = squash(child.text_content())
                    self.sections.append(
                        {"id": anchor, "heading": heading, "depth": int(name[1]), "blocks": []}
                    )
            elif name == "p":
                self.add(_text_block(inline_text(child, skip=("math",))))
            elif name in ("ul", "ol"):
                self.list(child, name)
            elif name == "div":
                self.read(child)
            elif name and self.sections:
                raise BuildError(f"a rules section holds a <{name}> this script does not read")
            self.add(_text_block(child.tail or ""))

    def list(self, element: Any, name: str) -> None:
        items = []
        for item in element:
            if local_name(item) != "li":
                continue
            if is_component_item(item):
                continue
            for nested in item.iter("ul", "ol"):
                if nested is not item:
                    raise BuildError("a rules list nests another list")
            items.append(squash(inline_text(item)))
        if items:
            self.add({"kind": name, "items": items})


def read_sections(main: Any) -> list[dict[str, Any]]:
    """The rules sections of a guide's <main>, from "Design Instructions" to its end."""
    reader = _Reader()
    reader.read(main)
    if not reader.sections:
        raise BuildError("the guide has no Design Instructions section")
    return reader.sections
