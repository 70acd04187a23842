"""The print page, the PDF it asks for, the progress shown while the cards are drawn, and the
back every card shares."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.text import slugify
from django.views.decorators.http import require_GET

from decks import print_job, printing, selectors
from decks.forms import PrintForm
from decks.models import Deck
from decks.print_renders import PrintNotReady
from kotc_site.token_reads import token_readable


def _print_page(
    request: HttpRequest, deck: Deck, form: PrintForm, *, status: int = 200, **extra: Any
) -> HttpResponse:
    """The print page: what a print of the deck holds, with the form to choose one; `extra`
    says why the PDF is not there yet (an error, or how far the drawing is)."""
    summary = print_job.print_summary(deck=deck, user=request.user)
    context = {
        "deck": deck,
        "form": form,
        "missing": summary.missing,
        "missing_total": summary.missing_total,
        "size": summary.size,
        "pages": summary.pages,
        "bleed_pages": summary.bleed_pages,
        "max_cards": summary.max_cards,
        "withheld": summary.withheld,
        **extra,
    }
    return render(request, "decks/print.html", context, status=status)


def deck_print(request: HttpRequest, pk: int) -> HttpResponse:
    deck = selectors.deck_for_viewer(user=request.user, pk=pk)
    return _print_page(request, deck, PrintForm(initial={"paper": "a4", "backs": "none"}))


@token_readable
def deck_print_pdf(request: HttpRequest, pk: int) -> HttpResponse:
    deck = selectors.deck_for_viewer(user=request.user, pk=pk)
    form = PrintForm(request.GET)
    error = None
    preparing = None
    if form.is_valid():
        data = form.cleaned_data
        try:
            pdf = print_job.deck_print_pdf(
                deck=deck,
                user=request.user,
                paper=data["paper"],
                backs=data["backs"],
                only_missing=data["missing"],
                bleed=data["bleed"],
                only_short=data["short"],
            )
        except printing.PrintError as problem:
            error = str(problem)
        except PrintNotReady as progress:
            # The page shows how far along the print is and asks again until it is ready.
            preparing = _print_progress(request, pk, progress)
        else:
            chosen = "-short" if data["short"] else "-missing" if data["missing"] else ""
            suffix = chosen + ("-bleed" if data["bleed"] else "")
            response = HttpResponse(pdf, content_type="application/pdf")
            name = f"{slugify(deck.name) or 'deck'}{suffix}-{data['paper']}.pdf"
            response["Content-Disposition"] = f'attachment; filename="{name}"'
            return response
    return _print_page(
        request,
        deck,
        form,
        status=202 if preparing else 400,
        print_error=error,
        preparing=preparing,
    )


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
            print_job.deck_print_prepare(
                deck=deck,
                user=request.user,
                only_missing=form.cleaned_data["missing"],
                only_short=form.cleaned_data["short"],
            )
        except printing.PrintError as problem:
            context["error"] = str(problem)
        except PrintNotReady as progress:
            context.update(_print_progress(request, pk, progress))
        else:
            context["ready_to_download"] = True
            context["pdf_url"] = f"{reverse('deck-print-pdf', args=[pk])}?{request.GET.urlencode()}"
    return render(request, "decks/_print_progress.html", context)


@require_GET
def card_back(request: HttpRequest) -> HttpResponse:
    """The back of every card, which is also how a withheld card shows: face down."""
    response = HttpResponse(printing.card_back_png(), content_type="image/png")
    response["Cache-Control"] = "public, max-age=86400"
    return response
