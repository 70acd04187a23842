"""Settings for the test suite: fast hashing, throttles out of the way unless a test asks."""

import os

from .base import *  # noqa: F403
from .base import REST_FRAMEWORK

DEBUG = False
# The test client builds its middleware afresh for every client, and WhiteNoise would list every
# static file each time (13 ms a client, a minute a pass); it looks a file up when asked instead.
WHITENOISE_AUTOREFRESH = True
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
# The login lockout stays on, as in production: django-axes keeps its count of failures in the
# database, so each test starts with none and only the tests that fail on purpose are locked out.
REST_FRAMEWORK = {
    **REST_FRAMEWORK,
    "DEFAULT_THROTTLE_RATES": {
        **REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"],
        "check": "100000/min",
        "token": "100000/min",
        "simulation": "100000/min",
        "comment": "100000/min",
        "like": "100000/min",
        "follow": "100000/min",
        "report": "100000/min",
        "anon": "100000/min",
        "user": "100000/min",
    },
}
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}

# The test database lives in a file, so the Celery worker processes that some tests start
# can open the same database as the test that started them.
if DATABASES["default"]["ENGINE"].endswith("sqlite3"):  # noqa: F405
    # One file per test process, so test runs side by side do not share a database.
    DATABASES["default"]["TEST"] = {  # noqa: F405
        "NAME": str(VAR_DIR / f"test_kotc_{os.getpid()}.sqlite3")  # noqa: F405
    }
