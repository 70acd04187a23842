from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from cards import rules
from cards.check_page import check_page

__all__ = ["check_page", "home"]


def home(request: HttpRequest) -> HttpResponse:
    return render(request, "kotc_site/home.html", {"edition": rules.current_edition()})
