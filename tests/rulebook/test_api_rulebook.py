"""GET /api/v1/rulebook/ and /api/v1/rulebook/<edition>/: the rules, section by section."""

import pytest

pytestmark = pytest.mark.django_db


def test_the_editions_are_listed_with_their_source(api):
    editions = api.get("/api/v1/rulebook/").json()
    assert [e["number"] for e in editions] == [11, 13, 14]
    assert editions[2]["source"]["title"] == "Keeper of the Cards Rulebook (14th Edition)"


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
    answer = api.get("/api/v1/rulebook/12/")
    assert answer.status_code == 404
    assert "Known editions: 11, 13, 14." in answer.json()["detail"]
