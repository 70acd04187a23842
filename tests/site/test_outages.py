"""A lost database, cache or broker is a 503 with Retry-After on pages and in the API, logged
once a minute; a cache that is away is carried on in memory, so throttled reads go on."""

from __future__ import annotations

import logging

import kombu.exceptions
import pytest
import redis.exceptions
from django.db import OperationalError
from rest_framework.test import APIClient

from cards import selectors as card_selectors
from cards import services as card_services
from kotc_site import outages
from kotc_site.cache import SteadyRedisCache
from tests.simulations.test_workers import free_port

pytestmark = pytest.mark.django_db

MINION = {"name": "Ember Wisp", "kind": "minion", "level": 1, "sp": 1, "hp": 2}


@pytest.fixture(autouse=True)
def fresh_log(monkeypatch):
    """Each test starts with no outage logged yet."""
    monkeypatch.setattr(outages, "_last_logged", {})
    monkeypatch.setattr(outages, "_turned_away", {})


@pytest.fixture
def card(alice):
    return card_services.card_create(owner=alice, definition=MINION, visibility="public")


@pytest.mark.parametrize(
    "error",
    [
        OperationalError("server closed the connection unexpectedly"),
        redis.exceptions.ConnectionError("Error 111 connecting to 127.0.0.1:6379"),
        redis.exceptions.TimeoutError("Timeout reading from socket"),
        kombu.exceptions.OperationalError("[Errno 111] Connection refused"),
    ],
    ids=["database", "redis", "redis-timeout", "broker"],
)
def test_an_outage_is_a_503_on_pages_and_in_the_api(client, card, monkeypatch, settings, error):
    settings.DEBUG = False

    def away(**kwargs):
        raise error

    monkeypatch.setattr(card_selectors, "card_for_viewer", away)
    page = client.get(f"/cards/{card.pk}/")
    assert page.status_code == 503 and page["Retry-After"] == "30"
    assert "The site is briefly unavailable" in page.content.decode()
    answer = APIClient().get(f"/api/v1/cards/{card.pk}/")
    assert answer.status_code == 503 and answer["Retry-After"] == "30"
    assert answer.json() == {"detail": outages.API_MESSAGE}


def test_an_outage_met_outside_a_view_is_a_503_too(client, settings, monkeypatch):
    """A middleware that reads the session meets the lost database before any view: handler500
    answers it as the outage it is."""
    settings.DEBUG = False
    client.raise_request_exception = False

    def away(self, *args, **kwargs):
        raise OperationalError("could not connect to server")

    monkeypatch.setattr("django.middleware.common.CommonMiddleware.process_request", away)
    page = client.get("/")
    assert page.status_code == 503 and "briefly unavailable" in page.content.decode()
    assert client.get("/api/v1/cards/").json() == {"detail": outages.API_MESSAGE}


def test_an_outage_is_logged_once_a_minute_without_tracebacks(
    client, card, monkeypatch, caplog, settings
):
    settings.DEBUG = False
    clock = iter([1000.0, 1001.0, 1002.0, 1070.0])
    monkeypatch.setattr(outages, "_clock", lambda: next(clock))

    def away(**kwargs):
        raise redis.exceptions.ConnectionError("Error 111")

    monkeypatch.setattr(card_selectors, "card_for_viewer", away)
    with caplog.at_level(logging.INFO):
        for _ in range(3):
            assert client.get(f"/cards/{card.pk}/").status_code == 503
        assert APIClient().get(f"/api/v1/cards/{card.pk}/").status_code == 503
    lines = [r for r in caplog.records if r.name == "kotc_site.outages"]
    assert len(lines) == 2, [r.getMessage() for r in lines]
    assert "2 more since the last line" in lines[1].getMessage()
    assert not [r for r in caplog.records if r.exc_info], "a traceback was logged"


def test_the_cache_carries_on_in_memory_while_redis_is_away(monkeypatch):
    """No Redis listens: values are kept in the process, and Redis is left alone for a while
    after a failure instead of being waited for on every call."""
    cache = SteadyRedisCache(
        f"redis://127.0.0.1:{free_port()}/0",
        {"OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 1}},
    )
    calls = []
    original = cache._cache.get_client

    def counted(*args, **kwargs):
        calls.append(args)
        return original(*args, **kwargs)

    monkeypatch.setattr(cache._cache, "get_client", counted)
    cache.set("throttle_user_1", [1.0, 2.0], 60)
    assert cache.get("throttle_user_1") == [1.0, 2.0]
    assert cache.add("once", 1) and not cache.add("once", 2)
    assert len(calls) == 1  # one try, then memory until the pause is over


def test_throttled_api_reads_go_on_while_the_cache_is_away(card, settings):
    settings.CACHES = {
        "default": {
            "BACKEND": "kotc_site.cache.SteadyRedisCache",
            "LOCATION": f"redis://127.0.0.1:{free_port()}/0",
            "OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 1},
        }
    }
    api = APIClient()
    for _ in range(3):
        assert api.get(f"/api/v1/cards/{card.pk}/").status_code == 200
