"""Two decks side by side: the cards only in one, those in both with other counts, and those
alike. Both must be decks the viewer may see (404 otherwise); a card they may not see is
compared as what it is but shown withheld (decks.versions_read.compare_decks)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from decks.versions_read import compare_decks, decks_to_compare
from kotc_site.inputs import WholeNumberField

MAX_ID = 2**63 - 1


class CompareDecksForm(forms.Form):
    a = WholeNumberField(min_value=1, max_value=MAX_ID, label="Deck A")
    b = WholeNumberField(min_value=1, max_value=MAX_ID, label="Deck B")


@require_GET
def decks_compare(request: HttpRequest) -> HttpResponse:
    form = CompareDecksForm(request.GET or None)
    context: dict[str, Any] = {"form": form, "choices": decks_to_compare(request.user)}
    if not form.is_bound:
        return render(request, "decks/compare.html", context)
    if not form.is_valid():
        return render(request, "decks/compare.html", context, status=400)
    context["compared"] = compare_decks(
        user=request.user, first=form.cleaned_data["a"], second=form.cleaned_data["b"]
    )
    return render(request, "decks/compare.html", context)
