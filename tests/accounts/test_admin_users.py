"""Staff change accounts in the admin: an address another account has is refused with the
form's own message, as on the account page, never a server error."""

import pytest
from django.contrib.auth import get_user_model

from accounts.services import TAKEN_EMAIL

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff(django_user_model):
    return django_user_model.objects.create_superuser("staff", "staff@example.com", "staff-pw-1")


def change_form(user, **changes):
    return {
        "username": user.username,
        "email": user.email,
        "first_name": "",
        "last_name": "",
        "is_active": "on",
        "date_joined_0": "2026-01-01",
        "date_joined_1": "10:00:00",
        "initial-date_joined_0": "2026-01-01",
        "initial-date_joined_1": "10:00:00",
        **changes,
    }


def test_staff_cannot_give_an_account_an_address_another_has(client, staff):
    users = get_user_model().objects
    alice = users.create_user("alice", "alice@example.com", "alice-pw-1")
    bob = users.create_user("bob", "bob@example.com", "bob-pw-1")
    client.force_login(staff)
    page = client.post(
        f"/admin/auth/user/{bob.pk}/change/", change_form(bob, email="ALICE@example.com")
    )
    assert page.status_code == 200
    assert page.context["adminform"].form.errors["email"] == [TAKEN_EMAIL]
    bob.refresh_from_db()
    assert bob.email == "bob@example.com"

    page = client.post(
        f"/admin/auth/user/{bob.pk}/change/", change_form(bob, email="b@example.com")
    )
    assert page.status_code == 302
    bob.refresh_from_db()
    assert bob.email == "b@example.com" and alice.email == "alice@example.com"
