"""People's pages: a designer's profile (and their cards as a Cockatrice set), the feed of
those you follow, and the home page."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.dateparse import parse_datetime
from django.utils.text import slugify
from django.views.decorators.http import require_GET

from cards import rules
from cards import selectors as card_selectors
from cards.search import QueryError
from cards.views.gallery import DIRECTION_LABELS, ORDER_LABELS
from cards.views.listing import page, search
from community import people, selectors
from decks import selectors as deck_selectors
from decks import validation
from decks.views.tabletop import cockatrice_set_download

PROFILE_TABS = ("cards", "decks")


@require_GET
def profile(request: HttpRequest, username: str) -> HttpResponse:
    """A designer's public cards or decks (searched and sorted as in the galleries), who
    follows them, and the likes their work has received."""
    found = people.profile_of(username=username, viewer=request.user)
    designer = found.designer
    tab = request.GET.get("tab") or "cards"
    context: dict[str, Any] = {
        "profile": found,
        "tab": tab if tab in PROFILE_TABS else "cards",
        "following": selectors.follows(follower=request.user, designer=designer),
        "own": request.user.is_authenticated and request.user.pk == designer.pk,
    }
    status = 200
    notes: tuple[str, ...] = ()
    if tab not in PROFILE_TABS:
        notes = (f"There is no '{tab}' list (cards or decks); showing cards.",)
    if context["tab"] == "cards":

        def designer_cards(**kwargs: Any) -> Any:
            return card_selectors.gallery_cards(designer=designer, **kwargs)

        cards, found_context, status = search(request, designer_cards, sortable=True)
        context.update(found_context)
        context["page_obj"] = page(request, cards) if cards is not None else None
        context["order_labels"] = ORDER_LABELS
        context["direction_labels"] = DIRECTION_LABELS
        context["view"] = "grid"
    else:
        q = request.GET.get("q", "").strip()[:100]
        order = request.GET.get("order") or "updated"
        if order not in deck_selectors.DECK_ORDERS:
            context["query_error"] = QueryError(
                f"'{order}' is not a sort order; sort by {', '.join(deck_selectors.DECK_ORDERS)}."
            )
            order, status = "updated", 400
        decks = deck_selectors.gallery_decks(q=q, owner=designer, order=order)
        deck_page = page(request, decks)
        deck_page.object_list = validation.with_legality(deck_page.object_list, user=request.user)
        context.update(
            q=q, order=order, page=deck_page, order_labels=deck_selectors.DECK_ORDER_LABELS
        )
    context["query_notes"] = (*notes, *context.get("query_notes", ()))
    return render(request, "community/profile.html", context, status=status)


@require_GET
def profile_cockatrice_set(request: HttpRequest, username: str) -> HttpResponse:
    """All of a designer's public cards as a Cockatrice custom set."""
    designer = selectors.designer_by_name(username)
    cards = people.public_cards(request.user).filter(owner=designer).order_by("name", "pk")
    return cockatrice_set_download(
        request,
        list(cards.select_related("owner")),
        name=f"Cards by {designer.username}",
        filename=f"{slugify(designer.username) or 'designer'}-cockatrice.xml",
    )


def read_before(value: str | None) -> datetime | None:
    """The feed page's start, as its "Older" link writes it; ValueError when it is not one."""
    if not value:
        return None
    problem = "'before' is a moment such as 2026-12-01T10:00:00+00:00."
    try:
        when = parse_datetime(value)  # ValueError for a date that does not exist
        if when is None or when.tzinfo is None:
            raise ValueError(problem)
        return when.astimezone(UTC)
    except (ValueError, OverflowError):
        raise ValueError(problem) from None


@login_required
@require_GET
def feed(request: HttpRequest) -> HttpResponse:
    """New public cards and decks, and new versions of public decks, by the people you follow."""
    status = 200
    error = ""
    try:
        before = read_before(request.GET.get("before"))
    except ValueError as problem:
        before, error, status = None, str(problem), 400
    found = people.feed_for(user=request.user, before=before)
    following = selectors.following_of(request.user).exists()
    context = {"feed": found, "feed_error": error, "follows_anyone": following}
    return render(request, "community/feed.html", context, status=status)


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    """For everyone: the week's new and most liked public cards and decks, and the search.
    Signed in: your latest cards and decks, and your feed's newest lines."""
    context: dict[str, Any] = {
        "edition": rules.current_edition(),
        "week": people.this_week(request.user),
    }
    if request.user.is_authenticated:
        context["my_cards"], context["my_decks"] = people.recent_own(request.user)
        context["feed"] = people.feed_for(user=request.user, limit=5)
    return render(request, "community/home.html", context)
