"""Rulebook files are checked and their HTML sanitized before anything is stored."""

import copy
import json

import jsonschema
import pytest

from rulebook.content_format import (
    KINDS,
    SCHEMA_PATH,
    ContentError,
    parse_edition,
    read_edition_file,
    shipped_edition_files,
)
from rulebook.htmltext import ANCHOR_RE, html_to_text, sanitize

MINIMAL = {
    "format": 1,
    "edition": 15,
    "name": "15th Edition",
    "title": "Rulebook (15th Edition)",
    "source": {
        "title": "Keeper of the Cards Rulebook (15th Edition)",
        "author": "Keeper of the Cards",
        "url": "https://kotc-game.github.io/",
        "license": "CC BY-SA 4.0",
        "license_url": "https://creativecommons.org/licenses/by-sa/4.0/",
    },
    "sections": [
        {"anchor": "keywords", "title": "Keywords", "level": 1, "html": "<p>Keywords.</p>"},
        {
            "anchor": "kw-mill",
            "title": "Mill",
            "level": 2,
            "parent": "keywords",
            "html": "<p>To <dfn>mill</dfn> a card is to bury it.</p>",
        },
    ],
    "terms": [
        {
            "slug": "mill",
            "name": "Mill",
            "kind": "keyword",
            "anchor": "kw-mill",
            "html": "<p>To <dfn>mill</dfn> a card is to bury it.</p>",
            "forms": ["mill", "mills"],
        },
    ],
}


def with_change(path: str, value: object) -> dict:
    document = copy.deepcopy(MINIMAL)
    target = document
    *parents, last = path.split(".")
    for part in parents:
        target = target[int(part)] if part.isdigit() else target[part]
    target[int(last) if last.isdigit() else last] = value
    return document


def test_every_shipped_edition_file_is_valid():
    numbers = [read_edition_file(path).number for path in shipped_edition_files()]
    assert numbers == [11, 12, 13, 14, 15, 16, 17]
    assert [path.stem for path in shipped_edition_files()] == [str(n) for n in numbers]


def test_a_minimal_edition_parses_to_plain_values():
    data = parse_edition(MINIMAL)
    assert data.number == 15
    assert [s.anchor for s in data.sections] == ["keywords", "kw-mill"]
    assert data.sections[1].parent == "keywords"
    assert data.terms[0].text == "To mill a card is to bury it."
    assert data.terms[0].link is True
    assert len(data.content_hash) == 64


@pytest.mark.parametrize(
    ("path", "value", "message"),
    [
        ("format", 2, "format must be 1"),
        ("edition", "fifteen", "edition must be a whole number"),
        ("edition", True, "edition must be a whole number"),
        ("source", None, "source must be an object"),
        ("source.license_url", "javascript:alert(1)", "source.license_url must be an http"),
        ("sections", [], "sections must be a non-empty list"),
        ("sections.1.anchor", "keywords", "used twice"),
        ("sections.1.anchor", "Bad Anchor", "lowercase letters"),
        ("sections.1.level", 3, "level must be 1 or 2"),
        ("sections.1.parent", "nowhere", "not an earlier section"),
        ("terms.0.kind", "spell", "kind must be one of"),
        ("terms.0.slug", "download", "not a usable slug"),
        ("terms.0.anchor", "kw-elsewhere", "not in this edition's sections"),
        ("terms.0.forms", "mill", "forms must be a list"),
        ("terms.0.link", "yes", "link must be true or false"),
        ("terms.0.slug", "Bad Slug", "not a usable slug: lowercase letters"),
        ("terms.0.forms", ["mill", " "], r"terms\[0\]\.forms\[1\] must not be empty"),
        ("name", "  ", "name must not be empty"),
        ("title", "x" * 201, "title is longer than 200 characters"),
        ("source.url", "ftp://example.org/", "source.url must be an http"),
        ("sections.0.colour", "red", r"sections\[0\] has fields this format does not know"),
    ],
)
def test_a_bad_file_is_refused_with_the_field_at_fault(path, value, message):
    with pytest.raises(ContentError, match=message):
        parse_edition(with_change(path, value))


def test_a_file_that_is_not_json_is_refused(tmp_path):
    path = tmp_path / "15.json"
    path.write_text("{not json", encoding="utf-8")
    with pytest.raises(ContentError, match="not a JSON file"):
        read_edition_file(path)
    with pytest.raises(ContentError, match="Cannot read"):
        read_edition_file(tmp_path / "missing.json")


def test_stored_html_is_sanitized():
    document = with_change(
        "sections.0.html",
        '<p onclick="x()">Hi <script>alert(1)</script><a href="javascript:x">link</a>'
        '<a href="#kw-mill">ok</a><img src=x onerror=y><li id="Bad id">x</li>',
    )
    html = parse_edition(json.loads(json.dumps(document))).sections[0].html
    assert "onclick" not in html and "script" not in html and "javascript" not in html
    assert "<img" not in html and 'id="Bad id"' not in html
    assert '<a href="#kw-mill">ok</a>' in html
    assert html.startswith("<p>Hi link")


def test_sanitize_keeps_the_rulebook_dialect_and_balances_tags():
    html = '<p>To <dfn>bury</dfn> <abbr title="hitpoints">HP</abbr> <var>x</var><ins>new</ins>'
    assert sanitize(html) == html + "</p>"
    assert sanitize("<ol type='a'><li id='kw-x'>a</ul>") == '<ol type="a"><li id="kw-x">a</li></ol>'
    assert sanitize("</p>stray<b>") == "stray<b></b>"


def test_plain_text_has_one_line_per_block_and_leaves_out_figure_notes():
    html = (
        "<p>One  <b>two</b></p><figure><figcaption>Picture</figcaption></figure>"
        "<ul><li>a</li><li>b<ul><li>c</li></ul></li></ul>"
        "<table><tr><th>Old</th><th>New</th></tr><tr><td>x</td><td>y</td></tr></table>"
    )
    assert html_to_text(html) == "One two\n- a\n- b\n  - c\nOld | New\nx | y"


def test_every_problem_the_schema_finds_is_told_at_once():
    document = copy.deepcopy(MINIMAL)
    del document["name"]
    document["sections"][1]["level"] = "2"
    with pytest.raises(ContentError) as raised:
        parse_edition(document)
    assert str(raised.value) == "name is missing; sections[1].level must be 1 or 2."


def test_the_schema_is_a_json_schema_that_every_shipped_file_matches():
    schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    for path in shipped_edition_files():
        jsonschema.validate(json.loads(path.read_text(encoding="utf-8")), schema)
    assert SCHEMA_PATH not in shipped_edition_files()


def test_the_schema_and_the_sanitizer_agree_on_what_an_anchor_is():
    schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    assert schema["$defs"]["anchor"]["pattern"] == ANCHOR_RE.pattern
    assert KINDS == ("keyword", "counter", "term", "ruling")
