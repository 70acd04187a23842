"""Moving decks in and out: the deck JSON and the plain list, exported and imported."""

from __future__ import annotations

import json
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.text import slugify

from decks import importing, list_names, selectors, services
from decks.decklist import DecklistError
from decks.forms import DeckImportForm, new_deck_initial
from decks.models import Deck
from decks.serializers import DeckFormatError, read_deck_json
from kotc_site.errors import too_large_page
from kotc_site.forms import add_validation_errors
from kotc_site.token_reads import token_readable


def _filename(deck: Deck, extension: str) -> str:
    return f"{slugify(deck.name) or 'deck'}.{extension}"


@token_readable
def deck_export(request: HttpRequest, pk: int) -> HttpResponse:
    deck = selectors.deck_for_viewer(user=request.user, pk=pk)
    body = json.dumps(
        services.deck_definition(deck, with_maybeboard=True), indent=2, ensure_ascii=False
    )
    response = HttpResponse(body + "\n", content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{_filename(deck, "json")}"'
    return response


@token_readable
def deck_export_text(request: HttpRequest, pk: int) -> HttpResponse:
    deck = selectors.deck_for_viewer(user=request.user, pk=pk)
    text = list_names.deck_list_text(deck=deck, user=request.user)
    response = HttpResponse(text, content_type="text/plain; charset=utf-8")
    if request.GET.get("download"):
        response["Content-Disposition"] = f'attachment; filename="{_filename(deck, "txt")}"'
    return response


def _import_too_large(request: HttpRequest, message: str) -> HttpResponse:
    """The import page again when what was sent is too large to read (see kotc_site.errors)."""
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    context = {"form": DeckImportForm(initial=new_deck_initial()), "page_error": message}
    return render(request, "decks/import.html", context, status=413)


def _import(request: HttpRequest, data: dict[str, Any]) -> tuple[Deck, str]:
    """The deck the form's JSON or list makes, and what the import did beyond it."""
    name = data["name"].strip() or None
    if data["json"] is not None:
        deck = importing.deck_import(
            owner=request.user,
            definition=read_deck_json(data["json"]),
            name=name,
            visibility=data["visibility"],
        )
        return deck, importing.import_note(deck)
    deck = importing.deck_import_list(
        owner=request.user,
        text=data["content"],
        name=name or "",
        edition=data["edition"],
        visibility=data["visibility"],
    )
    return deck, ""


@too_large_page(_import_too_large)
@login_required
def deck_import(request: HttpRequest) -> HttpResponse:
    form = DeckImportForm(request.POST or None, request.FILES or None, initial=new_deck_initial())
    line_errors: list[Any] = []
    if request.method == "POST" and form.is_valid():
        try:
            deck, note = _import(request, form.cleaned_data)
        except DecklistError as error:
            line_errors = list(error.errors)
            form.add_error(
                None,
                f"{len(line_errors)} problem{'s' if len(line_errors) != 1 else ''} in the list;"
                " nothing was saved.",
            )
        except DeckFormatError as error:
            for problem in error.messages_list:
                form.add_error(None, problem)
        except ValidationError as error:
            # The form's fields are not the deck's: a problem with a card of the file is shown
            # above the form, not under the name.
            add_validation_errors(form, error, on_fields=False)
        else:
            messages.success(request, f"“{deck.name}” is imported.{note}")
            return redirect(deck)
    status = 400 if form.errors else 200
    if form.has_error("file", code="too_large"):
        status = 413
    context = {"form": form, "line_errors": line_errors}
    return render(request, "decks/import.html", context, status=status)
