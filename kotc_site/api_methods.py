"""Under /api/, a method an address does not have is a 405 before anything else is checked."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.http import HttpRequest, HttpResponse, JsonResponse

from kotc_site.errors import API_PREFIX


class UndeclaredMethodMiddleware:
    """A 405 with an Allow header for a method the API view does not have.

    DRF looks for the method's handler only after it has authenticated the request and checked
    its permissions, so a TRACE without a token was a 401, as if a token would make it work.
    The schema lists each address's methods; any other is refused the same way for everyone."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_view(
        self, request: HttpRequest, view: Any, args: Any, kwargs: Any
    ) -> HttpResponse | None:
        cls = getattr(view, "cls", None)  # DRF's as_view() keeps the view's class here
        if cls is None or not request.path.startswith(API_PREFIX):
            return None
        allowed = [name.upper() for name in cls.http_method_names if hasattr(cls, name)]
        if "GET" in allowed and "HEAD" not in allowed:
            allowed.append("HEAD")  # Django answers HEAD with GET
        if request.method in allowed:
            return None
        response = JsonResponse({"detail": f'Method "{request.method}" not allowed.'}, status=405)
        response["Allow"] = ", ".join(allowed)
        return response
