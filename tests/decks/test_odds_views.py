"""The deck's odds panel and API: exact answers, the goldfish's estimate beside them when a run
of the deck as it is has one, clear messages for questions that cannot be answered, and
nothing of a card or deck the viewer may not see."""

from __future__ import annotations

from fractions import Fraction
from math import comb

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from decks import goldfish
from decks.services import deck_definition
from simulations.models import SimulationRun
from simulations.runs import options_json
from simulations.services import run_cache_key

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}


def client_for(user=None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def at_least_one(deck_size: int, copies: int, seen: int) -> Fraction:
    return 1 - Fraction(comb(deck_size - copies, seen), comb(deck_size, seen))


@pytest.fixture
def deck(alice, make_card, make_deck):
    wisp = make_card(visibility="public")
    spark = make_card(visibility="public", name="Spark Bolt")
    filler = make_card(visibility="public", name="Filler")
    return make_deck(entries=[(wisp, 4), (spark, 2), (filler, 34)], visibility="public")


def card_id(deck, name: str) -> int:
    return next(e.card_id for e in deck.entries.all() if e.card.name == name)


def test_the_panel_answers_exactly(alice, deck) -> None:
    wisp = card_id(deck, "Ember Wisp")
    url = reverse("deck-odds", args=[deck.pk])
    response = client_for(alice).get(
        url, {"cards": [wisp], "at_least": 1, "turn": 3, "going": "first"}, headers=HTMX
    )
    assert response.status_code == 200
    body = response.content.decode()
    # 40 cards, 4 copies; going first: 5 + 2 draws = 7 seen.
    expected = float(at_least_one(40, 4, 7) * 100)
    assert f"{expected:.2f}%" in body
    assert "7 of 40 cards seen" in body
    second = client_for(alice).get(
        url, {"cards": [wisp], "turn": 3, "going": "second"}, headers=HTMX
    )
    assert f"{float(at_least_one(40, 4, 8) * 100):.2f}%" in second.content.decode()


def test_the_api_answers_with_the_fraction_and_the_distribution(api, deck) -> None:
    wisp, spark = card_id(deck, "Ember Wisp"), card_id(deck, "Spark Bolt")
    response = api.get(
        f"/api/v1/decks/{deck.pk}/odds/",
        {"cards": f"{wisp},{spark}", "at_least": 2, "turn": 2, "going": "second", "bury": 2},
    )
    assert response.status_code == 200, response.content
    data = response.json()
    # 6 copies; going second, 5 + 2 buried and drawn again + 2 draws = 9 seen.
    assert (data["copies"], data["seen"]) == (6, 9)
    spread = [Fraction(comb(6, k) * comb(34, 9 - k), comb(40, 9)) for k in range(7)]
    assert Fraction(data["chance_at_least_exact"]) == sum(spread[2:])
    assert [row["copies"] for row in data["distribution"]] == list(range(7))
    assert data["goldfish"]["chance"] is None


@pytest.mark.parametrize(
    ("params", "field", "words"),
    [
        ({"at_least": "5"}, "at_least", "at most 4"),
        ({"turn": "0"}, "turn", "at least 1"),
        ({"turn": "x"}, "turn", "whole number"),
        ({"going": "sideways"}, "going", "first or going second"),
        ({"bury": "6"}, "bury", "At most the 5"),
        ({"cards": "999999"}, "cards", "may see"),
    ],
)
def test_bad_questions_get_messages_never_a_500(api, alice, deck, params, field, words) -> None:
    wisp = card_id(deck, "Ember Wisp")
    query = {"cards": str(wisp), **params}
    page = client_for(alice).get(reverse("deck-odds", args=[deck.pk]), query)
    assert page.status_code == 400
    assert words in page.content.decode()
    answer = api.get(f"/api/v1/decks/{deck.pk}/odds/", query)
    assert answer.status_code == 400
    assert field in answer.json()


def test_an_empty_choice_asks_for_a_card(alice, deck) -> None:
    response = client_for(alice).get(
        reverse("deck-odds", args=[deck.pk]), {"turn": "3"}, headers=HTMX
    )
    assert response.status_code == 200
    assert "Choose at least one card" in response.content.decode()
    fresh = client_for(alice).get(reverse("deck-odds", args=[deck.pk]), headers=HTMX)
    assert "Choose at least one card" not in fresh.content.decode()


def test_a_withheld_card_cannot_be_chosen_and_is_never_named(
    api, bob, make_card, make_deck
) -> None:
    shown = make_card(visibility="public", name="Open Flame")
    secret = make_card(visibility="private", name="Hidden Ember")
    deck = make_deck(entries=[(shown, 38), (secret, 2)], visibility="public")
    url = reverse("deck-odds", args=[deck.pk])
    panel = client_for(bob).get(url, headers=HTMX).content.decode()
    assert "Open Flame" in panel and "Hidden Ember" not in panel
    refused = client_for(bob).get(url, {"cards": str(secret.pk)})
    unknown = client_for(bob).get(url, {"cards": "999999"})
    assert refused.status_code == unknown.status_code == 400
    assert "Hidden Ember" not in refused.content.decode()
    # The withheld copies still count in the deck the cards are drawn from.
    api.force_authenticate(bob)
    data = api.get(f"/api/v1/decks/{deck.pk}/odds/", {"cards": str(shown.pk)}).json()
    assert data["deck_size"] == 40


def test_a_private_deck_has_no_odds_for_others(api, bob, make_card, make_deck) -> None:
    deck = make_deck(entries=[(make_card(), 3)], visibility="private")
    assert client_for(bob).get(reverse("deck-odds", args=[deck.pk])).status_code == 404
    api.force_authenticate(bob)
    assert api.get(f"/api/v1/decks/{deck.pk}/odds/", {"cards": "1"}).status_code == 404


def finished_run(deck, *, going: str, chance: float) -> SimulationRun:
    options = goldfish.Options(games=500, seed=1, going=going, bury="none", edition=deck.edition)
    definition = deck_definition(deck)
    return SimulationRun.objects.create(
        deck=deck,
        deck_snapshot=definition,
        options=options_json(options),
        cache_key=run_cache_key(definition, options),
        status=SimulationRun.Status.SUCCEEDED,
        chunks_total=1,
        finished=timezone.now(),
        result={"p_seen_by_turn": {"Ember Wisp": {"1": 0.4, "2": 0.5, "3": chance}}},
    )


def test_the_goldfish_estimate_sits_next_to_the_exact_answer(api, alice, deck) -> None:
    run = finished_run(deck, going="first", chance=0.5611)
    wisp = card_id(deck, "Ember Wisp")
    url = reverse("deck-odds", args=[deck.pk])
    body = client_for(alice).get(url, {"cards": [wisp], "turn": 3}, headers=HTMX).content.decode()
    assert "Goldfish estimate: <strong>56.11%</strong>" in body
    data = api.get(f"/api/v1/decks/{deck.pk}/odds/", {"cards": str(wisp), "turn": 3}).json()
    assert data["goldfish"] == {
        "chance": 0.5611,
        "note": data["goldfish"]["note"],
        "run": str(run.pk),
    }
    # Going second, or a question the goldfish does not count, has no estimate, and says why.
    other = api.get(
        f"/api/v1/decks/{deck.pk}/odds/", {"cards": str(wisp), "turn": 3, "going": "second"}
    ).json()
    assert other["goldfish"]["chance"] is None and "going second" in other["goldfish"]["note"]
    two = api.get(f"/api/v1/decks/{deck.pk}/odds/", {"cards": str(wisp), "at_least": 2}).json()
    assert two["goldfish"]["chance"] is None and "at least 1" in two["goldfish"]["note"]


def test_a_run_of_the_deck_before_it_changed_gives_no_estimate(api, alice, deck, make_card) -> None:
    finished_run(deck, going="first", chance=0.5)
    entry = deck.entries.get(card__name="Filler")
    entry.count = 33
    entry.save()
    wisp = card_id(deck, "Ember Wisp")
    data = api.get(f"/api/v1/decks/{deck.pk}/odds/", {"cards": str(wisp)}).json()
    assert data["goldfish"]["chance"] is None
    assert "as it is now" in data["goldfish"]["note"]


def test_the_standalone_page_works_without_htmx(alice, deck) -> None:
    response = client_for(alice).get(reverse("deck-odds", args=[deck.pk]))
    assert response.status_code == 200
    body = response.content.decode()
    assert "<h1>Draw odds of" in body and 'name="cards"' in body
    detail = client_for(alice).get(reverse("deck-detail", args=[deck.pk])).content.decode()
    assert reverse("deck-odds", args=[deck.pk]) in detail
