"""Opening one game of a finished goldfish run at a turn: the board holds the cards the engine
had, from the run's deck snapshot; the run must be the viewer's to open; bad numbers are 400s
naming the field; a card made private since shows face down, without its name or text."""

from __future__ import annotations

import json
import re
from collections import Counter

import pytest

from cards.models import Card
from decks.goldfish.replay import card_entries, replay_game
from decks.models import Deck, DeckEntry
from simulations.models import SimulationRun
from simulations.runs import goldfish_deck, options_from_json
from tests.simulations.conftest import STARTER

pytestmark = pytest.mark.django_db

OPTIONS = {"games": 1200, "seed": 4, "max_turns": 12, "going": "second", "bury": "default"}


def board_of(page: str) -> dict:
    found = re.search(
        r'<script id="playtest-data" type="application/json">(.*?)</script>', page, re.S
    )
    assert found, "the page carries no board"
    return json.loads(found.group(1))


@pytest.fixture
def starter(alice):
    from cards.services import card_create

    def make(visibility: str = "private") -> Deck:
        deck = Deck.objects.create(owner=alice, name="Starter", edition=14, visibility=visibility)
        for count, definition in STARTER:
            card = card_create(owner=alice, definition=definition, visibility=visibility)
            DeckEntry.objects.create(deck=deck, card=card, count=count)
        return deck

    return make


def run_of(client, deck) -> str:
    answer = client.post(f"/decks/{deck.pk}/goldfish/", OPTIONS)
    assert answer.status_code == 302, answer.content.decode()
    return answer.headers["Location"].strip("/").split("/")[-1]


def names(board: dict, keys: list[str]) -> Counter:
    faces = {card["key"]: card["name"] for card in board["cards"]}
    return Counter(faces[key] for key in keys)


def test_alice_opens_game_1105_at_turn_3_as_the_engine_had_it(
    client, alice, starter, inline_workers
):
    client.force_login(alice)
    run_id = run_of(client, starter())
    run_page = client.get(f"/simulations/{run_id}/").content.decode()
    assert f'action="/simulations/{run_id}/play/"' in run_page

    answer = client.get(f"/simulations/{run_id}/play/", {"game": 1105, "turn": 3})
    assert answer.status_code == 200, answer.content.decode()
    board = board_of(answer.content.decode())
    assert board["mode"] == "replay" and board["going"] == "second"
    assert board["state"]["turn"] == 3

    run = SimulationRun.objects.get(pk=run_id)
    deck = goldfish_deck(run.deck_snapshot)
    game = replay_game(deck, options_from_json(run.options), 1105)
    state = game.at_turn(3)
    zones = board["state"]["zones"]
    for zone in ("hand", "field", "granary", "grave"):
        assert names(board, zones[zone]) == Counter(game.names[c] for c in getattr(state, zone))
    # The deck's order, card by card.
    assert [names(board, [key]).most_common(1)[0][0] for key in zones["library"]] == [
        game.names[card] for card in state.library
    ]
    assert len(card_entries(deck)) == 40


def test_every_game_replayed_ends_on_the_turn_the_run_counted(
    client, alice, starter, inline_workers
):
    client.force_login(alice)
    run_id = run_of(client, starter())
    run = SimulationRun.objects.get(pk=run_id)
    deck, options = goldfish_deck(run.deck_snapshot), options_from_json(run.options)
    kills = Counter(replay_game(deck, options, number).kill_turn for number in range(1, 1201))
    histogram = run.result["kill_turn"]["histogram"]
    assert {turn: count for turn, count in histogram.items() if count} == {
        str(turn): count for turn, count in kills.items() if turn is not None
    }
    assert kills[None] == run.result["not_won"]


@pytest.mark.parametrize(
    ("query", "field"),
    [
        ({"game": 0, "turn": 1}, "play-game-number-error"),
        ({"game": 1201, "turn": 1}, "play-game-number-error"),
        ({"game": "x", "turn": 1}, "play-game-number-error"),
        ({"game": 1, "turn": 13}, "play-game-turn-error"),
        ({"game": 1, "turn": ""}, "play-game-turn-error"),
        ({"game": 1, "turn": 12}, "play-game-turn-error"),  # the game was over by then
    ],
)
def test_bad_numbers_are_a_400_naming_the_field(
    client, alice, starter, inline_workers, query, field
):
    client.force_login(alice)
    run_id = run_of(client, starter())
    answer = client.get(f"/simulations/{run_id}/play/", query)
    assert answer.status_code == 400
    assert f'id="{field}"' in answer.content.decode()


def test_a_private_run_is_not_found_by_anyone_else(client, alice, bob, starter, inline_workers):
    client.force_login(alice)
    run_id = run_of(client, starter())
    client.force_login(bob)
    assert client.get(f"/simulations/{run_id}/play/", {"game": 1, "turn": 1}).status_code == 404
    client.logout()
    assert client.get(f"/simulations/{run_id}/play/", {"game": 1, "turn": 1}).status_code == 404


def test_a_card_made_private_since_shows_face_down(client, alice, bob, starter, inline_workers):
    deck = starter(visibility="public")
    client.force_login(bob)
    run_id = run_of(client, deck)
    Card.objects.filter(owner=alice, name="Ash Golem").update(visibility="private")
    answer = client.get(f"/simulations/{run_id}/play/", {"game": 7, "turn": 3})
    assert answer.status_code == 200
    page = answer.content.decode()
    assert "Ash Golem" not in page
    board = board_of(page)
    withheld = [card for card in board["cards"] if card["withheld"]]
    assert len(withheld) == 1 and withheld[0]["text"] == "" and withheld[0]["level"] is None
    every = [key for zone in board["state"]["zones"].values() for key in zone]
    assert every.count("withheld") == 10
