"""Refusals that hold for every request, before any view reads it."""

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.views import defaults

from kotc_site.errors import API_PREFIX

NULL = "\x00"


class NullQueryMiddleware:
    """A null character anywhere in the query string is a 400 naming the parameter.

    No page or API operation means anything by one, and PostgreSQL refuses it in any text it is
    sent (a DataError, so a search for "a%00b" was a server error). Form fields and DRF's
    CharField refuse it in bodies; query parameters are often read without a field, so they
    are checked here, once for all of them."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
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
