"""A set's files: its symbol, each card drawn with its number, the PDF, the ZIP and the
Tabletop Simulator deck. Each reads the set through its gate (sets.selectors) and each card
through the card gate: a card withheld from the viewer is its back, never its face."""

from __future__ import annotations

import json
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import urlencode
from django.views.decorators.http import require_GET

from cards.renders import card_render_key
from decks import printing
from decks.print_renders import PrintNotReady
from decks.tabletop import DeckCard, plan_sheets, saved_object
from decks.tabletop_keys import KEY_DAYS, key_expiry, make_key
from decks.tabletop_sheets import WITHHELD_FACE, back_jpeg, card_text, sheet_jpeg
from kotc_site.token_reads import token_readable
from sets import printing as set_printing
from sets import selectors
from sets.forms import SetPrintForm
from sets.models import CardSet
from sets.printing import numbered_render, set_mark
from sets.sharing import download_name, set_zip

CACHE_SECONDS = 3600


def _cache(response: HttpResponse, card_set: CardSet) -> HttpResponse:
    # A released public set's files are the same for everyone; anything else is the viewer's.
    shared = card_set.released and card_set.visibility != CardSet.Visibility.PRIVATE
    response["Cache-Control"] = (
        f"public, max-age={CACHE_SECONDS}" if shared else "private, no-cache"
    )
    return response


@require_GET
def set_symbol(request: HttpRequest, pk: int) -> HttpResponse:
    card_set = selectors.set_for_viewer(user=request.user, pk=pk)
    if not card_set.symbol:
        raise Http404("The set has no symbol.")
    return _cache(HttpResponse(bytes(card_set.symbol), content_type="image/png"), card_set)


@require_GET
def set_card_render(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """The card numbered `number` in the set, drawn with its number and the set's symbol."""
    card_set = selectors.set_for_viewer(user=request.user, pk=pk)
    rows = selectors.numbered_cards(card_set, request.user)
    if not 1 <= number <= len(rows):
        raise Http404("The set has no card of that number.")
    row = rows[number - 1]
    if row.card.withheld:
        return redirect("card-back")
    rendered = numbered_render(card_set, row, small=request.GET.get("size") == "small")
    response = HttpResponse(rendered.content, content_type="image/png")
    response["ETag"] = f'"{rendered.key}"'
    return _cache(response, card_set)


def _options_error(form: SetPrintForm) -> HttpResponse:
    return HttpResponse(
        "The print options are not valid: "
        + "; ".join(f"{field}: {' '.join(errors)}" for field, errors in form.errors.items()),
        status=400,
        content_type="text/plain; charset=utf-8",
    )


def _print_progress(request: HttpRequest, pk: int, progress: PrintNotReady) -> dict[str, Any]:
    query = request.GET.urlencode()
    return {
        "ready": progress.ready,
        "total": progress.total,
        "progress_url": f"{reverse('set-print-progress', args=[pk])}?{query}",
        "pdf_url": f"{reverse('set-print-pdf', args=[pk])}?{query}",
    }


@token_readable
@require_GET
def set_print_pdf(request: HttpRequest, pk: int) -> HttpResponse:
    """The PDF once every card of it is drawn; until then a page with the progress, which
    asks again every second (without JavaScript, a link to ask again), as decks print."""
    card_set = selectors.set_for_viewer(user=request.user, pk=pk)
    form = SetPrintForm(request.GET)
    if not form.is_valid():
        return _options_error(form)
    data = form.cleaned_data
    try:
        pdf = set_printing.set_print_pdf(
            card_set=card_set,
            user=request.user,
            copies=data["copies"] or 1,
            paper=data["paper"] or "a4",
            backs=data["backs"] or "none",
            bleed=data["bleed"],
        )
    except printing.PrintError as problem:
        return HttpResponse(str(problem), status=400, content_type="text/plain; charset=utf-8")
    except PrintNotReady as progress:
        context = {"card_set": card_set, **_print_progress(request, card_set.pk, progress)}
        response = render(request, "sets/print.html", context, status=202)
        response["Cache-Control"] = "private, no-cache"
        return response
    response = HttpResponse(pdf, content_type="application/pdf")
    suffix = "-bleed" if data["bleed"] else ""
    response["Content-Disposition"] = (
        f'attachment; filename="{download_name(card_set, suffix + ".pdf")}"'
    )
    return _cache(response, card_set)


@require_GET
def set_print_progress(request: HttpRequest, pk: int) -> HttpResponse:
    """The print's progress, asked for every second while the cards are drawn: each ask moves
    the print along; once every card is drawn, the link to the PDF."""
    card_set = selectors.set_for_viewer(user=request.user, pk=pk)
    form = SetPrintForm(request.GET)
    context: dict[str, Any] = {}
    if not form.is_valid():
        context["error"] = "The print options cannot be read; choose them again."
    else:
        try:
            set_printing.set_print_prepare(
                card_set=card_set, user=request.user, copies=form.cleaned_data["copies"] or 1
            )
        except printing.PrintError as problem:
            context["error"] = str(problem)
        except PrintNotReady as progress:
            context.update(_print_progress(request, card_set.pk, progress))
        else:
            context["ready_to_download"] = True
            query = request.GET.urlencode()
            context["pdf_url"] = f"{reverse('set-print-pdf', args=[card_set.pk])}?{query}"
    response = render(request, "decks/_print_progress.html", context)
    response["Cache-Control"] = "private, no-cache"
    return response


@token_readable
@require_GET
def set_export(request: HttpRequest, pk: int) -> HttpResponse:
    card_set = selectors.set_for_viewer(user=request.user, pk=pk)

    def picture_url(row: selectors.NumberedCard) -> str:
        path = reverse("set-card-render", args=[card_set.pk, row.number])
        return request.build_absolute_uri(path)

    content = set_zip(card_set, request.user, picture_url=picture_url)
    response = HttpResponse(content, content_type="application/zip")
    response["Content-Disposition"] = f'attachment; filename="{download_name(card_set, ".zip")}"'
    return _cache(response, card_set)


def _table_cards(card_set: CardSet, viewer: Any) -> list[DeckCard]:
    cards = []
    for row in selectors.numbered_cards(card_set, viewer):
        if row.card.withheld:
            cards.append(DeckCard(card=row.card, copies=1, face_key=WITHHELD_FACE))
            continue
        mark = set_mark(card_set, row)
        key = card_render_key(card=row.card, set_mark=mark)
        cards.append(DeckCard(card=row.card, copies=1, face_key=key, set_mark=mark))
    return cards


def _who_sees_the_sheets(card_set: CardSet, user: Any, key: str | None) -> str:
    """The saved object's note: whose view its sheets draw, for whom, and for how long."""
    if key is None:
        return (
            f"The set “{card_set.name}” as someone not signed in sees it: a card they may not "
            "see is a plain withheld face."
        )
    name = user.get_username()
    return (
        f"The card sheets of the set “{card_set.name}” show it as {name}, one of its "
        f"designers, saw it when this file was made, its unreleased and private cards "
        f"included, to anyone who has this file, until {key_expiry():%d %b %Y, %H:%M} UTC "
        f"({KEY_DAYS} days), or until {name} logs out everywhere, changes password or no "
        "longer designs the set. A change to the set needs a new download."
    )


@token_readable
@require_GET
def set_tabletop(request: HttpRequest, pk: int) -> HttpResponse:
    """The set as one Tabletop Simulator deck, one of each card, its sheets drawn with the
    numbers. The game fetches the sheets without a cookie: a designer's addresses carry a key
    (`as`, decks.tabletop_keys) so the sheets show the set as that designer sees it, before its
    release too; anyone else's show it as someone not signed in sees it."""
    card_set = selectors.set_for_viewer(user=request.user, pk=pk)
    state = selectors.set_state(card_set)
    query = {"v": state}
    key = None
    if selectors.is_designer(card_set, request.user):
        key = make_key("set", card_set.pk, request.user, state)
    if key:
        query["as"] = key

    def address(route: str, *args: int) -> str:
        return request.build_absolute_uri(f"{reverse(route, args=args)}?{urlencode(query)}")

    table = saved_object(
        name=f"{card_set.name} ({card_set.code})",
        description=card_set.description,
        cards=_table_cards(card_set, request.user),
        sheet_url=lambda number: address("set-tabletop-sheet", card_set.pk, number),
        back_url=address("set-tabletop-back", card_set.pk),
        card_text=card_text,
        seed=f"set-{card_set.pk}",
        note=_who_sees_the_sheets(card_set, request.user, key),
    )
    body = json.dumps(table.as_json(), indent=2, ensure_ascii=False) + "\n"
    response = HttpResponse(body, content_type="application/json; charset=utf-8")
    name = download_name(card_set, "-tabletop-simulator.json")
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    response["Cache-Control"] = "private, no-cache"
    return response


def _table_image(content: bytes, card_set: CardSet, viewer: Any, request: HttpRequest) -> Any:
    response = HttpResponse(content, content_type="image/jpeg")
    if viewer is not request.user:
        # Drawn for one designer's key: theirs alone.
        response["Cache-Control"] = "private, no-cache"
        return response
    return _cache(response, card_set)


@require_GET
def set_tabletop_sheet(request: HttpRequest, pk: int, sheet: int) -> HttpResponse:
    card_set, viewer = selectors.set_for_table(
        user=request.user, pk=pk, key=request.GET.get("as", "")
    )
    sheets = plan_sheets(_table_cards(card_set, viewer)).sheets
    if not 1 <= sheet <= len(sheets):
        raise Http404("The set has no such sheet.")
    return _table_image(sheet_jpeg(sheets[sheet - 1]), card_set, viewer, request)


@require_GET
def set_tabletop_back(request: HttpRequest, pk: int) -> HttpResponse:
    # The same back for every set; asked for by the set so an unreleased one stays unseen.
    card_set, viewer = selectors.set_for_table(
        user=request.user, pk=pk, key=request.GET.get("as", "")
    )
    return _table_image(back_jpeg(), card_set, viewer, request)
