"""Settings shared by every mode. Everything that differs between machines is read from the
environment here and in the modules beside this one (environment: the files and how values
are read; workers: Celery), and nowhere else."""

import logging
import os
from datetime import timedelta
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

from kotc_site.logs import logging_config, sentry_init, structlog_configure

from .environment import (
    BASE_DIR,
    VAR_DIR,
    env_bool,
    env_float,
    env_int,
    env_list,
    throttle_rate,
    url_path,
)

SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY", "dev-only-insecure-key-change-me")
DEBUG = env_bool("DJANGO_DEBUG", True)
ALLOWED_HOSTS = env_list("DJANGO_ALLOWED_HOSTS", "127.0.0.1,localhost,[::1],testserver")
CSRF_TRUSTED_ORIGINS = env_list("DJANGO_CSRF_TRUSTED_ORIGINS")

INSTALLED_APPS = [
    # Django's admin with the site's own AdminSite (kotc_site.admin_site): two-factor sign-in.
    "kotc_site.apps.AdminConfig",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "kotc_site.apps.StaticFiles",
    "django.contrib.humanize",
    # One-time codes from an authenticator app, asked of staff by the admin (KOTC_ADMIN_2FA).
    "django_otp",
    "django_otp.plugins.otp_totp",
    "rest_framework",
    "knox",
    "axes",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "django_structlog",
    "kotc_site",
    "accounts",
    "cards",
    "decks",
    "rulebook",
    "building",
    "simulations",
    "community",
    "shelves",
    "sets",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    # Outside the rest, so error and outage pages carry the policy too (kotc_site.csp).
    "kotc_site.csp.ContentSecurityPolicyMiddleware",
    # One log line per request, with its id, user, status and duration (see kotc_site.logs).
    "django_structlog.middlewares.RequestMiddleware",
    # A view that meets a lost database, cache or broker answers 503 (kotc_site.outages).
    "kotc_site.outages.OutageMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "kotc_site.middleware.NullQueryMiddleware",
    "kotc_site.api_methods.UndeclaredMethodMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # Which one-time-code device, if any, verified this session (request.user.is_verified()).
    "django_otp.middleware.OTPMiddleware",
    # The files the API hands out (pictures, sheets, exports) read by an API token too.
    "accounts.token_reads.TokenReadsMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # Last, as django-axes asks: it turns a lockout noticed during the request into its answer.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "kotc_site.urls"
WSGI_APPLICATION = "kotc_site.wsgi.application"
ASGI_APPLICATION = "kotc_site.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "kotc_site.context_processors.site",
            ],
        },
    }
]

# SQLite under var/ unless DATABASE_URL names another database (PostgreSQL in production).
DATABASES = {
    "default": dj_database_url.parse(
        os.environ.get("DATABASE_URL", f"sqlite:///{VAR_DIR / 'kotc.sqlite3'}"),
        conn_max_age=env_int("DATABASE_CONN_MAX_AGE", 0),
        conn_health_checks=env_bool("DATABASE_HEALTH_CHECKS", True),
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    # A database that does not answer is an error after a few seconds, not a hung request.
    DATABASES["default"].setdefault("OPTIONS", {}).setdefault("connect_timeout", 5)
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # WAL lets the background simulation worker write while pages read.
    DATABASES["default"].setdefault("OPTIONS", {})["init_command"] = (
        "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;"
    )
    DATABASES["default"]["OPTIONS"]["timeout"] = 20
    # A transaction takes the write lock when it begins, waiting up to `timeout` for it. SQLite's
    # default takes it at the first write instead, and a transaction that has read by then
    # cannot wait for it: two people forking at once got "database is locked" (a 503).
    DATABASES["default"]["OPTIONS"]["transaction_mode"] = "IMMEDIATE"

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
# django-axes first: it refuses a locked-out account or client before any password is checked.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

# The admin's address: a path of the operator's own keeps the scanners that try /admin/ from
# finding its log-in form (urls.py; kotc_site.checks refuses a path a page of the site holds).
KOTC_ADMIN_PATH = url_path("KOTC_ADMIN_PATH", os.environ.get("KOTC_ADMIN_PATH", "admin/"))
# Staff enter the admin with a one-time code from an authenticator app besides their password
# (kotc_site.admin_site; `manage.py admin_totp <username>` sets up the app). Off here so that
# `make run` and the tests sign in with a password alone; production turns it on.
KOTC_ADMIN_2FA = env_bool("KOTC_ADMIN_2FA", False)
# The name an authenticator app shows beside the account.
OTP_TOTP_ISSUER = "Keeper of the Cards"
# A device's secret is shown once, when it is made, and never again by the admin.
OTP_ADMIN_HIDE_SENSITIVE_DATA = True

# The Content-Security-Policy (kotc_site.csp): "report-only" has browsers report what it would
# block, everywhere unless set, so that a page that breaks it is noticed before it is enforced;
# "enforce" has them block it; "off" sends none.
KOTC_CSP = os.environ.get("KOTC_CSP", "report-only").strip().lower()
if KOTC_CSP not in {"report-only", "enforce", "off"}:
    raise ImproperlyConfigured(
        f'KOTC_CSP must be "report-only", "enforce" or "off"; got {KOTC_CSP!r}.'
    )
# Where browsers send their reports of what the policy blocked (or would have): empty for none.
# One address: a space or a semicolon would add directives of its own to the policy.
KOTC_CSP_REPORT_URI = os.environ.get("KOTC_CSP_REPORT_URI", "").strip()
if any(mark.isspace() or mark in ";,'\"" for mark in KOTC_CSP_REPORT_URI):
    raise ImproperlyConfigured(
        f"KOTC_CSP_REPORT_URI must be one address; got {KOTC_CSP_REPORT_URI!r}."
    )

LANGUAGE_CODE = "en"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "/static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = VAR_DIR / "staticfiles"
# Serve straight from static/ too, so gunicorn works before (or without) collectstatic.
WHITENOISE_USE_FINDERS = True
MEDIA_URL = "/media/"
MEDIA_ROOT = Path(os.environ.get("KOTC_MEDIA_ROOT", VAR_DIR / "media"))
# Uploaded pictures, drawn cards and print images: on local disk (MEDIA_ROOT), or in an
# S3-compatible bucket when DJANGO_AWS_STORAGE_BUCKET_NAME is set, so that every web machine
# and worker reads the same files. The bucket stays private: card pictures are handed out by
# cards.pictures as short-lived signed links, after the site has checked who may see them.
AWS_STORAGE_BUCKET_NAME = os.environ.get("DJANGO_AWS_STORAGE_BUCKET_NAME", "")
STORAGES: dict[str, dict[str, object]] = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
if AWS_STORAGE_BUCKET_NAME:
    STORAGES["default"] = {
        "BACKEND": "storages.backends.s3.S3Storage",
        "OPTIONS": {
            "bucket_name": AWS_STORAGE_BUCKET_NAME,
            # Empty: boto3 finds credentials itself (an instance role, ~/.aws, AWS_* variables).
            "access_key": os.environ.get("DJANGO_AWS_ACCESS_KEY_ID") or None,
            "secret_key": os.environ.get("DJANGO_AWS_SECRET_ACCESS_KEY") or None,
            "region_name": os.environ.get("DJANGO_AWS_S3_REGION_NAME") or None,
            # MinIO, Ceph, Garage, a provider's S3 service: its address.
            "endpoint_url": os.environ.get("DJANGO_AWS_S3_ENDPOINT_URL") or None,
            "default_acl": None,  # the bucket's own policy: private
            "querystring_auth": True,
            "querystring_expire": env_int("DJANGO_AWS_QUERYSTRING_EXPIRE", 300, minimum=10),
            "signature_version": "s3v4",
            # Names are made from the content (cards/<hash>.png, renders/<key>.png): the same
            # name always holds the same bytes, so writing it again changes nothing.
            "file_overwrite": True,
            "object_parameters": {"CacheControl": "max-age=86400"},
        },
    }

# Uploads: images are capped at 5 MB by the form; the request cap leaves room for the rest.
DATA_UPLOAD_MAX_MEMORY_SIZE = 8 * 1024 * 1024
FILE_UPLOAD_MAX_MEMORY_SIZE = 6 * 1024 * 1024

# The cache holds what several processes must share: the designer's preview pictures between
# two requests, the API throttles' counts, remembered renders. Local memory serves one process
# (`make run`); production requires CACHE_URL (see production.py).
CACHE_URL = os.environ.get("CACHE_URL", "")
CACHES: dict[str, dict[str, object]] = {
    "default": {
        "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
        "LOCATION": "kotc",
    }
}
if CACHE_URL:
    CACHES["default"] = {
        # Redis, or each process's memory while Redis is away (kotc_site.cache).
        "BACKEND": "kotc_site.cache.SteadyRedisCache",
        "LOCATION": CACHE_URL,
        # A cache that stops answering is an error in two seconds, not a request held for good.
        "OPTIONS": {"socket_connect_timeout": 2, "socket_timeout": 2},
    }

# Email: password resets. The console (the log) unless EMAIL_URL names an SMTP server.
EMAIL_URL = os.environ.get("EMAIL_URL", "")
DEFAULT_FROM_EMAIL = os.environ.get(
    "DJANGO_DEFAULT_FROM_EMAIL", "Keeper of the Cards <noreply@localhost>"
)
SERVER_EMAIL = DEFAULT_FROM_EMAIL
EMAIL_TIMEOUT = 10
EMAIL_BACKEND = "django.core.mail.backends.console.EmailBackend"
if EMAIL_URL:
    from kotc_site.email_url import email_settings

    globals().update(email_settings(EMAIL_URL))
# A password reset link works for this long (Django's default is three days).
PASSWORD_RESET_TIMEOUT = 60 * 60 * 2

# How many reverse proxies stand in front of the site. Each appends the address it was reached
# from to X-Forwarded-For, so with N proxies the client is the N-th address from the right and
# anything further left is whatever the client wrote. With 0 the header is ignored: the client
# is the address that connected. Throttles and login lockouts both use this one rule.
KOTC_TRUSTED_PROXIES = env_int("KOTC_TRUSTED_PROXIES", 0)

# /readyz/ takes a service that answered within this many seconds to be up, and answers from
# memory (kotc_site.health_memo); 0 asks every service at every probe.
KOTC_READINESS_CACHE_SECONDS = env_float(
    "KOTC_READINESS_CACHE_SECONDS", 5.0, minimum=0.0, maximum=60.0
)

REST_FRAMEWORK = {
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    # The token comes first: DRF asks the first class how to ask for credentials, so a request
    # without them (or with a bad token) is a 401 with `WWW-Authenticate: Token`. A request with
    # no Authorization header still falls through to the session, which keeps its CSRF check.
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "accounts.authentication.ApiTokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    # JSON by kotc_site.inputs' rules: no duplicate keys, no deep nesting, no NaN.
    "DEFAULT_PARSER_CLASSES": [
        "kotc_site.inputs.StrictJSONParser",
        "rest_framework.parsers.FormParser",
        "kotc_site.drf_text.StrictMultiPartParser",
    ],
    "DEFAULT_PAGINATION_CLASS": "kotc_site.api_query.Pagination",
    "PAGE_SIZE": 24,
    # A ceiling for every client; checks, tokens and simulations have tighter scopes of their own.
    "DEFAULT_THROTTLE_CLASSES": [
        "rest_framework.throttling.AnonRateThrottle",
        "rest_framework.throttling.UserRateThrottle",
    ],
    "DEFAULT_THROTTLE_RATES": {
        "check": throttle_rate("KOTC_THROTTLE_CHECK", "120/min"),
        "token": throttle_rate("KOTC_THROTTLE_TOKEN", "10/min"),
        "simulation": throttle_rate("KOTC_THROTTLE_SIMULATION", "20/min"),
        # Per account, on the API and the site's forms alike (community.limits).
        "comment": throttle_rate("KOTC_THROTTLE_COMMENT", "6/min"),
        "like": throttle_rate("KOTC_THROTTLE_LIKE", "60/min"),
        "follow": throttle_rate("KOTC_THROTTLE_FOLLOW", "30/min"),
        "report": throttle_rate("KOTC_THROTTLE_REPORT", "10/min"),
        "anon": throttle_rate("KOTC_THROTTLE_ANON", "600/min"),
        "user": throttle_rate("KOTC_THROTTLE_USER", "1200/min"),
    },
    "EXCEPTION_HANDLER": "kotc_site.api.exception_handler",
    # Throttles tell clients apart by address: see KOTC_TRUSTED_PROXIES.
    "NUM_PROXIES": KOTC_TRUSTED_PROXIES,
}

# API tokens (django-rest-knox): stored hashed, one per device, each with its own expiry.
KNOX_TOKEN_MODEL = "accounts.ApiToken"
# Knox's own token table is replaced by accounts.ApiToken: without its migrations the table is
# never made (an unused table referring to users would block emptying them in tests).
MIGRATION_MODULES = {"knox": None}
REST_KNOX = {
    "AUTH_HEADER_PREFIX": "Token",
    "TOKEN_TTL": timedelta(days=env_int("KOTC_TOKEN_DAYS", 90, minimum=1)),
    "TOKEN_LIMIT_PER_USER": 50,
    "AUTO_REFRESH": False,
}

# Login lockout (django-axes): after KOTC_LOGIN_FAILURES failed attempts, for one account or
# from one client address, logging in (the page and the token endpoint) is refused for
# KOTC_LOGIN_COOLOFF_MINUTES. Failures older than that are forgotten.
AXES_FAILURE_LIMIT = env_int("KOTC_LOGIN_FAILURES", 5, minimum=1)
AXES_COOLOFF_TIME = timedelta(minutes=env_int("KOTC_LOGIN_COOLOFF_MINUTES", 15, minimum=1))
AXES_LOCKOUT_PARAMETERS = ["username", "ip_address"]
AXES_CLIENT_IP_CALLABLE = "accounts.client_ip.client_ip"
AXES_LOCKOUT_CALLABLE = "accounts.lockout.lockout_response"
# A try during the lockout does not push its end further out, so "try again in 15 minutes"
# stays true for the person who reads it.
AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = False
# Successful logins are not logged: the site keeps no history of where people log in from.
AXES_DISABLE_ACCESS_LOG = True
# No banner on every start; failures are still logged, without username or address.
AXES_VERBOSE = False

SPECTACULAR_SETTINGS = {
    "TITLE": "Keeper of the Cards API",
    "DESCRIPTION": "Check cards and decks against the rulebook, design cards, build decks.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "COMPONENT_SPLIT_REQUEST": True,
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "accounts.schema.document_unauthorized",
        "kotc_site.schema.finish_text_schemas",
        "kotc_site.schema.document_bodies",
    ],
    # A card's kind, and the one kind a minion's or a spell's body names, each under one name.
    "ENUM_NAME_OVERRIDES": {
        "CardKindEnum": ["minion", "spell"],
        "MinionKindEnum": ["minion"],
        "SpellKindEnum": ["spell"],
        "TermKindEnum": "rulebook.content_format.KINDS",
        "ShelfOperationEnum": ["tag", "untag", "move", "archive", "unarchive"],
        "FolderHoldsEnum": "shelves.models.Holds",
        "SmartFolderHoldsEnum": ["cards", "decks"],
    },
}

# Celery: the broker, the workers and beat's sweep of goldfish runs.
from .workers import *  # noqa: E402, F403

# Logs: one line per event with its time, level and logger, and the request's id and user or
# the task's id and goldfish run; key=value lines, or JSON with KOTC_LOG_FORMAT=json.
KOTC_LOG_FORMAT = os.environ.get("KOTC_LOG_FORMAT", "text").strip().lower()
if KOTC_LOG_FORMAT not in {"text", "json"}:
    raise ImproperlyConfigured(
        f'KOTC_LOG_FORMAT must be "text" or "json"; got {KOTC_LOG_FORMAT!r}.'
    )
LOGGING = logging_config(
    level=os.environ.get("KOTC_LOG_LEVEL", "INFO").strip().upper(), json=KOTC_LOG_FORMAT == "json"
)
structlog_configure()
# django-structlog: the request line is "request_finished" (see kotc_site.logs for its duration
# and the X-Request-ID answer header); "request_started" is a debug line. Addresses are not
# logged, as the login lockout keeps none either. Behind a proxy, its X-Request-ID is kept.
DJANGO_STRUCTLOG_STATUS_START_LOG_LEVEL = logging.DEBUG
DJANGO_STRUCTLOG_IP_LOGGING_ENABLED = False
DJANGO_STRUCTLOG_CELERY_ENABLED = True
DJANGO_STRUCTLOG_CELERY_TASK_START_LOG_LEVEL = logging.DEBUG
DJANGO_STRUCTLOG_TRUST_UPSTREAM_REQUEST_ID = KOTC_TRUSTED_PROXIES > 0

# Error reports to Sentry (or a compatible service) when SENTRY_DSN is set; nothing otherwise.
SENTRY_DSN = os.environ.get("SENTRY_DSN", "")
if SENTRY_DSN:
    sentry_init(
        dsn=SENTRY_DSN,
        environment=os.environ.get("SENTRY_ENVIRONMENT", "production"),
        traces_sample_rate=env_float("SENTRY_TRACES_SAMPLE_RATE", 0.0),
    )

KOTC = {
    # The most games one goldfish run may play (the form, the API and its schema say so).
    # 200,000 plays in a second or two; raised to ten million (a thousand chunks), a run takes
    # about a minute of two workers' time (docs/deploy.md).
    "SIMULATION_MAX_GAMES": env_int("KOTC_SIMULATION_MAX_GAMES", 200_000, minimum=1),
    "SIMULATION_MAX_TURNS": 50,
    # How long a run may take before it fails saying what kept it (a database or a queue
    # that stayed away): chunks are retried, and lost ones queued again, until then.
    "RUN_DEADLINE_SECONDS": env_int("KOTC_RUN_DEADLINE_SECONDS", 3600, minimum=10),
    # Behind nginx: an internal location that serves MEDIA_ROOT (say "/protected-media/").
    # Card pictures are then checked here and sent by nginx (X-Accel-Redirect).
    "MEDIA_ACCEL_REDIRECT": os.environ.get("KOTC_MEDIA_ACCEL_REDIRECT", ""),
}

SPECTACULAR_SETTINGS.update(
    {
        # Served from the sidecar package: the docs page works with no network.
        "SWAGGER_UI_DIST": "SIDECAR",
        "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
        "REDOC_DIST": "SIDECAR",
        # No "valid" badge: it is a picture from validator.swagger.io, which would be sent the
        # schema's address and which the Content-Security-Policy does not allow.
        "SWAGGER_UI_SETTINGS": {"deepLinking": True, "validatorUrl": None},
    }
)

VAR_DIR.mkdir(parents=True, exist_ok=True)
STATIC_ROOT.mkdir(exist_ok=True)
for _folder in ("queue", "processed", "control"):
    (VAR_DIR / "broker" / _folder).mkdir(parents=True, exist_ok=True)
