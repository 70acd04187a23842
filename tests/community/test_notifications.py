"""Notifications go to the people they concern, and to no one who switched them off.

No notification without a reason: a comment tells the designer of the thing commented on, a
follow tells the one followed, a new deck version tells the people who like that deck; following
no one, liking nothing, owning nothing means hearing nothing."""

from __future__ import annotations

import pytest
from django.test import Client

from cards import services as card_services
from community.models import Kind, Like, Notification
from decks import services as deck_services
from decks.models import DeckVersion
from tests.community.conftest import client_for

pytestmark = pytest.mark.django_db


def new_version(deck, number: int = 2, shared: bool = True) -> DeckVersion:
    """A saved version of the deck (shared: saved while others could see the deck)."""
    return DeckVersion.objects.create(
        deck=deck,
        number=number,
        name=deck.name,
        edition=deck.edition,
        entries=[],
        shared=shared,
        snapshot=False,
    )


def kinds_for(user) -> list[str]:
    return list(Notification.objects.filter(recipient=user).values_list("kind", flat=True))


def test_a_comment_tells_the_designer_and_no_one_else(as_bob, alice, bob, carol, card):
    as_bob.post("/api/v1/comments/", {"card": card.pk, "text": "Neat"}, format="json")
    assert kinds_for(alice) == [Kind.COMMENT]
    assert kinds_for(carol) == [] and kinds_for(bob) == []
    client_for(alice).post("/api/v1/comments/", {"card": card.pk, "text": "Thanks"}, format="json")
    assert kinds_for(alice) == [Kind.COMMENT]  # not told of her own comment

    listed = client_for(alice).get("/api/v1/notifications/").json()["results"]
    assert listed[0]["text"] == "bob commented on “Ember Wisp”."
    assert listed[0]["url"].startswith(f"/cards/{card.pk}/#comment-")


def test_switching_a_kind_off_stops_it(as_bob, alice, bob, card):
    settings = client_for(alice).patch(
        "/api/v1/notifications/settings/", {"comment": False}, format="json"
    )
    assert settings.json() == {
        "comment": False,
        "follow": True,
        "deck_version": True,
        "moderation": True,
        "published": True,
    }
    as_bob.post("/api/v1/comments/", {"card": card.pk, "text": "Neat"}, format="json")
    as_bob.put("/api/v1/designers/alice/follow/")
    assert kinds_for(alice) == [Kind.FOLLOW]


def test_switching_off_on_the_settings_page(alice, bob, card):
    client = Client()
    client.force_login(alice)
    assert client.get("/notifications/settings/").status_code == 200
    # Every box but "follow" ticked: follows are off.
    answer = client.post(
        "/notifications/settings/", {"comment": "on", "deck_version": "on", "moderation": "on"}
    )
    assert answer.status_code == 302
    client_for(bob).put("/api/v1/designers/alice/follow/")
    assert kinds_for(alice) == []
    assert client_for(alice).get("/api/v1/notifications/settings/").json()["follow"] is False


def test_bad_settings_are_400s(as_alice):
    for body in ({"comment": "maybe"}, {"shouting": True}, ["comment"]):
        answer = as_alice.patch("/api/v1/notifications/settings/", body, format="json")
        assert answer.status_code == 400, body


def test_a_follow_tells_the_one_followed_once(as_bob, alice, bob):
    for _ in range(3):
        as_bob.put("/api/v1/designers/alice/follow/")
        as_bob.delete("/api/v1/designers/alice/follow/")
    assert kinds_for(alice) == [Kind.FOLLOW]


def test_a_new_deck_version_tells_its_likers_only(as_bob, alice, bob, carol, mod, deck):
    as_bob.put(f"/api/v1/decks/{deck.pk}/like/")
    client_for(mod).put(f"/api/v1/decks/{deck.pk}/like/")
    client_for(mod).patch("/api/v1/notifications/settings/", {"deck_version": False}, format="json")
    other = deck_services.deck_create(owner=alice, name="Other", visibility="public")
    new_version(other, 2)  # carol likes nothing: she hears nothing
    new_version(deck, 2)
    assert kinds_for(bob) == [Kind.DECK_VERSION]
    assert kinds_for(carol) == [] and kinds_for(alice) == [] and kinds_for(mod) == []
    line = client_for(bob).get("/api/v1/notifications/").json()["results"][0]
    assert line["text"] == "“Embers”, a deck you like, has a new version (2)."


def test_no_version_notice_for_a_private_deck_or_a_private_version(as_bob, alice, bob, deck):
    as_bob.put(f"/api/v1/decks/{deck.pk}/like/")
    new_version(deck, 2, shared=False)
    type(deck).objects.filter(pk=deck.pk).update(visibility="private")
    new_version(deck, 3)
    assert kinds_for(bob) == []


def test_a_notice_shows_nothing_of_a_deck_made_private_later(as_bob, alice, bob, deck):
    as_bob.put(f"/api/v1/decks/{deck.pk}/like/")
    new_version(deck, 2)
    type(deck).objects.filter(pk=deck.pk).update(visibility="private", name="ZQXSECRET plans")
    line = client_for(bob).get("/api/v1/notifications/").json()["results"][0]
    assert "ZQXSECRET" not in line["text"] and line["url"] == ""
    page = Client()
    page.force_login(bob)
    assert "ZQXSECRET" not in page.get("/notifications/").content.decode()


def test_a_card_comment_notice_after_the_card_is_private_and_renamed(as_bob, alice, card):
    as_bob.post("/api/v1/comments/", {"card": card.pk, "text": "Neat"}, format="json")
    card_services.card_update(card=card, user=alice, visibility="private")
    # Alice, its designer, still sees her own card's name.
    line = client_for(alice).get("/api/v1/notifications/").json()["results"][0]
    assert "Ember Wisp" in line["text"]


def test_unread_count_in_the_header_and_marking_read(as_bob, alice, bob, card):
    as_bob.post("/api/v1/comments/", {"card": card.pk, "text": "One"}, format="json")
    as_bob.put("/api/v1/designers/alice/follow/")
    client = Client()
    client.force_login(alice)
    home = client.get("/").content.decode()
    assert 'class="unread-count">2<' in home
    first = Notification.objects.filter(recipient=alice).order_by("pk").first()
    client.post("/notifications/read/", {"id": str(first.pk)})
    assert 'class="unread-count">1<' in client.get("/").content.decode()
    answer = client_for(alice).post("/api/v1/notifications/read/", {}, format="json")
    assert answer.json() == {"marked": 1, "unread": 0}
    assert "unread-count" not in client.get("/").content.decode()


def test_marking_someone_elses_notifications_does_nothing(as_bob, alice, bob, card):
    as_bob.put("/api/v1/designers/alice/follow/")
    theirs = Notification.objects.get(recipient=alice)
    answer = as_bob.post("/api/v1/notifications/read/", {"ids": [theirs.pk]}, format="json")
    assert answer.json() == {"marked": 0, "unread": 0}
    theirs.refresh_from_db()
    assert not theirs.read
    bad = as_bob.post("/api/v1/notifications/read/", {"ids": ["x"]}, format="json")
    assert bad.status_code == 400


def test_notifications_are_your_own(alice, bob):
    assert client_for(None).get("/api/v1/notifications/").status_code == 401
    assert Client().get("/notifications/").status_code == 302
    assert Like.objects.count() == 0
