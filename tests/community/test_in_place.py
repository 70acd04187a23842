"""A like, a comment and "Mark read" sent from the page by htmx are answered with the part of
the page they sit in, saying what was done; sent without JavaScript they still redirect."""

from __future__ import annotations

import pytest
from django.test import Client

from community import services
from community.models import Comment, Like

pytestmark = pytest.mark.django_db

IN_PLACE = {"HTTP_HX_REQUEST": "true"}


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_a_like_in_place_answers_the_block_and_without_scripts_redirects(bob, card):
    client = signed_in(bob)
    answer = client.post(f"/cards/{card.pk}/like/", {"like": "1"}, **IN_PLACE)
    html = answer.content.decode()
    assert answer.status_code == 200 and 'id="comments"' in html
    assert f'data-announce="You like “{card.name}”."' in html
    assert 'id="like-button" aria-pressed="true"' in html
    assert Like.objects.filter(card=card).count() == 1
    answer = client.post(f"/cards/{card.pk}/like/", {"like": "0"})
    assert answer.status_code == 302 and answer["Location"].endswith("#likes")
    assert not Like.objects.exists()


def test_a_comment_in_place_answers_the_block_with_it_or_with_its_error(bob, card):
    client = signed_in(bob)
    url = f"/cards/{card.pk}/comments/"
    answer = client.post(url, {"text": "Patient and quiet."}, **IN_PLACE)
    html = answer.content.decode()
    assert answer.status_code == 200 and "Patient and quiet." in html
    assert 'data-announce="Your comment is posted."' in html
    empty = client.post(url, {"text": "  "}, **IN_PLACE).content.decode()
    assert 'aria-invalid="true"' in empty and 'id="id_text_error"' in empty
    assert Comment.objects.count() == 1
    # From the thread's own page, the answer is the thread's block (its form says so again).
    thread = client.post(url, {"text": "Again.", "thread": "1"}, **IN_PLACE).content.decode()
    assert 'name="thread" value="1"' in thread
    answer = client.post(url, {"text": "Without scripts."})
    assert answer.status_code == 302 and "#comment-" in answer["Location"]


def test_mark_read_in_place_answers_the_list_and_the_header_count(alice, bob):
    services.follow_set(follower=bob, designer=alice, following=True)
    client = signed_in(alice)
    answer = client.post("/notifications/read/", {"page": "1"}, **IN_PLACE)
    html = answer.content.decode()
    assert answer.status_code == 200 and 'id="notifications"' in html
    assert 'data-announce="1 marked read."' in html
    assert 'id="notifications-link" hx-swap-oob="true"' in html
    assert "unread-count" not in html
    answer = client.post("/notifications/read/")
    assert answer.status_code == 302
