"""Rate limits per account: a JSON 429 under /api/, a message on the site, one count for both."""

from __future__ import annotations

import pytest
from django.test import Client
from rest_framework.throttling import ScopedRateThrottle

from community.models import Comment, Follow, Like, Report

pytestmark = pytest.mark.django_db


@pytest.fixture
def tight(monkeypatch):
    monkeypatch.setattr(
        ScopedRateThrottle,
        "THROTTLE_RATES",
        {"comment": "3/min", "like": "2/min", "follow": "2/min", "report": "2/min"},
    )


def test_comment_spam_is_a_429_from_the_api(tight, as_bob, card):
    codes = [
        as_bob.post(
            "/api/v1/comments/", {"card": card.pk, "text": f"spam {n}"}, format="json"
        ).status_code
        for n in range(5)
    ]
    assert codes == [201, 201, 201, 429, 429]
    answer = as_bob.post("/api/v1/comments/", {"card": card.pk, "text": "more"}, format="json")
    assert answer["Content-Type"].startswith("application/json")
    assert "throttled" in answer.json()["detail"].lower() or "request" in answer.json()["detail"]
    assert Comment.objects.count() == 3
    # Reading is not counted.
    assert as_bob.get(f"/api/v1/comments/?card={card.pk}").status_code == 200


def test_the_site_form_shares_the_count_and_says_so(tight, as_bob, bob, card):
    for n in range(3):
        as_bob.post("/api/v1/comments/", {"card": card.pk, "text": f"spam {n}"}, format="json")
    page = Client()
    page.force_login(bob)
    answer = page.post(f"/cards/{card.pk}/comments/", {"text": "one more"})
    assert answer.status_code == 429
    assert "Too many comments in a short time. Try again in" in answer.content.decode()
    assert Comment.objects.count() == 3


def test_likes_follows_and_reports_are_limited(tight, as_bob, bob, alice, carol, card, deck):
    assert [as_bob.put(f"/api/v1/cards/{card.pk}/like/").status_code for _ in range(3)] == [
        200,
        200,
        429,
    ]
    page = Client()
    page.force_login(bob)
    answer = page.post(f"/decks/{deck.pk}/like/", {"like": "1"}, follow=True)
    assert "Too many likes in a short time" in answer.content.decode()
    assert not Like.objects.filter(deck=deck).exists()

    codes = [as_bob.put("/api/v1/designers/carol/follow/").status_code for _ in range(3)]
    assert codes == [200, 200, 429]
    answer = page.post("/designers/alice/follow/", {"follow": "1"}, follow=True)
    assert "Too many follows in a short time" in answer.content.decode()
    assert not Follow.objects.filter(designer=alice).exists()

    body = {"card": card.pk, "reason": "spam"}
    codes = [as_bob.post("/api/v1/reports/", body, format="json").status_code for _ in range(3)]
    assert codes == [201, 200, 429]
    assert Report.objects.count() == 1
