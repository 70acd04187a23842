"""A card's history: its revisions, each with what it changed, and restoring one."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from cards import revisions, selectors, services


def card_history(request: HttpRequest, pk: int) -> HttpResponse:
    card = selectors.card_for_viewer(user=request.user, pk=pk)
    context = {
        "card": card,
        "revisions": revisions.card_history(card=card, user=request.user),
        "is_owner": request.user.is_authenticated and card.owner_id == request.user.pk,
    }
    return render(request, "cards/history.html", context)


@login_required
@require_POST
def card_restore(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    card = selectors.card_for_owner(user=request.user, pk=pk)
    try:
        card = services.card_restore(card=card, user=request.user, number=number)
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
        return redirect("card-history", pk=card.pk)
    messages.success(request, f"Revision {number} is restored as the newest revision.")
    return redirect(card)
