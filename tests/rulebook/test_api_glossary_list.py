"""GET /api/v1/glossary/?edition=&q=: search the glossary from a program."""

import pytest

from cards import rules

pytestmark = pytest.mark.django_db


def test_the_glossary_is_listed_a_to_z_in_pages(api):
    answer = api.get("/api/v1/glossary/")
    assert answer.status_code == 200
    body = answer.json()
    assert body["count"] >= 55
    names = [row["name"] for row in body["results"]]
    assert names == sorted(names, key=str.lower)
    assert body["next"].endswith("?page=2")


def test_a_search_puts_the_best_match_first(api):
    rows = api.get("/api/v1/glossary/", {"q": "bury"}).json()["results"]
    assert rows[0]["slug"] == "bury"
    assert rows[0]["url"] == "http://testserver/glossary/bury/"
    assert rows[0]["api_url"] == "http://testserver/api/v1/glossary/bury/"
    assert rows[0]["editions"] == [12, 13, 14, 15, 16, 17]
    assert rows[0]["matched_in"] == "name"


def test_an_edition_and_a_kind_narrow_the_list(api):
    rows = api.get("/api/v1/glossary/", {"edition": 11, "kind": "counter"}).json()["results"]
    assert {row["slug"] for row in rows} == {
        "offense-counter",
        "defense-counter",
        "weakness-counter",
        "damage-counter",
        "exhaustion-counter",
        "dice-counter",
        "immortality-counter",
    }


def test_full_text_search_finds_words_in_definitions(api):
    rows = api.get("/api/v1/glossary/", {"q": "granary"}).json()["results"]
    assert [row["slug"] for row in rows] == ["silo"]
    assert rows[0]["matched_in"] == "text"


@pytest.mark.parametrize(
    ("query", "field"),
    [
        ({"edition": 10}, "edition"),
        ({"edition": "x"}, "edition"),
        ({"kind": "spell"}, "kind"),
        ({"q": "x" * 101}, "q"),
    ],
)
def test_bad_parameters_are_a_400_naming_the_field(api, query, field):
    answer = api.get("/api/v1/glossary/", query)
    assert answer.status_code == 400
    assert field in answer.json()


def test_unknown_edition_names_the_known_ones(api):
    answer = api.get("/api/v1/glossary/", {"edition": 10})
    known = ", ".join(map(str, sorted(rules.load_editions())))
    assert f"Known editions: {known}." in answer.json()["edition"][0]
