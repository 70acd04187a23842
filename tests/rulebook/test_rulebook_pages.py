"""A player reads the rules: the current edition, any other, and switches between them."""

import re
from pathlib import Path
from types import SimpleNamespace

import pytest
from django.conf import settings

from cards import rules
from rulebook.selectors import edition_numbers

pytestmark = pytest.mark.django_db

LICENSE = "https://creativecommons.org/licenses/by-sa/4.0/"


def current_edition_is(monkeypatch, number: int) -> None:
    """The edition files say ``number`` is the current edition."""
    edition = SimpleNamespace(number=number)
    monkeypatch.setattr(rules, "current_edition", lambda: edition)


def test_the_rulebook_shows_the_current_edition(client):
    answer = client.get("/rulebook/")
    page = answer.content.decode()
    assert answer.status_code == 200
    number = rules.current_edition().number
    assert f"<h1>Rulebook ({number}th Edition)</h1>" in page
    assert 'id="kw-hex-play"' in page and 'id="counters"' in page


@pytest.mark.parametrize("number", [14, 17])
def test_the_current_edition_with_a_rulebook_is_the_one_shown(client, monkeypatch, number):
    current_edition_is(monkeypatch, number)
    page = client.get("/rulebook/").content.decode()
    assert f"<h1>Rulebook ({number}th Edition)</h1>" in page
    assert ('id="kw-petrify"' in page) is (number == 17)


def test_a_current_edition_without_a_rulebook_shows_the_newest_rulebook(client, monkeypatch):
    current_edition_is(monkeypatch, 99)
    page = client.get("/rulebook/").content.decode()
    assert f"<h1>Rulebook ({edition_numbers()[-1]}th Edition)</h1>" in page


@pytest.mark.parametrize("edition", [11, 12, 13, 14, 15, 16, 17])
def test_each_edition_has_contents_anchors_and_its_attribution(client, edition):
    page = client.get(f"/rulebook/{edition}/").content.decode()
    assert f"Rulebook ({edition}th Edition)" in page
    toc = re.search(r'<nav class="rb-toc".*?</nav>', page, re.S).group()
    for anchor in re.findall(r'href="#([a-z0-9-]+)"', toc):
        assert f'id="{anchor}"' in page, f"contents link #{anchor} has no target"
    assert 'class="attribution"' in page
    assert f"Keeper of the Cards Rulebook ({edition}th Edition)" in page
    assert f'rel="license" href="{LICENSE}"' in page


def test_every_keyword_and_counter_has_a_stable_anchor(client):
    page = client.get("/rulebook/14/").content.decode()
    for anchor in [
        "kw-self-bury",
        "kw-down-level",
        "kw-sword-counter",
        "kw-trap-counter",
        "cleanslate",
        "refurbished",
    ]:
        assert f'id="{anchor}"' in page
    eleventh = client.get("/rulebook/11/").content.decode()
    for anchor in ["kw-sacrifice", "kw-up-to", "kw-a-total-of", "kw-immortality-counter"]:
        assert f'id="{anchor}"' in eleventh


def test_glossary_terms_in_the_rules_link_to_their_entries(client):
    page = client.get("/rulebook/14/").content.decode()
    section = re.search(r'<section id="kw-self-bounce".*?</section>', page, re.S).group()
    assert 'href="/glossary/self-bounce/#edition-14"' in section
    assert 'href="/glossary/bounce/#edition-14"' in section
    assert 'data-definition="Bounce: To bounce a card' in section


def test_pages_can_be_printed(client):
    page = client.get("/rulebook/14/").content.decode()
    assert "data-print" in page
    css = (Path(settings.BASE_DIR) / "static/css/rulebook.css").read_text(encoding="utf-8")
    assert "@media print" in css


def test_switching_edition_keeps_the_section(client):
    answer = client.get("/rulebook/13/?section=counters")
    assert answer.status_code == 302
    assert answer["Location"] == "/rulebook/13/#counters"


def test_switching_to_an_edition_without_the_section_lands_on_its_chapter(client):
    answer = client.get("/rulebook/13/?section=kw-hex-play")
    assert answer["Location"] == "/rulebook/13/#keywords"
    answer = client.get("/rulebook/11/?section=chains")
    assert answer["Location"] == "/rulebook/11/"


@pytest.mark.parametrize(
    ("url", "landing"),
    [
        # The 17th edition renamed "Fields" to "Zones" (anchor "zones") and gave "Exhaustion
        # and Recovery" the anchor "exhaustion": switching lands on the same section.
        ("/rulebook/17/?section=field", "/rulebook/17/#zones"),
        ("/rulebook/16/?section=zones", "/rulebook/16/#field"),
        ("/rulebook/11/?section=zones", "/rulebook/11/#field"),
        ("/rulebook/17/?section=resources", "/rulebook/17/#exhaustion"),
        ("/rulebook/17/?section=kw-in-play", "/rulebook/17/#kw-on-field"),
        ("/rulebook/17/?section=pawns", "/rulebook/17/#pawns"),
    ],
)
def test_switching_follows_a_section_renamed_between_editions(client, url, landing):
    assert client.get(url)["Location"] == landing


def test_switching_from_a_counter_lands_on_it_or_on_the_counters(client):
    assert client.get("/rulebook/13/?section=kw-sword-counter")["Location"] == (
        "/rulebook/13/#kw-sword-counter"
    )
    assert client.get("/rulebook/11/?section=kw-sword-counter")["Location"] == (
        "/rulebook/11/#counters"
    )


def test_the_switcher_links_every_edition(client):
    page = client.get("/rulebook/13/").content.decode()
    for number in edition_numbers():
        if number != 13:
            assert f'data-edition-switch href="/rulebook/{number}/"' in page
    assert 'aria-current="page">13th Edition' in page


@pytest.mark.parametrize(
    "url",
    [
        "/rulebook/10/",
        "/rulebook/0/",
        "/rulebook/99999/",
        "/rulebook/10/?section=x",
        "/rulebook/fourteen/",
    ],
)
def test_an_unknown_edition_is_not_found(client, url):
    assert client.get(url).status_code == 404


@pytest.mark.parametrize("query", ["section=", "section=%3Cscript%3E", "section=" + "a" * 500])
def test_odd_sections_land_at_the_top(client, query):
    answer = client.get(f"/rulebook/14/?{query}")
    assert answer.status_code == 302
    assert answer["Location"] == "/rulebook/14/"


@pytest.mark.parametrize(
    ("edition", "anchors"),
    [
        (12, ["field", "resources", "kw-up-to", "kw-dice-counter", "cleanslate"]),
        (15, ["pawns", "kw-clone", "kw-enemy-minion", "kw-fatigue-counter", "refurbished"]),
        (16, ["pawns", "kw-craft", "kw-on-field", "kw-remove", "revised-levels"]),
        (17, ["zones", "exhaustion", "resource-cost", "pawns", "kw-petrify", "kw-undying-counter"]),
    ],
)
def test_the_new_editions_have_their_sections_and_entries(client, edition, anchors):
    page = client.get(f"/rulebook/{edition}/").content.decode()
    for anchor in anchors:
        assert f'id="{anchor}"' in page, anchor


def test_the_rulebook_script_is_included(client):
    page = client.get("/rulebook/").content.decode()
    assert "js/rulebook.js" in page
