"""Each edition file holds exactly what its rulebook prints.

The rulebooks are the game's published documents in ``shared/`` beside the project
(``reference/`` and ``seeds/``). Each test reads one rulebook, finds the refurbished,
redacted and revised-cost tables that are in force (a section inside an HTML comment is not),
and compares them, row by row, with the edition's data file; the sections that messages point
to must be headings of that rulebook, with the same titles.
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from lxml import html

from cards.rules import load_editions, ordinal
from cards.rules.editions import DEFAULT_FOLDER
from tests.conftest import missing_service

PROJECT = Path(__file__).resolve().parents[3]
SHARED = Path(os.environ.get("KOTC_SHARED_DIR") or PROJECT.parent / "shared")
FOLDERS = (SHARED / "reference", SHARED / "seeds")
NUMBERS = sorted(load_editions())

HEADINGS = ("h1", "h2", "h3", "h4", "h5", "h6")
# "“Draw x cards.” (9th Edition)": a quoted text and the edition that revised it.
QUOTED = re.compile(r"^“(?P<text>.+)”\s*(?:\((?P<edition>\d+)(?:st|nd|rd|th) Edition\))?$")
# "Additionally, “the targets” might be replaced with “it” in some card texts."
VARIANT = re.compile(r"“(?P<text>[^”]+)” might be replaced with “(?P<may_read>[^”]+)”")
# The headings a plain-text rulebook would give its tables (the 13th's seed is plain text).
TABLE_HEADINGS = (
    "Revised Ability Text",
    "Refurbished Card Texts",
    "Redacted Ability Text",
    "Redacted Ability Text (Banned Cards)",
    "Redacted Ability Texts",
    "Redacted Card Texts",
    "Revised Costs",
    "Revised Cost Texts",
    "Revised Levels",
)


def words(text: str) -> str:
    return " ".join(text.split())


@dataclass
class Tables:
    """The tables in force in one rulebook, and the sections that hold them."""

    refurbished: list[dict[str, str]] = field(default_factory=list)
    redacted: list[str] = field(default_factory=list)
    revised_cost: list[dict[str, Any]] = field(default_factory=list)
    variants: list[dict[str, str]] = field(default_factory=list)
    sections: dict[str, dict[str, str]] = field(default_factory=dict)
    headings: dict[str, str] = field(default_factory=dict)  # id -> title, outside comments


def _section_body(heading: Any) -> list[Any]:
    """The elements after a heading, up to the next heading beside it or wrapped in what
    follows (the 17th wraps each subsection, heading and all, in a <div>)."""
    body = []
    for sibling in heading.itersiblings():
        if not isinstance(sibling.tag, str):  # a comment: not printed, not in force
            continue
        if sibling.tag in HEADINGS or any(True for _ in sibling.iter(*HEADINGS)):
            break
        body.append(sibling)
    return body


def read_tables(source: str) -> Tables:
    """The tables of a rulebook's HTML. Comments are no elements to lxml, so whatever an HTML
    comment holds is never seen here."""
    document = html.fromstring(source)
    found = Tables()
    for heading in document.iter(*HEADINGS):
        if heading.get("id"):
            found.headings["#" + heading.get("id")] = words(heading.text_content())
    for heading in document.iter("h3", "h4"):
        body = _section_body(heading)
        intro = " ".join(words(p.text_content()) for p in body if p.tag == "p")
        tables = [table for element in body for table in element.iter("table")]
        lists = [item for element in body for ul in element.iter("ul") for item in ul.findall("li")]
        if tables:
            kind = "refurbished"
            # Cells in order, two to a row: a stray <td> outside a <tr> is still printed as a
            # row by a browser (the 16th's "self-exhaust" row is written so).
            cells = [words(td.text_content()) for table in tables for td in table.iter("td")]
            assert len(cells) % 2 == 0, f"a row of {heading.text_content()!r} lacks a cell"
            found.refurbished += [
                {"original": original, "new": new}
                for original, new in zip(cells[::2], cells[1::2], strict=True)
            ]
        elif "redacted" in intro:
            kind = "redacted"
            for item in lists:
                quoted = QUOTED.match(words(item.text_content()))
                found.redacted.append(
                    quoted.group("text") if quoted else words(item.text_content())
                )
        elif "revised, and the edition in which" in intro:
            kind = "revised_cost"
            for item in lists:
                quoted = QUOTED.match(words(item.text_content()))
                assert quoted and quoted.group("edition"), item.text_content()
                found.revised_cost.append(
                    {"text": quoted.group("text"), "edition": int(quoted.group("edition"))}
                )
        else:
            continue
        found.sections[kind] = {
            "anchor": "#" + (heading.get("id") or ""),
            "title": words(heading.text_content()),
        }
        for variant in VARIANT.finditer(intro):
            if variant.groupdict() not in found.variants:
                found.variants.append(variant.groupdict())
    return found


def rulebook(number: int) -> Path:
    if not SHARED.is_dir():
        missing_service(f"the game's documents are not in {SHARED}")
    for folder in FOLDERS:
        for path in sorted(folder.glob(f"rulebook-{ordinal(number)}-edition.*")):
            return path
    pytest.fail(f"no rulebook of the {ordinal(number)} edition in {', '.join(map(str, FOLDERS))}")


def edition_file(number: int) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((DEFAULT_FOLDER / f"{number}.json").read_text("utf-8"))
    return data


TABLE_KEYS = ("refurbished", "redacted", "revised_cost")


@pytest.mark.parametrize("number", NUMBERS)
def test_the_edition_file_holds_exactly_the_rows_its_rulebook_has_in_force(number):
    path = rulebook(number)
    data = edition_file(number)

    if path.suffix != ".html":
        # A plain-text rulebook keeps no comments: a table heading in it would be in force.
        lines = {line.strip() for line in path.read_text(encoding="utf-8").splitlines()}
        assert not lines & set(TABLE_HEADINGS), "the text rulebook has tables to transcribe"
        assert [data[key] for key in TABLE_KEYS] == [[], [], []]
        return
    tables = read_tables(path.read_text(encoding="utf-8"))

    assert data["refurbished"] == tables.refurbished
    assert data["redacted"] == tables.redacted
    assert data["revised_cost"] == tables.revised_cost
    assert data.get("table_text_variants", []) == tables.variants


@pytest.mark.parametrize("number", NUMBERS)
def test_the_sections_messages_point_to_are_headings_of_the_rulebook(number):
    path = rulebook(number)
    data = edition_file(number)

    if path.suffix != ".html":
        lines = {line.strip() for line in path.read_text(encoding="utf-8").splitlines()}
        for key, section in data["sections"].items():
            assert section["title"] in lines, f"{key}: no heading {section['title']!r}"
        return
    tables = read_tables(path.read_text(encoding="utf-8"))

    for key, section in data["sections"].items():
        assert tables.headings.get(section["anchor"]) == section["title"], key
    for kind in TABLE_KEYS:
        # A table's section is named exactly when the rulebook has that table in force.
        assert data["sections"].get(kind) == tables.sections.get(kind), kind


# -- the reader itself --------------------------------------------------------------------

SAMPLE = """<main>
<h3 id="banned">Pruned Cards</h3>
<h4 id="refurbished">Refurbished Card Texts</h4>
<p>Any card containing any exact original text indicated here is refurbished as shown.
Additionally, &ldquo;the targets&rdquo; might be replaced with &ldquo;it&rdquo;
in some card texts.</p>
<table><tr><th>Original Text</th><th>New Text</th></tr>
<tr><td><var>x</var> of your resources</td><td><var>x</var> cards in your granary</td></tr>
<tr></tr><td>a stray row</td><td>still printed</td>
<!-- <tr><td>hidden</td><td>row</td></tr> -->
</table>
<!--
<h4 id="redacted">Redacted Card Texts</h4>
<p>This section lists card texts which have been redacted.</p>
<ul><li>&ldquo;Remove x counters from this card;&rdquo; (12<sup>th</sup> Edition)</li></ul>
-->
<h4 id="revised-levels">Revised Levels</h4>
<p>This section lists card texts whose effects on level have been revised, and the edition in
which such revision occurred.</p>
<ul><li>&ldquo;sheathe the targets&rdquo; <i>(16<sup>th</sup> Edition)</i></li>
<!-- <li>&ldquo;Draw x cards.&rdquo; (9<sup>th</sup> Edition)</li> --></ul>
</main>"""


def test_the_reader_leaves_out_what_html_comments_hold():
    tables = read_tables(SAMPLE)

    assert tables.refurbished == [
        {"original": "x of your resources", "new": "x cards in your granary"},
        {"original": "a stray row", "new": "still printed"},
    ]
    assert tables.redacted == []
    assert tables.revised_cost == [{"text": "sheathe the targets", "edition": 16}]
    assert tables.variants == [{"text": "the targets", "may_read": "it"}]
    assert tables.sections == {
        "refurbished": {"anchor": "#refurbished", "title": "Refurbished Card Texts"},
        "revised_cost": {"anchor": "#revised-levels", "title": "Revised Levels"},
    }
    assert "#redacted" not in tables.headings
