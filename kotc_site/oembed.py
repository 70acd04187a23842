"""oEmbed (https://oembed.com/): what another site shows for a link to a card or a deck here.

GET /oembed/?url=<a card's or deck's page>&maxwidth=&maxheight=&format=json answers a "rich"
embed: the card as printed (or the deck's preview image) as a picture linking to its page, at
most maxwidth × maxheight. The thing the address names is read as the one asking may see it:
a private card or deck, like an address that names nothing here, is a 404; a format other than
JSON is a 501, as the specification asks.
"""

from __future__ import annotations

from html import escape
from typing import Any
from urllib.parse import urlsplit

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.urls import Resolver404, resolve, reverse
from django.views.decorators.http import require_GET

from cards import og_images, selectors
from cards.embeds import TOOLTIP_HEIGHT, TOOLTIP_WIDTH
from decks import selectors as deck_selectors

PROVIDER_NAME = "Keeper of the Cards"
CACHE_AGE = 3600
MAX_URL = 2000
# The full render is 750 × 1050; the small one 300 × 420.
FULL_WIDTH, FULL_HEIGHT = 750, 1050


def _error(status: int, message: str) -> JsonResponse:
    return JsonResponse({"detail": message}, status=status)


def _bound(value: str | None, name: str) -> int | None:
    if value in (None, ""):
        return None
    try:
        number = int(value)
    except ValueError:
        raise ValueError(f"{name} must be a whole number of pixels.") from None
    if not 1 <= number <= 100_000:
        raise ValueError(f"{name} must be between 1 and 100000.")
    return number


def fit(width: int, height: int, maxwidth: int | None, maxheight: int | None) -> tuple[int, int]:
    """`width` × `height` scaled down (never up) to fit within the bounds given."""
    scale = 1.0
    if maxwidth is not None:
        scale = min(scale, maxwidth / width)
    if maxheight is not None:
        scale = min(scale, maxheight / height)
    return max(1, int(width * scale)), max(1, int(height * scale))


def _own_hosts(request: HttpRequest) -> set[str]:
    hosts = {host.lower().lstrip(".") for host in settings.ALLOWED_HOSTS if host != "*"}
    hosts.add(request.get_host().lower())
    hosts.add(request.get_host().lower().split(":")[0])
    return hosts


def _target(request: HttpRequest, url: str) -> tuple[str, int]:
    """The page `url` names here: ("card-detail" or "deck-detail", its id). Http404 when it
    names nothing an embed is made of."""
    try:
        parts = urlsplit(url)
    except ValueError:
        raise Http404 from None
    host = (parts.netloc or "").lower()
    if parts.scheme not in {"http", "https"} or not host:
        raise Http404
    if host not in _own_hosts(request) and host.split(":")[0] not in _own_hosts(request):
        raise Http404
    try:
        match = resolve(parts.path or "/")
    except Resolver404:
        raise Http404 from None
    if match.url_name not in {"card-detail", "deck-detail"}:
        raise Http404
    return match.url_name, match.kwargs["pk"]


def _picture(page: str, image: str, alt: str, width: int, height: int) -> str:
    return (
        f'<a href="{escape(page)}"><img src="{escape(image)}" width="{width}" '
        f'height="{height}" alt="{escape(alt)}"></a>'
    )


def _card_embed(request: HttpRequest, pk: int, bounds: tuple[int | None, int | None]) -> dict:
    card = selectors.card_for_viewer(user=request.user, pk=pk)
    page = request.build_absolute_uri(card.get_absolute_url())
    render = reverse("api-card-render", args=[card.pk])
    width, height = fit(FULL_WIDTH, FULL_HEIGHT, *bounds)
    size = "" if width > TOOLTIP_WIDTH else "size=small&"
    image = request.build_absolute_uri(f"{render}?{size}v={card.render_version}")
    thumbnail = request.build_absolute_uri(f"{render}?size=small&v={card.render_version}")
    thumb_width, thumb_height = fit(TOOLTIP_WIDTH, TOOLTIP_HEIGHT, *bounds)
    return {
        "title": card.name,
        "author_name": card.owner.username,
        "html": _picture(page, image, f"{card.name}, as printed", width, height),
        "width": width,
        "height": height,
        "thumbnail_url": thumbnail,
        "thumbnail_width": thumb_width,
        "thumbnail_height": thumb_height,
    }


def _deck_embed(request: HttpRequest, pk: int, bounds: tuple[int | None, int | None]) -> dict:
    deck = deck_selectors.deck_for_viewer(user=request.user, pk=pk, entries=False)
    page = request.build_absolute_uri(deck.get_absolute_url())
    image = request.build_absolute_uri(reverse("deck-og-image", args=[deck.pk]))
    width, height = fit(og_images.WIDTH, og_images.HEIGHT, *bounds)
    return {
        "title": deck.name,
        "author_name": deck.owner.username,
        "html": _picture(page, image, f"The deck {deck.name}", width, height),
        "width": width,
        "height": height,
        "thumbnail_url": image,
        "thumbnail_width": width,
        "thumbnail_height": height,
    }


@require_GET
def oembed(request: HttpRequest) -> HttpResponse:
    if request.GET.get("format", "json") != "json":
        return _error(501, "Only format=json is served.")
    url = request.GET.get("url", "")
    if not url:
        return _error(400, "url is required: the address of a card's or a deck's page.")
    if len(url) > MAX_URL:
        return _error(404, "No card or deck has this address.")
    try:
        bounds = (
            _bound(request.GET.get("maxwidth"), "maxwidth"),
            _bound(request.GET.get("maxheight"), "maxheight"),
        )
    except ValueError as problem:
        return _error(400, str(problem))
    try:
        kind, pk = _target(request, url)
        embed: dict[str, Any] = (_card_embed if kind == "card-detail" else _deck_embed)(
            request, pk, bounds
        )
    except Http404:
        return _error(404, "No card or deck has this address.")
    answer = {
        "version": "1.0",
        "type": "rich",
        "provider_name": PROVIDER_NAME,
        "provider_url": request.build_absolute_uri("/"),
        "cache_age": CACHE_AGE,
        **embed,
    }
    response = JsonResponse(answer)
    response["Vary"] = "Cookie"
    return response
