"""POST /sets/{id}/deck/: bob starts a deck with one of each card of alice's released set."""

from __future__ import annotations

import pytest

from decks.models import Deck
from tests.sets.world import make_set

pytestmark = pytest.mark.django_db


def test_bob_builds_a_deck_from_a_released_set(client, alice, bob):
    card_set = make_set(alice, "released")
    client.force_login(bob)
    answer = client.post(f"/sets/{card_set.pk}/deck/")
    assert answer.status_code == 302
    deck = Deck.objects.get(owner=bob)
    assert deck.visibility == "private" and deck.name == "Embers"
    assert sorted((e.card_id, e.count) for e in deck.entries.all()) == sorted(
        (card_id, 1) for card_id in card_set.entries.values_list("card_id", flat=True)
    )


def test_no_deck_from_a_set_one_may_not_see(client, alice, bob):
    card_set = make_set(alice, "scheduled")
    client.force_login(bob)
    assert client.post(f"/sets/{card_set.pk}/deck/").status_code == 404
    assert not Deck.objects.exists()
