"""The community's world: alice designs, bob and carol read and talk, mod moderates.

Alice's account is a day and more old (her comments may link to other sites); bob's and
carol's were made today."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth.models import Group, Permission
from django.core.cache import cache
from django.utils import timezone
from rest_framework.test import APIClient

from cards import services as card_services
from decks import services as deck_services

CARD = {
    "name": "Ember Wisp",
    "kind": "minion",
    "design_edition": 14,
    "level": 4,
    "sp": 1,
    "hp": 2,
    "ability_text": "WHISPER: Draw 1 card.",
    "flavor_text": "",
}


@pytest.fixture(autouse=True)
def _fresh_throttles() -> Any:
    """Rate limits count in the cache; every test starts with none used."""
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def alice(django_user_model):
    user = django_user_model.objects.create_user(
        "alice", "alice@example.com", "correct-horse-battery"
    )
    user.date_joined = timezone.now() - timedelta(days=3)
    user.save(update_fields=["date_joined"])
    return user


@pytest.fixture
def carol(django_user_model):
    return django_user_model.objects.create_user("carol", "carol@example.com", "carol-pw-12345")


@pytest.fixture
def mod(django_user_model):
    """A moderator by the permission, through a group, as the site's admins would make one."""
    user = django_user_model.objects.create_user("mod", "mod@example.com", "mod-pw-123456")
    group, _ = Group.objects.get_or_create(name="Moderators")
    group.permissions.add(Permission.objects.get(codename="moderate"))
    user.groups.add(group)
    return user


@pytest.fixture
def card(alice):
    return card_services.card_create(owner=alice, definition=CARD, visibility="public")


@pytest.fixture
def deck(alice, card):
    return deck_services.deck_create(
        owner=alice, name="Embers", visibility="public", entries=[(card, 4)]
    )


def client_for(user: Any) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


@pytest.fixture
def as_bob(bob) -> APIClient:
    return client_for(bob)


@pytest.fixture
def as_alice(alice) -> APIClient:
    return client_for(alice)


@pytest.fixture
def as_mod(mod) -> APIClient:
    return client_for(mod)
