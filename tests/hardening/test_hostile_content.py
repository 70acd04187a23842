"""Hostile text in cards and decks is shown as text, everywhere it appears.

Cards and decks are given the classic payloads — script tags, event handlers, a broken-out
attribute, javascript: links, template syntax, a closed textarea, a right-to-left override and
words too long for any line — in every text a designer types. Then a real browser visits every
page they appear on. On each page no script of theirs has run (``window.__pwned`` is unset and
no dialog opened), and the text reads as typed. The API returns the text verbatim, and the
card's PNG and the deck's PDF are drawn with it. (A card keeps its texts as a reader sees them:
the invisible right-to-left override is dropped from them when the card is saved.)
"""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import quote

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from cards import services as card_services
from cards.rules import clean_text
from community.models import Comment
from decks import services as deck_services
from simulations import services as simulation_services

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SCRIPT = "<script>window.__pwned=1</script>"
IMG = '<img src=x onerror="window.__pwned=1">'
SVG = '"><svg onload=window.__pwned=1>'
LINK = '<a href="javascript:window.__pwned=1">click me</a>'
BARE_LINK = "javascript:window.__pwned=1"
ALERT = "'><img src=x onerror=alert(1)>"
TEMPLATE = "{{7*7}} {% now 'Y' %} ${7*7}"
TEXTAREA = "</textarea><script>window.__pwned=1</script>"
RTL = "Ember \u202ekcatta\u202c Wisp"
LONG_WORD = "Ember" + "W" * 300

# Card names hold at most 100 characters: one payload each.
NAMES = [SCRIPT, IMG, SVG, LINK, ALERT, TEMPLATE, TEXTAREA, RTL, "Wisp" + "W" * 90]
EVERYTHING = " ".join([SCRIPT, IMG, SVG, LINK, BARE_LINK, ALERT, TEMPLATE, TEXTAREA, RTL])
ABILITY = f"WHISPER: Draw 1 card. {EVERYTHING}\n{LONG_WORD}"
FLAVOR = EVERYTHING
DESCRIPTION = f"{EVERYTHING}\n{LONG_WORD}"

# A card's texts as it keeps them (cards.rules.clean_text): the override is gone, all else stays.
CARD_NAMES = [clean_text(name) for name in NAMES]
CARD_ABILITY = clean_text(ABILITY)
CARD_FLAVOR = clean_text(FLAVOR)

PNG = b"\x89PNG\r\n\x1a\n"
PDF = b"%PDF-"


def make_hostile_world() -> dict[str, Any]:
    users = get_user_model().objects
    alice = users.create_user("alice", "alice@example.com", "correct-horse-battery")
    cards = [
        card_services.card_create(
            owner=alice,
            definition={
                "name": name,
                "kind": "minion",
                "design_edition": 14,
                "level": 1,
                "sp": 1,
                "hp": 2,
                "ability_text": ABILITY,
                "flavor_text": FLAVOR,
            },
            visibility="public",
        )
        for name in NAMES
    ]
    # A second revision, so the history page shows the texts as a change too.
    card_services.card_update(
        card=cards[0],
        user=alice,
        definition={**cards[0].definition(), "flavor_text": f"{FLAVOR} {SCRIPT}"},
    )
    decks = [
        deck_services.deck_create(
            owner=alice,
            name=name,
            description=DESCRIPTION,
            visibility="public",
            entries=[(card, 4) for card in cards],
        )
        for name in (SVG, TEXTAREA, RTL)
    ]
    # Comments hold every payload too (as Markdown: raw HTML is shown as text).
    comments = [
        Comment.objects.create(author=alice, card=cards[0], text=EVERYTHING),
        Comment.objects.create(author=alice, deck=decks[0], text=f"{EVERYTHING}\n{LONG_WORD}"),
    ]
    run, _ = simulation_services.simulation_start(
        definition=deck_services.deck_definition(decks[0]),
        options=simulation_services.options_for_edition(
            {"games": 500, "seed": 1, "max_turns": 10, "going": "first", "bury": "default"},
            edition=decks[0].edition,
        ),
        deck_id=decks[0].pk,
        user=alice,
    )
    return {"alice": alice, "cards": cards, "decks": decks, "run": run, "comments": comments}


@pytest.fixture
def hostile(page, live_server, inline_workers) -> dict[str, Any]:
    """The world, and the browser logged in as its designer and watching for dialogs."""
    world = make_hostile_world()
    client = Client()
    client.force_login(world["alice"])
    page.context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}]
    )
    world["dialogs"] = []
    page.on("dialog", lambda dialog: (world["dialogs"].append(dialog.message), dialog.dismiss()))
    return world


def assert_harmless(page: Any, world: dict[str, Any], where: str) -> None:
    page.wait_for_load_state("networkidle")
    assert page.evaluate("() => window.__pwned") is None, f"a payload ran on {where}"
    assert not world["dialogs"], f"a payload opened a dialog on {where}"
    # No javascript: link the payloads carry is a real link on the page.
    hrefs = page.eval_on_selector_all("a[href]", "links => links.map(a => a.href)")
    assert not [href for href in hrefs if href.lower().startswith("javascript:")], where
    assert not page.locator("main svg[onload], main img[onerror]").count(), where


def text_of(page: Any) -> str:
    return page.inner_text("body")


def visit(page: Any, world: dict[str, Any], url: str, *shown: str, status: int = 200) -> str:
    response = page.goto(url)
    assert response is not None and response.status == status, url
    assert_harmless(page, world, url)
    body = text_of(page)
    for text in shown:
        assert text in body, f"{text!r} is not shown as text on {url}"
    return body


def test_payloads_are_text_on_every_page(page, hostile):
    world = hostile
    card, deck = world["cards"][0], world["decks"][0]
    every_name = [name for name in CARD_NAMES if len(name) < 60]
    visit(page, world, f"/cards/{card.pk}/", SCRIPT, CARD_FLAVOR, LONG_WORD)
    for other in world["cards"][1:]:
        visit(page, world, f"/cards/{other.pk}/", other.name)
    visit(page, world, f"/cards/{card.pk}/history/", SCRIPT, TEXTAREA)
    visit(page, world, "/cards/?q=by:alice", *every_name)
    visit(page, world, "/cards/mine/", *every_name)
    visit(page, world, "/collection/", *every_name)
    visit(page, world, "/decks/", SVG, TEXTAREA, RTL)
    visit(page, world, "/decks/mine/", SVG, TEXTAREA, RTL)
    visit(page, world, f"/decks/{deck.pk}/", SVG, *every_name)
    visit(page, world, f"/decks/{deck.pk}/?q=by:alice&seed=7", *every_name)
    visit(page, world, f"/decks/{deck.pk}/print/", SVG)
    visit(page, world, "/glossary/draw/", *every_name)
    visit(page, world, f"/simulations/{world['run'].id}/", SCRIPT, IMG)
    visit(page, world, f"/cards/{card.pk}/comments/", SCRIPT, IMG, TEXTAREA)
    visit(page, world, f"/decks/{deck.pk}/comments/", SCRIPT, IMG, LONG_WORD)
    visit(page, world, f"/comments/{world['comments'][0].pk}/edit/")
    assert page.input_value("#id_text") == EVERYTHING
    # Django shows the missing address URL-quoted.
    visit(page, world, f"/no-such-page/{quote(SCRIPT)}/", "Page not found", status=404)

    # The edit form holds the texts as typed, and its live preview draws them.
    visit(page, world, f"/cards/{card.pk}/edit/")
    assert page.input_value("#id_name") == card.name
    assert page.input_value("#id_ability_text") == CARD_ABILITY
    assert page.input_value("#id_flavor_text").startswith(CARD_FLAVOR)
    with page.expect_response("**/cards/preview/") as answer:
        page.fill("#id_name", TEXTAREA)
    assert answer.value.status == 200
    assert_harmless(page, world, "the card preview")

    # A new design typed with the payloads previews and saves as text.
    visit(page, world, "/cards/new/")
    with page.expect_response("**/cards/preview/"):
        page.fill("#id_name", IMG)
    with page.expect_response("**/cards/preview/"):
        page.fill("#id_ability_text", ABILITY)
    assert_harmless(page, world, "the new card's preview")
    # The guide computes no level for such a text, so one is typed.
    page.fill("#id_level", "1")
    page.click("#save-card")
    page.wait_for_url("**/cards/*/")
    assert page.inner_text("h1") == IMG
    assert_harmless(page, world, "a card saved from the form")

    # The check page reads the payloads and shows its verdict on them.
    visit(page, world, "/check/")
    page.fill("#id_name", SVG)
    with page.expect_response("**/check/"):
        page.fill("#id_ability_text", ABILITY)
    page.wait_for_selector("#check-result .badge")
    assert_harmless(page, world, "the check page")

    # The deck's details form holds its name and description as typed.
    visit(page, world, f"/decks/{world['decks'][1].pk}/")
    assert page.input_value("#id_name") == TEXTAREA
    assert page.input_value("#id_description") == DESCRIPTION


@pytest.mark.once  # the pages' layout: their CSS, not the rows behind them (tests/conftest.py)
def test_long_words_do_not_stretch_the_pages(page, hostile):
    card, deck = hostile["cards"][0], hostile["decks"][0]
    for url in (
        f"/cards/{card.pk}/",
        f"/cards/{card.pk}/edit/",
        f"/cards/{card.pk}/history/",
        "/cards/?q=by:alice",
        "/collection/",
        f"/decks/{deck.pk}/?q=by:alice&seed=7",
        f"/decks/{deck.pk}/print/",
        f"/decks/{deck.pk}/comments/",
        "/glossary/draw/",
        f"/simulations/{hostile['run'].id}/",
    ):
        page.goto(url)
        page.wait_for_load_state("networkidle")
        width = page.evaluate("() => document.documentElement.scrollWidth")
        assert width <= 1280, f"{url} is {width} pixels wide"


def test_the_api_png_and_pdf_carry_the_payloads(page, hostile):
    card, deck = hostile["cards"][0], hostile["decks"][0]
    answer = page.request.get(f"/api/v1/cards/{card.pk}/")
    assert answer.ok and answer.headers["content-type"] == "application/json"
    body = json.loads(answer.body())
    assert body["name"] == SCRIPT and body["ability_text"] == CARD_ABILITY
    assert body["flavor_text"] == f"{CARD_FLAVOR} {SCRIPT}"
    assert SCRIPT in answer.text()  # a JSON string, not escaped into entities

    deck_answer = json.loads(page.request.get(f"/api/v1/decks/{deck.pk}/").body())
    assert deck_answer["name"] == SVG and deck_answer["description"] == DESCRIPTION
    assert {entry["name"] for entry in deck_answer["entries"]} == set(CARD_NAMES)

    for hostile_card in hostile["cards"]:
        render = page.request.get(f"/api/v1/cards/{hostile_card.pk}/render.png")
        assert render.status == 200 and render.headers["content-type"] == "image/png"
        assert render.body().startswith(PNG)
    for url in (f"/api/v1/decks/{deck.pk}/print.pdf", f"/decks/{deck.pk}/print.pdf?paper=a4"):
        pdf = page.request.get(url)
        assert pdf.status == 200 and pdf.headers["content-type"] == "application/pdf", url
        assert pdf.body().startswith(PDF)
    exported = page.request.get(f"/decks/{deck.pk}/export.txt")
    assert exported.headers["content-type"].startswith("text/plain")
    assert SVG in exported.text()
