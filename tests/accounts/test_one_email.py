"""An email address is one account's, case aside: a password reset reaches one account."""

from __future__ import annotations

import importlib

import pytest
from django.apps import apps
from django.contrib.auth import get_user_model
from django.core import mail
from django.core.cache import cache
from django.db import IntegrityError, connection, transaction

pytestmark = pytest.mark.django_db

SIGNUP = {"password1": "a-long-secret-phrase-9", "password2": "a-long-secret-phrase-9"}
MIGRATION = importlib.import_module("accounts.migrations.0004_one_account_an_email")


def test_signing_up_with_anothers_address_is_refused(client, alice):
    answer = client.post(
        "/accounts/signup/", {"username": "mallory", "email": "ALICE@Example.com", **SIGNUP}
    )
    assert answer.status_code == 400
    assert "That address belongs to another account" in answer.content.decode()
    assert not get_user_model().objects.filter(username="mallory").exists()
    # Without an address, or with one of her own, she is welcome.
    assert client.post("/accounts/signup/", {"username": "mallory", **SIGNUP}).status_code == 302


def test_an_address_cannot_be_changed_to_anothers(client, alice, bob):
    client.force_login(bob)
    answer = client.post(
        "/accounts/email/", {"email": "Alice@example.com", "password": "staple-paper-clip-42"}
    )
    assert answer.status_code == 400 and "belongs to another account" in answer.content.decode()
    bob.refresh_from_db()
    assert bob.email != "Alice@example.com"


def test_the_database_holds_one_account_an_address(alice):
    with pytest.raises(IntegrityError), transaction.atomic():
        get_user_model().objects.create_user("mallory", "ALICE@EXAMPLE.COM", "x-long-secret-1")
    # Accounts without an address are many.
    get_user_model().objects.create_user("one", "", "x-long-secret-1")
    get_user_model().objects.create_user("two", "", "x-long-secret-1")


def test_a_reset_mails_the_one_account_with_the_address(client, alice):
    cache.clear()
    client.post("/accounts/password/reset/", {"email": "alice@EXAMPLE.com"})
    assert [message.to for message in mail.outbox] == [["alice@example.com"]]


def test_the_migration_keeps_every_account_usable(django_user_model):
    """Accounts that shared an address before: the one that logged in last keeps it; the others
    keep everything but the address."""
    from django.utils import timezone

    with connection.cursor() as cursor:
        cursor.execute(f"DROP INDEX {MIGRATION.INDEX}")
    now = timezone.now()
    old = django_user_model.objects.create_user("old", "Shared@example.com", "old-secret-123")
    recent = django_user_model.objects.create_user("recent", "shared@example.com", "r-secret-123")
    django_user_model.objects.create_user("never", "SHARED@example.com", "n-secret-123")
    django_user_model.objects.create_user("alone", "alone@example.com", "a-secret-123")
    django_user_model.objects.filter(pk=old.pk).update(last_login=now.replace(year=2020))
    django_user_model.objects.filter(pk=recent.pk).update(last_login=now)
    MIGRATION.one_account_an_address(apps, None)
    with connection.cursor() as cursor:
        cursor.execute(
            f"CREATE UNIQUE INDEX {MIGRATION.INDEX} ON auth_user (lower(email)) WHERE email <> ''"
        )
    emails = dict(django_user_model.objects.values_list("username", "email"))
    assert emails["recent"] == "shared@example.com"
    assert emails["old"] == emails["never"] == ""
    assert emails["alone"] == "alone@example.com"
    for name, password in (("old", "old-secret-123"), ("never", "n-secret-123")):
        assert django_user_model.objects.get(username=name).check_password(password)
