"""GET/PATCH/DELETE /api/v1/sets/{id}/: an unreleased set is a 404 to all but its designers;
its designers change it, its owner deletes it; a released set's cards are fixed."""

from __future__ import annotations

import pytest

from sets.models import CardSet
from tests.sets.world import make_cards, make_set

pytestmark = pytest.mark.django_db


def url(card_set) -> str:
    return f"/api/v1/sets/{card_set.pk}/"


@pytest.mark.parametrize("state", ["private", "scheduled", "co-owned"])
def test_an_unreleased_set_is_not_there_for_strangers(api, alice, bob, carol, state):
    card_set = make_set(alice, state, co_owner=bob)
    assert api.get(url(card_set)).status_code == 404
    api.force_authenticate(carol)
    assert api.get(url(card_set)).status_code == 404
    api.force_authenticate(bob)
    assert api.get(url(card_set)).status_code == (200 if state == "co-owned" else 404)


def test_a_released_set_shows_its_cards_to_everyone(api, alice):
    card_set = make_set(alice, "released")
    body = api.get(url(card_set)).json()
    assert [c["withheld"] for c in body["cards"]] == [False, False]
    assert body["visibility"] == "public" and body["released_at"]


def test_alice_reorders_her_set(as_alice, alice):
    cards = make_cards(alice, 3)
    card_set = make_set(alice, "private", cards=cards)
    answer = as_alice.patch(
        url(card_set), {"cards": [cards[1].pk, cards[0].pk], "name": "Cinders"}, format="json"
    )
    assert answer.status_code == 200, answer.content
    assert [c["id"] for c in answer.json()["cards"]] == [cards[1].pk, cards[0].pk]
    assert answer.json()["name"] == "Cinders"


def test_bob_may_not_change_a_released_set_of_alices(api, alice, bob):
    card_set = make_set(alice, "released")
    api.force_authenticate(bob)
    assert api.patch(url(card_set), {"name": "Mine"}, format="json").status_code == 403
    assert api.delete(url(card_set)).status_code == 403
    assert CardSet.objects.get(pk=card_set.pk).name == "Embers"


def test_a_released_sets_cards_are_fixed(as_alice, alice):
    card_set = make_set(alice, "released")
    extra = make_cards(alice, 1, prefix="Late")[0]
    ids = list(card_set.entries.values_list("card_id", flat=True))
    answer = as_alice.patch(url(card_set), {"cards": [*ids, extra.pk]}, format="json")
    assert answer.status_code == 400 and "fixed" in answer.json()["cards"][0]
    assert card_set.entries.count() == 2


def test_a_co_owner_adds_only_their_own_cards_and_cannot_delete(api, alice, bob):
    card_set = make_set(alice, "co-owned", co_owner=bob)
    api.force_authenticate(bob)
    alices_other = make_cards(alice, 1, prefix="Other")[0]
    ids = list(card_set.entries.values_list("card_id", flat=True))
    answer = api.patch(url(card_set), {"cards": [*ids, alices_other.pk]}, format="json")
    assert answer.status_code == 400
    assert api.delete(url(card_set)).status_code == 403


def test_alice_deletes_her_set_and_keeps_its_cards(as_alice, alice):
    card_set = make_set(alice, "released")
    ids = list(card_set.entries.values_list("card_id", flat=True))
    assert as_alice.delete(url(card_set)).status_code == 204
    assert not CardSet.objects.exists()
    assert alice.cards.filter(pk__in=ids).count() == 2


def test_a_released_sets_code_is_fixed(as_alice, alice):
    card_set = make_set(alice, "released")
    answer = as_alice.patch(url(card_set), {"code": "NEW"}, format="json")
    assert answer.status_code == 400 and "printed" in answer.json()["code"][0]
