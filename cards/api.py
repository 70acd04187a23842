"""The card API: thin views over selectors and services (the collection's is
cards.collection_api, a card's picture cards.render_api, updating a card to a newer edition
cards.edition_update_api).

Who may do what: everyone may read public cards and unlisted ones by id; a private card is a
404 to everyone but its owner; only the owner changes or deletes a card (others get 403 when
they can see it). Writes need an account (session or `Authorization: Token ...`).
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError as DjangoValidationError
from django.utils.text import slugify
from drf_spectacular.utils import (
    OpenApiRequest,
    OpenApiResponse,
    extend_schema,
    extend_schema_field,
)
from rest_framework import serializers, status
from rest_framework.generics import GenericAPIView
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response

from cards import importing, selectors, services, verdicts
from cards.check_api import CardDefinitionSerializer
from cards.models import DEFINITION_FIELDS, Card
from cards.search import MAX_QUERY_LENGTH, QUERY_PATTERN, QueryError, parse_query
from cards.serializers import (
    CARD_NEEDS,
    CardFormSerializer,
    CardImportSerializer,
    CardInputSerializer,
    CardOutputSerializer,
    card_input_for,
    drf_errors,
)
from kotc_site.api_query import PAGE, QueryParameters, read_query
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


def filtered(lister: Any, request: Request, **kwargs: Any) -> Any:
    """The lister's results for the request's `?q=`; a search it cannot read is a 400."""
    return searched(lister, read_query(CardSearchParameters, request, also=PAGE)["q"], **kwargs)


def searched(lister: Any, q: str, **kwargs: Any) -> Any:
    """The lister's results for the search `q`; a search it cannot read is a 400 naming `q`."""
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
        cards = filtered(selectors.cards_listed_for, request, user=request.user)
        page = self.paginate_queryset(cards)
        data = CardOutputSerializer(page, many=True, context={"request": request}).data
        response = self.get_paginated_response(data)
        updating = verdicts.refresh_note(parse_query(request.query_params.get("q", "")))
        if updating:
            response.data["notes"] = [updating]  # described by the pagination's schema
        return response

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
        body = card_input_for(request.data)(
            data=request.data, partial=partial, context={"card": card}
        )
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
            definition, _notes = importing.import_definition(request.data)
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
