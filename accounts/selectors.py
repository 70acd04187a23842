"""Reads for accounts."""

from __future__ import annotations

from typing import Any

from django.db.models import Q
from django.utils import timezone

from accounts.models import ApiToken


def tokens_of(*, user: Any) -> list[ApiToken]:
    """The person's live tokens, newest first (an expired one is gone for every purpose)."""
    live = Q(expiry__isnull=True) | Q(expiry__gt=timezone.now())
    return list(ApiToken.objects.filter(live, user=user))
