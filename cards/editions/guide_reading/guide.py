"""A whole Card Building Guide read into its data file: the components, the level rules and the
writing rules, with the source it came from."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from lxml import html

from cards.editions.guide_reading import BuildError
from cards.editions.guide_reading.card_template import read_card_layers
from cards.editions.guide_reading.components import read_component
from cards.editions.guide_reading.level import read_level_rules
from cards.editions.guide_reading.prose import read_sections
from cards.editions.guide_reading.text import inline_text, slug_of, squash
from cards.editions.guide_reading.writing import read_grammar

SOURCE_NAME = re.compile(r"card-building-guide-(\d+)(?:st|nd|rd|th)-edition\.html$")
FORMAT_VERSION = 1
SOURCE = {
    "author": "Keeper of the Cards",
    "url": "https://kotc-game.github.io/",
    "license": "CC BY-SA 4.0",
    "license_url": "https://creativecommons.org/licenses/by-sa/4.0/",
}

# The "Card Texts" subsections, by the id of their heading ("-ultra" headings of the 17th
# Edition list more of the same kind).
KINDS = {
    "caveats": "caveat",
    "conditions": "condition",
    "costs": "cost",
    "targeting": "target",
    "effects": "effect",
}


def _walk(main: Any) -> Iterator[tuple[str, Any]]:
    """(section id, element) for each paragraph and list item, in document order."""
    section = ""
    for element in main.iter():
        if not isinstance(element.tag, str):
            continue
        if element.tag in ("h3", "h4", "h5"):
            section = element.get("id") or slug_of(element.text_content())
        elif element.tag in ("p", "li"):
            yield section, element


def build_guide(path: Path) -> dict[str, Any]:
    document = html.parse(str(path)).getroot()
    main = document.find(".//main")
    if main is None:
        raise BuildError(f"{path.name}: no <main>")
    title = squash(main.find(".//h2").text_content())
    m = re.fullmatch(r"Card Building Guide \((\d+)(?:st|nd|rd|th) Edition\)", title)
    if not m:
        raise BuildError(f"{path.name}: unexpected title {title!r}")
    number = int(m.group(1))
    components: list[dict[str, Any]] = []
    prose: dict[str, list[Any]] = {}
    level_paragraphs: list[str] = []
    substitution_list: Any = None
    for section, element in _walk(main):
        base = section.removesuffix("-ultra")
        if element.tag == "p":
            prose.setdefault(base, []).append(element)
            if section == "inst-level":
                level_paragraphs.append(inline_text(element))
            if "substitutions are recommended" in inline_text(element):
                substitution_list = element.getnext()
            continue
        parent = element.getparent()
        if parent is substitution_list:
            prose.setdefault("substitutions", []).append(element)
            continue
        in_nested_list = parent.getparent() is not None and parent.getparent().tag == "li"
        if base in KINDS and not in_nested_list and "\u201c" in inline_text(element):
            components.append(read_component(element, KINDS[base], section.endswith("-ultra")))
        elif base not in KINDS:
            prose.setdefault(base, []).append(element)
    ids = [component["id"] for component in components]
    duplicates = sorted({i for i in ids if ids.count(i) > 1})
    if duplicates:
        raise BuildError(f"{path.name}: components share ids {duplicates}")
    sections = read_sections(main)
    level, terms = read_level_rules(level_paragraphs)
    grammar = read_grammar(prose)
    kinds = [KINDS[k] for k in KINDS if any(c["kind"] == KINDS[k] for c in components)]
    return {
        "format": FORMAT_VERSION,
        "edition": number,
        "title": title,
        "source": {"file": f"sources/{path.name}", **SOURCE},
        "terms": {
            "minion": terms["minion"],
            "spell": "spell",
            "sp": terms["sp"],
            "hp": terms["hp"],
        },
        "kinds": kinds,
        "level": level,
        "grammar": grammar,
        "components": components,
        "sections": sections,
        "card_layers": read_card_layers(sections),
    }


def dump(data: dict[str, Any]) -> str:
    return json.dumps(data, indent=1, ensure_ascii=False) + "\n"


def sources_in(folder: Path) -> dict[int, Path]:
    found = {}
    for path in sorted(folder.iterdir()):
        m = SOURCE_NAME.search(path.name)
        if m:
            found[int(m.group(1))] = path
    return found
