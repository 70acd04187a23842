"""Cards and decks shown on other pages than their own: link previews' images, the small card
JSON the embeddable tooltip script reads (on any site), and the page that tells other sites how
to use it.

Every read goes through the visibility gate. A preview image is served to whoever may open the
page it previews (so a private card's or deck's is a 404 to anyone but its owner); a deck's is
drawn with only the cards anyone with the deck's link may see, so a private card in a shared
deck is never drawn on it. The card JSON answers only for cards someone not logged in may open
(public and unlisted, by id), whoever asks, since any site may read it.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

from django.contrib.staticfiles import finders
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_GET

from cards import og_images, selectors
from cards.models import Card
from decks import selectors as deck_selectors
from decks.models import Deck
from decks.printing import card_back_png

# Small renders are 300 × 420 (cards.renders.SMALL_RENDER_WIDTH).
TOOLTIP_WIDTH, TOOLTIP_HEIGHT = 300, 420
EMBED_MAX_AGE = 300
TOOLTIP_SCRIPT = "js/kotc-tooltips.js"


def _etags(header: str) -> set[str]:
    return {tag.strip().removeprefix("W/") for tag in header.split(",") if tag.strip()}


def _png_response(request: HttpRequest, content: bytes, key: str, *, private: bool) -> HttpResponse:
    etag = f'"og-{key}"'
    if etag in _etags(request.headers.get("If-None-Match", "")):
        response = HttpResponse(status=304)
    else:
        response = HttpResponse(content, content_type="image/png")
    response["ETag"] = etag
    # A shared preview may be kept by caches for a while: its address changes with the card.
    response["Cache-Control"] = "private, no-cache" if private else "public, max-age=3600"
    response["Vary"] = "Cookie"
    return response


def anonymous_cards(deck: Deck) -> list[Card]:
    """The different cards of the deck's main board, in the deck's order, that anyone with
    the deck's link may see: never a withheld card, nor one only its designer may open."""
    seen: set[int] = set()
    cards: list[Card] = []
    for entry in deck_selectors.sorted_entries(deck):
        card = entry.card
        if getattr(card, "withheld", False) or not selectors.card_visible_to(card, None):
            continue
        if card.pk not in seen:
            seen.add(card.pk)
            cards.append(card)
    return cards


@require_GET
def card_og_image(request: HttpRequest, pk: int) -> HttpResponse:
    card = selectors.card_for_viewer(user=request.user, pk=pk)
    content, key = og_images.card_og_image(card)
    # Kept by shared caches only when anyone may open the card (not private, nor held).
    return _png_response(request, content, key, private=not selectors.card_visible_to(card, None))


@require_GET
def deck_og_image(request: HttpRequest, pk: int) -> HttpResponse:
    deck = deck_selectors.deck_for_viewer(user=request.user, pk=pk)
    content, key = og_images.deck_og_image(anonymous_cards(deck), back=card_back_png())
    shared = Deck.objects.filter(deck_selectors.deck_viewable_q(None), pk=deck.pk).exists()
    return _png_response(request, content, key, private=not shared)


def card_summary(card: Card, request: HttpRequest) -> dict[str, Any]:
    """What a tooltip shows of a card: its picture as printed and words for those who do not
    see the picture."""
    image = reverse("api-card-render", args=[card.pk])
    version = card.render_version
    words = " ".join(
        part for part in (card.name, card.kind.title(), card.ability_text) if part
    ).strip()
    return {
        "id": card.pk,
        "name": card.name,
        "url": request.build_absolute_uri(card.get_absolute_url()),
        "image": request.build_absolute_uri(f"{image}?size=small&v={version}"),
        "width": TOOLTIP_WIDTH,
        "height": TOOLTIP_HEIGHT,
        "alt": words[:500],
    }


@require_GET
def card_embed_json(request: HttpRequest, pk: int) -> HttpResponse:
    """The card as the tooltip script on any site reads it. Answered as if no one were logged
    in, whoever asks: the answer may be read by any site, so it never holds a private card."""
    card = selectors.viewable_card(user=None, pk=pk)
    if card is None:
        response = JsonResponse({"detail": "No such card."}, status=404)
    else:
        response = JsonResponse(card_summary(card, request))
        response["Cache-Control"] = f"public, max-age={EMBED_MAX_AGE}"
    response["Access-Control-Allow-Origin"] = "*"
    return response


@lru_cache(maxsize=1)
def _tooltip_script() -> bytes:
    path = finders.find(TOOLTIP_SCRIPT)
    return Path(path).read_bytes() if path else b""


@require_GET
def embed_tooltips(request: HttpRequest) -> HttpResponse:
    """The tooltip script at an address that never changes, for other sites to include (the
    static file's own address may carry a hash of its content once deployed)."""
    response = HttpResponse(_tooltip_script(), content_type="text/javascript; charset=utf-8")
    response["Cache-Control"] = "public, max-age=3600"
    return response


@require_GET
def embed_docs(request: HttpRequest) -> HttpResponse:
    example = (
        selectors.cards_visible_to(None).filter(visibility=Card.Visibility.PUBLIC).order_by("pk")
    ).first()
    origin = f"{request.scheme}://{request.get_host()}"
    return render(
        request,
        "kotc_site/embed.html",
        {"origin": origin, "example": example},
    )
