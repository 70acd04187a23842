"""What the card lists share: a search read from the address, and pages of its results."""

from __future__ import annotations

import dataclasses
from typing import Any

from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.utils.http import url_has_allowed_host_and_scheme

from cards import verdicts
from cards.search import DIRECTIONS, ORDERS, CardQuery, QueryError, parse_query
from kotc_site.pagination import CappedPaginator

PAGE_SIZE = 24


def page(request: HttpRequest, items: Any) -> Any:
    """A page of the list; its count stops at 1,000 ("1,000+"), so no page counts every
    match of a search over a million cards."""
    return CappedPaginator(items, PAGE_SIZE).get_page(request.GET.get("page"))


def search(
    request: HttpRequest, lister: Any, *, sortable: bool = False, **kwargs: Any
) -> tuple[Any, dict[str, Any], int]:
    """Run a search page's query; a query that cannot be read is explained, not an error.
    With `sortable`, the page's order and direction parameters (its sort select) order the
    results where the query does not say."""
    q = request.GET.get("q", "").strip()
    context: dict[str, Any] = {
        "q": q,
        "query_error": None,
        "query_notes": (),
    }
    try:
        query = parse_query(q)
        if sortable:
            query = _sorted_by_page(request, query)
    except QueryError as error:
        context["query_error"] = error
        return None, context, 400
    context["query_notes"] = query.notes
    updating = verdicts.refresh_note(query)
    if updating:
        context["query_notes"] = (*query.notes, updating)
    context["order"], context["direction"] = query.order or "", query.direction or ""
    return lister(q=query, **kwargs), context, 200


def _sorted_by_page(request: HttpRequest, query: CardQuery) -> CardQuery:
    """The query, ordered by the page's sort select where it does not say (order:, direction:
    in the search box win)."""
    order = request.GET.get("order", "")
    direction = request.GET.get("direction", "")
    if order and order not in ORDERS:
        raise QueryError(f"'{order}' is not a sort order; sort by {', '.join(ORDERS)}.")
    if direction and direction not in DIRECTIONS:
        raise QueryError(f"'{direction}' is not a direction; use asc or desc.")
    return dataclasses.replace(
        query, order=query.order or order or None, direction=query.direction or direction or None
    )


def safe_next(request: HttpRequest) -> str:
    """The page to go back to (the form's `next`), when it is on this site."""
    target = request.POST.get("next") or ""
    if target and url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return target
    return ""


def back(request: HttpRequest, default: str) -> HttpResponse:
    return HttpResponseRedirect(safe_next(request) or default)
