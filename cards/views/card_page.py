"""A card's page, and what its designer does there: refurbish it, update it to the current
edition, share it, delete it; and what anyone who sees it does: copy it."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods, require_POST

from cards import rules, selectors, services, verdict_panel
from cards.edition_update import card_edition_update, edition_update_offered
from cards.extensions import card_panels
from cards.forms import EditionQueryForm, VisibilityForm, edition_options
from cards.revisions import revision_count


def card_detail(request: HttpRequest, pk: int) -> HttpResponse:
    card = selectors.card_for_viewer(user=request.user, pk=pk)
    query = EditionQueryForm(request.GET)
    query.is_valid()
    for problem in query.problems():
        messages.error(request, problem)
    edition = verdict_panel.edition_from(query.cleaned_data.get("edition"))
    context = verdict_panel.verdict_context(card.to_rules_card(), edition)
    is_owner = request.user.is_authenticated and card.owner_id == request.user.pk
    context.update(
        {
            "card": card,
            "is_owner": is_owner,
            "entry": selectors.owned_copies(user=request.user, card=card),
            "original": selectors.card_original(card, request.user),
            "editions": edition_options(),
            "current_edition_number": rules.current_edition().number,
            # The designer of a card made for an older edition is offered to update it.
            "edition_update": edition_update_offered(card) if is_owner else None,
            "visibility_form": VisibilityForm(initial={"visibility": card.visibility}),
            "revision_count": revision_count(card, request.user),
            "fork_count": selectors.fork_count(card, request.user),
            "share_url": request.build_absolute_uri(card.get_absolute_url()),
            # What the apps above cards show of it (the sets holding it): cards.extensions.
            "card_panels": card_panels(card, request.user),
        }
    )
    return render(request, "cards/detail.html", context, status=400 if query.errors else 200)


@login_required
@require_POST
def card_refurbish(request: HttpRequest, pk: int) -> HttpResponse:
    card = selectors.card_for_owner(user=request.user, pk=pk)
    try:
        card = services.card_refurbish(card=card, user=request.user)
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
    else:
        messages.success(
            request, f"“{card.name}” is refurbished: its new text is saved as a new revision."
        )
    return redirect(card)


@login_required
@require_http_methods(["GET", "POST"])
def card_update_edition(request: HttpRequest, pk: int) -> HttpResponse:
    """Update a card to the current edition: GET shows what would change and saves nothing;
    POST saves it as a new revision."""
    card = selectors.card_for_owner(user=request.user, pk=pk)
    update = card_edition_update(card=card)
    if request.method == "GET":
        return render(request, "cards/update_edition.html", {"card": card, "update": update})
    try:
        # The edition shown is the one saved, even if a newer one is put on file meanwhile.
        card = services.card_update_to_edition(card=card, user=request.user, edition=update.edition)
    except ValidationError as error:
        for message in error.messages:
            messages.error(request, message)
        return redirect("card-update-edition", pk=card.pk)
    if update.only_design_edition:
        done = f"is now designed for the {update.edition.name}; nothing else on it changed"
    else:
        done = f"is updated to the {update.edition.name}"
    messages.success(request, f"“{card.name}” {done}. The card as it was stays in its history.")
    return redirect(card)


@login_required
@require_POST
def card_fork(request: HttpRequest, pk: int) -> HttpResponse:
    card = selectors.card_for_viewer(user=request.user, pk=pk)
    copy = services.card_fork(card=card, user=request.user)
    messages.success(request, f"“{copy.name}” is now one of your cards. Make it your own.")
    return redirect(copy)


@login_required
@require_POST
def card_visibility(request: HttpRequest, pk: int) -> HttpResponse:
    card = selectors.card_for_owner(user=request.user, pk=pk)
    form = VisibilityForm(request.POST)
    if form.is_valid():
        card = services.card_update(
            card=card, user=request.user, visibility=form.cleaned_data["visibility"]
        )
        messages.success(request, f"“{card.name}” is now {card.get_visibility_display().lower()}.")
    else:
        messages.error(request, "Choose private, unlisted or public.")
    return redirect(card)


@login_required
def card_delete(request: HttpRequest, pk: int) -> HttpResponse:
    card = selectors.card_for_owner(user=request.user, pk=pk)
    if request.method == "POST":
        name = card.name
        services.card_delete(card=card, user=request.user)
        messages.success(request, f"“{name}” is deleted.")
        return redirect("my-cards")
    return render(request, "cards/confirm_delete.html", {"card": card})
