"""POST /api/v1/auth/token/."""

import pytest
from django.core.cache import cache
from rest_framework.authtoken.models import Token

pytestmark = pytest.mark.django_db


def test_a_token_for_the_right_password(api, alice):
    response = api.post(
        "/api/v1/auth/token/",
        {"username": "alice", "password": "correct-horse-battery"},
        format="json",
    )
    assert response.status_code == 200
    token = response.json()["token"]
    assert token == Token.objects.get(user=alice).key
    again = api.post(
        "/api/v1/auth/token/", {"username": "alice", "password": "correct-horse-battery"}
    )
    assert again.json()["token"] == token


def test_the_token_authenticates(api, alice):
    token = api.post(
        "/api/v1/auth/token/", {"username": "alice", "password": "correct-horse-battery"}
    ).json()["token"]
    api.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    assert api.get("/api/v1/collection/").status_code == 200
    api.credentials(HTTP_AUTHORIZATION="Token not-a-token")
    response = api.get("/api/v1/collection/")
    # Session authentication comes first, so a refusal is a 403 rather than a 401.
    assert response.status_code == 403 and response.json()["detail"] == "Invalid token."


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({"username": "alice", "password": "wrong"}, "non_field_errors"),
        ({"username": "nobody", "password": "wrong"}, "non_field_errors"),
        ({"username": "alice"}, "password"),
        ({}, "username"),
    ],
)
def test_bad_credentials_are_a_400_with_a_message(api, alice, data, field):
    response = api.post("/api/v1/auth/token/", data, format="json")
    assert response.status_code == 400
    assert field in response.json()
    if field == "non_field_errors":
        assert response.json()[field] == ["The username or password is wrong."]


def test_the_token_endpoint_is_throttled(api, alice, monkeypatch):
    from rest_framework.throttling import ScopedRateThrottle

    # The rates are read once, into the class; monkeypatch puts the suite's rates back after.
    rates = {**ScopedRateThrottle.THROTTLE_RATES, "token": "2/min"}
    monkeypatch.setattr(ScopedRateThrottle, "THROTTLE_RATES", rates)
    cache.clear()
    try:
        statuses = [
            api.post("/api/v1/auth/token/", {"username": "alice", "password": "x"}).status_code
            for _ in range(3)
        ]
        assert statuses == [400, 400, 429]
    finally:
        cache.clear()
