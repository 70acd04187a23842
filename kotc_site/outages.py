"""While a service the site depends on is out of reach: the database, or Redis (the cache and
the broker).

Such an error is the service's, not a bug of the site's: a page answers 503 with a page saying
the site is briefly unavailable, the API a JSON 503, both with `Retry-After`. The operator gets
one log line a minute for each kind of error, with how many requests it turned away since the
last line, instead of a traceback a request (hundreds a minute, each an error report).
"""

from __future__ import annotations

import logging
import sys
import threading
import time

import kombu.exceptions
import redis.exceptions
from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.template import loader

logger = logging.getLogger("kotc_site.outages")

# What a lost database, cache or broker raises: Django's errors of a database connection
# (refused, dropped, locked; an IntegrityError or a DataError is a bug, a 500), redis-py's
# (whose ConnectionError is not Python's), Kombu's when a message cannot be sent, and Python's
# own for sockets.
OUTAGE_ERRORS: tuple[type[BaseException], ...] = (
    OperationalError,
    InterfaceError,
    ConnectionError,
    TimeoutError,
    redis.exceptions.ConnectionError,
    redis.exceptions.TimeoutError,
    kombu.exceptions.OperationalError,
)
# How long a client is asked to wait before it tries again.
RETRY_AFTER_SECONDS = 30
# At most one log line a kind of error in this long.
LOG_EVERY_SECONDS = 60.0
API_MESSAGE = "A service the site depends on is unavailable. Try again shortly."

_clock = time.monotonic  # one name for the clock the minutes are read on
_lock = threading.Lock()
_last_logged: dict[str, float] = {}
_turned_away: dict[str, int] = {}


def is_outage(error: BaseException | None) -> bool:
    """Whether the error says a service is out of reach."""
    return isinstance(error, OUTAGE_ERRORS)


def note_outage(error: BaseException, *, where: str) -> None:
    """Log the outage, with what was done about it (`where`): at once for the first of its
    kind, then at most once a minute, saying how many times it was met in between."""
    kind = f"{type(error).__module__}.{type(error).__qualname__}"
    now = _clock()
    with _lock:
        last = _last_logged.get(kind)
        if last is not None and now - last < LOG_EVERY_SECONDS:
            _turned_away[kind] = _turned_away.get(kind, 0) + 1
            return
        _last_logged[kind] = now
        since = _turned_away.pop(kind, 0)
    logger.error(
        "A service is unavailable (%s: %s): %s. %d more since the last line.",
        kind,
        error,
        where,
        since,
    )


def unavailable_response(request: HttpRequest) -> HttpResponse:
    """503 with Retry-After: JSON under /api/, else a page rendered with no context (its
    context processors would read the database, which may be the service that is away)."""
    response: HttpResponse
    if request.path.startswith("/api/"):
        response = JsonResponse({"detail": API_MESSAGE}, status=503)
    else:
        response = HttpResponse(loader.get_template("503.html").render(), status=503)
    response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    return response


class OutageMiddleware:
    """A view that meets an outage answers 503 instead of raising: no traceback, no error
    report, one log line a minute (note_outage)."""

    def __init__(self, get_response):  # type: ignore[no-untyped-def]
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not is_outage(exception):
            return None
        note_outage(exception, where=f"answered 503 to {request.path}")
        return unavailable_response(request)


def outage_in_progress() -> BaseException | None:
    """The outage error being handled now, if the error being handled is one (for handler500,
    which Django calls from inside its `except`)."""
    error = sys.exc_info()[1]
    return error if is_outage(error) else None


class DropOutageTracebacks(logging.Filter):
    """For django.request, which logs every 5xx answer: a 503 is an outage's, logged once a
    minute by note_outage (and by the request's own line), not once a request, with or without
    a traceback."""

    def filter(self, record: logging.LogRecord) -> bool:
        error = record.exc_info[1] if record.exc_info else None
        return not is_outage(error) and getattr(record, "status_code", None) != 503
