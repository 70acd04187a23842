"""Production: secrets, hosts and the shared cache must come from the environment; HTTPS
everywhere unless a plain-HTTP staging site switches it off (DJANGO_SECURE_SSL_REDIRECT,
DJANGO_SECURE_COOKIES, DJANGO_HSTS_SECONDS). The admin asks staff for a one-time code
(KOTC_ADMIN_2FA)."""

import os

from django.core.exceptions import ImproperlyConfigured
from whitenoise.compress import Compressor

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
# Strict-Transport-Security starts short: a browser that has seen it refuses plain HTTP to the
# host for that long, so a mistake with the certificate or the proxy in the first days locks
# visitors out for an hour, not a year. The operator raises it by steps (docs/deploy.md, "The
# admin, CSP and HSTS"): a day, a week, a year. Subdomains and the browsers' preload list are
# decisions of their own, each off until its variable turns it on: the first cuts off any
# subdomain still served over plain HTTP, and the second outlasts a change of mind by months.
SECURE_HSTS_SECONDS = env_int("DJANGO_HSTS_SECONDS", 60 * 60)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("DJANGO_HSTS_INCLUDE_SUBDOMAINS", False)
SECURE_HSTS_PRELOAD = env_bool("DJANGO_HSTS_PRELOAD", False)
# `check --deploy` warns while either is off (security.W005, security.W021). Off is the start
# the ramp above chooses, on purpose, so these two warnings are silenced, here alone; HSTS
# switched off altogether (DJANGO_HSTS_SECONDS=0) is still warned about (security.W004).
SILENCED_SYSTEM_CHECKS = ["security.W005", "security.W021"]
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
# Cookies only over HTTPS; a plain-HTTP staging site sets DJANGO_SECURE_COOKIES=false, or its
# browsers would never send them back (no log-in, no sign-up, no form).
SESSION_COOKIE_SECURE = env_bool("DJANGO_SECURE_COOKIES", True)
CSRF_COOKIE_SECURE = SESSION_COOKIE_SECURE
SESSION_COOKIE_HTTPONLY = True
X_FRAME_OPTIONS = "DENY"
KOTC_ADMIN_2FA = env_bool("KOTC_ADMIN_2FA", True)
STORAGES = {
    **STORAGES,
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
}
# Pages name static files by their hashed names only, so the release keeps and compresses those
# alone; source maps (for browsers' developer tools) are sent as they are.
WHITENOISE_KEEP_ONLY_HASHED_FILES = True
WHITENOISE_SKIP_COMPRESS_EXTENSIONS = (*Compressor.SKIP_COMPRESS_EXTENSIONS, "map")
