"""POST and DELETE /api/v1/auth/token/: tokens for devices, hashed, revocable, and a lockout
for whoever guesses passwords."""

import hashlib
from datetime import timedelta

import pytest
from django.core.cache import cache
from django.db import connection
from django.utils import timezone

from accounts import services
from accounts.models import ApiToken

pytestmark = pytest.mark.django_db

URL = "/api/v1/auth/token/"
ALICE = {"username": "alice", "password": "correct-horse-battery"}


def get_token(api, **extra) -> dict:
    response = api.post(URL, {**ALICE, **extra}, format="json")
    assert response.status_code == 200, response.content
    return response.json()


def with_token(api, token: str):
    api.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    return api


# -- getting a token --------------------------------------------------------------------------


def test_each_request_gives_a_new_token_for_one_device(api, alice):
    first = get_token(api, name="laptop")
    second = get_token(api, name="phone")
    assert set(first) == {"token", "name", "expiry"}
    assert first["token"] != second["token"]
    assert first["name"] == "laptop"
    assert list(ApiToken.objects.filter(user=alice).values_list("name", flat=True)) == [
        "phone",
        "laptop",
    ]
    for token in (first["token"], second["token"]):
        assert with_token(api, token).get("/api/v1/collection/").status_code == 200


def test_a_token_lasts_90_days_unless_asked_otherwise(api, alice):
    now = timezone.now()
    default = ApiToken.objects.get(name=get_token(api, name="default")["name"])
    assert abs(default.expiry - (now + timedelta(days=90))) < timedelta(minutes=1)
    week = get_token(api, name="week", expires_in_days=7)
    assert abs(ApiToken.objects.get(name="week").expiry - (now + timedelta(days=7))) < timedelta(
        minutes=1
    )
    assert week["expiry"].startswith(str((now + timedelta(days=7)).date()))


def test_the_device_name_defaults_to_the_user_agent(api, alice):
    assert get_token(api)["name"] == "API client"
    named = api.post(URL, ALICE, format="json", HTTP_USER_AGENT="deck-backup/1.2")
    assert named.json()["name"] == "deck-backup/1.2"


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({**ALICE, "expires_in_days": 0}, "expires_in_days"),
        ({**ALICE, "expires_in_days": 366}, "expires_in_days"),
        ({**ALICE, "name": "x" * 101}, "name"),
        ({"username": "alice", "password": "wrong"}, "non_field_errors"),
        ({"username": "nobody", "password": "wrong"}, "non_field_errors"),
        ({"username": "alice"}, "password"),
        ({}, "username"),
    ],
)
def test_bad_requests_are_a_400_with_a_message(api, alice, data, field):
    response = api.post(URL, data, format="json")
    assert response.status_code == 400
    assert field in response.json()
    if field == "non_field_errors":
        assert response.json()[field] == ["The username or password is wrong."]
    assert not ApiToken.objects.exists()


def test_a_stale_token_sent_along_does_not_stop_a_new_one(api, alice):
    api.credentials(HTTP_AUTHORIZATION="Token long-revoked")
    assert "token" in get_token(api)


def test_tokens_are_stored_hashed(api, alice):
    token = get_token(api, name="laptop")["token"]
    row = ApiToken.objects.get(user=alice)
    assert row.digest == hashlib.sha512(token.encode()).hexdigest()
    # Nowhere in the database: not in the token's row, nor in any other table.
    with connection.cursor() as cursor:
        for table in connection.introspection.table_names():
            cursor.execute(f"SELECT * FROM {connection.ops.quote_name(table)}")
            for values in cursor.fetchall():
                assert not any(token in str(value) for value in values), table


def test_an_account_holds_at_most_50_tokens(api, alice):
    for number in range(50):
        services.token_create(user=alice, name=f"script {number}")
    response = api.post(URL, ALICE, format="json")
    assert response.status_code == 403
    assert "Revoke" in response.json()["detail"]
    assert ApiToken.objects.filter(user=alice).count() == 50
    # An expired token no longer counts, and is cleared away.
    ApiToken.objects.filter(name="script 0").update(expiry=timezone.now() - timedelta(seconds=1))
    assert "token" in get_token(api)
    assert not ApiToken.objects.filter(name="script 0").exists()


# -- using a token ----------------------------------------------------------------------------


def test_a_bad_or_missing_token_is_a_401_that_asks_for_a_token(api, alice):
    api.credentials(HTTP_AUTHORIZATION="Token not-a-token")
    response = api.get("/api/v1/collection/")
    assert response.status_code == 401
    assert response["WWW-Authenticate"] == "Token"
    assert response.json()["detail"] == "Invalid token."
    # A bad token is refused even where no account is needed.
    assert api.get("/api/v1/cards/").status_code == 401
    api.credentials()
    response = api.post("/api/v1/cards/", {"name": "Wisp"}, format="json")
    assert response.status_code == 401 and response["WWW-Authenticate"] == "Token"


def test_a_token_that_is_not_text_is_a_401_not_a_500(api, alice):
    response = api.get("/api/v1/collection/", HTTP_AUTHORIZATION="Token \xff\xfe")
    assert response.status_code == 401


def test_an_expired_token_is_refused(api, alice):
    token = get_token(api)["token"]
    ApiToken.objects.update(expiry=timezone.now() - timedelta(seconds=1))
    assert with_token(api, token).get("/api/v1/collection/").status_code == 401


def test_the_last_use_is_noted_to_the_minute(api, alice):
    token = get_token(api)["token"]
    assert ApiToken.objects.get().last_used is None
    with_token(api, token).get("/api/v1/collection/")
    first = ApiToken.objects.get().last_used
    assert first is not None and timezone.now() - first < timedelta(seconds=5)
    # Within a minute, a request writes nothing.
    recent = timezone.now() - timedelta(seconds=30)
    ApiToken.objects.update(last_used=recent)
    api.get("/api/v1/collection/")
    assert ApiToken.objects.get().last_used == recent
    ApiToken.objects.update(last_used=timezone.now() - timedelta(minutes=2))
    api.get("/api/v1/collection/")
    assert timezone.now() - ApiToken.objects.get().last_used < timedelta(seconds=5)


# -- revoking ---------------------------------------------------------------------------------


def test_delete_revokes_the_token_it_is_sent_with(api, alice):
    laptop = get_token(api, name="laptop")["token"]
    phone = get_token(api, name="phone")["token"]
    response = with_token(api, laptop).delete(URL)
    assert response.status_code == 204
    assert api.get("/api/v1/collection/").status_code == 401
    assert with_token(api, phone).get("/api/v1/collection/").status_code == 200
    assert list(ApiToken.objects.values_list("name", flat=True)) == ["phone"]


@pytest.mark.parametrize("flag", ["1", "true"])
def test_delete_with_all_revokes_every_token(api, alice, bob, flag):
    laptop = get_token(api, name="laptop")["token"]
    phone = get_token(api, name="phone")["token"]
    services.token_create(user=bob, name="bob's")
    assert with_token(api, laptop).delete(f"{URL}?all={flag}").status_code == 204
    for token in (laptop, phone):
        assert with_token(api, token).get("/api/v1/collection/").status_code == 401
    assert list(ApiToken.objects.values_list("name", flat=True)) == ["bob's"]


def test_delete_needs_credentials(api, alice):
    services.token_create(user=alice, name="laptop")
    response = api.delete(URL)
    assert response.status_code == 401 and response["WWW-Authenticate"] == "Token"
    assert with_token(api, "not-a-token").delete(URL).status_code == 401
    assert ApiToken.objects.count() == 1


def test_delete_with_the_session_revokes_all_or_says_what_to_send(api, alice):
    services.token_create(user=alice, name="laptop")
    api.force_login(alice)
    response = api.delete(URL)
    assert response.status_code == 400 and "all=true" in response.json()["detail"]
    assert ApiToken.objects.count() == 1
    assert api.delete(f"{URL}?all=maybe").status_code == 400
    assert api.delete(f"{URL}?all=true").status_code == 204
    assert not ApiToken.objects.exists()


# -- throttle and lockout ---------------------------------------------------------------------


def test_the_token_endpoint_is_throttled(api, alice, monkeypatch):
    from rest_framework.throttling import ScopedRateThrottle

    # The rates are read once, into the class; monkeypatch puts the suite's rates back after.
    rates = {**ScopedRateThrottle.THROTTLE_RATES, "token": "2/min"}
    monkeypatch.setattr(ScopedRateThrottle, "THROTTLE_RATES", rates)
    cache.clear()
    try:
        statuses = [
            api.post(URL, {"username": "alice", "password": "x"}).status_code for _ in range(3)
        ]
        assert statuses == [400, 400, 429]
    finally:
        cache.clear()


def test_guessing_alices_password_locks_her_account_whatever_the_forwarded_address(
    api, alice, settings
):
    limit = settings.AXES_FAILURE_LIMIT
    statuses = []
    for guess in range(12):
        answer = api.post(
            URL,
            {"username": "alice", "password": f"guess-{guess}"},
            format="json",
            HTTP_X_FORWARDED_FOR=f"198.51.100.{guess + 1}",
        )
        statuses.append(answer.status_code)
    assert statuses == [400] * (limit - 1) + [429] * (12 - limit + 1)
    assert "Too many failed log-ins" in answer.json()["detail"]
    assert int(answer["Retry-After"]) == settings.AXES_COOLOFF_TIME.total_seconds()
    # The right password is refused too while the lockout lasts, from anywhere.
    right = api.post(URL, ALICE, format="json", REMOTE_ADDR="203.0.113.50")
    assert right.status_code == 429 and "Try again in 15 minutes" in right.json()["detail"]
    assert not ApiToken.objects.exists()


def test_one_address_guessing_many_accounts_is_locked_out(api, alice, settings):
    limit = settings.AXES_FAILURE_LIMIT
    statuses = [
        api.post(
            URL,
            {"username": f"user{number}", "password": "guess"},
            format="json",
            HTTP_X_FORWARDED_FOR=f"198.51.100.{number + 1}",
        ).status_code
        for number in range(12)
    ]
    assert statuses == [400] * (limit - 1) + [429] * (12 - limit + 1)
    # Alice, from the same address, waits too; from another address she gets her token.
    assert api.post(URL, ALICE, format="json").status_code == 429
    assert api.post(URL, ALICE, format="json", REMOTE_ADDR="203.0.113.50").status_code == 200


def test_the_lockout_ends_after_the_cool_off(api, alice, settings):
    from axes.models import AccessAttempt

    for guess in range(settings.AXES_FAILURE_LIMIT):
        api.post(URL, {"username": "alice", "password": f"guess-{guess}"}, format="json")
    assert api.post(URL, ALICE, format="json").status_code == 429
    AccessAttempt.objects.update(
        attempt_time=timezone.now() - settings.AXES_COOLOFF_TIME - timedelta(seconds=1)
    )
    assert api.post(URL, ALICE, format="json").status_code == 200
