"""POST /api/v1/sets/{id}/invitation/ and .../invitation/accept/: alice invites bob to co-own
her set; he sees it once he accepts, and adds his own cards."""

from __future__ import annotations

import pytest

from sets.models import SetDesigner
from tests.sets.world import make_cards, make_set

pytestmark = pytest.mark.django_db


def test_bob_co_owns_alices_set_once_he_accepts(as_alice, api, alice, bob):
    card_set = make_set(alice, "private")
    invited = as_alice.post(
        f"/api/v1/sets/{card_set.pk}/invitation/", {"username": "bob"}, format="json"
    )
    assert invited.status_code == 201, invited.content
    api.force_authenticate(bob)
    assert api.get(f"/api/v1/sets/{card_set.pk}/").status_code == 404
    accepted = api.post(f"/api/v1/sets/{card_set.pk}/invitation/accept/")
    assert accepted.status_code == 200, accepted.content
    assert accepted.json()["designers"] == ["alice", "bob"]
    # Alice's private cards are withheld from him: the set shows him their places only.
    assert [c["withheld"] for c in accepted.json()["cards"]] == [True, True]
    bobs = make_cards(bob, 1, prefix="Bob")[0]
    ids = [c["id"] for c in accepted.json()["cards"]]
    added = api.patch(f"/api/v1/sets/{card_set.pk}/", {"cards": [*ids, bobs.pk]}, format="json")
    assert added.status_code == 200, added.content
    assert added.json()["cards"][-1]["name"] == "Bob 1"


def test_an_unknown_designer_is_a_400_and_strangers_cannot_accept(as_alice, api, alice, carol):
    card_set = make_set(alice, "private")
    answer = as_alice.post(
        f"/api/v1/sets/{card_set.pk}/invitation/", {"username": "nobody"}, format="json"
    )
    assert answer.status_code == 400 and "username" in answer.json()
    api.force_authenticate(carol)
    assert api.post(f"/api/v1/sets/{card_set.pk}/invitation/accept/").status_code == 404
    assert not SetDesigner.objects.exists()
