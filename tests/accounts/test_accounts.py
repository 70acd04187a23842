"""Sign up, log in, log out, change password."""

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

pytestmark = pytest.mark.django_db


def test_signing_up_logs_you_in_and_lands_on_the_home_page(client):
    page = client.get("/accounts/signup/")
    assert page.status_code == 200 and "Create an account" in page.content.decode()
    response = client.post(
        "/accounts/signup/",
        {
            "username": "carol",
            "password1": "a-long-unusual-pass-42",
            "password2": "a-long-unusual-pass-42",
        },
    )
    assert response.status_code == 302 and response["Location"] == "/"
    assert get_user_model().objects.filter(username="carol").exists()
    assert client.get("/cards/mine/").status_code == 200


def test_signup_follows_a_safe_next_only(client):
    data = {
        "username": "dave",
        "password1": "a-long-unusual-pass-42",
        "password2": "a-long-unusual-pass-42",
    }
    response = client.post("/accounts/signup/?next=/collection/", data)
    assert response["Location"] == "/collection/"
    other = Client()
    data["username"] = "erin"
    response = other.post("/accounts/signup/?next=https://evil.example/", data)
    assert response["Location"] == "/"


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (
            {
                "username": "alice",
                "password1": "a-long-unusual-pass-42",
                "password2": "a-long-unusual-pass-42",
            },
            "already exists",
        ),
        (
            {
                "username": "ALICE",
                "password1": "a-long-unusual-pass-42",
                "password2": "a-long-unusual-pass-42",
            },
            "already exists",
        ),
        (
            {
                "username": "frank",
                "password1": "a-long-unusual-pass-42",
                "password2": "different-pass-42",
            },
            "didn’t match",
        ),
        ({"username": "frank", "password1": "password", "password2": "password"}, "too common"),
        (
            {
                "username": "bad name!",
                "password1": "a-long-unusual-pass-42",
                "password2": "a-long-unusual-pass-42",
            },
            "valid username",
        ),
    ],
)
def test_signup_errors_are_shown(client, alice, data, message):
    response = client.post("/accounts/signup/", data)
    assert response.status_code == 400
    assert message in response.content.decode()
    assert get_user_model().objects.count() == 1


def test_login_and_logout(client, alice):
    page = client.get("/accounts/login/")
    assert page.status_code == 200 and "Log in" in page.content.decode()
    wrong = client.post("/accounts/login/", {"username": "alice", "password": "nope"})
    assert wrong.status_code == 200 and "correct username and password" in wrong.content.decode()
    response = client.post(
        "/accounts/login/",
        {"username": "alice", "password": "correct-horse-battery", "next": "/cards/mine/"},
    )
    assert response["Location"] == "/cards/mine/"
    assert client.get("/cards/mine/").status_code == 200
    assert client.get("/accounts/logout/").status_code == 405  # logging out is a POST
    response = client.post("/accounts/logout/")
    assert response.status_code == 302
    assert client.get("/cards/mine/").status_code == 302


def test_the_nav_shows_account_links(client, alice):
    html = client.get("/cards/").content.decode()
    assert 'href="/accounts/login/"' in html and 'href="/accounts/signup/"' in html
    client.force_login(alice)
    html = client.get("/cards/").content.decode()
    assert 'href="/cards/mine/"' in html and 'href="/collection/"' in html
    assert 'action="/accounts/logout/"' in html


def test_changing_the_password(client, alice):
    client.force_login(alice)
    assert client.get("/accounts/password/").status_code == 200
    bad = client.post(
        "/accounts/password/",
        {
            "old_password": "wrong",
            "new_password1": "another-long-pass-7",
            "new_password2": "another-long-pass-7",
        },
    )
    assert "incorrect" in bad.content.decode()
    response = client.post(
        "/accounts/password/",
        {
            "old_password": "correct-horse-battery",
            "new_password1": "another-long-pass-7",
            "new_password2": "another-long-pass-7",
        },
    )
    assert response["Location"] == "/accounts/password/done/"
    assert "Password changed" in client.get("/accounts/password/done/").content.decode()
    alice.refresh_from_db()
    assert alice.check_password("another-long-pass-7")
    assert client.get("/cards/mine/").status_code == 200  # still logged in


def test_password_change_needs_a_login(client):
    assert client.get("/accounts/password/")["Location"].startswith("/accounts/login/")


def test_account_forms_need_the_csrf_token(alice):
    strict = Client(enforce_csrf_checks=True)
    response = strict.post(
        "/accounts/login/", {"username": "alice", "password": "correct-horse-battery"}
    )
    assert response.status_code == 403
