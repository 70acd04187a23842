"""`Authorization: Token <token>` for the API: knox's hashed tokens, noting when each is used."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.utils import timezone
from knox.auth import TokenAuthentication
from rest_framework import exceptions

from accounts.models import ApiToken

# How stale "last used" may be: a write per minute per token at most, not one per request.
LAST_USE_PRECISION = timedelta(minutes=1)


class ApiTokenAuthentication(TokenAuthentication):
    def authenticate_credentials(self, token: bytes) -> tuple[Any, ApiToken]:
        try:
            token.decode("utf-8")
        except UnicodeDecodeError:
            # Knox would let this through as a server error; it is just a wrong token.
            raise exceptions.AuthenticationFailed("Invalid token.") from None
        user, api_token = super().authenticate_credentials(token)
        now = timezone.now()
        if api_token.last_used is None or now - api_token.last_used >= LAST_USE_PRECISION:
            ApiToken.objects.filter(pk=api_token.pk).update(last_used=now)
            api_token.last_used = now
        return user, api_token
