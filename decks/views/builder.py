"""The deck builder: making a deck, changing its cards and details, forking and deleting it.

With htmx a change answers with the parts of the deck page it touched; without, with a
redirect to the page (or the page again, with the problems)."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from cards.models import Card
from cards.selectors import for_viewer
from decks import selectors, services
from decks.decklist import DecklistError
from decks.forms import DeckForm, EntryForm, QuickAddForm, new_deck_initial
from decks.models import MAX_NAME, Board, Deck
from decks.views.page_parts import (
    VISUAL_VIEW,
    deck_context,
    detail_page,
    is_htmx,
    read_query,
    search_context,
    view_mode,
    workspace,
)
from kotc_site.forms import add_validation_errors, validation_messages


@login_required
def deck_new(request: HttpRequest) -> HttpResponse:
    form = DeckForm(request.POST or None, initial=new_deck_initial())
    if request.method == "POST" and form.is_valid():
        try:
            deck = services.deck_create(owner=request.user, **form.cleaned_data)
        except ValidationError as error:
            add_validation_errors(form, error)
        else:
            messages.success(request, f"“{deck.name}” is ready: search for cards to add.")
            return redirect(deck)
    status = 400 if form.errors else 200
    return render(request, "decks/new.html", {"form": form}, status=status)


def _change_entry(request: HttpRequest, deck: Deck, data: dict[str, Any]) -> tuple[Card, str, int]:
    """Make the change EntryForm read; returns the card changed, its board and its copies
    there now. Raises Http404 for a card the owner may not name, ValidationError for a change
    the services refuse."""
    action, board = data["action"], data["board"]
    card = selectors.entry_card(
        user=request.user,
        deck=deck,
        card_id=data["card"],
        board=board,
        # A card its designer has since made private may only be taken out.
        taking_out=action == "remove" or (action == "set" and not data["count"]),
    )
    if action == "move":
        board = Board.MAIN if board == Board.MAYBE else Board.MAYBE
        count = services.deck_move(deck=deck, user=request.user, card=card, to=board)
    elif action == "set":
        count = services.deck_set_count(
            deck=deck, user=request.user, card=card, count=data["count"], board=board
        )
    else:
        step = data.get("count") or 1
        delta = step if action == "add" else -step
        count = services.deck_change_count(
            deck=deck, user=request.user, card=card, delta=delta, board=board
        )
    return card, board, count


@login_required
@require_POST
def deck_entries(request: HttpRequest, pk: int) -> HttpResponse:
    deck = selectors.deck_for_owner(user=request.user, pk=pk, entries=False)
    form = EntryForm(request.POST)
    announce = ""
    error = ""
    changed = None
    changed_board = Board.MAIN
    if form.is_valid():
        try:
            card, board, count = _change_entry(request, deck, form.cleaned_data)
        except Http404:
            error = "That card does not exist, or it is private."
        except ValidationError as problem:
            error = " ".join(validation_messages(problem))
        else:
            changed, changed_board = card.pk, board
            announce = _count_note(for_viewer(card, request.user).name, count, board)
    else:
        error = "; ".join(m for messages_ in form.errors.values() for m in messages_)
    if not is_htmx(request):
        if error:
            messages.error(request, error)
        return redirect(deck)
    return workspace(
        request,
        deck,
        changed=changed,
        changed_board=changed_board,
        announce=announce,
        entry_error=error,
    )


def _count_note(name: str, count: int, board: str) -> str:
    if board == Board.MAYBE:
        return f"{count} × {name} on the maybeboard." if count else f"{name} is off the maybeboard."
    return f"{count} × {name} in the deck." if count else f"{name} is out of the deck."


@login_required
@require_POST
def deck_quick_add(request: HttpRequest, pk: int) -> HttpResponse:
    """Add the cards of a few '4 Spark' lines at once (services.deck_quick_add_lines): the
    lines that are right are added, and the others stay in the box with their problems. With
    htmx, the box answers with what it kept (or empty), and once cards are added the list,
    panel and status are swapped in; without, the page again (400 when nothing was added, the
    lines kept) or a redirect to it."""
    deck = selectors.deck_for_owner(user=request.user, pk=pk, entries=False)
    form = QuickAddForm(request.POST)
    line_errors: list[Any] = []
    announce = ""
    if form.is_valid():
        try:
            done = services.deck_quick_add_lines(
                deck=deck,
                user=request.user,
                text=form.cleaned_data["lines"],
                board=form.cleaned_data["board"],
            )
        except DecklistError as error:
            line_errors = list(error.errors)
            count = len(line_errors)
            form.add_error(
                None, f"{count} problem{'s' if count != 1 else ''} in the list; nothing was added."
            )
        except ValidationError as error:
            add_validation_errors(form, error, on_fields=False)
        else:
            announce = _added_note(done.added)
            if done.problems:
                line_errors = list(done.problems)
                count = len({problem.line for problem in done.problems})
                announce += f" {count} line{'s' if count != 1 else ''} kept in the box to fix."
                form = QuickAddForm({"lines": done.kept, "board": form.cleaned_data["board"]})
                form.is_valid()
                form.add_error(
                    None,
                    f"{count} line{'s' if count != 1 else ''} not added: fix "
                    f"{'them' if count != 1 else 'it'} and add again.",
                )
    view = view_mode(request)
    if not is_htmx(request):
        if form.errors:
            if announce:
                messages.success(request, announce)
            deck = selectors.deck_for_viewer(user=request.user, pk=deck.pk)
            return detail_page(
                request,
                deck,
                status=200 if announce else 400,
                quick_form=form,
                quick_errors=line_errors,
            )
        messages.success(request, announce)
        suffix = f"?view={VISUAL_VIEW}" if view == VISUAL_VIEW else ""
        return redirect(deck.get_absolute_url() + suffix)
    context: dict[str, Any] = {
        "deck": deck,
        "is_owner": True,
        "view_mode": view,
        "quick_form": form
        if form.errors
        else QuickAddForm(initial={"board": form.cleaned_data["board"]}),
        "quick_errors": line_errors,
        "quick_announce": announce,
    }
    if announce:
        query = read_query(request.GET)
        deck = selectors.deck_with_entries(deck.pk, user=request.user)
        context.update(deck_context(request, deck, edition=query.cleaned_data.get("edition")))
    return render(request, "decks/_quick_add_answer.html", context)


def _added_note(added: list[services.Added]) -> str:
    """'Added 4 × Spark and 2 × Ember Wisp to the deck.'"""
    parts = []
    for board, place in ((Board.MAIN, "the deck"), (Board.MAYBE, "the maybeboard")):
        named = [f"{row.added} × {row.card.name}" for row in added if row.board == board]
        if named:
            listed = named[0] if len(named) == 1 else ", ".join(named[:-1]) + " and " + named[-1]
            parts.append(f"{listed} to {place}")
    return "Added " + "; ".join(parts) + "."


@login_required
@require_GET
def deck_card_names(request: HttpRequest, pk: int) -> HttpResponse:
    """Names to complete the quick add's line with (?q=, the name typed so far): cards the
    deck's owner may add, their own and saved ones first (selectors.deck_name_suggestions)."""
    deck = selectors.deck_for_owner(user=request.user, pk=pk, entries=False)
    q = request.GET.get("q", "")[:MAX_NAME]
    cards = selectors.deck_name_suggestions(user=request.user, text=q)
    return render(request, "decks/_card_names.html", {"deck": deck, "cards": cards, "q": q})


@login_required
@require_GET
def deck_search(request: HttpRequest, pk: int) -> HttpResponse:
    deck = selectors.deck_for_owner(user=request.user, pk=pk)
    q = request.GET.get("q", "")[:500]
    context: dict[str, Any] = {"deck": deck, "is_owner": True}
    context.update(search_context(request, deck, q))
    if not is_htmx(request):
        return redirect(deck)
    return render(request, "decks/_search_results.html", context)


@login_required
@require_POST
def deck_share_cards(request: HttpRequest, pk: int) -> HttpResponse:
    """Make the owner's private cards in the deck unlisted, so whoever sees the deck sees them."""
    deck = selectors.deck_for_owner(user=request.user, pk=pk, entries=False)
    shared = services.deck_share_cards(deck=deck, user=request.user)
    if shared:
        messages.success(
            request,
            f"{shared} card{'s are' if shared != 1 else ' is'} now unlisted: whoever may see"
            " the deck sees them too.",
        )
    else:
        messages.info(request, "None of your cards in this deck is private.")
    return redirect(deck)


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def deck_edit(request: HttpRequest, pk: int) -> HttpResponse:
    deck = selectors.deck_for_owner(user=request.user, pk=pk, entries=False)
    if request.method != "POST":
        # The details form lives on the deck page: an address opened by hand leads there.
        return redirect(deck)
    form = DeckForm(request.POST)
    if form.is_valid():
        try:
            services.deck_update(deck=deck, user=request.user, **form.cleaned_data)
        except ValidationError as error:
            for problem in validation_messages(error):
                messages.error(request, problem)
        else:
            messages.success(request, "The deck's details are saved.")
    else:
        for field, problems in form.errors.items():
            label = form.fields[field].label if field in form.fields else ""
            for problem in problems:
                messages.error(request, f"{label or field}: {problem}")
    return redirect(deck)


@login_required
def deck_delete(request: HttpRequest, pk: int) -> HttpResponse:
    deck = selectors.deck_for_owner(user=request.user, pk=pk, entries=False)
    if request.method == "POST":
        name = deck.name
        services.deck_delete(deck=deck, user=request.user)
        messages.success(request, f"“{name}” is deleted.")
        return redirect("my-decks")
    return render(request, "decks/confirm_delete.html", {"deck": deck})


@login_required
@require_POST
def deck_fork(request: HttpRequest, pk: int) -> HttpResponse:
    deck = selectors.deck_for_viewer(user=request.user, pk=pk)
    copy = services.deck_fork(deck=deck, user=request.user)
    left_out = selectors.fork_left_out(deck=deck, fork=copy)
    message = f"“{copy.name}” is now one of your decks."
    if left_out:
        message += f" {left_out} copies of cards their designers made private were left out."
    messages.success(request, message)
    return redirect(copy)
