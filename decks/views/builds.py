"""The deck page's shortfall panel (what the viewer is short of to build the deck from their
printed copies) and marking the deck built or not (cards.builds)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_POST

from cards import builds
from cards.views.listing import back
from decks import selectors
from decks.models import Deck
from decks.shortfall import deck_shortfall
from decks.views.page_parts import is_htmx


def _panel(request: HttpRequest, deck: Deck, *, announce: str = "") -> HttpResponse:
    context = {
        "deck": deck,
        "shortfall": deck_shortfall(deck=deck, user=request.user),
        "announce": announce,
    }
    return render(request, "decks/_shortfall.html", context)


@login_required
@require_GET
def deck_shortfall_panel(request: HttpRequest, pk: int) -> HttpResponse:
    deck = selectors.deck_for_viewer(user=request.user, pk=pk)
    if not is_htmx(request):
        # The deck page shows the same panel.
        return redirect(deck.get_absolute_url() + "#shortfall")
    return _panel(request, deck)


@login_required
@require_POST
def deck_build(request: HttpRequest, pk: int) -> HttpResponse:
    deck = selectors.deck_for_viewer(user=request.user, pk=pk)
    _mark, created = builds.deck_build_mark(user=request.user, deck=deck)
    said = (
        f"“{deck.name}” is marked built: its copies are taken."
        if created
        else f"“{deck.name}” was already marked built."
    )
    if is_htmx(request):
        return _panel(request, deck, announce=said)
    messages.success(request, said)
    return back(request, deck.get_absolute_url())


@login_required
@require_POST
def deck_unbuild(request: HttpRequest, pk: int) -> HttpResponse:
    deck = selectors.deck_for_viewer(user=request.user, pk=pk)
    removed = builds.deck_build_unmark(user=request.user, deck=deck)
    said = (
        f"“{deck.name}” is no longer marked built: its copies are free."
        if removed
        else f"“{deck.name}” was not marked built."
    )
    if is_htmx(request):
        return _panel(request, deck, announce=said)
    messages.success(request, said)
    return back(request, deck.get_absolute_url())
