"""Your collection: the cards you designed and the ones you saved, with the copies you own."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from cards import builds, selectors, services
from cards.forms import CopiesForm
from cards.views.listing import back, page, safe_next, search


@login_required
def collection(request: HttpRequest) -> HttpResponse:
    entries, context, status = search(request, selectors.collection_entries, user=request.user)
    context["page_obj"] = page(request, entries) if entries is not None else None
    listed = context["page_obj"]
    if listed is not None:
        # Where each card's copies are: in the decks the user has built, or free.
        listed.object_list = builds.collection_builds(user=request.user, entries=listed)
    context["totals"] = selectors.collection_totals(user=request.user)
    context["withdrawn"] = selectors.collection_withdrawn(request.user)
    if entries is not None and context["q"]:
        context["matching"] = selectors.collection_totals(user=request.user, entries=entries)
    return render(request, "cards/collection.html", context, status=status)


@login_required
@require_POST
def collection_copies(request: HttpRequest, card_id: int) -> HttpResponse:
    entry = selectors.collection_entry(user=request.user, card_id=card_id)
    form = CopiesForm(request.POST)
    error = None
    if form.is_valid():
        entry = services.collection_set_copies(entry=entry, copies=form.cleaned_data["copies"])
    else:
        error = form.errors["copies"][0]
    builds.collection_builds(user=request.user, entries=[entry])
    if request.headers.get("HX-Request") == "true":
        context = {
            "entry": entry,
            "error": error,
            "totals": selectors.collection_totals(user=request.user),
            "oob": True,
            "back": safe_next(request) or reverse("collection"),
        }
        return render(request, "cards/_collection_row.html", context)
    if error:
        messages.error(request, error)
    else:
        messages.success(request, f"You own {entry.copies} of “{entry.card.name}”.")
    return back(request, reverse("collection"))


@login_required
@require_POST
def collection_remove(request: HttpRequest, card_id: int) -> HttpResponse:
    entry = selectors.collection_entry(user=request.user, card_id=card_id)
    try:
        services.collection_remove(entry=entry)
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
    else:
        messages.success(request, f"“{entry.card.name}” is no longer in your collection.")
    return back(request, reverse("collection"))


@login_required
@require_POST
def card_collect(request: HttpRequest, pk: int) -> HttpResponse:
    """Save a card from its page to your collection, or set the copies you own."""
    card = selectors.card_for_viewer(user=request.user, pk=pk)
    form = CopiesForm(request.POST)
    copies = form.cleaned_data["copies"] if form.is_valid() else None
    if "copies" in request.POST and not form.is_valid():
        messages.error(request, form.errors["copies"][0])
        return redirect(card)
    entry, created = services.collection_add(user=request.user, card=card, copies=copies)
    if created:
        messages.success(request, f"“{card.name}” is in your collection.")
    else:
        messages.success(request, f"You own {entry.copies} of “{card.name}”.")
    return redirect(card)
