"""/accounts/: the API tokens (made, listed, revoked) and "log out everywhere"."""

import re
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone
from rest_framework.test import APIClient

from accounts import services
from accounts.models import ApiToken, LoginSession

pytestmark = pytest.mark.django_db


def api_status(token: str) -> int:
    return APIClient().get("/api/v1/collection/", HTTP_AUTHORIZATION=f"Token {token}").status_code


def logged_in(client: Client) -> bool:
    return client.get("/cards/mine/").status_code == 200


def test_the_page_needs_a_login_and_is_linked_from_the_header(client, alice):
    assert client.get("/accounts/")["Location"].startswith("/accounts/login/")
    client.force_login(alice)
    assert 'href="/accounts/"' in client.get("/cards/").content.decode()


def test_the_page_lists_each_device_with_its_expiry_and_last_use(client, alice, bob):
    laptop, laptop_token = services.token_create(user=alice, name="laptop", days=30)
    services.token_create(user=alice, name="backup script")
    services.token_create(user=bob, name="bob's phone")
    ApiToken.objects.filter(pk=laptop.pk).update(
        created=timezone.now() - timedelta(days=2),
        last_used=timezone.now().replace(year=2031, month=3, day=4, hour=5, minute=6),
    )
    client.force_login(alice)
    html = client.get("/accounts/").content.decode()
    assert "laptop" in html and "backup script" in html
    assert "bob&#x27;s phone" not in html and "bob's phone" not in html
    laptop.refresh_from_db()
    assert laptop.expiry.strftime("%-d %b %Y") in html
    assert "4 Mar 2031, 05:06" in html  # the laptop's last use
    assert "not yet" in html  # the script has not been used
    assert laptop_token not in html  # a token is shown only when it is made
    assert f'action="/accounts/tokens/{laptop.pk}/revoke/"' in html


def test_an_expired_token_is_not_listed(client, alice):
    services.token_create(user=alice, name="old laptop")
    ApiToken.objects.update(expiry=timezone.now() - timedelta(seconds=1))
    client.force_login(alice)
    assert "old laptop" not in client.get("/accounts/").content.decode()


def test_making_a_token_shows_it_once(client, alice):
    client.force_login(alice)
    page = client.post("/accounts/tokens/", {"name": "tablet", "days": "7"})
    assert page.status_code == 200
    assert "no-store" in page["Cache-Control"]
    html = page.content.decode()
    token = re.search(r'<code class="token-value">([0-9a-f]+)</code>', html).group(1)
    assert api_status(token) == 200
    row = ApiToken.objects.get(user=alice)
    assert row.name == "tablet"
    assert abs(row.expiry - (timezone.now() + timedelta(days=7))) < timedelta(minutes=1)
    assert token not in client.get("/accounts/").content.decode()


@pytest.mark.parametrize(
    ("data", "field"),
    [({"name": "", "days": "7"}, "name"), ({"name": "tablet", "days": "0"}, "days")],
)
def test_a_bad_token_form_says_why(client, alice, data, field):
    client.force_login(alice)
    page = client.post("/accounts/tokens/", data)
    assert page.status_code == 400
    assert field in page.context["form"].errors
    assert not ApiToken.objects.exists()


def test_the_token_limit_is_a_form_error(client, alice):
    for number in range(50):
        services.token_create(user=alice, name=f"script {number}")
    client.force_login(alice)
    page = client.post("/accounts/tokens/", {"name": "one more", "days": "7"})
    assert page.status_code == 400 and "the most one account may hold" in page.content.decode()
    assert ApiToken.objects.count() == 50


def test_revoking_a_token(client, alice):
    laptop, laptop_token = services.token_create(user=alice, name="laptop")
    _phone, phone_token = services.token_create(user=alice, name="phone")
    client.force_login(alice)
    answer = client.post(f"/accounts/tokens/{laptop.pk}/revoke/")
    assert answer.status_code == 302 and answer["Location"] == "/accounts/"
    assert api_status(laptop_token) == 401 and api_status(phone_token) == 200
    assert "Token revoked" in client.get("/accounts/").content.decode()


def test_nobody_revokes_someone_elses_token(client, alice, bob):
    laptop, laptop_token = services.token_create(user=alice, name="laptop")
    client.force_login(bob)
    assert client.post(f"/accounts/tokens/{laptop.pk}/revoke/").status_code == 404
    assert client.get(f"/accounts/tokens/{laptop.pk}/revoke/").status_code == 405
    assert api_status(laptop_token) == 200


def test_log_out_everywhere_ends_every_session_and_revokes_every_token(alice, bob):
    laptop, phone, bobs = Client(), Client(), Client()
    for browser in (laptop, phone):
        assert (
            browser.post(
                "/accounts/login/", {"username": "alice", "password": "correct-horse-battery"}
            ).status_code
            == 302
        )
    bobs.force_login(bob)
    _token, alice_token = services.token_create(user=alice, name="script")
    _token, bob_token = services.token_create(user=bob, name="bob's script")

    answer = phone.post("/accounts/logout-everywhere/")
    assert answer.status_code == 302 and answer["Location"] == "/"
    assert "logged out on every browser" in phone.get(answer["Location"]).content.decode()
    assert not logged_in(phone) and not logged_in(laptop)
    assert api_status(alice_token) == 401
    assert not LoginSession.objects.filter(user=alice).exists()
    # Bob is not touched.
    assert logged_in(bobs) and api_status(bob_token) == 200


def test_log_out_everywhere_reaches_a_session_renewed_by_a_password_change(alice):
    laptop, phone = Client(), Client()
    laptop.force_login(alice)
    phone.force_login(alice)
    changed = laptop.post(
        "/accounts/password/",
        {
            "old_password": "correct-horse-battery",
            "new_password1": "another-long-pass-7",
            "new_password2": "another-long-pass-7",
        },
    )
    assert changed.status_code == 302 and logged_in(laptop) and not logged_in(phone)
    phone.post("/accounts/login/", {"username": "alice", "password": "another-long-pass-7"})
    assert logged_in(phone)
    phone.post("/accounts/logout-everywhere/")
    assert not logged_in(laptop)


def test_the_forms_need_a_login(client, alice):
    laptop, token = services.token_create(user=alice, name="laptop")
    for url in ("/accounts/tokens/", f"/accounts/tokens/{laptop.pk}/revoke/"):
        assert client.post(url, {"name": "x", "days": "7"})["Location"].startswith(
            "/accounts/login/"
        )
    assert client.post("/accounts/logout-everywhere/")["Location"].startswith("/accounts/login/")
    assert api_status(token) == 200 and ApiToken.objects.count() == 1
