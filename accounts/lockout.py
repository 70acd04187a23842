"""The answer to a login attempt while its account or its client address is locked out.

django-axes counts failed logins (the log-in page, the admin's, and the token endpoint all go
through `django.contrib.auth.authenticate`) and, once an account or an address reaches
AXES_FAILURE_LIMIT, refuses it for AXES_COOLOFF_TIME whatever the password. It asks this
module what to answer: the log-in page again with the reason, or JSON under /api/."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib.auth.forms import AuthenticationForm
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils.http import url_has_allowed_host_and_scheme

API_PREFIX = "/api/"
# 429 Too Many Requests: the attempt was refused for its number, not for its content.
STATUS = 429


def cooloff_seconds() -> int:
    return int(settings.AXES_COOLOFF_TIME.total_seconds())


def lockout_message() -> str:
    minutes = max(1, cooloff_seconds() // 60)
    return (
        "Too many failed log-ins for this account or from this address, so logging in is "
        f"paused. Try again in {minutes} minutes."
    )


def lockout_response(
    request: HttpRequest, original_response: HttpResponse | None, credentials: Any = None
) -> HttpResponse:
    """AXES_LOCKOUT_CALLABLE: JSON with a `detail` for the API, the log-in page for people."""
    if request.path.startswith(API_PREFIX):
        answer = JsonResponse({"detail": lockout_message()}, status=STATUS)
        answer["Retry-After"] = str(cooloff_seconds())
        return answer
    username = (credentials or {}).get("username") or request.POST.get("username", "")
    next_url = request.POST.get("next") or request.GET.get("next") or ""
    if not url_has_allowed_host_and_scheme(
        next_url, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        next_url = ""
    form = AuthenticationForm(request, initial={"username": username})
    context = {"form": form, "next": next_url, "locked_out": lockout_message()}
    page = render(request, "registration/login.html", context, status=STATUS)
    page["Retry-After"] = str(cooloff_seconds())
    return page
