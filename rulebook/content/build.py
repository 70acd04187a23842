"""Convert the published rulebooks into the site's content files (run once per new source).

    .venv/bin/python rulebook/content/build.py [SEEDS_DIR]

SEEDS_DIR defaults to rulebook/content/sources/. It holds the rulebooks as published, one file
an edition named ``rulebook-<n>th-edition.html`` (or ``.txt``): the 11th, 12th and 14th to 17th
editions as HTML pages, the 13th as plain text whose headings are bare lines. This script
writes ``rulebook/content/editions/<number>.json`` for each, in the format
:mod:`rulebook.content_format` reads; the site loads those files, never the seeds. A new
edition is its source dropped in the folder: nothing here names an edition.

What the conversion does, so the copies stay faithful (the license asks that changes be told):
- every section and subsection gets a stable anchor: the source's own ``id`` where it has one
  (the 17th edition's own ``zones``, ``exhaustion`` and ``resource-cost`` included: the site
  pairs renamed sections when comparing editions); keyword and glossary entries get
  ``kw-<slug>``; the 13th edition reuses the anchors of the HTML edition after it for sections
  with the same title, so the same section has the same anchor in every edition;
- the 11th edition's glossary and rulings lists become one subsection per entry, and counter
  types become list items with anchors, so every glossary entry can be linked to;
- parts of the source that are commented out (drafts of redacted texts and revised costs)
  are not in force and are left out;
- pictures are not shipped; their descriptions are kept as figure notes; links to pages the
  site does not host become plain text; the 11th edition's broken "&en;" is read as a dash;
- the markup is read as a browser reads it: lxml's HTML parser ends a paragraph left open
  where a list starts (the 17th edition's deck-building rules), and table cells outside a row
  get the row a browser gives them (the 16th and 17th editions' refurbished table), which lxml
  leaves to us; a link to an anchor the page does not have (the 17th edition's "#resources")
  points at the section its text names, and the edition's file says so.

This file finds the sources and writes the files; the pieces are beside it: build_html.py and
build_text.py read the two kinds of source (build_tree.py holds the HTML as a tree),
build_document.py makes an edition's file, build_forms.py the written forms of its terms.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

PROJECT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(PROJECT))

from rulebook.content.build_html import build_from_html  # noqa: E402
from rulebook.content.build_text import build_from_text  # noqa: E402
from rulebook.content_format import parse_edition  # noqa: E402
from rulebook.htmltext import html_to_text  # noqa: E402

OUT = Path(__file__).resolve().parent / "editions"
SOURCE_NAME = re.compile(r"^rulebook-(\d+)(?:st|nd|rd|th)-edition\.(html|txt)$")


def build_all(seeds: Path) -> list[dict[str, Any]]:
    """Every rulebook in ``seeds``, by edition. A plain-text rulebook has no anchors of its own:
    it takes them from the nearest HTML edition after it (before it, when none is newer)."""
    sources: dict[int, Path] = {}
    for path in sorted(seeds.iterdir()):
        hit = SOURCE_NAME.match(path.name)
        if hit is not None:
            sources[int(hit.group(1))] = path
    documents = {
        number: build_from_html(path, number)
        for number, path in sources.items()
        if path.suffix == ".html"
    }
    for number, path in sources.items():
        if path.suffix != ".txt":
            continue
        later = [n for n in sorted(documents) if n > number]
        earlier = [n for n in sorted(documents) if n < number]
        if not later and not earlier:
            raise ValueError(f"{path.name} needs an HTML edition to take its anchors from.")
        reference = documents[later[0] if later else earlier[-1]]
        documents[number] = build_from_text(path, number, reference)
    return [documents[number] for number in sorted(documents)]


def write(document: dict[str, Any], out: Path = OUT) -> Path:
    parse_edition(document)  # refuse to write what the site would not load
    out.mkdir(parents=True, exist_ok=True)
    path = out / f"{document['edition']}.json"
    path.write_text(render(document), encoding="utf-8")
    return path


def render(document: dict[str, Any]) -> str:
    """The file's text: the committed files are exactly this, so a rebuild shows no diff."""
    return json.dumps(document, indent=1, ensure_ascii=False) + "\n"


def main(argv: list[str]) -> int:
    seeds = Path(argv[1]) if len(argv) > 1 else PROJECT / "rulebook" / "content" / "sources"
    for document in build_all(seeds):
        path = write(document)
        text_size = sum(len(html_to_text(s["html"])) for s in document["sections"])
        print(
            f"{path.relative_to(PROJECT)}: {len(document['sections'])} sections, "
            f"{len(document['terms'])} glossary entries, {text_size} characters of text"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
