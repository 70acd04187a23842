"""POST /accounts/login/: repeated failures lock the account and the address for a while."""

from datetime import timedelta

import pytest
from axes.models import AccessAttempt
from django.test import Client
from django.utils import timezone

pytestmark = pytest.mark.django_db

URL = "/accounts/login/"
RIGHT = {"username": "alice", "password": "correct-horse-battery"}


def logged_in(client: Client) -> bool:
    return client.get("/cards/mine/").status_code == 200


def test_twelve_wrong_passwords_then_the_right_one_is_refused(client, alice, settings):
    limit = settings.AXES_FAILURE_LIMIT
    pages = [
        client.post(URL, {"username": "alice", "password": f"guess-{guess}"}) for guess in range(12)
    ]
    assert [page.status_code for page in pages] == [200] * (limit - 1) + [429] * (12 - limit + 1)
    assert "correct username and password" in pages[0].content.decode()
    locked = client.post(URL, RIGHT)
    assert locked.status_code == 429
    html = locked.content.decode()
    assert "Too many failed log-ins" in html and "Try again in 15 minutes" in html
    assert 'name="password"' in html  # the log-in page, not a bare error
    assert 'value="alice"' in html
    assert not logged_in(client)


def test_the_account_stays_locked_from_another_address(client, alice, settings):
    for guess in range(settings.AXES_FAILURE_LIMIT):
        client.post(URL, {"username": "alice", "password": f"guess-{guess}"})
    elsewhere = Client(REMOTE_ADDR="203.0.113.9")
    assert elsewhere.post(URL, RIGHT).status_code == 429
    assert not logged_in(elsewhere)


def test_the_address_is_locked_for_other_accounts_too(client, alice, bob, settings):
    for number in range(settings.AXES_FAILURE_LIMIT):
        client.post(URL, {"username": f"user{number}", "password": "guess"})
    assert client.post(URL, RIGHT).status_code == 429
    # Bob, somewhere else, is not held up by it.
    elsewhere = Client(REMOTE_ADDR="203.0.113.9")
    answer = elsewhere.post(URL, {"username": "bob", "password": "staple-paper-clip-42"})
    assert answer.status_code == 302 and logged_in(elsewhere)


def test_the_lockout_ends_after_the_cool_off(client, alice, settings):
    for guess in range(settings.AXES_FAILURE_LIMIT):
        client.post(URL, {"username": "alice", "password": f"guess-{guess}"})
    assert client.post(URL, RIGHT).status_code == 429
    AccessAttempt.objects.update(
        attempt_time=timezone.now() - settings.AXES_COOLOFF_TIME - timedelta(seconds=1)
    )
    assert client.post(URL, RIGHT).status_code == 302 and logged_in(client)


def test_a_few_mistakes_do_not_lock_anyone_out(client, alice, settings):
    for guess in range(settings.AXES_FAILURE_LIMIT - 1):
        client.post(URL, {"username": "alice", "password": f"guess-{guess}"})
    assert client.post(URL, RIGHT).status_code == 302 and logged_in(client)


def test_the_limit_and_the_cool_off_are_settings(client, alice, settings):
    settings.AXES_FAILURE_LIMIT = 2
    settings.AXES_COOLOFF_TIME = timedelta(minutes=3)
    assert client.post(URL, {"username": "alice", "password": "nope"}).status_code == 200
    locked = client.post(URL, {"username": "alice", "password": "nope"})
    assert locked.status_code == 429 and "Try again in 3 minutes" in locked.content.decode()


def test_a_locked_out_login_keeps_a_safe_next_only(client, alice, settings):
    for guess in range(settings.AXES_FAILURE_LIMIT):
        client.post(URL, {"username": "alice", "password": f"guess-{guess}"})
    safe = client.post(URL, {**RIGHT, "next": "/collection/"}).content.decode()
    assert 'value="/collection/"' in safe
    unsafe = client.post(URL, {**RIGHT, "next": "https://evil.example/"}).content.decode()
    assert "evil.example" not in unsafe
