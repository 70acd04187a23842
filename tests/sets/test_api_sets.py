"""GET/POST /api/v1/sets/: alice makes a set of her cards, in order and numbered; bad input is
a 400 naming the field and saves nothing; strangers list only released public sets."""

from __future__ import annotations

import pytest

from sets.models import CardSet
from tests.sets.world import make_cards, make_set

pytestmark = pytest.mark.django_db

URL = "/api/v1/sets/"


def test_alice_makes_a_set_of_her_cards_in_order(as_alice, alice):
    cards = make_cards(alice, 3)
    order = [cards[2].pk, cards[0].pk, cards[1].pk]
    answer = as_alice.post(
        URL,
        {"name": "Embers", "code": "EMB", "cards": order, "description": "# Fire"},
        format="json",
    )
    assert answer.status_code == 201, answer.content
    body = answer.json()
    assert [c["id"] for c in body["cards"]] == order
    assert [c["label"] for c in body["cards"]] == ["001/003", "002/003", "003/003"]
    assert body["released_at"] is None and body["designers"] == ["alice"]
    assert "<h" in body["description_html"]


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"name": "Embers", "code": "emb"}, "code"),
        ({"name": "Embers", "code": "E"}, "code"),
        ({"name": "Embers", "code": "EMBERS"}, "code"),
        ({"name": "", "code": "EMB"}, "name"),
        ({"name": "Embers", "code": "EMB", "cards": [999_999]}, "cards"),
        ({"name": "Embers", "code": "EMB", "cards": ["x"]}, "cards"),
        ({"name": "Embers", "code": "EMB", "edition": 3}, "edition"),
        ({"name": "Embers", "code": "EMB", "release_at": "2001-01-01T00:00Z"}, "release_at"),
    ],
)
def test_bad_input_is_a_400_naming_the_field(as_alice, body, field):
    answer = as_alice.post(URL, body, format="json")
    assert answer.status_code == 400, answer.content
    assert field in answer.json()
    assert not CardSet.objects.exists()


def test_a_card_twice_or_someone_elses_card_is_refused(as_alice, alice, bob):
    mine = make_cards(alice, 1)[0]
    bobs_public = make_cards(bob, 1, prefix="Bob", visibility="public")[0]
    bobs_private = make_cards(bob, 1, prefix="Hidden")[0]
    twice = as_alice.post(
        URL, {"name": "S", "code": "SS", "cards": [mine.pk, mine.pk]}, format="json"
    )
    assert twice.status_code == 400 and "twice" in twice.json()["cards"][0]
    theirs = as_alice.post(
        URL, {"name": "S", "code": "SS", "cards": [bobs_public.pk]}, format="json"
    )
    assert theirs.status_code == 400 and "not yours" in theirs.json()["cards"][0]
    # A private card of bob's reads as one that does not exist: its name is not told.
    hidden = as_alice.post(
        URL, {"name": "S", "code": "SS", "cards": [bobs_private.pk]}, format="json"
    )
    assert hidden.status_code == 400 and "Hidden" not in hidden.content.decode()
    assert not CardSet.objects.exists()


def test_a_code_is_unique_per_designer(as_alice, alice, bob, api):
    make_set(alice, "private", code="EMB")
    again = as_alice.post(URL, {"name": "Other", "code": "EMB"}, format="json")
    assert again.status_code == 400 and "already" in again.json()["code"][0]
    api.force_authenticate(bob)
    assert api.post(URL, {"name": "Bob's", "code": "EMB"}, format="json").status_code == 201


def test_strangers_list_only_released_public_sets(api, alice, bob):
    released = make_set(alice, "released", code="REL", name="Released")
    make_set(alice, "private", code="PRV", name="Private")
    make_set(alice, "scheduled", code="SCH", name="Scheduled")
    names = [s["name"] for s in api.get(URL).json()["results"]]
    assert names == [released.name]
    api.force_authenticate(bob)
    assert [s["name"] for s in api.get(URL).json()["results"]] == [released.name]
    api.force_authenticate(alice)
    assert len(api.get(URL).json()["results"]) == 3


def test_someone_not_logged_in_makes_no_set(api):
    assert api.post(URL, {"name": "S", "code": "SS"}, format="json").status_code == 401
