"""The public gallery, and your own cards (with the card import)."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from cards import importing, selectors, services
from cards.views.listing import page, search
from kotc_site.forms import add_validation_errors
from shelves import lists as shelf_lists

# The gallery's sort select (the search's order: and direction: say the same, and win).
ORDER_LABELS = {
    "": "Best match, or newest",
    "relevance": "Best match",
    "newest": "Newest",
    "name": "Name",
    "level": "Level",
    "sp": "SP",
    "hp": "HP",
}
DIRECTION_LABELS = {"": "Usual direction", "asc": "Going up", "desc": "Going down"}
GALLERY_VIEWS = ("grid", "list")


def gallery(request: HttpRequest) -> HttpResponse:
    """The public cards, searched as you type: the search box asks again (htmx) as it
    changes and gets the results part alone; a grid of pictures or a list."""
    # tag: reads the viewer's own tags only (shelves), among the public cards.
    cards, context, status = search(
        request, shelf_lists.tagged(selectors.gallery_cards), sortable=True, user=request.user
    )
    context["page_obj"] = page(request, cards) if cards is not None else None
    context["view"] = request.GET.get("view") or "grid"
    if context["view"] not in GALLERY_VIEWS:
        context["query_notes"] = (
            *context["query_notes"],
            f"There is no '{context['view']}' view (grid or list); showing the grid.",
        )
        context["view"] = "grid"
    context["order_labels"] = ORDER_LABELS
    context["direction_labels"] = DIRECTION_LABELS
    if request.headers.get("HX-Request") == "true":
        # htmx swaps in only a successful answer: a query it cannot read is explained in it.
        return render(request, "cards/_gallery_results.html", context)
    return render(request, "cards/gallery.html", context, status=status)


@login_required
def my_cards(request: HttpRequest) -> HttpResponse:
    # The tag filter's choice becomes the search it stands for (tag:a tag:b, or tag:a,b).
    filtered = shelf_lists.tag_filter_redirect(request, "my-cards")
    return filtered or _my_cards_page(request, importing.ImportForm())


def _my_cards_page(
    request: HttpRequest, import_form: importing.ImportForm, status: int = 200, **extra: Any
) -> HttpResponse:
    # Your cards with their shelves: archived ones left out unless shown, tag: your own tags.
    lister = shelf_lists.my_cards_lister(request)
    cards, context, search_status = search(request, lister, user=request.user)
    context["page_obj"] = page(request, cards) if cards is not None else None
    context.update(shelf_lists.list_context(request, "cards", context["page_obj"]))
    context["import_form"] = import_form
    context.update(extra)
    return render(request, "cards/mine.html", context, status=max(status, search_status))


@login_required
@require_POST
def card_import(request: HttpRequest) -> HttpResponse:
    form = importing.ImportForm(request.POST, request.FILES)
    if form.is_valid():
        try:
            definition, notes = importing.import_definition(form.cleaned_data["card"])
            card = services.card_import(owner=request.user, data=definition)
        except ValidationError as error:
            # The form has none of the card's fields: each problem names its own.
            add_validation_errors(form, importing.labelled(error))
        else:
            for note in notes:
                messages.info(request, note)
            messages.success(request, f"“{card.name}” is imported as a private card.")
            return redirect(card)
    return _my_cards_page(request, form, status=400, show_import=True)
