"""`manage.py check`: settings that cannot work together with the code, and (with --deploy)
what a production site lacks that the settings cannot refuse."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.checks import CheckMessage, Error, Tags, Warning, register
from django.urls import Resolver404, resolve


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


@register(Tags.urls)
def admin_path_is_free(app_configs: Any = None, **kwargs: Any) -> list[CheckMessage]:
    """KOTC_ADMIN_PATH must lead to the admin: a path a page of the site holds would hide it."""
    try:
        match = resolve("/" + settings.KOTC_ADMIN_PATH)
    except Resolver404:  # pragma: no cover - urls.py routes it
        match = None
    if match is not None and match.namespace == "admin" and match.url_name == "index":
        return []
    return [
        Error(
            f"KOTC_ADMIN_PATH {settings.KOTC_ADMIN_PATH!r} is a page of the site, so the admin "
            "cannot be reached there.",
            hint="Choose a path no page of the site starts with (back-office/, say).",
            id="kotc.E001",
        )
    ]
