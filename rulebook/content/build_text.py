"""A rulebook published as plain text (the 13th edition): headings are bare lines, list items
start with "- ", and the anchors come from an HTML edition."""

from __future__ import annotations

import re
from html import escape
from pathlib import Path
from typing import Any

from django.utils.text import slugify

from rulebook.content.build_document import Section, Term, edition_document

ENDS_SENTENCE = tuple('.:;!?)\u201d"')


def is_heading(line: str) -> bool:
    return (
        bool(line)
        and not line.startswith("- ")
        and not line.endswith(ENDS_SENTENCE)
        and len(line) <= 60
    )


def dfn_first(html: str, name: str) -> str:
    """Mark the term where its entry first names it, as the HTML editions do."""
    pattern = re.compile(r"(?<![\w-])(" + re.escape(name) + r")(?![\w-])", re.IGNORECASE)
    return pattern.sub(r"<dfn>\1</dfn>", html, count=1)


def build_from_text(path: Path, number: int, reference: dict[str, Any]) -> dict[str, Any]:
    """A plain-text rulebook: section titles found in the reference edition keep its anchors
    and levels; other headings inside Keywords are keyword entries."""
    known = {s["title"].lower(): s for s in reference["sections"]}
    lines = [line.strip() for line in path.read_text(encoding="utf-8").splitlines()]
    lines = [line for line in lines if line]
    title = lines[0]
    body = lines[1:]
    contents = body.index("Contents")
    intro_html = "".join(f"<p>{escape(line)}</p>" for line in body[:contents])
    sections: list[Section] = []
    top = ""
    items: list[str] = []

    def flush_list() -> None:
        if items:
            sections[-1].blocks.append("<ul>" + "".join(items) + "</ul>")
            items.clear()

    terms: list[Term] = []
    counter_name = re.compile(r"([A-Z][a-z]+ Counter)\b")
    for line in body[contents + 1 :]:
        if is_heading(line):
            flush_list()
            ref = known.get(line.lower())
            if ref is not None:
                section = Section(ref["anchor"], line, ref["level"], parent=ref["parent"])
            elif top == "keywords":
                section = Section("kw-" + slugify(line), line, 2, parent=top)
            else:
                section = Section(slugify(line), line, 1)
            if section.level == 1:
                top = section.anchor
            sections.append(section)
        elif line.startswith("- "):
            item = line[2:]
            hit = counter_name.match(item) if sections[-1].anchor == "counters" else None
            if hit is None:
                items.append(f"<li>{escape(item)}</li>")
                continue
            name, rest = hit.group(1), escape(item[hit.end() :])
            slug = slugify(name)
            items.append(f'<li id="kw-{slug}"><dfn>{name}</dfn>{rest}</li>')
            terms.append(
                Term(slug, name, "counter", "kw-" + slug, f"<p><dfn>{name}</dfn>{rest}</p>")
            )
        else:
            flush_list()
            sections[-1].blocks.append(f"<p>{escape(line)}</p>")
    flush_list()

    for section in sections:
        if section.parent == "keywords":
            section.blocks = [dfn_first(section.html(), section.title)]
            terms.append(
                Term(
                    slugify(section.title),
                    section.title,
                    "keyword",
                    section.anchor,
                    section.html(),
                )
            )
    return edition_document(number, title, intro_html, sections, terms)
