"""/api/v1/decks/: decks as JSON. Thin: input serializers read, services write, selectors read.
Importing is in decks.api_import, the PDF in decks.api_print.

Who may do what is the same as for cards: anyone lists public decks and their own; a private
deck is a 404 to everyone but its owner; an unlisted one is readable by id; only the owner
changes or deletes a deck (403 for others who can see it).
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.http import HttpResponse
from django.utils.text import slugify
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.exceptions import NotAuthenticated
from rest_framework.exceptions import PermissionDenied as ApiPermissionDenied
from rest_framework.exceptions import ValidationError as ApiValidationError
from rest_framework.permissions import IsAuthenticated, IsAuthenticatedOrReadOnly
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from cards.models import Card
from decks import selectors, services, validation
from decks.check_api import DeckCheckResponseSerializer
from decks.models import MAX_NAME, Board, Deck
from decks.serializers import (
    DeckImportSerializer,
    DeckInputSerializer,
    DeckListQuerySerializer,
    DeckOutputSerializer,
    DeckSummarySerializer,
    DeckValidationQuerySerializer,
)
from kotc_site.api_query import PAGE_AND_SIZE, Pagination, read_query
from kotc_site.drf_text import StrictMultiPartParser
from kotc_site.inputs import StrictJSONParser
from shelves import lists as shelf_lists

ERROR = OpenApiResponse(description="JSON error: {field: [messages]} or {detail: message}")


def field_errors(error: ValidationError) -> dict[str, Any]:
    """A service's ValidationError as the body of a 400: {field: [messages]}."""
    if hasattr(error, "error_dict"):
        return error.message_dict
    return {"non_field_errors": error.messages}


def deck_data(deck: Deck, request: Request) -> dict[str, Any]:
    """The full representation: details, entries, size and whether it may be played."""
    check = validation.deck_check(deck)
    deck.size = check.size  # type: ignore[attr-defined]
    deck.legal = check.legal  # type: ignore[attr-defined]
    deck.withheld = check.withheld  # type: ignore[attr-defined]
    deck.sorted_entries = [  # type: ignore[attr-defined]
        _entry_data(entry)
        for board in Board.values
        for entry in selectors.sorted_entries(deck, board)
    ]
    return DeckOutputSerializer(deck, context={"request": request}).data


def _entry_data(entry: Any) -> dict[str, Any]:
    card = entry.card
    if card.withheld:
        return {
            "card": None,
            "count": entry.count,
            "name": None,
            "kind": None,
            "level": None,
            "withheld": True,
            "withdrawn": card.withdrawn,
            "board": entry.board,
        }
    return {
        "card": card.pk,
        "count": entry.count,
        "name": card.name,
        "kind": card.kind,
        "level": card.level,
        "withheld": False,
        "withdrawn": False,
        "board": entry.board,
    }


Boards = dict[str, list[tuple[Card, int]]]


def _entries(request: Request, rows: list[dict[str, Any]]) -> Boards:
    """The (card, count) entries of each board, cards by id, each one the user may see; a 400
    names the ones that cannot be found."""
    ids = [row["card"] for row in rows]
    found = selectors.cards_by_id(user=request.user, ids=ids)
    unknown = [pk for pk in ids if pk not in found]
    if unknown:
        listed = ", ".join(str(pk) for pk in unknown)
        raise ApiValidationError(
            {"entries": [f"No card with id {listed}, or it is another designer's private card."]}
        )
    boards: Boards = {board: [] for board in Board.values}
    for row in rows:
        boards[row.get("board", Board.MAIN)].append((found[row["card"]], row["count"]))
    return boards


# A deck as JSON, or as a multipart form whose `entries` part is the JSON list (the media type
# OpenAPI gives such a part). A urlencoded form has no way the schema can state for entries.
DECK_PARSERS = [StrictJSONParser, StrictMultiPartParser]


class DeckPagination(Pagination):
    page_size = 24
    page_size_query_param = "page_size"
    max_page_size = 100


class DeckListView(APIView):
    """List decks (your own and the public ones) or create one."""

    permission_classes = [IsAuthenticatedOrReadOnly]
    parser_classes = DECK_PARSERS
    # Read by the schema too, so the list is described as the page it is.
    pagination_class = DeckPagination

    @extend_schema(
        parameters=[DeckListQuerySerializer],
        responses={
            200: DeckSummarySerializer(many=True),
            400: OpenApiResponse(description="A query longer than 300 characters."),
            403: OpenApiResponse(description="mine=true without logging in."),
            404: OpenApiResponse(description="No such page of results."),
        },
    )
    def get(self, request: Request) -> Response:
        query = read_query(DeckListQuerySerializer, request, also=PAGE_AND_SIZE)
        q = query["q"]
        if query["mine"]:
            if not request.user.is_authenticated:
                raise NotAuthenticated("Log in to list your own decks.")
            # As My decks reads its search: a name and tag: terms, archived decks on request.
            name, tags, problem = shelf_lists.deck_search(q)
            if problem:
                raise ApiValidationError({"q": [problem]})
            decks = selectors.decks_owned_by(
                user=request.user, q=name[:MAX_NAME], tags=tags, show_archived=query["archived"]
            )
        elif "designer" in query:
            designer = (
                get_user_model().objects.filter(username=query["designer"], is_active=True).first()
            )
            decks = selectors.gallery_decks(q=q[:MAX_NAME], owner=designer, order=query["order"])
            if designer is None:
                decks = decks.none()
        else:
            decks = selectors.decks_visible_to(request.user, q=q[:MAX_NAME])
        paginator = self.pagination_class()
        page = paginator.paginate_queryset(decks, request, view=self)
        data = DeckSummarySerializer(page, many=True, context={"request": request}).data
        return paginator.get_paginated_response(data)

    @extend_schema(
        request=DeckInputSerializer, responses={201: DeckOutputSerializer, 400: ERROR, 403: ERROR}
    )
    def post(self, request: Request) -> Response:
        body = DeckInputSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        data = dict(body.validated_data)
        entries = _entries(request, data.pop("entries", []))
        try:
            deck = services.deck_create(
                owner=request.user,
                entries=entries[Board.MAIN],
                maybe=entries[Board.MAYBE],
                **data,
            )
        except ValidationError as error:
            raise ApiValidationError(field_errors(error)) from error
        deck = selectors.deck_with_entries(deck.pk, user=request.user)
        return Response(deck_data(deck, request), status=status.HTTP_201_CREATED)


class DeckDetailView(APIView):
    """Read, change (owner) or delete (owner) one deck."""

    permission_classes = [IsAuthenticatedOrReadOnly]
    parser_classes = DECK_PARSERS

    def _owned(self, request: Request, pk: int) -> Deck:
        try:
            return selectors.deck_for_owner(user=request.user, pk=pk)
        except PermissionDenied as error:
            raise ApiPermissionDenied(str(error)) from error

    @extend_schema(responses={200: DeckOutputSerializer, 404: ERROR})
    def get(self, request: Request, pk: int) -> Response:
        deck = selectors.deck_for_viewer(user=request.user, pk=pk)
        return Response(deck_data(deck, request))

    def _update(self, request: Request, pk: int, *, partial: bool) -> Response:
        deck = self._owned(request, pk)
        body = DeckInputSerializer(data=request.data, partial=partial)
        body.is_valid(raise_exception=True)
        data = dict(body.validated_data)
        rows = data.pop("entries", None)
        entries = _entries(request, rows) if rows is not None else None
        replace_entries = entries is not None or not partial
        try:
            # Details and entries are one change: saved together or not at all, one version.
            with transaction.atomic():
                deck = services.deck_update(
                    deck=deck, user=request.user, record_version=not replace_entries, **data
                )
                if replace_entries:
                    boards = entries or {}
                    services.deck_set_entries(
                        deck=deck,
                        user=request.user,
                        entries=boards.get(Board.MAIN, []),
                        maybe=boards.get(Board.MAYBE, []),
                    )
        except ValidationError as error:
            raise ApiValidationError(field_errors(error)) from error
        return Response(deck_data(selectors.deck_with_entries(deck.pk, user=request.user), request))

    @extend_schema(
        request=DeckInputSerializer,
        responses={200: DeckOutputSerializer, 400: ERROR, 403: ERROR, 404: ERROR},
        description="Replace the deck: details and entries (a missing entries list empties it).",
    )
    def put(self, request: Request, pk: int) -> Response:
        return self._update(request, pk, partial=False)

    @extend_schema(
        request=DeckInputSerializer,
        responses={200: DeckOutputSerializer, 400: ERROR, 403: ERROR, 404: ERROR},
        description="Change some of the deck; entries, when given, replace the whole list.",
    )
    def patch(self, request: Request, pk: int) -> Response:
        return self._update(request, pk, partial=True)

    @extend_schema(responses={204: None, 403: ERROR, 404: ERROR})
    def delete(self, request: Request, pk: int) -> Response:
        deck = self._owned(request, pk)
        services.deck_delete(deck=deck, user=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


class DeckValidationView(APIView):
    """The check API's answer for the deck, from its cards as they are now."""

    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(
        parameters=[DeckValidationQuerySerializer],
        responses={200: DeckCheckResponseSerializer, 400: ERROR, 404: ERROR},
    )
    def get(self, request: Request, pk: int) -> Response:
        number = read_query(DeckValidationQuerySerializer, request).get("edition")
        deck_edition, updated = selectors.deck_version_for_viewer(user=request.user, pk=pk)
        body = validation.validation_json(
            int(pk), updated, deck_edition if number is None else number, request.user
        )
        return HttpResponse(body, content_type="application/json")


class DeckExportView(APIView):
    """The deck JSON: every card in full, ready to import on any account."""

    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(responses={200: DeckImportSerializer, 404: ERROR})
    def get(self, request: Request, pk: int) -> Response:
        deck = selectors.deck_for_viewer(user=request.user, pk=pk)
        response = Response(services.deck_definition(deck, with_maybeboard=True))
        filename = f"{slugify(deck.name) or 'deck'}.json"
        response["Content-Disposition"] = f'inline; filename="{filename}"'
        return response


class DeckForkView(APIView):
    """Copy a deck you may see into your own decks."""

    permission_classes = [IsAuthenticated]

    @extend_schema(request=None, responses={201: DeckOutputSerializer, 403: ERROR, 404: ERROR})
    def post(self, request: Request, pk: int) -> Response:
        deck = selectors.deck_for_viewer(user=request.user, pk=pk)
        copy = services.deck_fork(deck=deck, user=request.user)
        return Response(
            deck_data(selectors.deck_with_entries(copy.pk, user=request.user), request),
            status=status.HTTP_201_CREATED,
        )
