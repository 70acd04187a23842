"""Settings shared by every mode. Everything that differs between machines is read here,
from the environment, and nowhere else."""

import os
from pathlib import Path

import dj_database_url

BASE_DIR = Path(__file__).resolve().parent.parent.parent
VAR_DIR = Path(os.environ.get("KOTC_VAR_DIR", BASE_DIR / "var"))


def env_bool(name: str, default: bool = False) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def throttle_rate(name: str, default: str) -> str | None:
    """A rate such as "120/min" from the environment; "off" switches that throttle off."""
    value = os.environ.get(name, default).strip()
    return None if value.lower() == "off" else value


def env_list(name: str, default: str = "") -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY", "dev-only-insecure-key-change-me")
DEBUG = env_bool("DJANGO_DEBUG", True)
ALLOWED_HOSTS = env_list("DJANGO_ALLOWED_HOSTS", "127.0.0.1,localhost,[::1],testserver")
CSRF_TRUSTED_ORIGINS = env_list("DJANGO_CSRF_TRUSTED_ORIGINS")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "kotc_site",
    "accounts",
    "cards",
    "decks",
    "rulebook",
    "simulations",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
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
        conn_max_age=int(os.environ.get("DATABASE_CONN_MAX_AGE", "0")),
        conn_health_checks=env_bool("DATABASE_HEALTH_CHECKS", True),
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # WAL lets the background simulation worker write while pages read.
    DATABASES["default"].setdefault("OPTIONS", {})["init_command"] = (
        "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;"
    )
    DATABASES["default"]["OPTIONS"]["timeout"] = 20

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

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
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}

# Uploads: images are capped at 5 MB by the form; the request cap leaves room for the rest.
DATA_UPLOAD_MAX_MEMORY_SIZE = 8 * 1024 * 1024
FILE_UPLOAD_MAX_MEMORY_SIZE = 6 * 1024 * 1024

CACHES = {
    "default": {
        "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
        "LOCATION": "kotc",
    }
}
if os.environ.get("CACHE_URL"):
    CACHES["default"] = {
        "BACKEND": "django.core.cache.backends.redis.RedisCache",
        "LOCATION": os.environ["CACHE_URL"],
    }

REST_FRAMEWORK = {
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.SessionAuthentication",
        "rest_framework.authentication.TokenAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    "DEFAULT_PAGINATION_CLASS": "rest_framework.pagination.PageNumberPagination",
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
        "anon": throttle_rate("KOTC_THROTTLE_ANON", "600/min"),
        "user": throttle_rate("KOTC_THROTTLE_USER", "1200/min"),
    },
    "EXCEPTION_HANDLER": "kotc_site.api.exception_handler",
}

SPECTACULAR_SETTINGS = {
    "TITLE": "Keeper of the Cards API",
    "DESCRIPTION": "Check cards and decks against the rulebook, design cards, build decks.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "COMPONENT_SPLIT_REQUEST": True,
}

# Celery: with no broker configured, the site uses an embedded file-system broker
# so `make run` runs simulations in the background with nothing more to install.
CELERY_BROKER_URL = os.environ.get("CELERY_BROKER_URL", "filesystem://")
# A chunk a worker took but never acknowledged (it died) goes back to the queue once it is
# older than the visibility timeout; workers look for such chunks every restore interval.
# A chunk takes well under a second, so both can be short.
CELERY_BROKER_TRANSPORT_OPTIONS: dict[str, object] = {
    "visibility_timeout": int(os.environ.get("KOTC_BROKER_VISIBILITY_TIMEOUT", "60")),
    "unacked_restore_interval": int(os.environ.get("KOTC_BROKER_RESTORE_INTERVAL", "5")),
    "unacked_restore_throttle": 1,
    "socket_connect_timeout": 2,
}
CELERY_BROKER_CONNECTION_TIMEOUT = 2
if CELERY_BROKER_URL.startswith("filesystem://"):
    _broker_dir = VAR_DIR / "broker"
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        "data_folder_in": str(_broker_dir / "queue"),
        "data_folder_out": str(_broker_dir / "queue"),
        "processed_folder": str(_broker_dir / "processed"),
        "store_processed": False,
    }
CELERY_TASK_DEFAULT_QUEUE = os.environ.get("KOTC_CELERY_QUEUE", "celery")
CELERY_TASK_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_RESULT_BACKEND = None
CELERY_TASK_IGNORE_RESULT = True
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_TIME_LIMIT = 300
CELERY_TASK_SOFT_TIME_LIMIT = 240
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("KOTC_LOG_LEVEL", "INFO")},
    "loggers": {"django.db.backends": {"level": "INFO"}},
}

KOTC = {
    "CURRENT_EDITION": 14,
    "SIMULATION_MAX_GAMES": 200_000,
    "SIMULATION_MAX_TURNS": 50,
    # A run with no finished chunk for this long has lost its queued chunks (the broker
    # restarted without persistence, say): the next look at it queues them again.
    "SIMULATION_STALL_SECONDS": int(os.environ.get("KOTC_SIMULATION_STALL_SECONDS", "20")),
}

SPECTACULAR_SETTINGS.update(
    {
        # Served from the sidecar package: the docs page works with no network.
        "SWAGGER_UI_DIST": "SIDECAR",
        "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
        "REDOC_DIST": "SIDECAR",
    }
)

VAR_DIR.mkdir(parents=True, exist_ok=True)
STATIC_ROOT.mkdir(exist_ok=True)
for _folder in ("queue", "processed"):
    (VAR_DIR / "broker" / _folder).mkdir(parents=True, exist_ok=True)
