"""GET /api/v1/decks/<id>/tabletop/ and /api/v1/decks/<id>/cockatrice/: the deck for virtual
tables, as the deck page's Export menu gives it (decks.views.tabletop)."""

from __future__ import annotations

from typing import Any

from django.http import HttpResponse
from django.utils.text import slugify
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.permissions import IsAuthenticatedOrReadOnly
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from decks import selectors
from decks.tabletop_cockatrice import cockatrice_list_text
from decks.views.tabletop import tabletop_object
from kotc_site.api_files import FileNegotiation, FileRenderer, JSONErrors

ErrorSerializer = inline_serializer("DeckExportError", {"detail": serializers.CharField()})
NOT_FOUND = OpenApiResponse(ErrorSerializer, description="No such deck.")


class DeckTabletopView(APIView):
    """The deck as a Tabletop Simulator saved object (put the file in the game's Saved
    Objects folder). Its card sheets are JPEGs of at most 10 × 7 cards at absolute addresses,
    drawn as you see the deck; a card you may not see is a plain withheld face."""

    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(
        responses={
            200: OpenApiResponse(
                OpenApiTypes.OBJECT,
                description="The saved object: ObjectStates holding one DeckCustom object.",
            ),
            404: NOT_FOUND,
        }
    )
    def get(self, request: Request, pk: int) -> Response:
        deck = selectors.deck_for_viewer(user=request.user, pk=pk)
        response = Response(tabletop_object(request, deck).as_json())
        filename = f"{slugify(deck.name) or 'deck'}-tabletop-simulator.json"
        response["Content-Disposition"] = f'inline; filename="{filename}"'
        return response


class PlainTextRenderer(FileRenderer):
    media_type = "text/plain"
    format = "txt"
    charset = "utf-8"


class DeckCockatriceView(JSONErrors, APIView):
    """The deck as Cockatrice's plain-text list: '3 Fire Drake' lines, the maybeboard as
    'SB: 3 Name' sideboard lines; the site's list import reads it back."""

    permission_classes = [IsAuthenticatedOrReadOnly]
    renderer_classes = [PlainTextRenderer]
    content_negotiation_class = FileNegotiation

    @extend_schema(
        responses={
            (200, "text/plain"): OpenApiTypes.STR,
            (404, "application/json"): NOT_FOUND,
        }
    )
    def get(self, request: Request, pk: int) -> Any:
        deck = selectors.deck_for_viewer(user=request.user, pk=pk)
        text = cockatrice_list_text(deck=deck, user=request.user)
        response = HttpResponse(text, content_type="text/plain; charset=utf-8")
        filename = f"{slugify(deck.name) or 'deck'}-cockatrice.txt"
        response["Content-Disposition"] = f'inline; filename="{filename}"'
        return response
