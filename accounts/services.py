"""Writes for accounts: API tokens and the browsers someone is logged in on."""

from __future__ import annotations

from datetime import timedelta
from importlib import import_module
from typing import Any

from django.conf import settings
from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from knox.settings import knox_settings

from accounts.models import ApiToken, LoginSession


class TokenLimitReached(ValueError):
    """The account holds as many live tokens as one account may."""


def token_limit_message(limit: int) -> str:
    return (
        f"You have {limit} API tokens, the most one account may hold. Revoke the ones you no "
        "longer use on your account page (/accounts/) or with DELETE /api/v1/auth/token/."
    )


def default_token_days() -> int:
    return knox_settings.TOKEN_TTL.days


@transaction.atomic
def token_create(*, user: Any, name: str, days: int | None = None) -> tuple[ApiToken, str]:
    """A new token for one device: the row (which keeps only a hash) and the token itself,
    which the caller shows once and which cannot be had again."""
    now = timezone.now()
    tokens = ApiToken.objects.filter(user=user)
    # Expired tokens no longer count, and nothing will ever read them again.
    tokens.filter(expiry__lte=now).delete()
    limit = knox_settings.TOKEN_LIMIT_PER_USER
    if (
        limit is not None
        and tokens.filter(Q(expiry__isnull=True) | Q(expiry__gt=now)).count() >= limit
    ):
        raise TokenLimitReached(token_limit_message(limit))
    lifetime = timedelta(days=days) if days else knox_settings.TOKEN_TTL
    return ApiToken.objects.create(user=user, expiry=lifetime, name=name)


def token_revoke(*, user: Any, token_id: int) -> bool:
    """Revoke one of the user's own tokens; False when they have no such token."""
    deleted, _ = ApiToken.objects.filter(user=user, pk=token_id).delete()
    return bool(deleted)


def tokens_revoke_all(*, user: Any) -> int:
    deleted, _ = ApiToken.objects.filter(user=user).delete()
    return deleted


def _session_store() -> Any:
    return import_module(settings.SESSION_ENGINE).SessionStore


def session_remember(*, user: Any, session: Any) -> None:
    """Note the session someone just logged in with (or that a password change renewed),
    and forget the ones of theirs that have ended since."""
    if session.session_key is None:
        session.save()
    store = _session_store()
    for record in LoginSession.objects.filter(user=user).exclude(session_key=session.session_key):
        if not store().exists(record.session_key):
            record.delete()
    LoginSession.objects.update_or_create(session_key=session.session_key, defaults={"user": user})


def session_forget(*, session_key: str | None) -> None:
    if session_key:
        LoginSession.objects.filter(session_key=session_key).delete()


def log_out_everywhere(*, user: Any) -> tuple[int, int]:
    """End every session the user logged in with and revoke every API token of theirs.
    Returns how many sessions and tokens that was."""
    store = _session_store()
    records = list(LoginSession.objects.filter(user=user))
    for record in records:
        store().delete(record.session_key)
    LoginSession.objects.filter(pk__in=[record.pk for record in records]).delete()
    return len(records), tokens_revoke_all(user=user)
