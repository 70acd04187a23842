"""A player looks a term up: the A to Z list, the search, and one entry."""

import re

import pytest

from rulebook.selectors import glossary_search

pytestmark = pytest.mark.django_db


def names(query: str, **filters) -> list[str]:
    return [hit.name for hit in glossary_search(query, **filters)]


def test_the_glossary_lists_every_term_a_to_z(client):
    page = client.get("/glossary/").content.decode()
    listed = re.findall(r'class="gl-name" href="/glossary/([a-z0-9-]+)/"', page)
    assert len(listed) == len(glossary_search()) >= 55
    assert listed.index("a-total-of") < listed.index("bury") < listed.index("your")
    assert 'href="#letter-B"' in page
    assert "Keeper of the Cards" in page and "creativecommons.org/licenses/by-sa/4.0" in page


def test_search_starts_with_names_and_their_forms():
    assert names("bur") == ["Bury", "Dice-burn", "Self-bury"]
    assert names("bury")[0] == "Bury"
    assert set(names("self-b")) == {"Self-bounce", "Self-bury"}
    assert names("buried")[0] == "Bury"
    assert names("sword")[0] == "Sword Counter"
    assert names("3-dice") == ["Dice-burn", "Dice-heal", "Dice-wound"]
    assert names("Dice")[:4] == ["Dice Counter", "Dice-burn", "Dice-heal", "Dice-wound"]
    assert names("in play")[0] == "In-play"


def test_search_falls_back_to_the_definitions():
    hits = glossary_search("granary")
    assert "Silo" in [hit.name for hit in hits]
    silo = next(hit for hit in hits if hit.name == "Silo")
    assert silo.matched_in == "text"
    assert "<mark>granary</mark>" in silo.snippet


def test_name_matches_come_before_text_matches():
    hits = glossary_search("ex")
    ranks = [hit.matched_in for hit in hits]
    assert ranks == sorted(ranks)  # every "name" before every "text"
    assert [hit.name for hit in hits[:4]] == [
        "Exactly",
        "Excavate",
        "Exhaust",
        "Exhaustion Counter",
    ]
    assert names("counter")[0] == "Counter"


def test_search_filters_by_edition_and_kind():
    assert "Hex-play" in names("", edition=14)
    assert "Hex-play" not in names("", edition=13)
    assert "Sacrifice" in names("", edition=11) and "Sacrifice" not in names("", edition=14)
    assert set(names("", kind="ruling")) == {
        "A total of",
        "One player",
        "Place all targets on top of owner's deck in any order",
    }


@pytest.mark.parametrize(
    ("edition", "present", "absent"),
    [
        (12, {"Up to", "In-play", "Dice Counter"}, {"Enemy", "Hex-play", "Clone"}),
        (15, {"Clone", "Enemy minion", "Dice-burn", "Fatigue Counter"}, {"Craft", "Up to"}),
        (16, {"Craft", "Gift-summon", "On-field", "Remove"}, {"In-play", "Petrify"}),
        (17, {"Petrify", "Embody", "Pay", "Voodoo Counter"}, {"Ability-targeted", "In-play"}),
    ],
)
def test_each_new_edition_has_its_own_glossary(client, edition, present, absent):
    listed = set(names("", edition=edition))
    assert present <= listed and not absent & listed
    page = client.get("/glossary/", {"edition": edition}).content.decode()
    shown = set(re.findall(r'class="gl-name" href="/glossary/[a-z0-9-]+/">([^<]+)<', page))
    assert present <= shown and not absent & shown


def test_search_as_you_type_answers_htmx_with_just_the_results(client):
    answer = client.get("/glossary/", {"q": "hex"}, HTTP_HX_REQUEST="true")
    page = answer.content.decode()
    assert answer.status_code == 200
    assert "<html" not in page
    assert 'href="/glossary/hex-play/"' in page
    assert "HX-Request" in answer["Vary"]
    # Screen readers hear how many terms match, not the whole list again.
    assert re.search(r'id="glossary-status"[^>]*hx-swap-oob="true">1 of \d+ terms match', page)


def test_a_history_restore_gets_the_whole_page(client):
    answer = client.get(
        "/glossary/", {"q": "hex"}, HTTP_HX_REQUEST="true", HTTP_HX_HISTORY_RESTORE_REQUEST="true"
    )
    assert "<html" in answer.content.decode()


def test_the_search_box_works_as_you_type_and_without_javascript(client):
    page = client.get("/glossary/").content.decode()
    box = re.search(r'<input id="glossary-q"[^>]*>', page, re.S).group()
    assert 'hx-get="/glossary/"' in box
    assert 'hx-trigger="input changed delay:150ms, search"' in box
    assert re.search(r'<form class="gl-search[^"]*" method="get" action="/glossary/"', page)
    assert "Hex-play" in client.get("/glossary/", {"q": "hex"}).content.decode()


@pytest.mark.parametrize(
    "query",
    [
        {"edition": "12"},
        {"edition": "fourteen"},
        {"kind": "spell"},
        {"q": "x" * 500},
        {"q": "<script>"},
        {"q": "%00"},
    ],
)
def test_bad_filters_are_explained_not_errors(client, query):
    answer = client.get("/glossary/", query)
    assert answer.status_code == 200
    page = answer.content.decode()
    assert "<script>" not in page.split("<main")[1]


def test_nothing_found_says_so(client):
    page = client.get("/glossary/", {"q": "zzzz"}).content.decode()
    assert "Nothing matches" in page


def test_the_whole_glossary_can_be_downloaded_from_the_page(client):
    page = client.get("/glossary/").content.decode()
    assert 'href="/api/v1/glossary/download/" download' in page
