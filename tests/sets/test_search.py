"""`set:CODE` and `set:alice/CODE` in card search: the cards of a released set, or of one's own
sets; a set not yet released is found only by its designers; a malformed value is an error
that says how to write it."""

from __future__ import annotations

import pytest

from tests.sets.world import make_cards, make_set

pytestmark = pytest.mark.django_db


def ids(answer) -> list[int]:
    assert answer.status_code == 200, answer.content
    return sorted(card["id"] for card in answer.json()["results"])


def test_set_code_finds_the_cards_of_a_released_set(api, alice, bob):
    cards = make_cards(alice, 2, visibility="public")
    make_set(alice, "released", cards=cards, code="EMB")
    make_set(bob, "released", cards=make_cards(bob, 1, prefix="Bob"), code="EMB")
    assert len(ids(api.get("/api/v1/cards/", {"q": "set:emb"}))) == 3
    assert ids(api.get("/api/v1/cards/", {"q": "set:alice/EMB"})) == sorted(c.pk for c in cards)
    assert ids(api.get("/api/v1/cards/", {"q": "set:carol/EMB"})) == []


def test_an_unreleased_set_is_found_by_its_designers_alone(api, alice, bob):
    cards = make_cards(alice, 2, visibility="public")
    make_set(alice, "scheduled", cards=cards, code="SCH")
    assert ids(api.get("/api/v1/cards/", {"q": "set:SCH"})) == []
    api.force_authenticate(bob)
    assert ids(api.get("/api/v1/cards/", {"q": "set:SCH"})) == []
    api.force_authenticate(alice)
    assert ids(api.get("/api/v1/cards/", {"q": "set:SCH"})) == sorted(c.pk for c in cards)


@pytest.mark.parametrize("query", ["set:", "set:E", "set:TOOLONG", "set:alice/", "set:a/b/EMB"])
def test_a_malformed_set_is_an_error_saying_how(api, query):
    answer = api.get("/api/v1/cards/", {"q": query})
    assert answer.status_code == 400
    assert "set:EMB" in answer.content.decode()
