"""API plumbing shared by every app: the error format and the throttles."""

import logging

from django.db import DatabaseError
from rest_framework import status
from rest_framework.response import Response
from rest_framework.throttling import ScopedRateThrottle
from rest_framework.views import exception_handler as drf_exception_handler

logger = logging.getLogger(__name__)


def exception_handler(exc: Exception, context: dict) -> Response | None:
    """DRF's handler, plus a JSON 503 when the database or the broker is out of reach,
    so an API client never gets an HTML error page."""
    response = drf_exception_handler(exc, context)
    if response is not None:
        return response
    if isinstance(exc, DatabaseError | ConnectionError | OSError):
        logger.exception("Service unavailable while handling %s", context.get("request"))
        return Response(
            {"detail": "A service the site depends on is unavailable. Try again shortly."},
            status=status.HTTP_503_SERVICE_UNAVAILABLE,
        )
    return None


class CheckThrottle(ScopedRateThrottle):
    """Card and deck checks are free to everyone, so they are rate-limited per client."""

    scope_attr = "throttle_scope"
