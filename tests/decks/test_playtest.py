"""The playtest board of a deck: anyone who may see the deck opens it under its edition or
another; withheld cards stay out of the game, and nothing of their text reaches the page."""

from __future__ import annotations

import json
import re

import pytest

from cards import rules
from decks.playtest import TURN_MODELS, edition_board

pytestmark = pytest.mark.django_db


def board_of(page: str) -> dict:
    found = re.search(
        r'<script id="playtest-data" type="application/json">(.*?)</script>', page, re.S
    )
    assert found, "the page carries no board"
    return json.loads(found.group(1))


def test_alice_opens_her_private_deck_on_the_board(client, alice, make_card, make_deck):
    wisp = make_card()
    deck = make_deck(entries=[(wisp, 3)])
    client.force_login(alice)
    answer = client.get(f"/decks/{deck.pk}/playtest/")
    assert answer.status_code == 200
    page = answer.content.decode()
    board = board_of(page)
    assert board["mode"] == "deck" and board["going"] == "first"
    assert board["edition"]["number"] == deck.edition
    assert board["library"] == [f"c{wisp.pk}"] * 3
    (face,) = board["cards"]
    assert face["name"] == "Ember Wisp" and face["text"] == "WHISPER: Draw 1 card."
    assert face["image"].startswith(f"/api/v1/cards/{wisp.pk}/render.png?size=small")
    assert "static/js/playtest.js" in page and 'id="site-status"' in page
    assert 'id="zone-granary-title"' in page


def test_the_deck_page_links_to_the_board(client, alice, make_card, make_deck):
    deck = make_deck(entries=[(make_card(), 1)])
    client.force_login(alice)
    page = client.get(f"/decks/{deck.pk}/").content.decode()
    assert f'href="/decks/{deck.pk}/playtest/"' in page


@pytest.mark.parametrize("who", ["bob", "nobody"])
def test_a_private_deck_is_not_found_by_anyone_else(client, alice, bob, make_card, make_deck, who):
    deck = make_deck(entries=[(make_card(), 1)])
    if who == "bob":
        client.force_login(bob)
    assert client.get(f"/decks/{deck.pk}/playtest/").status_code == 404
    assert client.get("/decks/999999/playtest/").status_code == 404


def test_withheld_cards_are_left_out_with_a_note_and_no_text(
    client, alice, bob, make_card, make_deck
):
    shown = make_card(visibility="public")
    secret = make_card(
        owner=bob, visibility="public", name="Hidden Ogre", ability_text="WHISPER: Draw 1 card."
    )
    deck = make_deck(owner=bob, entries=[(shown, 2), (secret, 3)], visibility="public")
    secret.visibility = "private"
    secret.save(update_fields=["visibility"])
    client.force_login(alice)
    page = client.get(f"/decks/{deck.pk}/playtest/").content.decode()
    board = board_of(page)
    assert "Hidden Ogre" not in page
    assert board["withheld_left_out"] == 3
    assert board["library"] == [f"c{shown.pk}"] * 2
    assert "3 withheld cards of this deck are left out of the game" in page


def test_another_edition_and_going_second(client, alice, make_card, make_deck):
    deck = make_deck(entries=[(make_card(), 1)])
    client.force_login(alice)
    board = board_of(
        client.get(f"/decks/{deck.pk}/playtest/?edition=11&going=second").content.decode()
    )
    assert board["going"] == "second"
    rules11 = board["edition"]
    assert rules11["reserves"] == 10 and rules11["opening_bury"] is False
    assert rules11["draw_phase"] == 0 and rules11["resource_draws"] == 2
    assert rules11["zones"]["grave"] == "graveyard"


@pytest.mark.parametrize(
    "query", ["edition=999", "edition=fourteen", "going=sideways", "edition=-1&going=second"]
)
def test_bad_options_are_a_400_naming_the_field(client, alice, make_card, make_deck, query):
    deck = make_deck(entries=[(make_card(), 1)])
    client.force_login(alice)
    answer = client.get(f"/decks/{deck.pk}/playtest/?{query}")
    assert answer.status_code == 400
    page = answer.content.decode()
    assert 'class="field-error"' in page
    assert board_of(page)["edition"]["number"] == deck.edition
    assert client.get(f"/decks/{deck.pk}/playtest/?going=%00").status_code == 400


def test_each_edition_takes_its_opening_and_turns_from_its_data():
    for number, edition in rules.load_editions().items():
        board = edition_board(edition)
        setup = edition.goldfish
        assert board["opening_hand"] == setup["opening_hand"]
        assert board["opening_bury"] == setup["opening_bury"]
        assert board["reserves"] == edition.reserves
        model = TURN_MODELS[str(setup["turn_rules"])]
        assert board["draw_phase"] == model.draw_phase, number
        assert board["zones"]["granary"] == edition.term("granary")
