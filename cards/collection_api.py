"""The collection API: your own cards and the ones you saved, with the printed copies you own.
Thin views over selectors and services."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError as DjangoValidationError
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.generics import GenericAPIView
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response

from cards import selectors, services
from cards.api import ERROR, PAGE_ERROR, CardSearchParameters, filtered
from cards.serializers import (
    CollectionAddSerializer,
    CollectionEntryOutputSerializer,
    CopiesSerializer,
    drf_errors,
)
from kotc_site.inputs import StrictJSONParser


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
        entries = filtered(selectors.collection_entries, request, user=request.user)
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
        found = selectors.viewable_card(user=request.user, pk=card_id)
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
