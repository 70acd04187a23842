"""A card or deck made private takes its reports with it: the moderators' queue shows only what
the reporters may still see, never words written since it went private."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from cards import services as card_services
from community import services
from decks import services as deck_services
from tests.community.conftest import client_for
from tests.community.world import make_moderator

pytestmark = pytest.mark.django_db


def signed_in(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_a_card_made_private_takes_its_reports_out_of_the_queue(alice, bob, carol, card):
    carol = make_moderator(carol)
    comment = services.comment_create(author=alice, target=card, text="Come sit at my table")
    services.report_create(reporter=bob, target=card, reason="copyright")
    services.report_create(reporter=bob, target=comment, reason="spam")
    queue = signed_in(carol).get("/moderation/").content.decode()
    assert "Ember Wisp" in queue and "Come sit at my table" in queue

    # alice makes the card private, then renames it: words only she may read.
    card = card_services.card_update(card=card, user=alice, visibility="private")
    card = card_services.card_update(card=card, user=alice, definition={"name": "Plans Nobody Saw"})

    queue = signed_in(carol).get("/moderation/").content.decode()
    assert "Plans Nobody Saw" not in queue
    assert "Come sit at my table" not in queue
    assert "No open reports." in queue
    assert signed_in(carol).get(f"/moderation/comments/{comment.pk}/").status_code == 404
    assert signed_in(carol).get(f"/moderation/cards/{card.pk}/").status_code == 404
    as_carol = client_for(carol)
    assert as_carol.get("/api/v1/moderation/reports/").json()["count"] == 0
    acted = as_carol.post(
        "/api/v1/moderation/actions/",
        {"comment": comment.pk, "action": "hide", "reason": "Spam"},
        format="json",
    )
    assert acted.status_code == 404

    # Shared again, its reports come back with it, under the name everyone may now read.
    card_services.card_update(card=card, user=alice, visibility="unlisted")
    queue = signed_in(carol).get("/moderation/").content.decode()
    assert "Plans Nobody Saw" in queue and "Come sit at my table" in queue
    assert as_carol.get("/api/v1/moderation/reports/").json()["count"] == 2
    assert signed_in(carol).get(f"/moderation/comments/{comment.pk}/").status_code == 200


def test_a_deck_made_private_takes_its_reports_out_of_the_queue(alice, bob, carol, deck):
    carol = make_moderator(carol)
    comment = services.comment_create(author=alice, target=deck, text="Best deck in town")
    services.report_create(reporter=bob, target=deck, reason="spam")
    services.report_create(reporter=bob, target=comment, reason="spam")

    deck_services.deck_update(deck=deck, user=alice, visibility="private", name="Quiet Hoard")

    queue = signed_in(carol).get("/moderation/").content.decode()
    assert "Quiet Hoard" not in queue and "Best deck in town" not in queue
    assert signed_in(carol).get(f"/moderation/comments/{comment.pk}/").status_code == 404
    assert client_for(carol).get("/api/v1/moderation/reports/").json()["count"] == 0
