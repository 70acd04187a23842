"""The guide pages. Thin: the page is built by :mod:`building.pages` from the guide's data."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_GET

from building.links import current_guide, guide_or_none
from building.pages import guide_page, known_anchor


@require_GET
def guide_current(request: HttpRequest) -> HttpResponse:
    return _page(request, current_guide().edition)


@require_GET
def guide_edition(request: HttpRequest, edition: int) -> HttpResponse:
    guide = guide_or_none(edition)
    if guide is None:
        raise Http404(f"There is no Card Building Guide for edition {edition}.")
    if "section" in request.GET:
        # The edition switcher: land on the same section or component in this edition.
        url = reverse("building-edition", args=[edition])
        anchor = request.GET.get("section", "").strip()
        return HttpResponseRedirect(f"{url}#{anchor}" if known_anchor(guide, anchor) else url)
    return _page(request, edition)


def _page(request: HttpRequest, edition: int) -> HttpResponse:
    page = guide_page(edition)
    return render(request, "building/guide.html", {"page": page, "guide": page.guide})
