"""The shelves in the lists of one's own cards and decks (cards.views.gallery.my_cards,
decks.views.pages.my_decks): archived ones left out unless shown, the tag filter, and what each
tile shows of its tags, folder and archive mark, with the bar that changes the ticked ones."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.urls import reverse
from django.utils.http import urlencode

from cards.search import (
    CardQuery,
    CardResults,
    QueryError,
    split_tag_terms,
    tag_name,
    tag_problem,
    tagged_by,
)
from shelves import selectors
from shelves.forms import ACTIONS

MATCHES = {"all": "Every tag chosen", "any": "Any tag chosen"}


def show_archived(request: HttpRequest) -> bool:
    return request.GET.get("archived") == "1"


def my_cards_lister(request: HttpRequest) -> Callable[..., CardResults]:
    """The lister of My cards for cards.views.listing.search: the user's cards, `tag:`
    reading their own tags, archived ones only when asked for."""
    shown = show_archived(request)

    def lister(*, q: str | CardQuery, user: Any) -> CardResults:
        return selectors.my_cards(user=user, q=q, show_archived=shown)

    return lister


def tagged(lister: Callable[..., CardResults]) -> Callable[..., CardResults]:
    """A card list's lister with `tag:` reading the viewer's own tags (the gallery's)."""

    def with_tags(*, q: str | CardQuery, user: Any, **kwargs: Any) -> CardResults:
        return lister(q=tagged_by(q, user), user=user, **kwargs)

    return with_tags


def tag_filter_redirect(request: HttpRequest, url_name: str) -> HttpResponse | None:
    """The tag filter's choice (?tags=a&tags=b&match=all|any) as the search it stands for:
    `tag:a tag:b` (every one) or `tag:a,b` (any one), added to the search box's text."""
    if "tags" not in request.GET:
        return None
    names = [tag_name(name) for name in request.GET.getlist("tags")[:30]]
    names = [name for name in dict.fromkeys(names) if not tag_problem(name)]
    q = request.GET.get("q", "").strip()
    if names:
        terms = (
            [f"tag:{','.join(names)}"]
            if request.GET.get("match") == "any"
            else [f"tag:{name}" for name in names]
        )
        q = " ".join([q, *terms]).strip()
    params = {"q": q} if q else {}
    if show_archived(request):
        params["archived"] = "1"
    query = f"?{urlencode(params)}" if params else ""
    return HttpResponseRedirect(reverse(url_name) + query)


def deck_search(q: str) -> tuple[str, tuple[Any, ...], str | None]:
    """A deck list's search read as a name and tag: terms; with the problem, if any."""
    try:
        rest, terms = split_tag_terms(q)
    except QueryError as error:  # explained on the page
        return q, (), error.message
    return rest, terms, None


def list_context(request: HttpRequest, kind: str, items: Any) -> dict[str, Any]:
    """What the list's template shows of the shelves: each item's tags, folder and archive
    mark (as `item.shelf`), the bulk bar's choices, the tag filter, the archive toggle."""
    user = request.user
    objects = list(items) if items is not None else []
    read = selectors.card_shelves if kind == "cards" else selectors.deck_shelves
    shelves = read(user=user, **{kind: objects})
    for item in objects:
        item.shelf = shelves.get(item.pk)
    tags = list(selectors.tags_of(user))
    archived_cards, archived_decks = selectors.archived_count(user)
    params = request.GET.copy()
    params.pop("page", None)
    if show_archived(request):
        params.pop("archived", None)
    else:
        params["archived"] = "1"
    return {
        "shelf_kind": kind,
        "shelf_tags": tags,
        "shelf_folders": selectors.folder_choices(user, holding=kind),
        "shelf_actions": ACTIONS,
        "shelf_matches": MATCHES,
        "shelf_show_archived": show_archived(request),
        "shelf_archived_count": archived_cards if kind == "cards" else archived_decks,
        "shelf_toggle_query": params.urlencode(),
        "shelf_next": request.get_full_path(),
        "shelf_smart": selectors.smart_folders_of(user).filter(holds=kind),
    }
