"""EMAIL_URL: the mail server, as one address.

    smtp://user:password@mail.example.org:587   STARTTLS on the submission port (587)
    smtp://mail.example.org:25                  plain SMTP (a relay on the same network)
    smtps://user:password@mail.example.org:465  TLS from the first byte
    console://                                  written to the log (the default without EMAIL_URL)

The user name and password are URL-encoded (an @ in a user name is %40). `?tls=0` or
`?tls=1` overrides the guess from the port."""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qs, unquote, urlsplit

from django.core.exceptions import ImproperlyConfigured

BACKENDS = {
    "smtp": "django.core.mail.backends.smtp.EmailBackend",
    "smtps": "django.core.mail.backends.smtp.EmailBackend",
    "console": "django.core.mail.backends.console.EmailBackend",
}


def email_settings(url: str) -> dict[str, Any]:
    """Django's EMAIL_* settings for the address; ImproperlyConfigured for one it cannot use."""
    parts = urlsplit(url.strip())
    scheme = parts.scheme.lower()
    if scheme not in BACKENDS:
        raise ImproperlyConfigured(
            f"EMAIL_URL must start with smtp://, smtps:// or console://; got {parts.scheme!r}."
        )
    settings: dict[str, Any] = {"EMAIL_BACKEND": BACKENDS[scheme]}
    if scheme == "console":
        return settings
    if not parts.hostname:
        raise ImproperlyConfigured("EMAIL_URL names no mail server (smtp://host:port).")
    try:
        port = parts.port or (465 if scheme == "smtps" else 587)
    except ValueError as error:
        raise ImproperlyConfigured(f"EMAIL_URL has a bad port: {error}") from error
    query = {key: values[-1] for key, values in parse_qs(parts.query).items()}
    ssl = scheme == "smtps"
    tls = not ssl and port == 587
    if "tls" in query:
        tls = query["tls"].lower() in {"1", "true", "yes", "on"}
    if ssl and tls:
        raise ImproperlyConfigured("EMAIL_URL: smtps:// is TLS already; leave out ?tls=1.")
    settings.update(
        EMAIL_HOST=parts.hostname,
        EMAIL_PORT=port,
        EMAIL_HOST_USER=unquote(parts.username or ""),
        EMAIL_HOST_PASSWORD=unquote(parts.password or ""),
        EMAIL_USE_SSL=ssl,
        EMAIL_USE_TLS=tls,
    )
    return settings
