"""Designers' profiles, the feed of those you follow, the notice when they publish, and the home
page: bob follows alice, and sees what she makes public, and only that."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import transaction
from django.test import Client
from django.utils import timezone

from cards import services as card_services
from cards.models import Card
from community import services
from community.models import Kind, Notification
from decks import services as deck_services
from decks.models import Deck
from tests.community.conftest import CARD, client_for
from tests.decks.test_cockatrice import cockatrice_cards

pytestmark = pytest.mark.django_db


def named(name: str, **more: object) -> dict[str, object]:
    return {**CARD, "name": name, **more}


def page_for(user: object) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def test_a_profile_shows_public_work_only(alice, bob, card, deck):
    hidden = card_services.card_create(owner=alice, definition=named("Secret Plan"))
    card_services.card_create(owner=alice, definition=named("Quiet Link"), visibility="unlisted")
    deck_services.deck_create(owner=alice, name="Hidden Deck", entries=[(hidden, 4)])
    services.like_set(user=bob, target=card, liked=True)
    services.like_set(user=bob, target=deck, liked=True)
    services.follow_set(follower=bob, designer=alice, following=True)

    page = page_for(None).get("/u/alice/")
    text = page.content.decode()
    assert page.status_code == 200
    assert "Ember Wisp" in text and "Secret Plan" not in text and "Quiet Link" not in text
    assert "Log in to follow" in text and alice.date_joined.strftime("%B %Y") in text
    decks = page_for(None).get("/u/alice/?tab=decks").content.decode()
    assert "Embers" in decks and "Hidden Deck" not in decks

    answer = client_for(bob).get("/api/v1/users/alice/").json()
    assert answer["cards"] == 1 and answer["decks"] == 1
    assert answer["likes_received"] == 2 and answer["followers"] == 1
    assert answer["followed_by_you"] is True and answer["page"] == "/u/alice/"
    listed = client_for(None).get(answer["decks_url"]).json()
    assert [row["name"] for row in listed["results"]] == ["Embers"]
    found = client_for(None).get(answer["cards_url"]).json()
    assert [row["name"] for row in found["results"]] == ["Ember Wisp"]
    assert client_for(None).get("/api/v1/users/alice/").json()["followed_by_you"] is None


def test_a_profile_is_searched_and_sorted_as_the_gallery(alice, card):
    card_services.card_create(owner=alice, definition=named("Ash Golem"), visibility="public")
    page = page_for(None).get("/u/alice/?q=golem").content.decode()
    assert "Ash Golem" in page and "Ember Wisp" not in page
    ordered = page_for(None).get("/u/alice/?order=name&direction=asc").content.decode()
    assert ordered.index("Ash Golem") < ordered.index("Ember Wisp")
    unread = page_for(None).get("/u/alice/?q=level<<3")
    assert unread.status_code == 400 and "could not be read" in unread.content.decode()
    assert page_for(None).get("/u/alice/?tab=decks&order=sideways").status_code == 400
    assert page_for(None).get("/u/nobody/").status_code == 404
    assert client_for(None).get("/api/v1/users/nobody/").status_code == 404
    assert client_for(None).get("/api/v1/decks/?designer=alice&mine=true").status_code == 400


def test_a_designers_name_leads_to_their_profile(alice, bob, card, deck):
    for address in (f"/cards/{card.pk}/", f"/decks/{deck.pk}/", "/cards/", "/decks/"):
        assert 'href="/u/alice/"' in page_for(bob).get(address).content.decode(), address


def test_a_profiles_cards_are_a_cockatrice_set(alice, card):
    card_services.card_create(owner=alice, definition=named("Secret Plan"))
    answer = page_for(None).get("/u/alice/cockatrice.xml")
    assert answer.status_code == 200 and "attachment" in answer["Content-Disposition"]
    # Read as Cockatrice's card database requires it, as a deck's set is.
    assert list(cockatrice_cards(answer.content)) == ["Ember Wisp"]


def test_the_feed_shows_what_followed_designers_publish_newest_first(alice, bob, carol, deck):
    services.follow_set(follower=bob, designer=alice, following=True)
    later = card_services.card_create(owner=alice, definition=named("Late Idea"))
    card_services.card_create(owner=carol, definition=named("Carol's Own"), visibility="public")
    assert "Late Idea" not in page_for(bob).get("/feed/").content.decode()
    card_services.card_update(card=later, user=alice, visibility="public")
    deck_services.deck_update(deck=deck, user=alice, description="Now with a primer.")

    rows = client_for(bob).get("/api/v1/feed/").json()["results"]
    newest = [(row["kind"], row["name"]) for row in rows][:2]
    assert newest == [("version", "Embers"), ("card", "Late Idea")]
    assert {row["designer"] for row in rows} == {"alice"}
    assert {"card", "deck"} <= {row["kind"] for row in rows}
    page = page_for(bob).get("/feed/").content.decode()
    assert "Late Idea" in page and "Carol" not in page
    # Made private again, it leaves the feed.
    card_services.card_update(card=later, user=alice, visibility="private")
    assert "Late Idea" not in page_for(bob).get("/feed/").content.decode()
    assert page_for(None).get("/feed/").status_code == 302
    assert client_for(None).get("/api/v1/feed/").status_code in (401, 403)


def test_the_feed_is_paged_by_moment(alice, bob):
    services.follow_set(follower=bob, designer=alice, following=True)
    start = timezone.now() - timedelta(days=1)
    for number in range(25):
        made = card_services.card_create(owner=alice, definition=named(f"Card {number:02}"))
        card_services.card_update(card=made, user=alice, visibility="public")
        Card.objects.filter(pk=made.pk).update(published=start + timedelta(minutes=number))
    first = client_for(bob).get("/api/v1/feed/").json()
    assert len(first["results"]) == 20 and first["results"][0]["name"] == "Card 24"
    second = client_for(bob).get(first["next"]).json()
    assert [row["name"] for row in second["results"]] == [f"Card {n:02}" for n in range(4, -1, -1)]
    assert second["next"] is None
    older = page_for(bob).get("/feed/").content.decode()
    assert "Older" in older
    bad = client_for(bob).get("/api/v1/feed/?before=yesterday")
    assert bad.status_code == 400 and "before" in bad.json()
    assert page_for(bob).get("/feed/?before=yesterday").status_code == 400


def test_publishing_tells_followers_once_a_day(alice, bob, carol):
    services.follow_set(follower=bob, designer=alice, following=True)
    services.follow_set(follower=carol, designer=alice, following=True)
    services.notification_settings_set(user=carol, on={Kind.PUBLISHED: False})
    first = card_services.card_create(owner=alice, definition=named("First"), visibility="public")
    card_services.card_create(owner=alice, definition=named("Second"), visibility="public")
    deck_services.deck_create(owner=alice, name="Third", visibility="public", entries=[(first, 4)])
    card_services.card_create(owner=alice, definition=named("Private"))

    (notice,) = Notification.objects.filter(recipient=bob, kind=Kind.PUBLISHED)
    assert notice.count == 3 and notice.card == first
    assert not Notification.objects.filter(recipient=carol, kind=Kind.PUBLISHED).exists()
    lines = client_for(bob).get("/api/v1/notifications/").json()["results"]
    published = [line for line in lines if line["kind"] == "published"]
    assert published[0]["text"] == "alice published “First” and 2 more."
    assert published[0]["url"] == "/u/alice/"
    # Public again after being private is no news; a day later, a new notice.
    card_services.card_update(card=first, user=alice, visibility="private")
    card_services.card_update(card=first, user=alice, visibility="public")
    Notification.objects.filter(pk=notice.pk).update(created=timezone.now() - timedelta(days=2))
    card_services.card_create(owner=alice, definition=named("Next Day"), visibility="public")
    assert Notification.objects.filter(recipient=bob, kind=Kind.PUBLISHED).count() == 2


def test_a_published_notice_rolled_back_tells_no_one(alice, bob):
    services.follow_set(follower=bob, designer=alice, following=True)
    with pytest.raises(RuntimeError), transaction.atomic():
        deck_services.deck_create(owner=alice, name="Gone", visibility="public", entries=[])
        raise RuntimeError("the request failed after the deck was saved")
    assert not Notification.objects.filter(kind=Kind.PUBLISHED).exists()
    assert not Deck.objects.exists()


def test_the_home_page_for_everyone_and_for_you(alice, bob, card, deck):
    services.like_set(user=bob, target=card, liked=True)
    anyone = page_for(None).get("/").content.decode()
    assert "New public decks this week" in anyone and "Embers" in anyone
    assert "Most liked cards this week" in anyone and "1 like this week" in anyone
    assert 'role="search"' in anyone and "Sign up" in anyone
    # Liked, then made private: gone from everyone's lists, but its designer's own.
    card_services.card_update(card=card, user=alice, visibility="private")
    assert "1 like this week" not in page_for(None).get("/").content.decode()
    services.follow_set(follower=bob, designer=alice, following=True)
    card_services.card_create(owner=bob, definition=named("Draft of Bob"))
    mine = page_for(bob).get("/").content.decode()
    assert "Draft of Bob" in mine and "New deck" in mine and "Design a card" in mine
    assert "published the deck" in mine and 'href="/u/alice/"' in mine
