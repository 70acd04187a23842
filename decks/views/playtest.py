"""The playtest board of a deck: shuffle, draw, bury, play and move cards by hand."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from decks import playtest, selectors


@require_GET
def deck_playtest(request: HttpRequest, pk: int) -> HttpResponse:
    """Anyone who may see the deck may playtest it; its withheld cards stay out of the game."""
    deck = selectors.deck_for_viewer(user=request.user, pk=pk)
    edition, going, form = playtest.read_board_query(request.GET, default_edition=deck.edition)
    board = playtest.deck_board(deck, edition=edition, going=going)
    context = {
        "deck": deck,
        "board": board,
        "form": form,
        "back_url": deck.get_absolute_url(),
        "back_label": deck.name,
        "heading": f"Playtest: {deck.name}",
        "zone_list": playtest.zone_list(board),
    }
    status = 400 if form.errors else 200
    return render(request, "decks/playtest.html", context, status=status)
