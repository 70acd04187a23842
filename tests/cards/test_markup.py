"""Player-written Markdown with card links: what it renders, for whom, and what it never lets
through."""

import re
import time

import pytest
from django.contrib.auth.models import AnonymousUser
from django.db import connection
from django.test.utils import CaptureQueriesContext

from cards.markup import (
    MAX_CARD_LINKS,
    outside_links,
    render_document,
    render_markup,
    written_addresses,
)

pytestmark = pytest.mark.django_db


def test_markdown_renders_and_raw_html_is_text():
    html = render_markup("# Plan\n\n*Go* **fast**\n\n<b>bold</b>", viewer=None)
    assert '<h2 id="section-plan">Plan</h2>' in html
    assert "<em>Go</em>" in html and "<strong>fast</strong>" in html
    assert "<b>" not in html and "&lt;b&gt;bold&lt;/b&gt;" in html


@pytest.mark.parametrize(
    "hostile",
    [
        "<script>alert(1)</script>",
        "<img src=x onerror=alert(1)>",
        "[x](javascript:alert(1))",
        "[x](JaVaScRiPt:alert(1))",
        "[x](java\tscript:alert(1))",
        "<javascript:alert(1)>",
        "[x](data:text/html;base64,PHNjcmlwdD4=)",
        "[x](vbscript:msgbox(1))",
        '[x](https://example.com/" onmouseover="alert(1))',
        "![a](javascript:alert(1))",
        '<a href="javascript:alert(1)">x</a>',
        "<iframe src=https://evil.example/></iframe>",
        "<style>body{display:none}</style>",
        "[[<script>alert(1)</script>]]",
        "[[Wisp|<img src=x onerror=alert(1)>]]",
    ],
)
def test_hostile_input_never_becomes_active(hostile, make_card, alice):
    make_card(visibility="public")
    html = render_markup(hostile, viewer=alice).lower()
    tags = re.findall(r"<[a-z][^>]*>", html)
    for tag in tags:
        assert tag.split()[0].strip("<>") in {"p", "a", "code", "em", "strong"}, tag
        assert not re.search(r"\son[a-z]+=", tag), tag
        assert not re.search(r'href="(?!https?:|/cards/)', tag), tag


def test_javascript_link_is_not_a_link():
    html = render_markup("[x](javascript:alert(1))", viewer=None)
    assert "<a" not in html


def test_links_get_rel_and_pictures_become_links():
    html = render_markup(
        "[site](https://example.com/a) ![pic](https://example.com/p.png)", viewer=None
    )
    assert 'rel="nofollow ugc noopener"' in html
    assert "<img" not in html
    assert '<a href="https://example.com/p.png" rel="nofollow ugc noopener">pic</a>' in html


def test_card_link_to_a_public_card(make_card, bob):
    card = make_card(visibility="public", name="Ember Wisp")
    html = render_markup("Play [[ember wisp]] early, then [[Ember Wisp|the wisp]].", viewer=bob)
    assert f'href="/cards/{card.pk}/"' in html
    assert f'data-card-id="{card.pk}"' in html
    assert 'class="card-link"' in html
    assert ">ember wisp</a>" in html and ">the wisp</a>" in html


@pytest.mark.parametrize("visibility", ["private", "unlisted"])
def test_a_card_others_may_not_find_by_name_is_plain_text(make_card, bob, visibility):
    card = make_card(visibility=visibility, name="Secret Engine")
    for viewer in (bob, AnonymousUser(), None):
        html = render_markup("[[Secret Engine]] and [[Secret Engine|it]]", viewer=viewer)
        assert "<a" not in html and str(card.pk) not in html
        assert "Secret Engine" in html


def test_the_owner_sees_a_link_to_their_private_card(make_card, alice):
    card = make_card(visibility="private", name="Secret Engine")
    html = render_markup("[[secret engine]]", viewer=alice)
    assert f'href="/cards/{card.pk}/"' in html


def test_unknown_names_are_plain_text():
    html = render_markup("[[No Such Card]] [[No Such Card|shown]]", viewer=None)
    assert html == "<p>No Such Card shown</p>\n"


def test_own_card_first_then_the_oldest_public(make_card, alice, bob):
    older = make_card(owner=alice, visibility="public", name="Twin")
    newer = make_card(owner=alice, visibility="public", name="Twin")
    bobs = make_card(owner=bob, visibility="private", name="twin")
    assert f"/cards/{older.pk}/" in render_markup("[[Twin]]", viewer=None)
    assert f"/cards/{bobs.pk}/" in render_markup("[[Twin]]", viewer=bob)
    assert f"/cards/{newer.pk}/" not in render_markup("[[Twin]]", viewer=bob)


@pytest.mark.parametrize(
    "text",
    [
        "[[[Wisp]]]",
        "[[Wi[sp]]",
        "[[Wisp]",
        "[[ ]]",
        "[[|x]]",
        "[[Wisp\nWisp]]",
        "[[" + "W" * 101 + "]]",
        "[[[[Wisp]]]]",
        "[Wisp]([[Wisp]])",
    ],
)
def test_odd_brackets_do_not_break(text, make_card):
    make_card(visibility="public")
    html = render_markup(text, viewer=None)
    assert "<script" not in html
    assert html.count("<a") <= 2


def test_links_never_nest(make_card):
    make_card(visibility="public")
    # A card link is a link: the text around it cannot be another (markdown-it's own rule).
    html = render_markup("[see [[Wisp]] here](https://example.com/)", viewer=None)
    assert html.count("<a ") == 1 and 'class="card-link"' in html


def test_nested_brackets_still_link_the_inner_name(make_card):
    card = make_card(visibility="public")
    assert f"/cards/{card.pk}/" in render_markup("[[[Wisp]]]", viewer=None)


def test_many_card_links_take_one_query_and_little_time(make_card):
    card = make_card(visibility="public")
    names = " ".join(f"[[Card {n}]]" for n in range(1000))
    text = "[[Wisp]] " + "[[ ]] " * 10_000 + names
    started = time.monotonic()
    with CaptureQueriesContext(connection) as queries:
        html = render_markup(text, viewer=None)
    assert time.monotonic() - started < 10
    assert len(queries) <= 2  # the names, and nothing per name
    assert f"/cards/{card.pk}/" in html


def test_names_past_the_limit_are_plain_text(make_card):
    card = make_card(visibility="public", name="Last")
    names = " ".join(f"[[Name {n}]]" for n in range(MAX_CARD_LINKS)) + " [[Last]]"
    assert f"/cards/{card.pk}/" not in render_markup(names, viewer=None)


def test_ten_thousand_open_brackets_are_quick():
    started = time.monotonic()
    render_markup("[[" * 10_000 + "]]" * 10_000, viewer=None)
    render_markup("[" * 20_000, viewer=None)
    render_markup("> " * 5_000 + "x", viewer=None)
    assert time.monotonic() - started < 10


def test_headings_get_unique_anchors():
    rendered = render_document("# A\n\n## A\n\n###### deep", viewer=None, anchor_prefix="primer")
    assert [heading.anchor for heading in rendered.headings] == [
        "primer-a",
        "primer-a-2",
        "primer-deep",
    ]
    assert [heading.level for heading in rendered.headings] == [2, 3, 6]
    assert '<h6 id="primer-deep">' in rendered.html


def test_plain_text_reads_as_paragraphs():
    html = render_markup("A plain deck.\nAggro.\n\nSecond paragraph.", viewer=None)
    assert html.count("<p>") == 2


def test_outside_links():
    text = (
        "[a](https://example.com/a) <https://other.example/b> [self](/cards/1/) "
        "[local](http://testserver/decks/) ![p](http://img.example/p.png) "
        "[bad](javascript:alert(1)) [a again](https://example.com/a) https://bare.example/"
    )
    assert outside_links(text) == [
        "https://example.com/a",
        "https://other.example/b",
        "http://img.example/p.png",
    ]
    assert outside_links("") == []


def test_written_addresses():
    text = (
        "http://bare.example/a, then www.other.example. (https://third.example/x) "
        "http://testserver/decks/ [a](http://bare.example/a) e.g. example.com wwwx.example"
    )
    assert written_addresses(text) == [
        "http://bare.example/a",
        "www.other.example",
        "https://third.example/x",
    ]
    assert written_addresses("") == [] and written_addresses("http:// nothing") == []
