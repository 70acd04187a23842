"""rulebook/content/build.py makes the committed content files from the published rulebooks,
the same way every time: a new edition is its source dropped into rulebook/content/sources/."""

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

import pytest
from django.conf import settings
from django.utils.text import slugify

from rulebook.content_format import parse_edition, shipped_edition_files

CONTENT = Path(settings.BASE_DIR) / "rulebook" / "content"


@pytest.fixture(scope="module")
def build() -> ModuleType:
    spec = importlib.util.spec_from_file_location("rulebook_content_build", CONTENT / "build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def documents(build) -> dict[int, dict]:
    return {document["edition"]: document for document in build.build_all(CONTENT / "sources")}


def section(document: dict, anchor: str) -> dict:
    return next(s for s in document["sections"] if s["anchor"] == anchor)


def test_building_from_the_sources_gives_the_committed_files(build, documents):
    shipped = {int(path.stem): path for path in shipped_edition_files()}
    assert sorted(documents) == sorted(shipped) == [11, 12, 13, 14, 15, 16, 17]
    for number, document in documents.items():
        committed = shipped[number].read_text(encoding="utf-8")
        assert build.render(document) == committed, f"run build.py: {number}.json is stale"


def test_every_built_edition_is_a_file_the_site_loads(documents):
    for number, document in documents.items():
        data = parse_edition(json.loads(json.dumps(document)))
        assert data.number == number and data.name == f"{number}th Edition"
        assert data.source.license == "CC BY-SA 4.0"


def test_the_17th_edition_keeps_its_own_anchors_and_structure(documents):
    seventeenth = documents[17]
    chapters = [s["anchor"] for s in seventeenth["sections"] if s["level"] == 1]
    assert chapters[:7] == [
        "introduction",
        "cardtypes",
        "setup",
        "zones",
        "turnorder",
        "exhaustion",
        "resource-cost",
    ]
    assert section(seventeenth, "pawns")["parent"] == "minions"
    assert "field" not in chapters and "resources" not in chapters


def test_a_paragraph_left_open_does_not_swallow_the_page(documents):
    # The 17th edition's deck-building paragraph is never closed in its source.
    setup = section(documents[17], "setup")["html"]
    assert (
        "<li>The total amount of Ultra Points in the deck must be no greater than 10.</li>" in setup
    )
    assert "Zones" not in setup and "<dfn>mulligan</dfn>" in setup


def test_a_link_to_an_anchor_the_page_lacks_points_at_the_section_it_names(documents):
    minions = section(documents[17], "minions")["html"]
    assert '<a href="#exhaustion">Exhaustion and Recovery</a>' in minions
    assert "#resources (Exhaustion and Recovery)" in documents[17]["source"]["changes"]
    # The editions that needed no such repair say nothing of it.
    assert documents[16]["source"]["changes"] == documents[14]["source"]["changes"]


def test_table_cells_outside_a_row_get_one(documents):
    for number in (16, 17):
        table = section(documents[number], "refurbished")["html"]
        assert "<tr><td>self-exhaust <var>x</var> minions</td>" in table
        assert "<tr> </tr>" not in table and "</tr> <td>" not in table


def test_passages_commented_out_are_left_out(documents):
    for number in (12, 14, 15, 16, 17):
        anchors = {s["anchor"] for s in documents[number]["sections"]}
        assert not {"redacted", "costs", "revised"} & anchors, number
    text = json.dumps(documents[12])
    assert "Revised Ability Text" not in text and "Remove x counters" not in text


def test_new_keywords_are_found_in_their_written_forms(documents):
    terms = {t["slug"]: t for t in documents[17]["terms"]}
    assert terms["pay"]["forms"] == ["pay", "pays", "paid", "paying"]
    assert "#-dice-wound" in terms["dice-wound"]["forms"]
    assert "#-dice-burn" in terms["dice-burn"]["forms"]
    assert terms["on-field"]["forms"] == ["on-field"]
    assert terms["enemy-minion"]["forms"] == ["enemy minion", "enemy minions"]
    assert terms["petrify"]["forms"] == ["petrify", "petrifies", "petrified", "petrifying"]
    assert terms["voodoo-counter"]["kind"] == "counter"
    assert terms["voodoo-counter"]["anchor"] == "kw-voodoo-counter"


def test_a_counter_with_notes_is_its_paragraph_then_the_list_of_notes(documents):
    # The source lists notes inside the counter's item; a paragraph cannot hold a list.
    dice = next(t for t in documents[12]["terms"] if t["slug"] == "dice-counter")
    assert dice["html"].startswith("<p><dfn>Dice Counter</dfn>: Re-roll any 1 die")
    assert "initially). </p><ul> <li>Unlike other counters" in dice["html"]
    assert dice["html"].endswith("</li> </ul>")


def test_glossary_anchors_are_the_names_slugified(documents):
    ruling = next(t for t in documents[11]["terms"] if t["name"].startswith("Place all targets"))
    assert ruling["anchor"] == "kw-place-all-targets-on-top-of-owners-deck-in-any-order"
    for document in documents.values():
        for term in document["terms"]:
            assert term["slug"] == slugify(term["name"]), term["name"]
