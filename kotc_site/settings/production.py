"""Production: secrets, hosts and the shared cache must come from the environment; HTTPS
everywhere unless a plain-HTTP staging site switches it off (DJANGO_SECURE_SSL_REDIRECT,
DJANGO_SECURE_COOKIES, DJANGO_HSTS_SECONDS)."""

import os

from django.core.exceptions import ImproperlyConfigured

from .base import *  # noqa: F403
from .base import CACHE_URL, STORAGES, env_bool, env_int

DEBUG = False
SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY", "")
if len(SECRET_KEY) < 50:
    raise ImproperlyConfigured("Set DJANGO_SECRET_KEY to a random string of 50 characters or more.")
# Several web processes and workers share the designer's preview pictures, the throttles'
# counts and remembered renders: a cache in each process's own memory would lose them.
if not CACHE_URL:
    raise ImproperlyConfigured(
        "Set CACHE_URL to a Redis database shared by every web process and worker "
        "(redis://host:6379/1)."
    )

SECURE_SSL_REDIRECT = env_bool("DJANGO_SECURE_SSL_REDIRECT", True)
# Trusted only when set: a proxy that ends HTTPS names the header it sets to "https" (nginx:
# `proxy_set_header X-Forwarded-Proto $scheme;`). Trusting it without such a proxy would let
# any client claim HTTPS.
_PROXY_SSL_HEADER = os.environ.get("DJANGO_SECURE_PROXY_SSL_HEADER", "").strip()
if _PROXY_SSL_HEADER:
    SECURE_PROXY_SSL_HEADER = (
        "HTTP_" + _PROXY_SSL_HEADER.upper().replace("-", "_"),
        "https",
    )
SECURE_HSTS_SECONDS = env_int("DJANGO_HSTS_SECONDS", 60 * 60 * 24 * 365)
SECURE_HSTS_INCLUDE_SUBDOMAINS = True
SECURE_HSTS_PRELOAD = True
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
# Cookies only over HTTPS; a plain-HTTP staging site sets DJANGO_SECURE_COOKIES=false, or its
# browsers would never send them back (no log-in, no sign-up, no form).
SESSION_COOKIE_SECURE = env_bool("DJANGO_SECURE_COOKIES", True)
CSRF_COOKIE_SECURE = SESSION_COOKIE_SECURE
SESSION_COOKIE_HTTPONLY = True
X_FRAME_OPTIONS = "DENY"
STORAGES = {
    **STORAGES,
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
}
