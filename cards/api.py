"""The card and collection API: thin views over selectors and services.

Who may do what: everyone may read public cards and unlisted ones by id; a private card is a
404 to everyone but its owner; only the owner changes or deletes a card (others get 403 when
they can see it). Writes need an account (session or `Authorization: Token ...`).
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError as DjangoValidationError
from django.http import HttpResponse
from django.utils.text import slugify
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiRequest,
    OpenApiResponse,
    extend_schema,
    extend_schema_field,
)
from rest_framework import serializers, status
from rest_framework.generics import GenericAPIView
from rest_framework.negotiation import BaseContentNegotiation
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response

from cards import selectors, services
from cards.check_api import CardDefinitionSerializer
from cards.models import DEFINITION_FIELDS, Card
from cards.search import MAX_QUERY_LENGTH, QUERY_PATTERN, QueryError
from cards.serializers import (
    CARD_NEEDS,
    CardFormSerializer,
    CardImportSerializer,
    CardInputSerializer,
    CardOutputSerializer,
    CollectionAddSerializer,
    CollectionEntryOutputSerializer,
    CopiesSerializer,
    card_input_for,
    drf_errors,
    import_definition,
)
from kotc_site.api_query import PAGE, QueryBooleanField, QueryParameters, read_query
from kotc_site.drf_text import StrictMultiPartParser
from kotc_site.inputs import StrictJSONParser
from kotc_site.schema import IMAGE_ENCODING, ByKind

ERROR = OpenApiResponse(description="JSON error: {field: [messages]} or {detail: message}")
PAGE_ERROR = OpenApiResponse(description="No such page of results: {detail: message}")

# A new card as JSON, or as a multipart form with its picture; a minion needs SP and HP.
CARD_BODY = {
    "application/json": ByKind("NewCard", CardInputSerializer, CARD_NEEDS),
    "multipart/form-data": OpenApiRequest(
        ByKind("NewCardForm", CardFormSerializer, CARD_NEEDS), encoding=IMAGE_ENCODING
    ),
}
# A card's fields to change (PUT: name, kind and level at least). Fields left out keep their
# values, so whether SP and HP must be given depends on the card as it is stored.
CARD_CHANGES = {
    "application/json": CardInputSerializer,
    "multipart/form-data": OpenApiRequest(CardFormSerializer, encoding=IMAGE_ENCODING),
}


@extend_schema_field(
    {
        "type": "string",
        "maxLength": MAX_QUERY_LENGTH,
        "pattern": QUERY_PATTERN,
        "description": (
            'Search: free words, "quoted phrases", kind:minion|spell, level<=3, sp>=2, hp=0,'
            " edition:14, by:username, legal:14, name:, text:, flavor:; -term negates."
        ),
    }
)
class SearchField(serializers.CharField):
    """A card search, as written: cards.search reads it and says what is wrong with it."""


class CardSearchParameters(QueryParameters):
    q = SearchField(required=False, allow_blank=True, default="", trim_whitespace=False)


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


def _filtered(lister: Any, request: Request, **kwargs: Any) -> Any:
    q = read_query(CardSearchParameters, request, also=PAGE)["q"]
    try:
        return lister(q=q, **kwargs)
    except QueryError as error:
        raise drf_errors(DjangoValidationError({"q": [error.message]})) from error


def _definition_from(data: dict[str, Any]) -> dict[str, Any]:
    return {key: data[key] for key in DEFINITION_FIELDS if key in data}


class CardListApi(GenericAPIView):
    """Your own cards and the public ones (`?q=` searches them), and new cards."""

    serializer_class = CardOutputSerializer
    parser_classes = [StrictJSONParser, StrictMultiPartParser]

    @extend_schema(
        parameters=[CardSearchParameters],
        responses={200: CardOutputSerializer(many=True), 400: ERROR, 404: PAGE_ERROR},
    )
    def get(self, request: Request) -> Response:
        cards = _filtered(selectors.cards_listed_for, request, user=request.user)
        page = self.paginate_queryset(cards)
        data = CardOutputSerializer(page, many=True, context={"request": request}).data
        return self.get_paginated_response(data)

    @extend_schema(
        request=CARD_BODY,
        responses={201: CardOutputSerializer, 400: ERROR, 403: ERROR},
    )
    def post(self, request: Request) -> Response:
        body = card_input_for(request.data)(data=request.data)
        body.is_valid(raise_exception=True)
        data = body.validated_data
        try:
            card = services.card_create(
                owner=request.user,
                definition=_definition_from(data),
                image=data.get("image"),
                visibility=data.get("visibility") or "private",
            )
        except DjangoValidationError as error:
            raise drf_errors(error) from error
        card = selectors.card_for_viewer(user=request.user, pk=card.pk)
        output = CardOutputSerializer(card, context={"request": request}).data
        return Response(output, status=status.HTTP_201_CREATED)


class CardDetailApi(GenericAPIView):
    """One card: read it (public, unlisted, or yours), change or delete it (yours)."""

    serializer_class = CardOutputSerializer
    parser_classes = [StrictJSONParser, StrictMultiPartParser]

    def get_object(self) -> Card:
        # OPTIONS describes PUT only to whoever may change the card (DRF's metadata asks).
        return selectors.card_for_owner(user=self.request.user, pk=self.kwargs.get("pk"))

    def _output(self, request: Request, pk: int) -> Response:
        card = selectors.card_for_viewer(user=request.user, pk=pk)
        return Response(CardOutputSerializer(card, context={"request": request}).data)

    @extend_schema(responses={200: CardOutputSerializer, 404: ERROR})
    def get(self, request: Request, pk: int) -> Response:
        return self._output(request, pk)

    def _update(self, request: Request, pk: int, *, partial: bool) -> Response:
        card = selectors.card_for_owner(user=request.user, pk=pk)
        body = card_input_for(request.data)(data=request.data, partial=partial)
        body.is_valid(raise_exception=True)
        data = body.validated_data
        try:
            services.card_update(
                card=card,
                user=request.user,
                definition=_definition_from(data),
                image=data.get("image", services.UNCHANGED),
                visibility=data.get("visibility"),
            )
        except DjangoValidationError as error:
            raise drf_errors(error) from error
        return self._output(request, pk)

    @extend_schema(
        request=CARD_CHANGES,
        responses={200: CardOutputSerializer, 400: ERROR, 403: ERROR, 404: ERROR},
        description="Set the card's name, kind and level, and any other field given; those left"
        " out keep their values (`image` too). A minion needs SP and HP, given or kept.",
    )
    def put(self, request: Request, pk: int) -> Response:
        return self._update(request, pk, partial=False)

    @extend_schema(
        request=CARD_CHANGES,
        responses={200: CardOutputSerializer, 400: ERROR, 403: ERROR, 404: ERROR},
        description="Change some of the card's fields. A minion keeps needing its SP and HP.",
    )
    def patch(self, request: Request, pk: int) -> Response:
        return self._update(request, pk, partial=True)

    @extend_schema(responses={204: None, 403: ERROR, 404: ERROR})
    def delete(self, request: Request, pk: int) -> Response:
        card = selectors.card_for_owner(user=request.user, pk=pk)
        services.card_delete(card=card, user=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


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
        rendered = services.card_render(card=card, small=query["size"] == "small")
        etag = f'"{rendered.key}"'
        private = card.visibility == card.Visibility.PRIVATE
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


class CardExportApi(GenericAPIView):
    """The card as JSON in the card object format of the check API, as a download."""

    serializer_class = CardDefinitionSerializer

    @extend_schema(responses={200: CardDefinitionSerializer, 404: ERROR})
    def get(self, request: Request, pk: int) -> Response:
        card = selectors.card_for_viewer(user=request.user, pk=pk)
        response = Response(card.definition())
        filename = f"{slugify(card.name) or 'card'}-{card.pk}.json"
        response["Content-Disposition"] = f'attachment; filename="{filename}"'
        return response


class CardImportApi(GenericAPIView):
    """A new private card of yours from a card object (as exported, or the check API's)."""

    serializer_class = CardDefinitionSerializer
    permission_classes = [IsAuthenticated]
    parser_classes = [StrictJSONParser]

    @extend_schema(
        request=ByKind("CardImport", CardImportSerializer, CARD_NEEDS),
        responses={201: CardOutputSerializer, 400: ERROR, 403: ERROR},
    )
    def post(self, request: Request) -> Response:
        try:
            definition, _notes = import_definition(request.data)
            card = services.card_import(owner=request.user, data=definition)
        except DjangoValidationError as error:
            raise drf_errors(error) from error
        card = selectors.card_for_viewer(user=request.user, pk=card.pk)
        output = CardOutputSerializer(card, context={"request": request}).data
        return Response(output, status=status.HTTP_201_CREATED)


class CardForkApi(GenericAPIView):
    """Copy a public or unlisted card (or one of yours) into your cards, crediting the original."""

    permission_classes = [IsAuthenticated]
    serializer_class = CardOutputSerializer

    @extend_schema(request=None, responses={201: CardOutputSerializer, 403: ERROR, 404: ERROR})
    def post(self, request: Request, pk: int) -> Response:
        card = selectors.card_for_viewer(user=request.user, pk=pk)
        copy = services.card_fork(card=card, user=request.user)
        copy = selectors.card_for_viewer(user=request.user, pk=copy.pk)
        output = CardOutputSerializer(copy, context={"request": request}).data
        return Response(output, status=status.HTTP_201_CREATED)


class CollectionListApi(GenericAPIView):
    """Your collection: your own cards and the ones you saved, with owned copies."""

    permission_classes = [IsAuthenticated]
    serializer_class = CollectionEntryOutputSerializer
    parser_classes = [StrictJSONParser]

    @extend_schema(
        parameters=[CardSearchParameters],
        responses={
            200: CollectionEntryOutputSerializer(many=True),
            400: ERROR,
            403: ERROR,
            404: PAGE_ERROR,
        },
    )
    def get(self, request: Request) -> Response:
        entries = _filtered(selectors.collection_entries, request, user=request.user)
        page = self.paginate_queryset(entries)
        context = {"request": request}
        data = CollectionEntryOutputSerializer(page, many=True, context=context).data
        return self.get_paginated_response(data)

    @extend_schema(
        request=CollectionAddSerializer,
        responses={
            201: CollectionEntryOutputSerializer,
            200: CollectionEntryOutputSerializer,
            400: ERROR,
            403: ERROR,
        },
        description="Add a card you may see. If it is already there, set its copies (if given).",
    )
    def post(self, request: Request) -> Response:
        body = CollectionAddSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        card_id = body.validated_data["card"]
        found = Card.objects.filter(selectors.card_viewable_q(request.user), pk=card_id).first()
        if found is None:
            raise drf_errors(DjangoValidationError({"card": [f"There is no card {card_id}."]}))
        try:
            entry, created = services.collection_add(
                user=request.user, card=found, copies=body.validated_data.get("copies")
            )
        except DjangoValidationError as error:
            raise drf_errors(error) from error
        entry = selectors.collection_entry(user=request.user, card_id=entry.card_id)
        data = CollectionEntryOutputSerializer(entry, context={"request": request}).data
        return Response(data, status=status.HTTP_201_CREATED if created else status.HTTP_200_OK)


class CollectionEntryApi(GenericAPIView):
    """One card of your collection, by the card's id."""

    permission_classes = [IsAuthenticated]
    serializer_class = CollectionEntryOutputSerializer
    parser_classes = [StrictJSONParser]

    def _output(self, request: Request, entry: Any) -> Response:
        return Response(CollectionEntryOutputSerializer(entry, context={"request": request}).data)

    @extend_schema(responses={200: CollectionEntryOutputSerializer, 403: ERROR, 404: ERROR})
    def get(self, request: Request, card_id: int) -> Response:
        return self._output(request, selectors.collection_entry(user=request.user, card_id=card_id))

    @extend_schema(
        request=CopiesSerializer,
        responses={200: CollectionEntryOutputSerializer, 400: ERROR, 403: ERROR, 404: ERROR},
        description="Set the printed copies you own; without `copies`, nothing changes.",
    )
    def patch(self, request: Request, card_id: int) -> Response:
        entry = selectors.collection_entry(user=request.user, card_id=card_id)
        body = CopiesSerializer(data=request.data, partial=True)
        body.is_valid(raise_exception=True)
        if "copies" in body.validated_data:
            services.collection_set_copies(entry=entry, copies=body.validated_data["copies"])
        return self._output(request, selectors.collection_entry(user=request.user, card_id=card_id))

    @extend_schema(responses={204: None, 400: ERROR, 403: ERROR, 404: ERROR})
    def delete(self, request: Request, card_id: int) -> Response:
        entry = selectors.collection_entry(user=request.user, card_id=card_id)
        try:
            services.collection_remove(entry=entry)
        except DjangoValidationError as error:
            raise drf_errors(error) from error
        return Response(status=status.HTTP_204_NO_CONTENT)
