"""The error pages: friendly pages on the site, JSON under /api/.

DRF answers the errors of its own views in JSON. These handlers cover what happens before a
view is reached (an address that matches no route, a request Django refuses) and the errors
of the site's pages, which get templates/400.html, 403.html, 404.html and 500.html.

A request larger than DATA_UPLOAD_MAX_MEMORY_SIZE is a 413 everywhere (request_too_large): JSON
under /api/; on a form page marked with too_large_page, that page with the message as its
error; templates/413.html elsewhere."""

from collections.abc import Callable
from typing import TypeVar

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.views import defaults
from django.views.decorators.csrf import csrf_exempt

from kotc_site.outages import note_outage, outage_in_progress, unavailable_response

API_PREFIX = "/api/"

View = TypeVar("View", bound=Callable[..., HttpResponse])
FormPage = Callable[[HttpRequest, str], HttpResponse]


def _is_api(request: HttpRequest) -> bool:
    return request.path.startswith(API_PREFIX)


def too_large_message() -> str:
    limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE / 1024 / 1024
    return (
        f"What you sent is larger than {limit:g} MB, the most the site reads at once;"
        " nothing was saved. Send less, or upload the file instead of pasting it."
    )


def too_large_page(page: FormPage) -> Callable[[View], View]:
    """Mark a form view so that a request too large to read is answered by `page(request,
    message)`: the form again, with the message as its error (and status 413)."""

    def mark(view: View) -> View:
        view.too_large_page = page  # type: ignore[attr-defined]
        return view

    return mark


def request_too_large(request: HttpRequest) -> HttpResponse:
    """The 413 answer to a body over DATA_UPLOAD_MAX_MEMORY_SIZE (Django's RequestDataTooBig)."""
    message = too_large_message()
    if _is_api(request):
        return JsonResponse({"detail": message}, status=413)
    match = getattr(request, "resolver_match", None)
    page = getattr(getattr(match, "func", None), "too_large_page", None)
    if page is not None:
        return page(request, message)
    return render(request, "413.html", {"message": message}, status=413)


def bad_request(request: HttpRequest, exception: Exception) -> HttpResponse:
    # Django reads the body lazily, so a body over the limit surfaces as a bad request.
    if isinstance(exception, RequestDataTooBig):
        return request_too_large(request)
    if _is_api(request):
        return JsonResponse({"detail": "Bad request."}, status=400)
    return defaults.bad_request(request, exception)


def permission_denied(request: HttpRequest, exception: Exception) -> HttpResponse:
    if _is_api(request):
        return JsonResponse(
            {"detail": "You do not have permission to perform this action."}, status=403
        )
    return defaults.permission_denied(request, exception)


@csrf_exempt  # no route, nothing to protect: a POST is the same 404, not a CSRF page
def api_not_found(request: HttpRequest, rest: str = "") -> HttpResponse:
    """An address under /api/ that no route matched: a JSON 404, in DEBUG too, where Django
    would answer the technical 404 page (HTML) without asking handler404."""
    return JsonResponse({"detail": "Not found."}, status=404)


def page_not_found(request: HttpRequest, exception: Exception) -> HttpResponse:
    if _is_api(request):
        return JsonResponse({"detail": "Not found."}, status=404)
    return defaults.page_not_found(request, exception)


def server_error(request: HttpRequest) -> HttpResponse:
    # An outage met outside a view (kotc_site.outages handles those inside one) is a 503.
    error = outage_in_progress()
    if error is not None:
        note_outage(error, where=f"answered 503 to {request.path}")
        return unavailable_response(request)
    # 500.html is rendered with no context at all: whatever failed cannot fail it again.
    if _is_api(request):
        return JsonResponse({"detail": "Server error."}, status=500)
    return defaults.server_error(request)
