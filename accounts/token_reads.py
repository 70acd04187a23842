"""An API token reads the files the API hands out (the views marked with
kotc_site.token_reads.token_readable).

A marked view is asked as the token's owner when its request carries a token; only GET and
HEAD, so a token never writes through a form that trusts the session's CSRF check. A token that
is wrong, expired or revoked is a JSON 401, as under /api/: the client learns its token is bad
instead of reading the file as someone not signed in.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils.cache import patch_vary_headers
from rest_framework import exceptions

from accounts.authentication import ApiTokenAuthentication

READS = {"GET", "HEAD"}


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
