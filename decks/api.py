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
    OpenApiParameter,
    OpenApiResponse,
    PolymorphicProxySerializer,
    extend_schema,
    inline_serializer,
)
from rest_framework import serializers, status
from rest_framework.exceptions import NotAuthenticated
from rest_framework.exceptions import PermissionDenied as ApiPermissionDenied
from rest_framework.exceptions import ValidationError as ApiValidationError
from rest_framework.pagination import PageNumberPagination
from rest_framework.permissions import IsAuthenticated, IsAuthenticatedOrReadOnly
from rest_framework.renderers import BaseRenderer, JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from cards import rules
from cards.models import Card
from cards.search import MAX_QUERY_LENGTH
from cards.selectors import card_viewable_q
from decks import printing, selectors, services
from decks.check_api import DeckCheckResponseSerializer
from decks.decklist import DecklistError
from decks.models import MAX_NAME, Deck
from decks.serializers import (
    DeckFormatError,
    DeckImportSerializer,
    DeckInputSerializer,
    DecklistErrorSerializer,
    DecklistImportSerializer,
    DeckOutputSerializer,
    DeckSummarySerializer,
    read_deck_json,
)

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
    deck.sorted_entries = selectors.sorted_entries(deck)  # type: ignore[attr-defined]
    data = DeckOutputSerializer(deck, context={"request": request}).data
    data["entries"] = [
        {
            "card": entry.card_id,
            "count": entry.count,
            "name": entry.card.name,
            "kind": entry.card.kind,
            "level": entry.card.level,
        }
        for entry in deck.sorted_entries  # type: ignore[attr-defined]
    ]
    return data


def _entries(request: Request, rows: list[dict[str, int]]) -> list[tuple[Card, int]]:
    """Cards by id, each one the user may see; a 400 names the ones that cannot be found."""
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
    return [(found[row["card"]], row["count"]) for row in rows]


class DeckPagination(PageNumberPagination):
    page_size = 24
    page_size_query_param = "page_size"
    max_page_size = 100


class DeckListView(APIView):
    """List decks (your own and the public ones) or create one."""

    permission_classes = [IsAuthenticatedOrReadOnly]
    # Read by the schema too, so the list is described as the page it is.
    pagination_class = DeckPagination

    @extend_schema(
        parameters=[
            OpenApiParameter("q", str, description="Only decks whose name contains this."),
            OpenApiParameter("mine", bool, description="Only your own decks."),
            OpenApiParameter("page", int),
        ],
        responses={
            200: DeckSummarySerializer(many=True),
            400: OpenApiResponse(description="A query longer than 300 characters."),
            403: OpenApiResponse(description="mine=true without logging in."),
            404: OpenApiResponse(description="No such page of results."),
        },
    )
    def get(self, request: Request) -> Response:
        q = str(request.query_params.get("q", ""))
        if len(q) > MAX_QUERY_LENGTH:
            raise ApiValidationError(
                {"q": [f"The query is {len(q)} characters long; the limit is {MAX_QUERY_LENGTH}."]}
            )
        q = q[:MAX_NAME]  # no deck name is longer
        if request.query_params.get("mine") in {"1", "true", "yes"}:
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
            deck = services.deck_create(owner=request.user, entries=entries, **data)
        except ValidationError as error:
            raise ApiValidationError(_field_errors(error)) from error
        deck = selectors.deck_with_entries(deck.pk)
        return Response(_deck_data(deck, request), status=status.HTTP_201_CREATED)


class DeckDetailView(APIView):
    """Read, change (owner) or delete (owner) one deck."""

    permission_classes = [IsAuthenticatedOrReadOnly]

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
                services.deck_set_entries(deck=deck, user=request.user, entries=entries or [])
        except ValidationError as error:
            raise ApiValidationError(_field_errors(error)) from error
        return Response(_deck_data(selectors.deck_with_entries(deck.pk), request))

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
def validation_json(pk: int, updated: Any, edition: int) -> bytes:
    """The validation answer, as JSON, remembered by the deck's last change.

    `updated` moves whenever the deck's entries or any of its cards change (decks.signals),
    so a remembered answer is never served for a deck that changed since: the answer is
    still computed from the cards as they are now, only not twice for the same state."""
    rows = selectors.deck_rules_rows(pk)
    check = rules.check_deck(selectors.rules_entries(rows), edition)
    return json.dumps(check.as_dict(), separators=(",", ":")).encode()


class DeckValidationView(APIView):
    """The check API's answer for the deck, from its cards as they are now."""

    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(
        parameters=[OpenApiParameter("edition", int, description="Check under another edition.")],
        responses={200: DeckCheckResponseSerializer, 400: ERROR, 404: ERROR},
    )
    def get(self, request: Request, pk: int) -> Response:
        edition = request.query_params.get("edition")
        number = None
        if edition not in (None, ""):
            known = sorted(rules.load_editions())
            if not str(edition).isdigit() or int(edition) not in known:
                names = ", ".join(str(n) for n in known)
                raise ApiValidationError(
                    {"edition": [f"Unknown edition {edition!r}. Known editions: {names}."]}
                )
            number = int(edition)
        deck_edition, updated = selectors.deck_version_for_viewer(user=request.user, pk=pk)
        body = validation_json(int(pk), updated, deck_edition if number is None else number)
        return HttpResponse(body, content_type="application/json")


class DeckExportView(APIView):
    """The deck JSON: every card in full, ready to import on any account."""

    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(responses={200: DeckImportSerializer, 404: ERROR})
    def get(self, request: Request, pk: int) -> Response:
        deck = selectors.deck_for_viewer(user=request.user, pk=pk)
        response = Response(services.deck_definition(deck))
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
            _deck_data(selectors.deck_with_entries(copy.pk), request),
            status=status.HTTP_201_CREATED,
        )


class DeckImportView(APIView):
    """Import a deck: the deck JSON, or {"list": "3 Card Name\\n...", "name": ...}."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=PolymorphicProxySerializer(
            component_name="DeckImportBody",
            serializers=[DeckImportSerializer, DecklistImportSerializer],
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
        data = _deck_data(selectors.deck_with_entries(deck.pk), request)
        data["created_cards"] = [card.pk for card in getattr(deck, "imported_new_cards", [])]
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


class DeckPrintView(APIView):
    """The deck's cards as a PDF: 2.5 × 3.5 in, 9 a page, with cut marks."""

    permission_classes = [IsAuthenticatedOrReadOnly]
    renderer_classes = [JSONRenderer, PDFRenderer]

    def finalize_response(self, request: Request, response: Any, *args: Any, **kwargs: Any) -> Any:
        # Errors are JSON even for a client that asked for a PDF only.
        if isinstance(response, Response):
            request.accepted_renderer = JSONRenderer()
            request.accepted_media_type = JSONRenderer.media_type
        return super().finalize_response(request, response, *args, **kwargs)

    @extend_schema(
        parameters=[
            OpenApiParameter("paper", str, enum=list(printing.PAPERS), default="a4"),
            OpenApiParameter(
                "backs",
                str,
                enum=["0", "1", "none", "sheet", "duplex"],
                description="1 or sheet: a page of card backs at the end; duplex: a page of"
                " backs after every page, mirrored for two-sided printing.",
            ),
            OpenApiParameter(
                "missing", bool, description="Only the copies missing from your collection."
            ),
        ],
        responses={
            (200, "application/pdf"): OpenApiTypes.BINARY,
            (400, "application/json"): OpenApiResponse(
                ErrorSerializer, description="Bad options, or nothing to print."
            ),
            (404, "application/json"): OpenApiResponse(
                ErrorSerializer, description="No such deck."
            ),
        },
    )
    def get(self, request: Request, pk: int) -> Any:
        deck = selectors.deck_for_viewer(user=request.user, pk=pk)
        params = request.query_params
        backs = {"": "none", "0": "none", "1": "sheet", "true": "sheet"}.get(
            str(params.get("backs", "")).lower(), str(params.get("backs", "")).lower()
        )
        missing = str(params.get("missing", "")).lower() in {"1", "true", "yes", "on"}
        try:
            pdf = services.deck_print_pdf(
                deck=deck,
                user=request.user,
                paper=str(params.get("paper", "a4")),
                backs=backs,  # type: ignore[arg-type]
                only_missing=missing,
            )
        except printing.PrintError as error:
            return Response({"detail": str(error)}, status=status.HTTP_400_BAD_REQUEST)
        response = HttpResponse(pdf, content_type="application/pdf")
        name = f"{slugify(deck.name) or 'deck'}.pdf"
        response["Content-Disposition"] = f'attachment; filename="{name}"'
        return response
