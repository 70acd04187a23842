"""The run page says at the top when the deck may not be played, and lists the parts of card
texts that do nothing against a goldfish, with the reason."""

import re

import pytest

from tests.simulations.conftest import minion, spell

pytestmark = pytest.mark.django_db

SMALL = [(8, minion("Ember Whelp", 0, 1)), (2, spell("Mending Light", 3, "3-dice-heal yourself."))]


def start(client, deck) -> str:
    answer = client.post(
        f"/decks/{deck.pk}/goldfish/",
        {"games": 1000, "seed": 2, "max_turns": 20, "going": "first", "bury": "default"},
    )
    assert answer.status_code == 302
    return answer.headers["Location"]


def test_a_deck_in_progress_is_played_and_the_page_says_it_is_not_legal(
    client, alice, make_deck, inline_workers
):
    deck = make_deck(alice, entries=SMALL)
    client.force_login(alice)
    page = client.get(start(client, deck)).content.decode()
    banner = re.search(r'<div class="errors not-legal" role="alert">(.*?)</div>', page, re.S)
    assert banner, "no banner at the top of a run of a 10-card deck"
    assert "may not be played under the 14th Edition" in banner.group(1)
    # The banner comes before any of the results.
    assert page.index("not-legal") < page.index("<svg")


def test_the_page_lists_what_does_nothing_against_a_goldfish(
    client, alice, make_deck, inline_workers
):
    deck = make_deck(alice, entries=SMALL)
    client.force_login(alice)
    page = client.get(start(client, deck)).content.decode()
    ignored = re.search(r'<details class="ignored-effects">(.*?)</details>', page, re.S)
    assert ignored, "the ignored effects are not on the page"
    assert "Mending Light" in ignored.group(1)
    assert "never damages you" in ignored.group(1)
    assert "Ember Whelp" not in ignored.group(1)


def test_a_legal_deck_gets_no_banner(client, alice, make_deck, inline_workers):
    # Levels as the 14th guide computes them: SP + HP / 2, rounded up.
    deck = make_deck(
        alice, entries=[(30, minion("Ember Whelp", 2, 1, 1)), (10, minion("Ash Golem", 4, 2, 3))]
    )
    client.force_login(alice)
    page = client.get(start(client, deck)).content.decode()
    assert "not-legal" not in page
