"""The deck pages: gallery, my decks, the builder, import, print. Glue only: reads come from
selectors, writes go through services."""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qs, urlsplit

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import urlencode
from django.utils.text import slugify
from django.views.decorators.http import require_GET, require_POST

from cards import rules
from cards.models import Card
from cards.search import VALID_KEYS_TEXT, QueryError
from cards.selectors import card_for_viewer, for_viewer
from decks import printing, selectors, services
from decks.decklist import DecklistError, write_decklist
from decks.forms import (
    MAX_SAMPLE_TURNS,
    DeckForm,
    DeckImportForm,
    DeckQueryForm,
    EntryForm,
    PrintForm,
    QuickAddForm,
)
from decks.models import MAX_NAME, Board, Deck
from decks.print_renders import PrintNotReady
from decks.sample_hand import SampleHandError, new_seed, sample_game
from decks.serializers import DeckFormatError, read_deck_json
from kotc_site.errors import too_large_page
from kotc_site.pagination import CappedPaginator

PAGE_SIZE = 24
SEARCH_LIMIT = 24
LIST_VIEW = "list"
VISUAL_VIEW = "visual"  # the deck as a grid of its cards' pictures, a column a level


def _is_htmx(request: HttpRequest) -> bool:
    return request.headers.get("HX-Request") == "true"


def _page(request: HttpRequest, items: Any) -> Any:
    """A page of the list; its count stops at 1,000 ("1,000+")."""
    return CappedPaginator(items, PAGE_SIZE).get_page(request.GET.get("page"))


def _is_owner(request: HttpRequest, deck: Deck) -> bool:
    return request.user.is_authenticated and deck.owner_id == request.user.pk


def _query(params: Any) -> DeckQueryForm:
    """The deck page's query read by its form. A value it cannot read is left out and named in
    the form's problems(), which the page shows (with status 400) and its parts show too: they
    answer 200, since htmx swaps in only a successful answer."""
    form = DeckQueryForm(params)
    form.is_valid()
    return form


def _view_mode(request: HttpRequest) -> str:
    """How the deck list is shown: ?view=visual (or a form's `view`) as pictures, else as a
    list. A part of the page swapped in by htmx keeps the view of the page it was asked from
    (htmx names it in HX-Current-URL)."""
    chosen = request.GET.get("view") or request.POST.get("view") or ""
    if not chosen and _is_htmx(request):
        page = urlsplit(request.headers.get("HX-Current-URL", "")[:2000])
        chosen = (parse_qs(page.query).get("view") or [""])[0]
    return VISUAL_VIEW if chosen == VISUAL_VIEW else LIST_VIEW


def _messages_of(error: ValidationError) -> list[str]:
    if hasattr(error, "error_dict"):
        return [message for messages_ in error.message_dict.values() for message in messages_]
    return list(error.messages)


# -- lists ------------------------------------------------------------------------------------


def gallery(request: HttpRequest) -> HttpResponse:
    q = request.GET.get("q", "").strip()[:100]
    page = _page(request, selectors.gallery_decks(q=q))
    page.object_list = selectors.with_legality(page.object_list, user=request.user)
    context = {"page": page, "q": q, "title": "Decks", "mine": False}
    return render(request, "decks/list.html", context)


@login_required
def my_decks(request: HttpRequest) -> HttpResponse:
    q = request.GET.get("q", "").strip()[:100]
    page = _page(request, selectors.decks_owned_by(user=request.user, q=q))
    page.object_list = selectors.with_legality(page.object_list, user=request.user)
    context = {"page": page, "q": q, "title": "My decks", "mine": True}
    return render(request, "decks/list.html", context)


# -- creating ---------------------------------------------------------------------------------


@login_required
def deck_new(request: HttpRequest) -> HttpResponse:
    initial = {"edition": rules.current_edition().number, "visibility": Deck.Visibility.PRIVATE}
    form = DeckForm(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        try:
            deck = services.deck_create(owner=request.user, **form.cleaned_data)
        except ValidationError as error:
            for field, problems in error.message_dict.items():
                for problem in problems:
                    form.add_error(field if field in form.fields else None, problem)
        else:
            messages.success(request, f"“{deck.name}” is ready: search for cards to add.")
            return redirect(deck)
    status = 400 if form.errors else 200
    return render(request, "decks/new.html", {"form": form}, status=status)


# -- the deck page ----------------------------------------------------------------------------


def _sample_context(request: HttpRequest, deck: Deck, query: DeckQueryForm) -> dict[str, Any]:
    """The sample hand named by ?seed=&bury=&turns= (nothing when there is no seed)."""
    params = query.cleaned_data
    seed_value = params.get("seed")
    if seed_value is None and "seed" not in query.errors:
        return {"game": None}
    # A seed that cannot be read draws a new hand (and the page says why).
    seed = seed_value if isinstance(seed_value, int) else new_seed()
    cards: list[Card] = []
    # The deck's own cards: the maybeboard is never drawn.
    for entry in sorted(selectors.sorted_entries(deck), key=lambda e: e.card_id):
        cards.extend([entry.card] * entry.count)
    bury = sorted(set(params.get("bury") or []))
    turns = params.get("turns") or 0
    decided = bool(params.get("decided")) or turns > 0
    try:
        game = sample_game(cards, seed=seed, bury=bury, bury_decided=decided, turns=turns)
    except SampleHandError:
        game = sample_game(cards, seed=seed, bury_decided=decided, turns=turns)
    edition = deck.edition_rules
    return {
        "game": game,
        "game_seed": seed,
        "game_bury": ",".join(str(b) for b in game.buried),
        "next_turn": game.turn + 1 if game.turn < MAX_SAMPLE_TURNS else None,
        "bury_query": "".join(f"&bury={b}" for b in game.buried),
        "reserves_note": (
            f"The {edition.name} sets {edition.reserves} cards aside as reserves before the"
            " opening draw; this sample draws from the whole deck."
            if edition.reserves
            else ""
        ),
    }


def _deck_context(
    request: HttpRequest, deck: Deck, *, edition: int | None = None
) -> dict[str, Any]:
    is_owner = _is_owner(request, deck)
    view = selectors.deck_view(deck, user=request.user, edition=edition)
    return {
        "deck": deck,
        "view": view,
        "view_mode": _view_mode(request),
        "is_owner": is_owner,
        "editions": [(n, e.name) for n, e in sorted(rules.load_editions().items(), reverse=True)],
        "previewing": edition is not None and edition != deck.edition,
    }


def deck_detail(request: HttpRequest, pk: int) -> HttpResponse:
    deck = selectors.deck_for_viewer(user=request.user, pk=pk)
    return _detail_page(request, deck)


def _detail_page(
    request: HttpRequest, deck: Deck, *, status: int | None = None, **extra: Any
) -> HttpResponse:
    """The deck page; `extra` fills in parts that a form sent to it answers with (the quick
    add's list and its problems)."""
    is_owner = _is_owner(request, deck)
    query = _query(request.GET)
    for problem in query.problems():
        messages.error(request, problem)
    context = _deck_context(request, deck, edition=query.cleaned_data.get("edition"))
    context.update(_sample_context(request, deck, query))
    if is_owner:
        context["form"] = DeckForm(
            initial={
                "name": deck.name,
                "description": deck.description,
                "edition": deck.edition,
                "visibility": deck.visibility,
            }
        )
        context.update(_search_context(request, deck, request.GET.get("q", "")[:500]))
        context["quick_form"] = QuickAddForm(initial={"board": Board.MAIN})
    context["query_keys"] = VALID_KEYS_TEXT
    context["share_url"] = request.build_absolute_uri(deck.get_absolute_url())
    context.update(extra)
    if status is None:
        status = 400 if query.errors else 200
    return render(request, "decks/detail.html", context, status=status)


def _workspace(request: HttpRequest, deck: Deck, **extra: Any) -> HttpResponse:
    """The deck list with the validation panel and stats, swapped in together."""
    query = _query(request.GET)
    if query.errors:
        extra["entry_error"] = " ".join(filter(None, [extra.get("entry_error"), *query.problems()]))
    deck = selectors.deck_with_entries(deck.pk, user=request.user)
    context = _deck_context(request, deck, edition=query.cleaned_data.get("edition"))
    context.update(extra)
    return render(request, "decks/_workspace.html", context)


@require_GET
def deck_panel(request: HttpRequest, pk: int) -> HttpResponse:
    """The validation panel under another edition (?edition=), for anyone who may see the
    deck, its owner included: a look that changes nothing. The deck's own edition is changed
    with its other details (deck_edit)."""
    deck = selectors.deck_for_viewer(user=request.user, pk=pk)
    if not _is_htmx(request):
        # The deck page reads (or names the problem with) the same ?edition=.
        edition = request.GET.get("edition", "")
        query = f"?{urlencode({'edition': edition})}" if edition else ""
        return redirect(deck.get_absolute_url() + query)
    query = _query(request.GET)
    context = _deck_context(request, deck, edition=query.cleaned_data.get("edition"))
    context["panel_error"] = " ".join(query.problems())
    return render(request, "decks/_panel.html", context)


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
        data = form.cleaned_data
        board = data["board"]
        try:
            card = _entry_card(request, deck, data)
        except Http404:
            error = "That card does not exist, or it is private."
        else:
            try:
                if data["action"] == "move":
                    board = Board.MAIN if board == Board.MAYBE else Board.MAYBE
                    count = services.deck_move(deck=deck, user=request.user, card=card, to=board)
                elif data["action"] == "set":
                    count = services.deck_set_count(
                        deck=deck, user=request.user, card=card, count=data["count"], board=board
                    )
                else:
                    step = data.get("count") or 1
                    delta = step if data["action"] == "add" else -step
                    count = services.deck_change_count(
                        deck=deck, user=request.user, card=card, delta=delta, board=board
                    )
            except ValidationError as problem:
                error = " ".join(_messages_of(problem))
            else:
                changed, changed_board = card.pk, board
                announce = _count_note(for_viewer(card, request.user).name, count, board)
    else:
        error = "; ".join(m for messages_ in form.errors.values() for m in messages_)
    if not _is_htmx(request):
        if error:
            messages.error(request, error)
        return redirect(deck)
    return _workspace(
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


def _entry_card(request: HttpRequest, deck: Deck, data: dict[str, Any]) -> Card:
    """The card an entry change names: one the owner may see, or, to take it out, a card of
    the deck that its designer has since made private. Http404 otherwise."""
    try:
        return card_for_viewer(user=request.user, pk=data["card"])
    except Http404:
        taking_out = data["action"] == "remove" or (data["action"] == "set" and not data["count"])
        entries = deck.entries.select_related("card")
        entry = entries.filter(card_id=data["card"], board=data["board"]).first()
        if not taking_out or entry is None:
            raise
        return entry.card


@login_required
@require_POST
def deck_quick_add(request: HttpRequest, pk: int) -> HttpResponse:
    """Add the cards of a few '4 Spark' lines at once (services.deck_quick_add). With htmx,
    the box answers with its problems, or empty and the list, panel and status swapped in;
    without, the page again (400 with the problems, the lines kept) or a redirect to it."""
    deck = selectors.deck_for_owner(user=request.user, pk=pk, entries=False)
    form = QuickAddForm(request.POST)
    line_errors: list[Any] = []
    announce = ""
    if form.is_valid():
        try:
            added = services.deck_quick_add(
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
            for problem in _messages_of(error):
                form.add_error(None, problem)
        else:
            announce = _added_note(added)
    view = _view_mode(request)
    if not _is_htmx(request):
        if form.errors:
            deck = selectors.deck_for_viewer(user=request.user, pk=deck.pk)
            return _detail_page(
                request, deck, status=400, quick_form=form, quick_errors=line_errors
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
        query = _query(request.GET)
        deck = selectors.deck_with_entries(deck.pk, user=request.user)
        context.update(_deck_context(request, deck, edition=query.cleaned_data.get("edition")))
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


@require_GET
def card_back(request: HttpRequest) -> HttpResponse:
    """The back of every card, which is also how a withheld card shows: face down."""
    response = HttpResponse(printing.card_back_png(), content_type="image/png")
    response["Cache-Control"] = "public, max-age=86400"
    return response


@login_required
@require_GET
def deck_search(request: HttpRequest, pk: int) -> HttpResponse:
    deck = selectors.deck_for_owner(user=request.user, pk=pk)
    q = request.GET.get("q", "")[:500]
    context: dict[str, Any] = {"deck": deck, "is_owner": True}
    context.update(_search_context(request, deck, q))
    if not _is_htmx(request):
        return redirect(deck)
    return render(request, "decks/_search_results.html", context)


def _search_context(request: HttpRequest, deck: Deck, q: str) -> dict[str, Any]:
    try:
        results = selectors.deck_card_search(user=request.user, q=q, limit=SEARCH_LIMIT)
    except QueryError as error:
        return {"q": q, "results": [], "query_error": str(error)}
    in_deck = {entry.card_id: entry.count for entry in selectors.sorted_entries(deck)}
    edition = deck.edition_rules
    rows = [
        {
            "card": card,
            "check": rules.check_card(card.to_rules_card(), edition.number),
            "in_deck": in_deck.get(card.pk, 0),
        }
        for card in results
    ]
    return {"q": q, "results": rows, "query_error": None, "result_limit": SEARCH_LIMIT}


@require_GET
def deck_sample_hand(request: HttpRequest, pk: int) -> HttpResponse:
    deck = selectors.deck_for_viewer(user=request.user, pk=pk)
    params = request.GET.copy()
    if not params.get("seed"):
        params["seed"] = "new"
    if not _is_htmx(request):
        # The deck page reads the same query, and names what it cannot read.
        return redirect(f"{deck.get_absolute_url()}?{params.urlencode()}#sample-hand")
    query = _query(params)
    context = {"deck": deck, "is_owner": _is_owner(request, deck)}
    context.update(_sample_context(request, deck, query))
    context["query_problems"] = query.problems()
    return render(request, "decks/_sample_hand.html", context)


@login_required
@require_POST
def deck_edit(request: HttpRequest, pk: int) -> HttpResponse:
    deck = selectors.deck_for_owner(user=request.user, pk=pk, entries=False)
    form = DeckForm(request.POST)
    if form.is_valid():
        try:
            services.deck_update(deck=deck, user=request.user, **form.cleaned_data)
        except ValidationError as error:
            for problem in _messages_of(error):
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
    # Both boards are copied: compare them whole.
    left_out = sum(e.count for e in deck.entries.all()) - sum(e.count for e in copy.entries.all())
    message = f"“{copy.name}” is now one of your decks."
    if left_out:
        message += f" {left_out} copies of cards their designers made private were left out."
    messages.success(request, message)
    return redirect(copy)


# -- moving decks around ----------------------------------------------------------------------


def _filename(deck: Deck, extension: str) -> str:
    return f"{slugify(deck.name) or 'deck'}.{extension}"


def deck_export(request: HttpRequest, pk: int) -> HttpResponse:
    import json

    deck = selectors.deck_for_viewer(user=request.user, pk=pk)
    body = json.dumps(
        services.deck_definition(deck, with_maybeboard=True), indent=2, ensure_ascii=False
    )
    response = HttpResponse(body + "\n", content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{_filename(deck, "json")}"'
    return response


def deck_export_text(request: HttpRequest, pk: int) -> HttpResponse:
    deck = selectors.deck_for_viewer(user=request.user, pk=pk)
    # A name another card the viewer's import would look at shares (one of theirs, of their
    # collection, a public one), and a card it would not find by name, are written with the
    # card's number, so the list imports back to these very cards (see write_decklist). The
    # maybeboard follows under its heading, which the import reads back as the maybeboard.
    shown, maybe = (
        [(entry.count, entry.card) for entry in entries if not entry.card.withheld]
        for entries in (selectors.sorted_entries(deck), selectors.sorted_entries(deck, Board.MAYBE))
    )
    listed = [card for _, card in [*shown, *maybe]]
    found = selectors.list_cards(
        user=request.user, names=[card.name for card in listed], numbers=[]
    )
    findable = [*found.own, *found.saved, *found.public]
    text = write_decklist(
        shown,
        title=f"{deck.name} ({deck.edition_rules.name})",
        others=[(card.pk, card.name) for card in findable],
        unnamed={card.pk for card in listed} - {card.pk for card in findable},
        maybe=maybe,
        withheld=selectors.withheld_count(deck),
        maybe_withheld=selectors.withheld_count(deck, Board.MAYBE),
    )
    response = HttpResponse(text, content_type="text/plain; charset=utf-8")
    if request.GET.get("download"):
        response["Content-Disposition"] = f'attachment; filename="{_filename(deck, "txt")}"'
    return response


def _import_initial() -> dict[str, Any]:
    return {"edition": rules.current_edition().number, "visibility": Deck.Visibility.PRIVATE}


def _import_too_large(request: HttpRequest, message: str) -> HttpResponse:
    """The import page again when what was sent is too large to read (see kotc_site.errors)."""
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    context = {"form": DeckImportForm(initial=_import_initial()), "page_error": message}
    return render(request, "decks/import.html", context, status=413)


@too_large_page(_import_too_large)
@login_required
def deck_import(request: HttpRequest) -> HttpResponse:
    form = DeckImportForm(request.POST or None, request.FILES or None, initial=_import_initial())
    line_errors: list[Any] = []
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        name = data["name"].strip() or None
        try:
            if data["json"] is not None:
                definition = read_deck_json(data["json"])
                deck = services.deck_import(
                    owner=request.user,
                    definition=definition,
                    name=name,
                    visibility=data["visibility"],
                )
                created = len(getattr(deck, "imported_new_cards", []))
                note = (
                    f" {created} card{'s' if created != 1 else ''} you lacked"
                    f" {'were' if created != 1 else 'was'} added to your cards."
                    if created
                    else " Every card is one you could already use: no card was added."
                )
                left_out = getattr(deck, "imported_withheld", 0)
                if left_out:
                    note += (
                        f" {left_out} withheld card{'s were' if left_out != 1 else ' was'} left"
                        " out: their designers keep them private."
                    )
            else:
                deck = services.deck_import_list(
                    owner=request.user,
                    text=data["content"],
                    name=name or "",
                    edition=data["edition"],
                    visibility=data["visibility"],
                )
                note = ""
        except DecklistError as error:
            line_errors = list(error.errors)
            form.add_error(
                None,
                f"{len(line_errors)} problem{'s' if len(line_errors) != 1 else ''} in the list;"
                " nothing was saved.",
            )
        except DeckFormatError as error:
            for problem in error.messages_list:
                form.add_error(None, problem)
        except ValidationError as error:
            for problem in _messages_of(error):
                form.add_error(None, problem)
        else:
            messages.success(request, f"“{deck.name}” is imported.{note}")
            return redirect(deck)
    status = 400 if form.errors else 200
    if form.has_error("file", code="too_large"):
        status = 413
    context = {"form": form, "line_errors": line_errors}
    return render(request, "decks/import.html", context, status=status)


# -- printing ---------------------------------------------------------------------------------


def _bleed_pages(size: int) -> int:
    """Pages of fronts with bleed, which holds fewer cards a page (the same on A4 and Letter)."""
    layout = printing.sheet_layout(printing.PAPERS["a4"], bleed=True)
    return printing.page_count(size, layout=layout) if size else 0


def deck_print(request: HttpRequest, pk: int) -> HttpResponse:
    deck = selectors.deck_for_viewer(user=request.user, pk=pk)
    missing = (
        selectors.deck_missing(deck=deck, user=request.user)
        if request.user.is_authenticated
        else None
    )
    size = selectors.deck_size(deck)
    context = {
        "deck": deck,
        "form": PrintForm(initial={"paper": "a4", "backs": "none"}),
        "missing": missing,
        "missing_total": sum(row.needed for row in missing) if missing else 0,
        "size": size,
        "pages": printing.page_count(size) if size else 0,
        "bleed_pages": _bleed_pages(size),
        "max_cards": printing.MAX_PRINTED_CARDS,
        "withheld": selectors.withheld_count(deck),
    }
    return render(request, "decks/print.html", context)


def deck_print_pdf(request: HttpRequest, pk: int) -> HttpResponse:
    deck = selectors.deck_for_viewer(user=request.user, pk=pk)
    form = PrintForm(request.GET)
    error = None
    preparing = None
    if form.is_valid():
        data = form.cleaned_data
        try:
            pdf = services.deck_print_pdf(
                deck=deck,
                user=request.user,
                paper=data["paper"],
                backs=data["backs"],
                only_missing=data["missing"],
                bleed=data["bleed"],
            )
        except printing.PrintError as problem:
            error = str(problem)
        except PrintNotReady as progress:
            # The page shows how far along the print is and asks again until it is ready.
            preparing = _print_progress(request, pk, progress)
        else:
            suffix = ("-missing" if data["missing"] else "") + ("-bleed" if data["bleed"] else "")
            response = HttpResponse(pdf, content_type="application/pdf")
            name = f"{slugify(deck.name) or 'deck'}{suffix}-{data['paper']}.pdf"
            response["Content-Disposition"] = f'attachment; filename="{name}"'
            return response
    missing = (
        selectors.deck_missing(deck=deck, user=request.user)
        if request.user.is_authenticated
        else None
    )
    size = selectors.deck_size(deck)
    context = {
        "deck": deck,
        "form": form,
        "print_error": error,
        "preparing": preparing,
        "missing": missing,
        "missing_total": sum(row.needed for row in missing) if missing else 0,
        "size": size,
        "pages": printing.page_count(size) if size else 0,
        "bleed_pages": _bleed_pages(size),
        "max_cards": printing.MAX_PRINTED_CARDS,
        "withheld": selectors.withheld_count(deck),
    }
    return render(request, "decks/print.html", context, status=202 if preparing else 400)


def _print_progress(request: HttpRequest, pk: int, progress: PrintNotReady) -> dict[str, Any]:
    query = request.GET.urlencode()
    return {
        "ready": progress.ready,
        "total": progress.total,
        "progress_url": f"{reverse('deck-print-progress', args=[pk])}?{query}",
        "pdf_url": f"{reverse('deck-print-pdf', args=[pk])}?{query}",
    }


@require_GET
def deck_print_progress(request: HttpRequest, pk: int) -> HttpResponse:
    """The print page's progress, asked for every second while the cards are drawn: each ask
    moves the print along (see decks.print_renders); once every card is drawn, the link to
    the PDF."""
    deck = selectors.deck_for_viewer(user=request.user, pk=pk)
    form = PrintForm(request.GET)
    context: dict[str, Any] = {}
    if not form.is_valid():
        context["error"] = "The print options cannot be read; choose them again."
    else:
        try:
            services.deck_print_prepare(
                deck=deck, user=request.user, only_missing=form.cleaned_data["missing"]
            )
        except printing.PrintError as problem:
            context["error"] = str(problem)
        except PrintNotReady as progress:
            context.update(_print_progress(request, pk, progress))
        else:
            context["ready_to_download"] = True
            context["pdf_url"] = f"{reverse('deck-print-pdf', args=[pk])}?{request.GET.urlencode()}"
    return render(request, "decks/_print_progress.html", context)
