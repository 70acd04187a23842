"""POST /markup/preview/: a text as it will read once saved (a deck's primer on its edit form),
rendered for the one writing it. Stores nothing."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_POST

from cards.markup import MAX_MARKUP_CHARS


@login_required
@require_POST
def markup_preview(request: HttpRequest) -> HttpResponse:
    text = request.POST.get("description", request.POST.get("text", ""))[:MAX_MARKUP_CHARS]
    return render(request, "decks/_primer.html", {"primer_text": text, "previewing": True})
