"""The deck lists, the deck page, and the parts of it anyone who may see the deck may ask for."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.http import urlencode
from django.views.decorators.http import require_GET

from decks import selectors, validation
from decks.views.page_parts import (
    deck_context,
    detail_page,
    is_htmx,
    is_owner,
    read_query,
    sample_context,
)
from kotc_site.pagination import CappedPaginator
from shelves import lists as shelf_lists

PAGE_SIZE = 24


def _page(request: HttpRequest, items: Any) -> Any:
    """A page of the list; its count stops at 1,000 ("1,000+")."""
    return CappedPaginator(items, PAGE_SIZE).get_page(request.GET.get("page"))


def gallery(request: HttpRequest) -> HttpResponse:
    q = request.GET.get("q", "").strip()[:100]
    page = _page(request, selectors.gallery_decks(q=q))
    page.object_list = validation.with_legality(page.object_list, user=request.user)
    context = {"page": page, "q": q, "title": "Decks", "mine": False}
    return render(request, "decks/list.html", context)


@login_required
def my_decks(request: HttpRequest) -> HttpResponse:
    # The shelves: the tag filter's choice as a search, tag: terms read apart from the name,
    # archived decks left out unless shown.
    filtered = shelf_lists.tag_filter_redirect(request, "my-decks")
    if filtered is not None:
        return filtered
    q = request.GET.get("q", "").strip()[:300]
    name, tags, problem = shelf_lists.deck_search(q)
    decks = selectors.decks_owned_by(
        user=request.user,
        q=name[:100],
        tags=tags,
        show_archived=shelf_lists.show_archived(request),
    )
    page = _page(request, decks.none() if problem else decks)
    page.object_list = validation.with_legality(page.object_list, user=request.user)
    context = {"page": page, "q": q, "title": "My decks", "mine": True, "query_error": problem}
    context.update(shelf_lists.list_context(request, "decks", page.object_list))
    return render(request, "decks/list.html", context, status=400 if problem else 200)


def deck_detail(request: HttpRequest, pk: int) -> HttpResponse:
    deck = selectors.deck_for_viewer(user=request.user, pk=pk)
    return detail_page(request, deck)


@require_GET
def deck_panel(request: HttpRequest, pk: int) -> HttpResponse:
    """The validation panel under another edition (?edition=), for anyone who may see the
    deck, its owner included: a look that changes nothing. The deck's own edition is changed
    with its other details (builder.deck_edit)."""
    deck = selectors.deck_for_viewer(user=request.user, pk=pk)
    if not is_htmx(request):
        # The deck page reads (or names the problem with) the same ?edition=.
        edition = request.GET.get("edition", "")
        query = f"?{urlencode({'edition': edition})}" if edition else ""
        return redirect(deck.get_absolute_url() + query)
    query = read_query(request.GET)
    context = deck_context(request, deck, edition=query.cleaned_data.get("edition"))
    context["panel_error"] = " ".join(query.problems())
    return render(request, "decks/_panel.html", context)


@require_GET
def deck_sample_hand(request: HttpRequest, pk: int) -> HttpResponse:
    deck = selectors.deck_for_viewer(user=request.user, pk=pk)
    params = request.GET.copy()
    if not params.get("seed"):
        params["seed"] = "new"
    if not is_htmx(request):
        # The deck page reads the same query, and names what it cannot read.
        return redirect(f"{deck.get_absolute_url()}?{params.urlencode()}#sample-hand")
    query = read_query(params)
    context = {"deck": deck, "is_owner": is_owner(request, deck)}
    context.update(sample_context(deck, query))
    context["query_problems"] = query.problems()
    return render(request, "decks/_sample_hand.html", context)
