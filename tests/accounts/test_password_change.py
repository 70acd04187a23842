"""POST /accounts/password/: a new password revokes every API token, however it is set."""

import pytest
from rest_framework.test import APIClient

from accounts import services
from accounts.models import ApiToken

pytestmark = pytest.mark.django_db

NEW = {
    "old_password": "correct-horse-battery",
    "new_password1": "another-long-pass-7",
    "new_password2": "another-long-pass-7",
}


def api_status(token: str) -> int:
    return APIClient().get("/api/v1/collection/", HTTP_AUTHORIZATION=f"Token {token}").status_code


def test_a_new_password_revokes_every_token_and_keeps_this_browser(client, alice, bob):
    _laptop, laptop = services.token_create(user=alice, name="laptop")
    _phone, phone = services.token_create(user=alice, name="phone")
    _bobs, bobs = services.token_create(user=bob, name="bob's")
    client.force_login(alice)
    answer = client.post("/accounts/password/", NEW)
    assert answer["Location"] == "/accounts/password/done/"
    assert api_status(laptop) == 401 and api_status(phone) == 401
    assert api_status(bobs) == 200
    assert client.get("/cards/mine/").status_code == 200  # still logged in here
    assert "API tokens are revoked" in client.get(answer["Location"]).content.decode()


def test_a_wrong_old_password_revokes_nothing(client, alice):
    _laptop, laptop = services.token_create(user=alice, name="laptop")
    client.force_login(alice)
    client.post("/accounts/password/", {**NEW, "old_password": "wrong"})
    assert api_status(laptop) == 200


def test_a_password_set_anywhere_else_revokes_them_too(alice):
    """The admin and `manage.py changepassword` set the password on the user and save it."""
    _laptop, laptop = services.token_create(user=alice, name="laptop")
    alice.email = "alice@cards.example"
    alice.save()
    assert api_status(laptop) == 200  # saving anything else keeps the tokens
    alice.set_password("yet-another-pass-9")
    alice.save()
    assert api_status(laptop) == 401
    assert not ApiToken.objects.exists()
