"""The conformance table: every rule sentence of the guides and of the rulebooks' card and deck
rules has a row saying where the site applies it and which test checks it, and each guide's
page shows its edition's rows as "How this site applies each rule".

The guides' sentences are read from the published guides (see test_guide_sentences); the
rulebooks' from the shipped rulebook editions (``rulebook/content/editions``, built from the
published rulebooks), in the sections each edition file names for its card and deck rules.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from lxml import html

from building.conformance import TABLE, ConformanceError, load_table, rules_applied
from cards.rules import legality
from tests.building.test_guide_sentences import (
    GUIDE_FILES,
    mark_block_ends,
    sentences,
    source_sentences,
)

PROJECT = Path(__file__).resolve().parents[2]
RULEBOOKS = PROJECT / "rulebook" / "content" / "editions"
EDITIONS = PROJECT / "cards" / "editions"
# The rulebook sections of the card and deck rules, by the names the edition files give them.
# The tables' sections keep their rows as data (cards/editions): only their prose is a rule here.
CARD_AND_DECK_SECTIONS = ("card_rules", "edition_indicator", "deck", "clean_slate")
TABLE_SECTIONS = ("refurbished", "redacted", "revised_cost")

ROWS = load_table()


def rulebook_sentences(edition: int) -> list[str]:
    named = json.loads((EDITIONS / f"{edition}.json").read_text(encoding="utf-8"))["sections"]
    book = json.loads((RULEBOOKS / f"{edition}.json").read_text(encoding="utf-8"))
    by_anchor = {section["anchor"]: section["html"] for section in book["sections"]}
    found: list[str] = []
    seen: set[str] = set()
    for key in CARD_AND_DECK_SECTIONS + TABLE_SECTIONS:
        anchor = named.get(key, {}).get("anchor", "").lstrip("#")
        if not anchor or anchor in seen:
            continue
        seen.add(anchor)
        section = html.fromstring(f"<div>{by_anchor[anchor]}</div>")
        for dropped in section.xpath(".//figure|.//table"):
            dropped.drop_tree()
        if key in TABLE_SECTIONS:
            for listed in section.xpath("./ul|./ol"):
                listed.drop_tree()
        mark_block_ends(section)
        found += sentences(section.text_content())
    return found


def document_sentences() -> dict[tuple[str, str], set[int]]:
    """(document, sentence) → the editions whose document has it."""
    found: dict[tuple[str, str], set[int]] = {}
    for edition, path in GUIDE_FILES.items():
        for sentence in source_sentences(path):
            found.setdefault(("guide", sentence), set()).add(edition)
        for sentence in rulebook_sentences(edition):
            found.setdefault(("rulebook", sentence), set()).add(edition)
    return found


DOCUMENTS = document_sentences()


def test_every_rule_sentence_of_the_documents_has_a_row():
    covered = {(row.document, row.sentence, edition) for row in ROWS for edition in row.editions}
    missing = [
        f"{document} {edition}: {sentence}"
        for (document, sentence), editions in DOCUMENTS.items()
        for edition in sorted(editions)
        if (document, sentence, edition) not in covered
    ]
    assert not missing, f"{len(missing)} sentences without a row in {TABLE.name}:\n" + "\n".join(
        missing
    )


def test_every_row_quotes_a_sentence_of_each_edition_it_lists():
    stale = [
        f"{row.document} {sorted(set(row.editions) - DOCUMENTS.get((row.document, row.sentence), set()))}: {row.sentence}"  # noqa: E501
        for row in ROWS
        if not set(row.editions) <= DOCUMENTS.get((row.document, row.sentence), set())
    ]
    assert not stale, "rows whose editions do not have the sentence:\n" + "\n".join(stale)
    pairs = [(row.document, row.sentence) for row in ROWS]
    assert len(pairs) == len(set(pairs)), "a sentence has one row, listing its editions"


def _test_exists(node_id: str) -> bool:
    path, _, name = node_id.partition("::")
    name = re.sub(r"\[.*\]$", "", name)
    file = PROJECT / path
    if not name or not file.is_file() or "::" in name:
        return False
    return re.search(rf"^(?:async )?def {re.escape(name)}\(", file.read_text(), re.M) is not None


def test_every_test_the_table_names_exists():
    named = [row.test for row in ROWS if row.test]
    assert named, "the table names tests"
    missing = sorted({node for node in named if not _test_exists(node)})
    assert not missing, "tests named in the table that do not exist:\n" + "\n".join(missing)


def test_a_row_names_a_test_or_says_why_none_can(tmp_path):
    bad = tmp_path / "table.toml"
    bad.write_text(
        '[[rule]]\ndocument = "guide"\neditions = [17]\nsentence = "S."\napplied = "here"\n',
        encoding="utf-8",
    )
    with pytest.raises(ConformanceError, match="rule 1: a row names a test or says why"):
        load_table(bad)
    bad.write_text(
        '[[rule]]\ndocument = "memo"\neditions = [17]\nsentence = "S."\napplied = "here"\n'
        'test = "tests/x.py::test_x"\n',
        encoding="utf-8",
    )
    with pytest.raises(ConformanceError, match="document must be one of"):
        load_table(bad)


@pytest.mark.django_db
def test_each_guide_page_shows_how_the_site_applies_each_rule(client):
    response = client.get("/building/17/")
    assert response.status_code == 200
    document = html.fromstring(response.content.decode())
    section = document.get_element_by_id("applied")
    assert section.xpath("./h2")[0].text_content().startswith("How this site applies each rule")
    table = section.xpath(".//table")[0]
    headers = [th.text_content() for th in table.xpath("./thead/tr/th[@scope='col']")]
    assert headers == ["Document", "Rule", "Where it is applied", "Checked by"]
    rows = table.xpath("./tbody/tr")
    applied = rules_applied(17)
    assert len(rows) == len(applied) > 100
    for row, expected in zip(rows, applied, strict=True):
        cells = [" ".join(cell.text_content().split()) for cell in row.xpath("./td")]
        assert cells[1] == f"{expected.sentence}"
        assert expected.test in cells[3] or expected.untested in cells[3]
    # The contents lead there, and the decisions where the rulebooks leave room are shown too.
    assert document.xpath("//nav[@aria-label='Contents']//a[@href='#applied']")
    shown = " ".join(section.text_content().split())
    first_decision = "A design edition later than the edition checked is invalid, not a warning"
    assert first_decision in legality.__doc__.replace("\n", " ").replace("  ", " ")
    assert first_decision in shown


@pytest.mark.parametrize("module", ["building.conformance", "building.links"])
def test_the_examples_in_the_docstrings_hold(module):
    import doctest
    import importlib

    result = doctest.testmod(importlib.import_module(module))
    assert result.attempted and not result.failed
