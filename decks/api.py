"""/api/v1/decks/: decks as JSON. Thin: input serializers read, services write, selectors read.

Who may do what is the same as for cards: anyone lists public decks and their own; a private
deck is a 404 to everyone but its owner; an unlisted one is readable by id; only the owner
changes or deletes a deck (403 for others who can see it).
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

from django.core.exceptions import PermissionDenied, ValidationError
from django.http import HttpResponse
from django.utils.text import slugify
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiResponse,
    PolymorphicProxySerializer,
    extend_schema,
    inline_serializer,
)
from rest_framework import serializers, status
from rest_framework.exceptions import NotAuthenticated
from rest_framework.exceptions import PermissionDenied as ApiPermissionDenied
from rest_framework.exceptions import ValidationError as ApiValidationError
from rest_framework.negotiation import BaseContentNegotiation
from rest_framework.permissions import IsAuthenticated, IsAuthenticatedOrReadOnly
from rest_framework.renderers import BaseRenderer, JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from cards.models import Card
from cards.selectors import card_viewable_q
from decks import printing, selectors, services
from decks.check_api import DeckCheckResponseSerializer
from decks.decklist import DecklistError
from decks.models import Board, Deck
from decks.print_renders import RETRY_AFTER_SECONDS, PrintNotReady
from decks.serializers import (
    DeckFormatError,
    DeckImportSerializer,
    DeckInputSerializer,
    DeckJsonImportSerializer,
    DecklistErrorSerializer,
    DecklistImportSerializer,
    DeckListQuerySerializer,
    DeckOutputSerializer,
    DeckSummarySerializer,
    DeckValidationQuerySerializer,
    read_deck_json,
)
from kotc_site.api_query import (
    PAGE_AND_SIZE,
    Pagination,
    QueryBooleanField,
    QueryParameters,
    read_query,
)
from kotc_site.drf_text import StrictMultiPartParser
from kotc_site.inputs import StrictJSONParser
from kotc_site.schema import BODY_REQUIRED

ErrorSerializer = inline_serializer("DeckError", {"detail": serializers.CharField()})


ERROR = OpenApiResponse(description="JSON error: {field: [messages]} or {detail: message}")


def _field_errors(error: ValidationError) -> dict[str, Any]:
    if hasattr(error, "error_dict"):
        return error.message_dict
    return {"non_field_errors": error.messages}


def _deck_data(deck: Deck, request: Request) -> dict[str, Any]:
    """The full representation: details, entries, size and whether it may be played."""
    check = selectors.deck_check(deck)
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
    found = {
        card.pk: card for card in Card.objects.filter(card_viewable_q(request.user), pk__in=ids)
    }
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
            decks = selectors.decks_owned_by(user=request.user, q=q)
        else:
            decks = selectors.decks_visible_to(request.user, q=q)
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
            raise ApiValidationError(_field_errors(error)) from error
        deck = selectors.deck_with_entries(deck.pk, user=request.user)
        return Response(_deck_data(deck, request), status=status.HTTP_201_CREATED)


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
        return Response(_deck_data(deck, request))

    def _update(self, request: Request, pk: int, *, partial: bool) -> Response:
        deck = self._owned(request, pk)
        body = DeckInputSerializer(data=request.data, partial=partial)
        body.is_valid(raise_exception=True)
        data = dict(body.validated_data)
        rows = data.pop("entries", None)
        entries = _entries(request, rows) if rows is not None else None
        try:
            deck = services.deck_update(deck=deck, user=request.user, **data)
            if entries is not None or not partial:
                boards = entries or {}
                services.deck_set_entries(
                    deck=deck,
                    user=request.user,
                    entries=boards.get(Board.MAIN, []),
                    maybe=boards.get(Board.MAYBE, []),
                )
        except ValidationError as error:
            raise ApiValidationError(_field_errors(error)) from error
        return Response(
            _deck_data(selectors.deck_with_entries(deck.pk, user=request.user), request)
        )

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


@lru_cache(maxsize=512)
def _rules_rows(pk: int, updated: Any) -> tuple[selectors.RulesRow, ...]:
    return selectors.deck_rules_rows(pk)


def validation_json(pk: int, updated: Any, edition: int, user: Any) -> bytes:
    """The validation answer, as JSON, remembered by the deck's last change.

    `updated` moves whenever the deck's entries or any of its cards change (decks.signals),
    so a remembered answer is never served for a deck that changed since: the answer is
    still computed from the cards as they are now, only not twice for the same state. The
    cards `user` may not see are part of the key, so each viewer gets their own answer."""
    rows = _rules_rows(pk, updated)
    return _validation_json(pk, updated, edition, selectors.withheld_ids(rows, user))


@lru_cache(maxsize=512)
def _validation_json(pk: int, updated: Any, edition: int, withheld: frozenset[int]) -> bytes:
    check = selectors.rules_check(_rules_rows(pk, updated), edition, withheld=withheld)
    return json.dumps(check.as_dict(), separators=(",", ":")).encode()


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
        body = validation_json(
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
            _deck_data(selectors.deck_with_entries(copy.pk, user=request.user), request),
            status=status.HTTP_201_CREATED,
        )


class DeckImportView(APIView):
    """Import a deck: the deck JSON, or {"list": "3 Card Name\\n...", "name": ...}."""

    permission_classes = [IsAuthenticated]
    # The deck JSON's cards are objects, which a form cannot hold.
    parser_classes = [StrictJSONParser]

    @extend_schema(
        extensions=BODY_REQUIRED,
        request=PolymorphicProxySerializer(
            component_name="DeckImportBody",
            serializers=[DeckJsonImportSerializer, DecklistImportSerializer],
            resource_type_field_name=None,
        ),
        responses={
            201: DeckOutputSerializer,
            400: OpenApiResponse(
                DecklistErrorSerializer,
                description="Field errors; for a list, one error a bad line.",
            ),
            403: ERROR,
        },
    )
    def post(self, request: Request) -> Response:
        if not isinstance(request.data, dict):
            raise ApiValidationError(
                {"non_field_errors": ["Send a JSON object: the deck JSON, or {'list': ...}."]}
            )
        try:
            if "list" in request.data:
                body = DecklistImportSerializer(data=request.data)
                body.is_valid(raise_exception=True)
                deck = services.deck_import_list(
                    owner=request.user,
                    text=body.validated_data["list"],
                    name=body.validated_data["name"],
                    description=body.validated_data["description"],
                    edition=body.validated_data.get("edition"),
                    visibility=body.validated_data["visibility"],
                )
            else:
                definition = read_deck_json(request.data)
                deck = services.deck_import(
                    owner=request.user,
                    definition=definition,
                    name=definition.get("name") or None,
                    description=definition.get("description"),
                    visibility=definition.get("visibility", Deck.Visibility.PRIVATE),
                )
        except DecklistError as error:
            return Response(
                {
                    "list": [str(line) for line in error.errors],
                    "lines": [line.as_dict() for line in error.errors],
                },
                status=status.HTTP_400_BAD_REQUEST,
            )
        except DeckFormatError as error:
            raise ApiValidationError(error.detail) from error
        except ValidationError as error:
            raise ApiValidationError(_field_errors(error)) from error
        data = _deck_data(selectors.deck_with_entries(deck.pk, user=request.user), request)
        data["created_cards"] = [card.pk for card in getattr(deck, "imported_new_cards", [])]
        data["withheld_left_out"] = getattr(deck, "imported_withheld", 0)
        return Response(data, status=status.HTTP_201_CREATED)


class PDFRenderer(BaseRenderer):
    media_type = "application/pdf"
    format = "pdf"
    charset = None
    render_style = "binary"

    def render(
        self, data: Any, accepted_media_type: str | None = None, renderer_context: Any = None
    ) -> Any:
        return data


class PDFNegotiation(BaseContentNegotiation):
    """The PDF whatever the client's Accept header says (errors are JSON: see
    DeckPrintView.finalize_response), so there is no `format` to choose."""

    def select_parser(self, request: Request, parsers: list) -> Any:
        return parsers[0] if parsers else None

    def select_renderer(self, request: Request, renderers: list, format_suffix: Any = None) -> Any:
        return renderers[0], renderers[0].media_type


BACKS_ALIASES = {"0": "none", "1": "sheet"}


class PrintParameters(QueryParameters):
    paper = serializers.ChoiceField(choices=list(printing.PAPERS), required=False, default="a4")
    backs = serializers.ChoiceField(
        choices=[*printing.BACKS_OPTIONS, *BACKS_ALIASES],
        required=False,
        default="none",
        help_text="1 or sheet: a page of card backs at the end; duplex: a page of backs after"
        " every page, mirrored for two-sided printing.",
    )
    missing = QueryBooleanField(
        digits=True,
        required=False,
        default=False,
        help_text="Only the copies missing from your collection.",
    )
    bleed = QueryBooleanField(
        digits=True,
        required=False,
        default=False,
        help_text="3 mm of each card's border more all round, to cut without white edges;"
        " fewer cards a page.",
    )


PrintProgressSerializer = inline_serializer(
    "PrintProgress",
    {
        "detail": serializers.CharField(),
        "ready": serializers.IntegerField(min_value=0, help_text="Cards drawn so far."),
        "total": serializers.IntegerField(min_value=1, help_text="Different cards to print."),
    },
)


class DeckPrintView(APIView):
    """The deck's cards as a PDF: 2.5 × 3.5 in, 9 a page, with cut marks.

    Cards never drawn before are drawn a few at a time (decks.print_renders): until every card
    of the print is drawn, the answer is a 202 with the progress and a Retry-After header;
    ask again then."""

    permission_classes = [IsAuthenticatedOrReadOnly]
    renderer_classes = [PDFRenderer]
    content_negotiation_class = PDFNegotiation

    def finalize_response(self, request: Request, response: Any, *args: Any, **kwargs: Any) -> Any:
        # Errors are JSON even for a client that asked for a PDF only.
        if isinstance(response, Response):
            request.accepted_renderer = JSONRenderer()
            request.accepted_media_type = JSONRenderer.media_type
        return super().finalize_response(request, response, *args, **kwargs)

    @extend_schema(
        parameters=[PrintParameters],
        responses={
            (200, "application/pdf"): OpenApiTypes.BINARY,
            (202, "application/json"): OpenApiResponse(
                PrintProgressSerializer,
                description="Some cards are still being drawn; ask again after Retry-After.",
            ),
            (400, "application/json"): OpenApiResponse(
                OpenApiTypes.OBJECT,
                description="Bad options ({parameter: [messages]}), or nothing to print"
                " ({detail: message}).",
            ),
            (404, "application/json"): OpenApiResponse(
                ErrorSerializer, description="No such deck."
            ),
        },
    )
    def get(self, request: Request, pk: int) -> Any:
        deck = selectors.deck_for_viewer(user=request.user, pk=pk)
        query = read_query(PrintParameters, request)
        try:
            pdf = services.deck_print_pdf(
                deck=deck,
                user=request.user,
                paper=query["paper"],
                backs=BACKS_ALIASES.get(query["backs"], query["backs"]),
                only_missing=query["missing"],
                bleed=query["bleed"],
            )
        except printing.PrintError as error:
            return Response({"detail": str(error)}, status=status.HTTP_400_BAD_REQUEST)
        except PrintNotReady as progress:
            return Response(
                {"detail": str(progress), "ready": progress.ready, "total": progress.total},
                status=status.HTTP_202_ACCEPTED,
                headers={"Retry-After": str(RETRY_AFTER_SECONDS)},
            )
        response = HttpResponse(pdf, content_type="application/pdf")
        name = f"{slugify(deck.name) or 'deck'}.pdf"
        response["Content-Disposition"] = f'attachment; filename="{name}"'
        return response
