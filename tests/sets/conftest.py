"""Alice designs sets; bob is another designer, and carol a stranger."""

from __future__ import annotations

import pytest


@pytest.fixture
def carol(django_user_model):
    return django_user_model.objects.create_user("carol", "carol@example.com", "carol-pw-12345")


@pytest.fixture
def as_alice(api, alice):
    api.force_authenticate(alice)
    return api
