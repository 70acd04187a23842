"""POST /api/v1/sets/{id}/release/ and .../unrelease/: alice releases her set, every card of
it public at once and her followers told; a release that fails changes nothing; she can undo
it within the hour, each card back as it was."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from cards import services as card_services
from cards.models import Card
from community import services as community_services
from community.models import Notification
from sets import services
from sets.models import CardSet
from tests.sets.world import make_cards, make_set

pytestmark = pytest.mark.django_db


def release_url(card_set) -> str:
    return f"/api/v1/sets/{card_set.pk}/release/"


def unrelease_url(card_set) -> str:
    return f"/api/v1/sets/{card_set.pk}/unrelease/"


def test_release_makes_every_card_public_and_tells_followers(as_alice, alice, bob):
    community_services.follow_set(follower=bob, designer=alice, following=True)
    cards = make_cards(alice, 3)
    card_set = make_set(alice, "private", cards=cards)
    answer = as_alice.post(release_url(card_set))
    assert answer.status_code == 200, answer.content
    assert answer.json()["released_at"] and answer.json()["visibility"] == "public"
    assert set(
        Card.objects.filter(pk__in=[c.pk for c in cards]).values_list("visibility", flat=True)
    ) == {"public"}
    assert Notification.objects.filter(recipient=bob).exists()


def test_a_failed_release_changes_nothing(as_alice, alice, monkeypatch):
    cards = make_cards(alice, 3)
    card_set = make_set(alice, "private", cards=cards)
    real = card_services.card_update
    calls = []

    def fails_on_the_third(**kwargs):
        calls.append(kwargs["card"].pk)
        if len(calls) == 3:
            raise RuntimeError("the database went away")
        return real(**kwargs)

    monkeypatch.setattr(card_services, "card_update", fails_on_the_third)
    with pytest.raises(RuntimeError):
        services.set_release(card_set=card_set, user=alice)
    assert set(
        Card.objects.filter(pk__in=[c.pk for c in cards]).values_list("visibility", flat=True)
    ) == {"private"}
    assert CardSet.objects.get(pk=card_set.pk).released_at is None


def test_an_empty_set_is_not_released(as_alice, alice):
    card_set = make_set(alice, "private", cards=[])
    answer = as_alice.post(release_url(card_set))
    assert answer.status_code == 400 and "no cards" in answer.json()["cards"][0]


def test_only_the_owner_releases(api, alice, bob):
    card_set = make_set(alice, "co-owned", co_owner=bob)
    api.force_authenticate(bob)
    assert api.post(release_url(card_set)).status_code == 403
    assert CardSet.objects.get(pk=card_set.pk).released_at is None
    api.force_authenticate(None)
    assert api.post(release_url(card_set)).status_code == 401


def test_undo_within_the_hour_restores_each_cards_visibility(as_alice, alice):
    private, unlisted = (
        make_cards(alice, 1, prefix="P")[0],
        make_cards(alice, 1, prefix="U", visibility="unlisted")[0],
    )
    card_set = make_set(alice, "private", cards=[private, unlisted], visibility="unlisted")
    as_alice.post(release_url(card_set))
    answer = as_alice.post(unrelease_url(card_set))
    assert answer.status_code == 200, answer.content
    assert Card.objects.get(pk=private.pk).visibility == "private"
    assert Card.objects.get(pk=unlisted.pk).visibility == "unlisted"
    card_set.refresh_from_db()
    assert card_set.released_at is None and card_set.visibility == "unlisted"


def test_undo_after_the_hour_is_refused(as_alice, alice):
    card_set = make_set(alice, "released")
    CardSet.objects.filter(pk=card_set.pk).update(released_at=timezone.now() - timedelta(hours=2))
    answer = as_alice.post(unrelease_url(card_set))
    assert answer.status_code == 400 and "too late" in answer.json()["non_field_errors"][0]


def test_a_card_revised_after_release_shows_so(as_alice, alice):
    cards = make_cards(alice, 2)
    card_set = make_set(alice, "released", cards=cards)
    card_services.card_update(card=cards[0], user=alice, definition={"flavor_text": "New."})
    body = as_alice.get(f"/api/v1/sets/{card_set.pk}/").json()
    assert [c["changed_after_release"] for c in body["cards"]] == [True, False]
