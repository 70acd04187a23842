"""The deck page and the parts of it that htmx swaps in, shared by the page's own views and by
the builder's, which answer a change with the parts it touched."""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qs, urlsplit

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from cards.search import VALID_KEYS_TEXT, QueryError
from decks import deck_page, selectors
from decks.forms import MAX_SAMPLE_TURNS, DeckForm, DeckQueryForm, QuickAddForm, edition_choices
from decks.models import Board, Deck
from decks.sample_hand import new_seed

SEARCH_LIMIT = 24
LIST_VIEW = "list"
VISUAL_VIEW = "visual"  # the deck as a grid of its cards' pictures, a column a level


def is_htmx(request: HttpRequest) -> bool:
    return request.headers.get("HX-Request") == "true"


def is_owner(request: HttpRequest, deck: Deck) -> bool:
    return request.user.is_authenticated and deck.owner_id == request.user.pk


def read_query(params: Any) -> DeckQueryForm:
    """The deck page's query read by its form. A value it cannot read is left out and named in
    the form's problems(), which the page shows (with status 400) and its parts show too: they
    answer 200, since htmx swaps in only a successful answer."""
    form = DeckQueryForm(params)
    form.is_valid()
    return form


def view_mode(request: HttpRequest) -> str:
    """How the deck list is shown: ?view=visual (or a form's `view`) as pictures, else as a
    list. A part of the page swapped in by htmx keeps the view of the page it was asked from
    (htmx names it in HX-Current-URL)."""
    chosen = request.GET.get("view") or request.POST.get("view") or ""
    if not chosen and is_htmx(request):
        page = urlsplit(request.headers.get("HX-Current-URL", "")[:2000])
        chosen = (parse_qs(page.query).get("view") or [""])[0]
    return VISUAL_VIEW if chosen == VISUAL_VIEW else LIST_VIEW


def sample_context(deck: Deck, query: DeckQueryForm) -> dict[str, Any]:
    """The sample hand named by ?seed=&bury=&turns= (nothing when there is no seed)."""
    params = query.cleaned_data
    seed_value = params.get("seed")
    if seed_value is None and "seed" not in query.errors:
        return {"game": None}
    # A seed that cannot be read draws a new hand (and the page says why).
    seed = seed_value if isinstance(seed_value, int) else new_seed()
    turns = params.get("turns") or 0
    game = deck_page.sample_hand(
        deck,
        seed=seed,
        bury=sorted(set(params.get("bury") or [])),
        decided=bool(params.get("decided")) or turns > 0,
        turns=turns,
    )
    return {
        "game": game,
        "game_seed": seed,
        "game_bury": ",".join(str(b) for b in game.buried),
        "next_turn": game.turn + 1 if game.turn < MAX_SAMPLE_TURNS else None,
        "bury_query": "".join(f"&bury={b}" for b in game.buried),
        "reserves_note": deck_page.reserves_note(deck.edition_rules),
    }


def deck_context(request: HttpRequest, deck: Deck, *, edition: int | None = None) -> dict[str, Any]:
    """The deck list, its validation panel and stats, under `edition` or the deck's own."""
    return {
        "deck": deck,
        "view": deck_page.deck_view(deck, user=request.user, edition=edition),
        "view_mode": view_mode(request),
        "is_owner": is_owner(request, deck),
        "editions": edition_choices(),
        "previewing": edition is not None and edition != deck.edition,
    }


def search_context(request: HttpRequest, deck: Deck, q: str) -> dict[str, Any]:
    """The builder's search for cards to add, or the problem with its query."""
    try:
        rows = selectors.deck_search_rows(deck=deck, user=request.user, q=q, limit=SEARCH_LIMIT)
    except QueryError as error:
        return {"q": q, "results": [], "query_error": str(error)}
    return {"q": q, "results": rows, "query_error": None, "result_limit": SEARCH_LIMIT}


def detail_page(
    request: HttpRequest, deck: Deck, *, status: int | None = None, **extra: Any
) -> HttpResponse:
    """The deck page; `extra` fills in parts that a form sent to it answers with (the quick
    add's list and its problems)."""
    owner = is_owner(request, deck)
    query = read_query(request.GET)
    for problem in query.problems():
        messages.error(request, problem)
    context = deck_context(request, deck, edition=query.cleaned_data.get("edition"))
    context.update(sample_context(deck, query))
    if owner:
        context["form"] = DeckForm(
            initial={
                "name": deck.name,
                "description": deck.description,
                "edition": deck.edition,
                "visibility": deck.visibility,
            }
        )
        context.update(search_context(request, deck, request.GET.get("q", "")[:500]))
        context["quick_form"] = QuickAddForm(initial={"board": Board.MAIN})
    context["query_keys"] = VALID_KEYS_TEXT
    context["share_url"] = request.build_absolute_uri(deck.get_absolute_url())
    context.update(extra)
    if status is None:
        status = 400 if query.errors else 200
    return render(request, "decks/detail.html", context, status=status)


def workspace(request: HttpRequest, deck: Deck, **extra: Any) -> HttpResponse:
    """The deck list with the validation panel and stats, swapped in together."""
    query = read_query(request.GET)
    if query.errors:
        extra["entry_error"] = " ".join(filter(None, [extra.get("entry_error"), *query.problems()]))
    deck = selectors.deck_with_entries(deck.pk, user=request.user)
    context = deck_context(request, deck, edition=query.cleaned_data.get("edition"))
    context.update(extra)
    return render(request, "decks/_workspace.html", context)
