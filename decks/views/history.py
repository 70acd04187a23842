"""A deck's history: its versions with what each changed, one version (or published snapshot)
on its own page, two versions compared with their goldfish curves, and the owner's saving,
publishing and reverting. Who sees what is decks.versions_read's."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST

from decks import selectors
from decks.versions import (
    MAX_NOTE,
    has_unsaved_changes,
    latest_version,
    version_revert,
    version_saved,
)
from decks.versions_read import (
    history_counts,
    history_deck,
    previous_for_viewer,
    version_entries,
    version_for_viewer,
    versions_diff,
    viewer_versions,
)
from decks.versions_runs import version_runs, versions_curves
from kotc_site.forms import validation_messages
from kotc_site.inputs import WholeNumberField
from kotc_site.pagination import CappedPaginator

PAGE_SIZE = 20
MAX_NUMBER = 2**31 - 1


class SaveVersionForm(forms.Form):
    note = forms.CharField(
        max_length=MAX_NOTE,
        required=False,
        help_text="What changed, in a few words (optional).",
        widget=forms.TextInput(attrs={"autocomplete": "off"}),
    )
    snapshot = forms.TypedChoiceField(
        choices=[("", "no"), ("true", "yes")],
        coerce=lambda value: value == "true",
        required=False,
        empty_value=False,
    )


class CompareVersionsForm(forms.Form):
    a = WholeNumberField(min_value=1, max_value=MAX_NUMBER, label="From version")
    b = WholeNumberField(min_value=1, max_value=MAX_NUMBER, label="To version")


def _is_owner(request: HttpRequest, deck: Any) -> bool:
    return request.user.is_authenticated and deck.owner_id == request.user.pk


@require_GET
def deck_history(request: HttpRequest, pk: int) -> HttpResponse:
    deck = history_deck(user=request.user, pk=pk)
    versions = viewer_versions(deck, request.user)
    page = CappedPaginator(versions, PAGE_SIZE).get_page(request.GET.get("page"))
    listed = list(page.object_list)
    counts = history_counts(deck, listed, request.user)
    runs = version_runs(listed)
    owner = _is_owner(request, deck)
    latest = latest_version(deck)
    context = {
        "deck": deck,
        "page": page,
        "rows": [
            {"version": v, "counts": counts[v.number], "runs": runs[v.pk], "latest": v == latest}
            for v in listed
        ],
        "is_owner": owner,
        "unsaved": owner and has_unsaved_changes(deck),
        "latest": latest,
        "save_form": SaveVersionForm(),
        "choices": list(versions.values_list("number", flat=True)[:200]),
    }
    return render(request, "decks/history.html", context)


@login_required
@require_POST
def deck_version_save(request: HttpRequest, pk: int) -> HttpResponse:
    deck = selectors.deck_for_owner(user=request.user, pk=pk, entries=False)
    form = SaveVersionForm(request.POST)
    if not form.is_valid():
        for problems in form.errors.values():
            for problem in problems:
                messages.error(request, problem)
        return redirect("deck-history", pk=deck.pk)
    try:
        version, added = version_saved(deck=deck, user=request.user, **form.cleaned_data)
    except ValidationError as error:
        for problem in validation_messages(error):
            messages.error(request, problem)
    else:
        if not added:
            text = f"Version {version.number} holds the deck as it is: it is published."
        else:
            what = "Snapshot" if version.snapshot else "Version"
            text = f"{what} {version.number} is saved."
        messages.success(request, text)
    return redirect("deck-history", pk=deck.pk)


@require_GET
def deck_version(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    deck, version = version_for_viewer(user=request.user, pk=pk, number=number)
    previous = previous_for_viewer(deck, version, request.user)
    context = {
        "deck": deck,
        "version": version,
        "previous": previous,
        "diff": versions_diff(deck, previous, version, request.user),
        "entries": version_entries(version, deck, request.user),
        "runs": version_runs([version])[version.pk],
        "is_owner": _is_owner(request, deck),
        "latest": latest_version(deck),
    }
    return render(request, "decks/history_version.html", context)


@login_required
@require_POST
def deck_version_revert(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    deck, version = version_for_viewer(user=request.user, pk=pk, number=number)
    selectors.deck_for_owner(user=request.user, pk=deck.pk, entries=False)  # 403 for others
    with_description = request.POST.get("description") == "on"
    new, left_out = version_revert(version=version, user=request.user, description=with_description)
    text = f"The deck is as version {version.number} was, saved as version {new.number}."
    if not with_description:
        text += " Its description was kept as it is."
    if left_out:
        text += f" {left_out} copies of cards you may no longer use were left out."
    messages.success(request, text)
    return redirect("deck-history", pk=deck.pk)


@require_GET
def deck_versions_compare(request: HttpRequest, pk: int) -> HttpResponse:
    deck = history_deck(user=request.user, pk=pk)
    choices = list(viewer_versions(deck, request.user).values_list("number", flat=True)[:200])
    # Opened without a choice: the version before the latest against the latest (newest first).
    opening = {"a": choices[1], "b": choices[0]} if len(choices) > 1 else None
    form = CompareVersionsForm(request.GET or opening)
    context: dict[str, Any] = {"deck": deck, "form": form, "choices": choices}
    if not form.is_bound:
        return render(request, "decks/history_compare.html", context)
    if not form.is_valid():
        return render(request, "decks/history_compare.html", context, status=400)
    _, first = version_for_viewer(user=request.user, pk=deck.pk, number=form.cleaned_data["a"])
    _, second = version_for_viewer(user=request.user, pk=deck.pk, number=form.cleaned_data["b"])
    curves = versions_curves(first, second, request.user)
    context.update(
        {
            "first": first,
            "second": second,
            "diff": versions_diff(deck, first, second, request.user),
            "curves": curves,
            "first_label": f"Version {first.number}",
            "second_label": f"Version {second.number}",
            "swap": reverse("deck-versions-compare", args=[deck.pk])
            + f"?a={second.number}&b={first.number}",
        }
    )
    return render(request, "decks/history_compare.html", context)
