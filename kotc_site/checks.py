"""`manage.py check --deploy`: what a production site lacks that the settings cannot refuse."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.checks import CheckMessage, Warning, register


@register(deploy=True)
def email_is_sent(app_configs: Any = None, **kwargs: Any) -> list[CheckMessage]:
    if settings.EMAIL_BACKEND.endswith("console.EmailBackend"):
        return [
            Warning(
                "Email goes to the log, so no one can reset a forgotten password.",
                hint="Set EMAIL_URL to the mail server (smtp://user:password@host:587).",
                id="kotc.W001",
            )
        ]
    return []
