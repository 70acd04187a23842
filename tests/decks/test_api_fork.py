"""POST /api/v1/decks/<id>/fork/: copy a deck you can see into your own decks."""

import pytest

pytestmark = pytest.mark.django_db


def test_forking_a_public_deck(api, alice, bob, make_deck, make_card):
    card = make_card(visibility="public")
    deck = make_deck(visibility="public", entries=[(card, 4)])
    api.force_authenticate(bob)
    response = api.post(f"/api/v1/decks/{deck.pk}/fork/")
    assert response.status_code == 201
    data = response.json()
    assert data["owner"] == "bob" and data["visibility"] == "private"
    assert data["forked_from"] == deck.pk and data["id"] != deck.pk
    assert [(e["card"], e["count"]) for e in data["entries"]] == [(card.pk, 4)]
