"""/goldfish/policy/ shows decks/goldfish/POLICY.md as a page: its headings, lists, emphasis,
code and tables as HTML, and nothing the file holds that could run in a reader's browser."""

import re

import pytest
from django.urls import reverse

from simulations import policy_page

pytestmark = pytest.mark.django_db


def main_of(page: str) -> str:
    return page.split("<main", 1)[1].split("</main>", 1)[0]


def test_a_stranger_reads_the_policy_as_a_page(client):
    answer = client.get(reverse("goldfish-policy"))
    assert answer.status_code == 200
    page = answer.content.decode()
    main = main_of(page)
    assert re.findall(r"<h1>(.*?)</h1>", main) == ["How the goldfish plays"]
    assert "<title>How the goldfish plays" in page
    assert "<h2>The game</h2>" in main
    assert "<ol>" in main and "<li><strong>Setup.</strong>" in main
    assert "<em>Goldfishing</em>" in main
    assert "<code>kill_turn.histogram</code>" in main
    assert "<table>" in main and "<th>Key</th>" in main
    assert "**" not in main and "<pre" not in main


def test_the_first_heading_is_the_title_whatever_its_level(monkeypatch, client):
    monkeypatch.setattr(policy_page, "policy_source", lambda: "## A *short* policy\n\nText.\n")
    main = main_of(client.get(reverse("goldfish-policy")).content.decode())
    assert re.findall(r"<h1>(.*?)</h1>", main) == ["A short policy"]
    assert "<h2>" not in main and "<p>Text.</p>" in main


def test_script_and_handlers_written_into_the_policy_are_removed(monkeypatch, client):
    hostile = (
        "# Policy\n\n"
        "<script>alert('policy')</script>\n\n"
        "- **bold** item\n"
        "- [a link](javascript:alert(1))\n\n"
        '<p onclick="alert(2)" style="color:red">Styled</p>\n\n'
        "<style>body { display: none }</style>\n\n"
        '<img src="x" onerror="alert(3)">\n\n'
        '<a href="javascript:alert(4)">raw link</a>\n'
    )
    monkeypatch.setattr(policy_page, "policy_source", lambda: hostile)
    main = main_of(client.get(reverse("goldfish-policy")).content.decode())
    assert "<script" not in main and "alert('policy')" not in main
    assert "onclick" not in main and "onerror" not in main and "<img" not in main
    assert "<style" not in main and "display: none" not in main and 'style="' not in main
    # Markdown makes no link of a javascript: address, and nh3 keeps none written in HTML.
    assert 'href="javascript' not in main and re.search(r"<a[^>]*>raw link</a>", main)
    assert not re.search(r"<a [^>]*href[^>]*>raw link", main)
    assert "<ul>" in main and "<strong>bold</strong>" in main and "<p>Styled</p>" in main


def test_the_policy_is_rendered_once_for_the_same_text():
    text = "# Once\n\n*Cached.*\n"
    assert policy_page.render_policy(text) is policy_page.render_policy(text)
    assert policy_page.render_policy(text).html == "<p><em>Cached.</em></p>\n"
