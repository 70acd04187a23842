"""The set pages: the list of sets, a set's page with its checks, and the forms that make,
change, release, share and delete a set."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from cards import rules
from cards.markup import render_document
from cards.models import Card
from decks.forms import new_deck_initial
from kotc_site.forms import add_validation_errors
from sets import checks, selectors, services
from sets.forms import InviteForm, SetForm, SetPrintForm
from sets.limits import MAX_CARDS
from sets.models import CardSet, SetDesigner


def set_list(request: HttpRequest) -> HttpResponse:
    """The sets the viewer designs and the released public ones, searched by name or code (the
    card gallery's Sets tab)."""
    query = request.GET.get("q", "").strip()[: selectors.MAX_SET_QUERY]
    sets = list(selectors.sets_listed(request.user, query).order_by("-updated", "-pk")[:200])
    user = request.user
    invitations = (
        SetDesigner.objects.filter(user=user, accepted=False).select_related("card_set__owner")
        if user.is_authenticated
        else []
    )
    mine = [s for s in sets if user.is_authenticated and selectors.is_designer(s, user)]
    released = [s for s in sets if s not in mine]
    context = {"mine": mine, "released": released, "invitations": invitations, "q": query}
    return render(request, "sets/list.html", context)


def _form_cards(card_set: CardSet | None, user: Any) -> tuple[list[Card], dict[int, int]]:
    """The cards the form offers: the designer's own, and the cards other designers put in
    the set (shown to them through the card gate), with their numbers."""
    own = list(Card.objects.filter(owner=user).order_by("name", "pk")[: MAX_CARDS * 2])
    numbers: dict[int, int] = {}
    if card_set is None:
        return own, numbers
    rows = selectors.numbered_cards(card_set, user)
    in_set = [row.card for row in rows]
    numbers = {row.card.pk: row.number for row in rows}
    listed = {card.pk for card in in_set}
    # Numbered cards first, in the set's order, then the rest of the designer's.
    return in_set + [card for card in own if card.pk not in listed], numbers


def _set_form_page(
    request: HttpRequest, form: SetForm, card_set: CardSet | None, status: int = 200
) -> HttpResponse:
    return render(request, "sets/form.html", {"form": form, "card_set": card_set}, status=status)


def _saved(request: HttpRequest, form: SetForm, card_set: CardSet | None) -> CardSet | None:
    """The set made or changed from a valid form; None, with the errors on the form, when the
    service refuses."""
    data = form.cleaned_data
    order = form.ordered_cards()
    if form.errors:
        return None
    fields = {
        "name": data["name"],
        "code": data["code"],
        "description": data["description"],
        "visibility": data["visibility"],
        "edition": data["edition"],
        "cards": order,
        "release_at": data.get("release_at"),
    }
    symbol = data.get("symbol")
    if symbol is False:  # "clear" ticked
        fields["symbol"] = None
    elif symbol:
        fields["symbol"] = symbol
    try:
        if card_set is None:
            return services.set_create(user=request.user, **fields)
        if card_set.released:
            fields.pop("release_at")
        return services.set_update(card_set=card_set, user=request.user, **fields)
    except ValidationError as error:
        add_validation_errors(form, error)
        return None


@login_required
def set_new(request: HttpRequest) -> HttpResponse:
    cards, numbers = _form_cards(None, request.user)
    initial = {**new_deck_initial(), "visibility": CardSet.Visibility.PUBLIC}
    if request.method != "POST":
        return _set_form_page(request, SetForm(cards=cards, numbers=numbers, initial=initial), None)
    form = SetForm(request.POST, request.FILES, cards=cards, numbers=numbers)
    if form.is_valid():
        card_set = _saved(request, form, None)
        if card_set is not None:
            messages.success(
                request, f"Set “{card_set.name}” made: only you see it until it is released."
            )
            return redirect(card_set)
    return _set_form_page(request, form, None, status=400)


@login_required
def set_edit(request: HttpRequest, pk: int) -> HttpResponse:
    card_set = selectors.set_for_designer(user=request.user, pk=pk)
    cards, numbers = _form_cards(card_set, request.user)
    if request.method != "POST":
        initial = {
            "name": card_set.name,
            "code": card_set.code,
            "description": card_set.description,
            "visibility": card_set.visibility,
            "edition": card_set.edition,
            "release_at": card_set.release_at,
        }
        form = SetForm(cards=cards, numbers=numbers, initial=initial)
        return _set_form_page(request, form, card_set)
    form = SetForm(request.POST, request.FILES, cards=cards, numbers=numbers)
    if form.is_valid():
        saved = _saved(request, form, card_set)
        if saved is not None:
            messages.success(request, "Set saved.")
            return redirect(saved)
    return _set_form_page(request, form, card_set, status=400)


def set_detail(request: HttpRequest, pk: int) -> HttpResponse:
    card_set = selectors.set_for_viewer(user=request.user, pk=pk)
    user = request.user
    designer = selectors.is_designer(card_set, user)
    check = checks.set_check(card_set, user)
    rows = selectors.numbered_cards(card_set, user)
    context = {
        "card_set": card_set,
        "rows": rows,
        "check": check,
        "checked": {item.row.card.pk: item for item in check.cards},
        "description": render_document(card_set.description, viewer=user, anchor_prefix="set"),
        "designers": selectors.designers_of(card_set),
        "is_designer": designer,
        "is_owner": user.is_authenticated and card_set.owner_id == user.pk,
        "print_form": SetPrintForm(initial={"copies": 1, "paper": "a4", "backs": "none"}),
        "invite_form": InviteForm(),
        "edition_now": rules.current_edition(),
        "undo_open": card_set.released and services.undo_open(card_set),
    }
    return render(request, "sets/detail.html", context)


def _act(request: HttpRequest, action: Any, success: str, **kwargs: Any) -> None:
    try:
        action(user=request.user, **kwargs)
    except ValidationError as error:
        for message in error.messages:
            messages.error(request, message)
    else:
        messages.success(request, success)


@login_required
@require_POST
def set_release(request: HttpRequest, pk: int) -> HttpResponse:
    card_set = selectors.set_for_owner(user=request.user, pk=pk)
    _act(
        request,
        services.set_release,
        "Released: every card of the set is public. You can undo this for an hour.",
        card_set=card_set,
    )
    return redirect(card_set)


@login_required
@require_POST
def set_unrelease(request: HttpRequest, pk: int) -> HttpResponse:
    card_set = selectors.set_for_owner(user=request.user, pk=pk)
    _act(
        request,
        services.set_unrelease,
        "The release is undone: each card is back as it was.",
        card_set=card_set,
    )
    return redirect(card_set)


@login_required
@require_POST
def set_delete(request: HttpRequest, pk: int) -> HttpResponse:
    card_set = selectors.set_for_owner(user=request.user, pk=pk)
    name = card_set.name
    services.set_delete(card_set=card_set, user=request.user)
    messages.success(request, f"Set “{name}” deleted; its cards are as they were.")
    return redirect("set-list")


@login_required
@require_POST
def set_invite(request: HttpRequest, pk: int) -> HttpResponse:
    card_set = selectors.set_for_owner(user=request.user, pk=pk)
    form = InviteForm(request.POST)
    if not form.is_valid():
        messages.error(request, "Name the designer to invite.")
        return redirect(card_set)
    name = form.cleaned_data["username"]
    _act(
        request,
        services.set_invite,
        f"{name} is invited: the set is theirs too once they accept (on their Sets page).",
        card_set=card_set,
        username=name,
    )
    return redirect(card_set)


@login_required
@require_POST
def set_accept(request: HttpRequest, pk: int) -> HttpResponse:
    card_set = selectors.set_invited(user=request.user, pk=pk)
    services.set_invitation_accept(card_set=card_set, user=request.user)
    messages.success(request, f"You co-own “{card_set.name}”: add your cards from Edit.")
    return redirect(card_set)


@login_required
@require_POST
def set_build_deck(request: HttpRequest, pk: int) -> HttpResponse:
    card_set = selectors.set_for_viewer(user=request.user, pk=pk)
    try:
        deck = services.set_build_deck(card_set=card_set, user=request.user)
    except ValidationError as error:
        for message in error.messages:
            messages.error(request, message)
        return redirect(card_set)
    messages.success(request, f"Deck “{deck.name}” started with one of each card of the set.")
    return redirect(deck)


@login_required
def set_update_edition(request: HttpRequest, pk: int) -> HttpResponse:
    """The preview of "Update to the current edition" for the viewer's cards of the set, and,
    posted, the update: each card that can be updated gets a new revision."""
    card_set = selectors.set_for_designer(user=request.user, pk=pk)
    if request.method == "POST":
        updated = services.set_update_edition(card_set=card_set, user=request.user)
        messages.success(
            request,
            f"{len(updated)} card{'s' if len(updated) != 1 else ''} updated to the current"
            " edition, each as a new revision.",
        )
        return redirect(card_set)
    updates = services.set_edition_preview(card_set=card_set, user=request.user)
    context = {
        "card_set": card_set,
        "updates": updates,
        "edition_now": rules.current_edition(),
    }
    return render(request, "sets/update_edition.html", context)
