"""API plumbing shared by every app: the error format."""

from django.core.exceptions import RequestDataTooBig, SuspiciousOperation
from django.utils.log import log_response
from rest_framework import status
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler
from rest_framework.views import set_rollback

from kotc_site.errors import too_large_message
from kotc_site.outages import API_MESSAGE, RETRY_AFTER_SECONDS, is_outage, note_outage


def exception_handler(exc: Exception, context: dict) -> Response | None:
    """DRF's handler, plus a JSON 503 when the database or the broker is out of reach and
    a JSON 500 for any other error, so an API client never gets an HTML error page.

    DRF answers its own exceptions, Http404 and PermissionDenied itself (the first branch);
    only what it would re-raise reaches the others."""
    response = drf_exception_handler(exc, context)
    if response is not None:
        # A service an app found away (the goldfish queue, say): when to ask again.
        if response.status_code == status.HTTP_503_SERVICE_UNAVAILABLE:
            response.headers.setdefault("Retry-After", str(RETRY_AFTER_SECONDS))
        return response
    request = context.get("request")
    # The body is read lazily, inside the view: one over the limit, or with too many fields.
    if isinstance(exc, RequestDataTooBig):
        return Response({"detail": too_large_message()}, status=413)
    if isinstance(exc, SuspiciousOperation):
        return Response({"detail": f"The request cannot be read: {exc}"}, status=400)
    # Only lost connections are the service's fault; other errors are bugs (500).
    if is_outage(exc):
        note_outage(exc, where=f"answered 503 to {getattr(request, 'path', '')}")
        response = Response({"detail": API_MESSAGE}, status=status.HTTP_503_SERVICE_UNAVAILABLE)
        response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    else:
        response = Response({"detail": "Server error."}, status=500)
        # Logged as Django logs an uncaught error: with the traceback, on django.request.
        log_response(
            "Internal Server Error: %s",
            getattr(request, "path", ""),
            response=response,
            request=getattr(request, "_request", None),
            exception=exc,
        )
    set_rollback()
    return response
