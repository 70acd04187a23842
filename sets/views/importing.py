"""Importing a set another designer exported: its ZIP or its set.json."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render

from kotc_site.forms import add_validation_errors
from sets.forms import SetImportForm
from sets.sharing import set_import


@login_required
def set_import_page(request: HttpRequest) -> HttpResponse:
    if request.method != "POST":
        return render(request, "sets/import.html", {"form": SetImportForm()})
    form = SetImportForm(request.POST, request.FILES)
    if form.is_valid():
        try:
            card_set = set_import(user=request.user, upload=form.cleaned_data["file"])
        except ValidationError as error:
            add_validation_errors(form, error)
        else:
            count = card_set.entries.count()
            messages.success(
                request,
                f"Imported “{card_set.name}”: {count} new private card{'s' if count != 1 else ''}"
                " of yours, each crediting its designer.",
            )
            return redirect(card_set)
    return render(request, "sets/import.html", {"form": form}, status=400)
