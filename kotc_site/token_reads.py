"""An API token reads the files the API hands out: a card's picture, a deck's PDF, its
Tabletop Simulator sheets and its exports.

Those are plain Django views outside /api/ (a picture is linked from pages and the API alike),
where only the session cookie would count. A client with a token gets their addresses from the
API (a card's `image`, a saved object's sheets) and must be able to fetch them with the same
`Authorization: Token …` header, or a token would see a private card's JSON but not its picture.

A view marked with `token_readable` is asked as the token's owner when its request carries a
token; only GET and HEAD, so a token never writes through a form that trusts the session's
CSRF check. A token that is wrong, expired or revoked is a JSON 401, as under /api/: the
client learns its token is bad instead of reading the file as someone not signed in.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils.cache import patch_vary_headers

View = TypeVar("View", bound=Callable[..., HttpResponse])
READS = {"GET", "HEAD"}


def token_readable(view: View) -> View:
    """Mark a file view an API token may read (see the module's docstring)."""
    view.token_readable = True  # type: ignore[attr-defined]
    return view


class TokenReadsMiddleware:
    """Sets `request.user` to a token's owner for the views marked `token_readable`."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if getattr(request, "_token_read", False):
            # What a token reads is that token's: no shared cache may answer another with it.
            patch_vary_headers(response, ["Authorization"])
        return response

    def process_view(
        self, request: HttpRequest, view: Any, args: Any, kwargs: Any
    ) -> HttpResponse | None:
        if not getattr(view, "token_readable", False) or request.method not in READS:
            return None
        from rest_framework import exceptions

        from accounts.authentication import ApiTokenAuthentication

        authentication = ApiTokenAuthentication()
        try:
            found = authentication.authenticate(request)  # None: no token was sent
        except exceptions.AuthenticationFailed as error:
            answer = JsonResponse({"detail": str(error.detail)}, status=401)
            answer["WWW-Authenticate"] = authentication.authenticate_header(request)
            return answer
        if found is not None:
            request.user = found[0]
            request._token_read = True  # type: ignore[attr-defined]
        return None
