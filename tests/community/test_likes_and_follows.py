"""Likes of shared cards and decks, and following designers."""

from __future__ import annotations

import pytest
from django.test import Client

from cards import services as card_services
from community.models import Follow, Like
from tests.community.conftest import client_for
from tests.community.world import page_with_comments

pytestmark = pytest.mark.django_db


def test_likes_count_once_however_often_they_are_sent(as_bob, card):
    for _ in range(3):
        answer = as_bob.put(f"/api/v1/cards/{card.pk}/like/")
        assert answer.status_code == 200 and answer.json() == {"count": 1, "liked": True}
    assert client_for(None).get(f"/api/v1/cards/{card.pk}/like/").json() == {
        "count": 1,
        "liked": False,
    }
    for _ in range(2):
        assert as_bob.delete(f"/api/v1/cards/{card.pk}/like/").json() == {
            "count": 0,
            "liked": False,
        }
    assert not Like.objects.exists()


def test_a_double_click_on_the_like_button_is_one_like(bob, deck):
    client = Client()
    client.force_login(bob)
    for _ in range(2):
        answer = client.post(f"/decks/{deck.pk}/like/", {"like": "1"})
        assert answer.status_code == 302
    assert Like.objects.filter(deck=deck).count() == 1
    page = page_with_comments(client, f"/decks/{deck.pk}/")
    assert 'aria-pressed="true"' in page and "♥ Liked" in page
    client.post(f"/decks/{deck.pk}/like/", {"like": "0"})
    assert not Like.objects.exists()


def test_likes_of_a_private_card(as_bob, as_alice, alice, card):
    card_services.card_update(card=card, user=alice, visibility="private")
    assert as_bob.put(f"/api/v1/cards/{card.pk}/like/").status_code == 404
    assert as_bob.get(f"/api/v1/cards/{card.pk}/like/").status_code == 404
    assert as_alice.put(f"/api/v1/cards/{card.pk}/like/").status_code == 400
    assert client_for(None).put(f"/api/v1/cards/{card.pk}/like/").status_code == 401
    assert not Like.objects.exists()


def test_likes_of_missing_things_are_404s(as_bob):
    for url in ("/api/v1/cards/999999/like/", "/api/v1/decks/999999/like/"):
        assert as_bob.put(url).status_code == 404


def test_following_a_designer(as_bob, bob, alice, carol):
    answer = as_bob.put("/api/v1/designers/alice/follow/")
    assert answer.json() == {"designer": "alice", "following": True, "followers": 1}
    assert as_bob.put("/api/v1/designers/alice/follow/").json()["followers"] == 1
    client_for(carol).put("/api/v1/designers/bob/follow/")
    assert as_bob.get("/api/v1/follows/").json() == {"following": ["alice"], "followers": ["carol"]}

    client = Client()
    client.force_login(bob)
    page = client.get("/following/").content.decode()
    assert "alice" in page and "carol" in page and "Follow back" in page

    assert as_bob.delete("/api/v1/designers/alice/follow/").json()["following"] is False
    assert not Follow.objects.filter(follower=bob).exists()


def test_following_yourself_or_no_one(as_bob):
    assert as_bob.put("/api/v1/designers/bob/follow/").status_code == 400
    assert as_bob.put("/api/v1/designers/nobody/follow/").status_code == 404
    assert as_bob.put("/api/v1/designers/%00/follow/").status_code == 404
    assert not Follow.objects.exists()


def test_follow_form_goes_back_to_the_page_it_came_from_only_on_this_site(bob, alice):
    client = Client()
    client.force_login(bob)
    answer = client.post(
        "/designers/alice/follow/", {"follow": "1", "next": "https://evil.example/"}
    )
    assert answer["Location"] == "/following/"
    answer = client.post("/designers/alice/follow/", {"follow": "0", "next": "/cards/"})
    assert answer["Location"] == "/cards/"
    assert not Follow.objects.exists()


def test_no_one_likes_their_own_card_or_deck(as_alice, alice, card, deck):
    from django.core.exceptions import ValidationError

    from community import services

    card.visibility = deck.visibility = "public"
    card.save()
    deck.save()
    with pytest.raises(ValidationError):
        services.like_set(user=alice, target=card, liked=True)
    answer = as_alice.put(f"/api/v1/decks/{deck.pk}/like/")
    assert answer.status_code == 400 and answer.json()["deck"] == ["You cannot like your own deck."]
    client = Client()
    client.force_login(alice)
    page = page_with_comments(client, f"/cards/{card.pk}/")
    assert "like-button" not in page and "like-count" in page
    assert not Like.objects.exists()
