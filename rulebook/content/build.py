"""Convert the published rulebooks into the site's content files (run once per new source).

    .venv/bin/python rulebook/content/build.py [SEEDS_DIR]

SEEDS_DIR defaults to rulebook/content/sources/. It holds the rulebooks as published:
the 11th and 14th editions as HTML pages, the 13th as plain text whose headings are
bare lines. This script writes ``rulebook/content/editions/<number>.json`` in the format
:mod:`rulebook.content_format` reads, and the site loads those files, never the seeds.

What the conversion does, so the copies stay faithful (the license asks that changes be told):
- every section and subsection gets a stable anchor: the source's own ``id`` where it has one;
  keyword and glossary entries get ``kw-<slug>``; the 13th edition reuses the 14th's anchors
  for sections with the same title, so the same section has the same anchor in every edition;
- the 11th edition's glossary and rulings lists become one subsection per entry, and counter
  types become list items with anchors, so every glossary entry can be linked to;
- parts of the source that are commented out (the 14th edition's drafts of redacted texts and
  revised costs) are not in force and are left out;
- pictures are not shipped; their descriptions are kept as figure notes; links to pages the
  site does not host become plain text; the 11th edition's broken "&en;" is read as a dash.
"""

from __future__ import annotations

import json
import re
import sys
from dataclasses import dataclass, field
from html import escape
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

PROJECT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(PROJECT))

from rulebook.content_format import parse_edition  # noqa: E402
from rulebook.htmltext import html_to_text, sanitize  # noqa: E402

OUT = Path(__file__).resolve().parent / "editions"
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

# Word forms that the spelling rules below cannot guess.
IRREGULAR = {
    "draw": ["draws", "drew", "drawn", "drawing"],
    "see": ["sees", "saw", "seen", "seeing"],
    "exhaust": [
        "exhausts",
        "exhausted",
        "exhausting",
        "unexhaust",
        "unexhausts",
        "unexhausted",
        "unexhausting",
    ],
    "down-level": [
        "down-levels",
        "down-leveled",
        "down-leveling",
        "down-levelled",
        "down-levelling",
    ],
    "dice-heal": [
        "dice-heals",
        "dice-healed",
        "dice-healing",
        "#-dice-heal",
        "#-dice-heals",
        "#-dice-healed",
        "#-dice-healing",
    ],
    "you": ["yourself", "your"],
    "your": ["yours"],
    "enemy": ["enemies"],
    "target": ["targets", "targeted", "targeting"],
}
# Terms that are not verbs: they take a plural at most.
NOUNS = {"controller", "counter", "enemy", "owner", "action cost", "summon cost"}
UNCHANGING = {
    "ability-targeted",
    "each",
    "in-play",
    "it",
    "you",
    "your",
    "exactly",
    "up to",
    "ghost-play",
    "hex-play",
}
# Words so common in every sentence that a link on each would drown the text.
NOT_LINKED = {"it", "you", "your"}


def slugify(text: str) -> str:
    text = text.lower().replace("'", "").replace("\u2019", "")
    return re.sub(r"[^a-z0-9]+", "-", text).strip("-")


def verb_forms(word: str) -> list[str]:
    head, _, last = word.rpartition("-")
    prefix = f"{head}-" if head else ""
    if last.endswith("e"):
        endings = [last + "s", last + "d", last[:-1] + "ing"]
    elif last.endswith("y") and last[-2:-1] not in "aeiou":
        endings = [last[:-1] + "ies", last[:-1] + "ied", last + "ing"]
    elif last.endswith("o") or last.endswith("y"):
        endings = [last + "s", last + "ed", last + "ing"]
    else:
        endings = [last + "s", last + "ed", last + "ing"]
    return [prefix + ending for ending in endings]


def forms_for(name: str, kind: str) -> list[str]:
    key = name.lower()
    if kind == "ruling":
        return [key]
    if kind == "counter":
        return [key, key + "s"]
    if key in IRREGULAR:
        extra = IRREGULAR[key]
    elif key.startswith("self-") and key[5:] in IRREGULAR:
        extra = ["self-" + form for form in IRREGULAR[key[5:]]]
    elif key in UNCHANGING:
        extra = []
    elif key in NOUNS:
        extra = [key[:-1] + "ies" if key.endswith("y") else key + "s"]
    else:
        extra = verb_forms(key)
    return [key, *extra]


# A small tree of the source HTML: enough to walk sections and lists.
@dataclass
class Node:
    tag: str
    attrs: dict[str, str] = field(default_factory=dict)
    children: list[Node | str] = field(default_factory=list)

    def text(self) -> str:
        return "".join(c if isinstance(c, str) else c.text() for c in self.children)

    def inner_html(self) -> str:
        return "".join(to_html(child) for child in self.children)

    def elements(self) -> list[Node]:
        return [c for c in self.children if isinstance(c, Node)]


VOID = {"br", "img", "meta", "link", "hr", "input"}


def to_html(node: Node | str) -> str:
    if isinstance(node, str):
        return escape(node, quote=False)
    attrs = "".join(f' {k}="{escape(v, quote=True)}"' for k, v in node.attrs.items())
    if node.tag in VOID:
        return f"<{node.tag}{attrs}>"
    return f"<{node.tag}{attrs}>{node.inner_html()}</{node.tag}>"


class TreeBuilder(HTMLParser):
    """Comments are dropped here, which is what leaves out the passages not in force."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Node("root")
        self.stack = [self.root]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        node = Node(tag, {k: v or "" for k, v in attrs})
        self.stack[-1].children.append(node)
        if tag not in VOID:
            self.stack.append(node)

    def handle_endtag(self, tag: str) -> None:
        for depth in range(len(self.stack) - 1, 0, -1):
            if self.stack[depth].tag == tag:
                del self.stack[depth:]
                return

    def handle_data(self, data: str) -> None:
        text = re.sub(r"\s+", " ", data.replace("&en;", "\u2013"))
        self.stack[-1].children.append(text)


def parse_html(path: Path) -> Node:
    builder = TreeBuilder()
    builder.feed(path.read_text(encoding="utf-8"))
    builder.close()
    return builder.root


def find(node: Node, tag: str) -> Node | None:
    for child in node.elements():
        if child.tag == tag:
            return child
        found = find(child, tag)
        if found is not None:
            return found
    return None


def squash(text: str) -> str:
    return " ".join(text.split())


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


def figure(img: Node) -> str:
    alt = squash(img.attrs.get("alt", ""))
    if not alt:
        return ""
    return f'<figure class="figure-note"><figcaption>Picture: {escape(alt)}</figcaption></figure>'


def fix_links(node: Node, anchors: set[str]) -> None:
    """Anchors written without their "#" point at the section they name."""
    for child in node.elements():
        if child.tag == "a":
            href = child.attrs.get("href", "")
            if href in anchors:
                child.attrs["href"] = "#" + href
        fix_links(child, anchors)


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


def edition_document(
    number: int, title: str, intro_html: str, sections: list[Section], terms: list[Term]
) -> dict[str, Any]:
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
            "changes": CHANGES,
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


def build_from_html(path: Path, number: int) -> dict[str, Any]:
    main = find(parse_html(path), "main")
    assert main is not None, f"{path} has no <main>"
    title, intro, sections = walk_html(main)
    anchors = {s.anchor for s in sections}
    for block in [*intro, *(b for s in sections for b in s.blocks)]:
        if isinstance(block, Node):
            fix_links(block, anchors)
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
    return edition_document(number, title, intro_html, expanded, terms)


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


def write(document: dict[str, Any]) -> Path:
    parse_edition(document)  # refuse to write what the site would not load
    OUT.mkdir(parents=True, exist_ok=True)
    path = OUT / f"{document['edition']}.json"
    path.write_text(json.dumps(document, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return path


def main(argv: list[str]) -> int:
    seeds = Path(argv[1]) if len(argv) > 1 else PROJECT / "rulebook" / "content" / "sources"
    fourteenth = build_from_html(seeds / "rulebook-14th-edition.html", 14)
    eleventh = build_from_html(seeds / "rulebook-11th-edition.html", 11)
    thirteenth = build_from_text(seeds / "rulebook-13th-edition.txt", 13, fourteenth)
    for document in (eleventh, thirteenth, fourteenth):
        path = write(document)
        text_size = sum(len(html_to_text(s["html"])) for s in document["sections"])
        print(
            f"{path.relative_to(PROJECT)}: {len(document['sections'])} sections, "
            f"{len(document['terms'])} glossary entries, {text_size} characters of text"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
