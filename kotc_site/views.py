from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render

from cards import rules
from cards.check_page import check_page

__all__ = ["check_page", "health", "home"]


def health(request: HttpRequest) -> JsonResponse:
    """Liveness: the process answers, with no service asked (see kotc_site.health for
    readiness). Also the baseline of the load benchmark."""
    return JsonResponse({"status": "ok"})


def home(request: HttpRequest) -> HttpResponse:
    return render(request, "kotc_site/home.html", {"edition": rules.current_edition()})
