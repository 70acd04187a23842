"""GET /api/v1/rulebook/ and /api/v1/rulebook/<edition>/: the rules, section by section."""

import pytest

from rulebook.selectors import edition_numbers

pytestmark = pytest.mark.django_db


def test_the_editions_are_listed_with_their_source(api):
    editions = api.get("/api/v1/rulebook/").json()
    assert [e["number"] for e in editions] == edition_numbers()
    fourteenth = next(e for e in editions if e["number"] == 14)
    assert fourteenth["source"]["title"] == "Keeper of the Cards Rulebook (14th Edition)"
    seventeenth = next(e for e in editions if e["number"] == 17)
    assert seventeenth["source"]["license"] == "CC BY-SA 4.0"
    assert "#resources (Exhaustion and Recovery)" in seventeenth["source"]["changes"]


def test_an_edition_has_its_sections_in_order_with_anchors_and_text(api):
    answer = api.get("/api/v1/rulebook/14/")
    assert answer.status_code == 200
    book = answer.json()
    assert book["title"] == "Rulebook (14th Edition)"
    anchors = [s["anchor"] for s in book["sections"]]
    assert anchors[:3] == ["introduction", "cardtypes", "setup"]
    assert anchors.index("keywords") < anchors.index("kw-hex-play") < anchors.index("banned")
    hex_play = book["sections"][anchors.index("kw-hex-play")]
    assert hex_play["level"] == 2 and hex_play["parent"] == "keywords"
    assert hex_play["url"] == "http://testserver/rulebook/14/#kw-hex-play"
    assert hex_play["text"].startswith("A part of certain activation conditions")
    assert "redacted" not in anchors and "costs" not in anchors


def test_the_13th_edition_uses_the_same_anchors(api):
    anchors = [s["anchor"] for s in api.get("/api/v1/rulebook/13/").json()["sections"]]
    assert {"counters", "chains", "kw-ghost-play", "cleanslate"} <= set(anchors)


def test_an_unknown_edition_is_a_json_404(api):
    answer = api.get("/api/v1/rulebook/10/")
    assert answer.status_code == 404
    known = ", ".join(map(str, edition_numbers()))
    assert f"Known editions: {known}." in answer.json()["detail"]


def test_the_17th_edition_keeps_its_own_anchors(api):
    book = api.get("/api/v1/rulebook/17/").json()
    anchors = [s["anchor"] for s in book["sections"]]
    assert {"zones", "exhaustion", "resource-cost", "pawns", "kw-petrify"} <= set(anchors)
    assert "field" not in anchors and "resources" not in anchors
    pawns = book["sections"][anchors.index("pawns")]
    assert pawns["level"] == 2 and pawns["parent"] == "minions"
    minions = book["sections"][anchors.index("minions")]
    assert 'href="#exhaustion"' in minions["html"]
