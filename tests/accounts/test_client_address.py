"""Who a request comes from, for the throttles and the login lockout: the connecting address,
unless KOTC_TRUSTED_PROXIES says how many proxies of ours stand in front and append to
X-Forwarded-For. What a client writes in that header on its own is never believed."""

import pytest
from django.core.cache import cache
from django.test import RequestFactory
from rest_framework.throttling import ScopedRateThrottle

from accounts.client_ip import client_ip

pytestmark = pytest.mark.django_db

URL = "/api/v1/auth/token/"
ALICE = {"username": "alice", "password": "correct-horse-battery"}


@pytest.fixture
def token_rate(monkeypatch):
    """The shipped rate of the token scope, 10 a minute (the suite runs with it out of the way)."""
    monkeypatch.setattr(
        ScopedRateThrottle,
        "THROTTLE_RATES",
        {**ScopedRateThrottle.THROTTLE_RATES, "token": "10/min"},
    )
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def one_proxy(settings):
    settings.KOTC_TRUSTED_PROXIES = 1
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "NUM_PROXIES": 1}


def twelve_token_requests(api, credentials) -> list[int]:
    return [
        api.post(
            URL, credentials, format="json", HTTP_X_FORWARDED_FOR=f"198.51.100.{number + 1}"
        ).status_code
        for number in range(12)
    ]


def test_a_made_up_forwarded_address_does_not_escape_the_throttle(api, alice, token_rate):
    assert twelve_token_requests(api, ALICE) == [200] * 10 + [429] * 2


def test_behind_one_trusted_proxy_the_forwarded_address_is_the_client(
    api, alice, token_rate, one_proxy
):
    assert twelve_token_requests(api, ALICE) == [200] * 12
    # The proxy appends the address it saw: whatever the client wrote before it is ignored.
    spoofed = [
        api.post(
            URL, ALICE, format="json", HTTP_X_FORWARDED_FOR=f"10.9.8.{number}, 203.0.113.7"
        ).status_code
        for number in range(11)
    ]
    assert spoofed == [200] * 10 + [429]


def test_wrong_passwords_from_made_up_addresses_are_refused_after_the_limit(
    api, alice, token_rate, settings
):
    """The throttle and the lockout both see one client; the lockout comes first."""
    statuses = twelve_token_requests(api, {"username": "alice", "password": "guess"})
    refused = statuses.count(429)
    assert refused == 12 - settings.AXES_FAILURE_LIMIT + 1


def test_behind_one_trusted_proxy_the_lockout_keys_on_the_forwarded_address(
    api, alice, one_proxy, settings
):
    for number in range(settings.AXES_FAILURE_LIMIT):
        api.post(
            URL,
            {"username": f"user{number}", "password": "guess"},
            format="json",
            HTTP_X_FORWARDED_FOR="203.0.113.7",
        )
    locked = api.post(URL, ALICE, format="json", HTTP_X_FORWARDED_FOR="203.0.113.7")
    assert locked.status_code == 429
    # Same proxy (same connecting address), another client behind it.
    other = api.post(URL, ALICE, format="json", HTTP_X_FORWARDED_FOR="203.0.113.8")
    assert other.status_code == 200


@pytest.mark.parametrize(
    ("proxies", "forwarded", "expected"),
    [
        (0, None, "192.0.2.1"),
        (0, "203.0.113.7", "192.0.2.1"),
        (1, None, "192.0.2.1"),
        (1, "203.0.113.7", "203.0.113.7"),
        (1, "10.0.0.1, 203.0.113.7", "203.0.113.7"),
        (2, "10.0.0.1, 203.0.113.7, 198.51.100.2", "203.0.113.7"),
        (2, "203.0.113.7", "203.0.113.7"),
        (1, " 2001:db8::1 ", "2001:db8::1"),
        (1, "not-an-address", "192.0.2.1"),
    ],
)
def test_the_client_address(settings, proxies, forwarded, expected):
    settings.KOTC_TRUSTED_PROXIES = proxies
    headers = {} if forwarded is None else {"HTTP_X_FORWARDED_FOR": forwarded}
    request = RequestFactory().get("/", REMOTE_ADDR="192.0.2.1", **headers)
    assert client_ip(request) == expected
