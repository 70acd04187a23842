"""Refusals that hold for every request, before any view reads it."""

import re
from collections.abc import Callable

from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.views import defaults

from kotc_site.errors import API_PREFIX, page_not_found

NULL = "\x00"
CONTROL = re.compile(r"[\x00-\x1f\x7f]")


class NullQueryMiddleware:
    """A null character anywhere in the query string is a 400 naming the parameter; a control
    character in the path (a null, a line break) is a 404, JSON under /api/: no address holds one.

    No page or API operation means anything by one, and PostgreSQL refuses a null in any text it
    is sent (a DataError, so a search for "a%00b", or a picture named "%00.png", was a server
    error). Form fields and DRF's CharField refuse it in bodies; query parameters and the parts
    of a path are often read without a field, so they are checked here, once for all of them.
    A line break matches no route, not even the JSON catch-all under /api/ (a path converter
    stops at one), and with DEBUG on Django would answer its HTML page."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if CONTROL.search(request.path_info):
            return page_not_found(request, Http404("No such page."))
        for key, values in request.GET.lists():
            if NULL in key or any(NULL in value for value in values):
                return self.refuse(request, key)
        return self.get_response(request)

    def refuse(self, request: HttpRequest, key: str) -> HttpResponse:
        name = key.replace(NULL, "\\x00") or "(empty name)"
        message = "The value holds a null character (an invisible control character); remove it."
        if request.path.startswith(API_PREFIX):
            return JsonResponse({name: [message]}, status=400)
        return defaults.bad_request(request, ValueError(f"{name}: {message}"))
