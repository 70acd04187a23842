"""GET /api/v1/cards/{id}/render.png: the card drawn in the official layout (cards.renders)."""

from __future__ import annotations

from typing import Any

from django.http import HttpResponse
from django.utils.text import slugify
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.generics import GenericAPIView
from rest_framework.negotiation import BaseContentNegotiation
from rest_framework.request import Request

from cards import renders, selectors
from cards.api import ERROR
from kotc_site.api_query import QueryBooleanField, QueryParameters, read_query


class RenderParameters(QueryParameters):
    download = QueryBooleanField(
        digits=True, required=False, default=False, help_text="Save as a file."
    )
    size = serializers.ChoiceField(
        choices=["full", "small"], required=False, default="full", help_text="small: 300 wide."
    )
    v = serializers.CharField(
        required=False,
        allow_blank=True,
        trim_whitespace=False,
        help_text="Anything; the pages add the card's version so a changed card is fetched anew.",
    )


class JSONErrorsNegotiation(BaseContentNegotiation):
    """The PNG itself is a plain response; anything else (errors) is JSON whatever the client
    asked for, so an image request that fails still gets a readable answer."""

    def select_parser(self, request: Request, parsers: list) -> Any:
        return parsers[0] if parsers else None

    def select_renderer(self, request: Request, renderers: list, format_suffix: Any = None) -> Any:
        return renderers[0], renderers[0].media_type


class CardRenderApi(GenericAPIView):
    """The card drawn in the official layout: a 750×1050 PNG (2.5×3.5 inches at 300 dpi)."""

    content_negotiation_class = JSONErrorsNegotiation

    @extend_schema(
        parameters=[RenderParameters],
        responses={
            (200, "image/png"): OpenApiResponse(OpenApiTypes.BINARY, description="The PNG."),
            304: OpenApiResponse(description="Not modified (If-None-Match matched the ETag)."),
            (400, "application/json"): ERROR,
            (404, "application/json"): ERROR,
        },
    )
    def get(self, request: Request, pk: int) -> HttpResponse:
        card = selectors.card_for_viewer(user=request.user, pk=pk)
        query = read_query(RenderParameters, request)
        rendered = renders.card_render(card=card, small=query["size"] == "small")
        etag = f'"{rendered.key}"'
        # Kept by shared caches only when anyone may open the card (not private, nor held).
        private = not selectors.card_visible_to(card, None)
        if query.get("v"):
            cache_control = f"{'private' if private else 'public'}, max-age=3600"
        else:
            cache_control = f"{'private' if private else 'public'}, no-cache"
        if etag in _etags(request.headers.get("If-None-Match", "")):
            response = HttpResponse(status=304)
        else:
            response = HttpResponse(rendered.content, content_type="image/png")
            if query["download"]:
                filename = f"{slugify(card.name) or 'card'}-{card.pk}.png"
                response["Content-Disposition"] = f'attachment; filename="{filename}"'
        response["ETag"] = etag
        response["Cache-Control"] = cache_control
        response["Vary"] = "Cookie, Authorization"
        return response


def _etags(header: str) -> set[str]:
    return {tag.strip().removeprefix("W/") for tag in header.split(",") if tag.strip()}
