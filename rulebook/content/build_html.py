"""A rulebook published as an HTML page: its sections by their headings, glossary, ruling and
counter entries given their own anchors, and links repaired."""

from __future__ import annotations

import re
from html import escape
from pathlib import Path
from typing import Any

from django.utils.text import slugify

from rulebook.content.build_document import Section, Term, edition_document
from rulebook.content.build_tree import (
    Node,
    element_ids,
    find,
    parse_html,
    squash,
    to_html,
)
from rulebook.htmltext import sanitize


def figure(img: Node) -> str:
    alt = squash(img.attrs.get("alt", ""))
    if not alt:
        return ""
    return f'<figure class="figure-note"><figcaption>Picture: {escape(alt)}</figcaption></figure>'


def fix_links(node: Node, anchors: set[str], titles: dict[str, str], repaired: list[str]) -> None:
    """Anchors written without their "#" point at the section they name; a link to an anchor
    the page does not have (the 17th edition's "#resources", a section it renamed) points at
    the section whose title the link's text is. ``repaired`` collects what was changed."""
    for child in node.elements():
        if child.tag == "a":
            href = child.attrs.get("href", "")
            if href in anchors:
                child.attrs["href"] = "#" + href
            elif href.startswith("#") and href[1:] not in anchors:
                text = squash(child.text())
                anchor = titles.get(text.lower())
                if anchor is not None:
                    child.attrs["href"] = "#" + anchor
                    repaired.append(f"{href} ({text})")
        fix_links(child, anchors, titles, repaired)


def walk_html(main: Node) -> tuple[str, list[Node | str], list[Section]]:
    """The page title, the introduction, and the sections of a rulebook page."""
    title = ""
    intro: list[Node | str] = []
    sections: list[Section] = []
    top = ""

    def visit(children: list[Node | str]) -> None:
        nonlocal title, top
        for child in children:
            if isinstance(child, str):
                continue
            if child.tag == "div":
                if any(h.tag == "h3" and h.attrs.get("id") == "toc" for h in child.elements()):
                    continue
                visit(child.children)
            elif child.tag == "nav":
                continue
            elif child.tag == "h2":
                title = squash(child.text())
            elif child.tag == "h3":
                if "id" not in child.attrs:  # the 11th edition's "Contents" heading
                    continue
                top = child.attrs["id"]
                sections.append(Section(top, squash(child.text()), 1))
            elif child.tag == "h4":
                name = squash(child.text())
                anchor = child.attrs.get("id") or "kw-" + slugify(name)
                sections.append(Section(anchor, name, 2, parent=top))
            else:
                block: Node | str = figure(child) if child.tag == "img" else child
                (sections[-1].blocks if sections else intro).append(block)

    visit(main.children)
    return title, intro, sections


def counter_terms(section: Section, pattern: re.Pattern[str]) -> list[Term]:
    """Counter types listed in a section; each list item gets its anchor and a <dfn>."""
    terms = []
    for block in section.blocks:
        if not isinstance(block, Node) or block.tag not in {"ul", "ol"}:
            continue
        for item in block.elements():
            first = item.children[0] if item.children else ""
            if isinstance(first, Node) and first.tag == "dfn":
                name = squash(first.text())
            elif isinstance(first, str) and (hit := pattern.match(first)):
                name = hit.group(1)
                item.children[0] = first[len(name) :]
                item.children.insert(0, Node("dfn", children=[name]))
            else:
                continue
            if not name.endswith("Counter"):
                continue
            slug = slugify(name)
            item.attrs["id"] = "kw-" + slug
            # The entry as a paragraph; a list of notes inside the item (the 11th edition's
            # Immortality Counter, the 12th's Dice Counter) follows the paragraph, as a
            # paragraph cannot hold a list.
            terms.append(
                Term(
                    slug,
                    name,
                    "counter",
                    "kw-" + slug,
                    sanitize("<p>" + item.inner_html() + "</p>"),
                )
            )
    return terms


def entry_sections(section: Section, kind: str) -> tuple[list[Section], list[Term]]:
    """A list of “Term”: definition entries turned into one subsection per entry."""
    subsections, terms = [], []
    rest: list[Node | str] = []
    for block in section.blocks:
        if not (isinstance(block, Node) and block.tag == "ul"):
            rest.append(block)
            continue
        for item in block.elements():
            first = item.children[0] if item.children else ""
            if not isinstance(first, str):
                raise ValueError(f"Unexpected entry in {section.anchor}: {item.text()[:60]}")
            hit = re.match(r"\s*\u201c([^\u201d]+)\u201d:\s*", first)
            if hit is None:
                raise ValueError(f"Unexpected entry in {section.anchor}: {item.text()[:60]}")
            name = hit.group(1)
            item.children[0] = first[hit.end() :]
            slug = slugify(name)
            anchor = "kw-" + slug
            sub = Section(
                anchor, name, 2, parent=section.anchor, blocks=[Node("p", children=item.children)]
            )
            subsections.append(sub)
            terms.append(Term(slug, name, kind, anchor, sub.html()))
    section.blocks = rest
    return subsections, terms


def build_from_html(path: Path, number: int) -> dict[str, Any]:
    main = find(parse_html(path), "main")
    assert main is not None, f"{path} has no <main>"
    title, intro, sections = walk_html(main)
    anchors = {s.anchor for s in sections}
    linkable = anchors | element_ids(main)
    titles = {s.title.lower(): s.anchor for s in sections}
    repaired: list[str] = []
    for block in [*intro, *(b for s in sections for b in s.blocks)]:
        if isinstance(block, Node):
            fix_links(block, linkable, titles, repaired)
    notes: tuple[str, ...] = ()
    if repaired:
        notes = (
            "Links to anchors the page does not have point at the section their text names: "
            + ", ".join(sorted(set(repaired)))
            + ".",
        )
    terms: list[Term] = []
    expanded: list[Section] = []
    for section in sections:
        expanded.append(section)
        if section.anchor in {"glossary", "rulings"}:
            kind = "term" if section.anchor == "glossary" else "ruling"
            subsections, entry_terms = entry_sections(section, kind)
            expanded.extend(subsections)
            terms.extend(entry_terms)
        elif section.anchor == "counters":
            terms.extend(counter_terms(section, re.compile(r"([A-Z][a-z]+ Counter)\b")))
        elif section.parent == "keywords":
            terms.append(
                Term(
                    slugify(section.title), section.title, "keyword", section.anchor, section.html()
                )
            )
    intro_html = sanitize("".join(to_html(b) if isinstance(b, Node) else b for b in intro))
    return edition_document(number, title, intro_html, expanded, terms, notes)
