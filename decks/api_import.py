"""POST /api/v1/decks/import/: a deck from the deck JSON or from a plain list."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from drf_spectacular.utils import OpenApiResponse, PolymorphicProxySerializer, extend_schema
from rest_framework import status
from rest_framework.exceptions import ValidationError as ApiValidationError
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from decks import importing, selectors
from decks.api import ERROR, deck_data, field_errors
from decks.decklist import DecklistError
from decks.models import Deck
from decks.serializers import (
    DeckFormatError,
    DeckJsonImportSerializer,
    DecklistErrorSerializer,
    DecklistImportSerializer,
    DeckOutputSerializer,
    read_deck_json,
)
from kotc_site.inputs import StrictJSONParser
from kotc_site.schema import BODY_REQUIRED


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
                deck = importing.deck_import_list(
                    owner=request.user,
                    text=body.validated_data["list"],
                    name=body.validated_data["name"],
                    description=body.validated_data["description"],
                    edition=body.validated_data.get("edition"),
                    visibility=body.validated_data["visibility"],
                )
            else:
                definition = read_deck_json(request.data)
                deck = importing.deck_import(
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
            raise ApiValidationError(field_errors(error)) from error
        data = deck_data(selectors.deck_with_entries(deck.pk, user=request.user), request)
        data["created_cards"] = [card.pk for card in getattr(deck, "imported_new_cards", [])]
        data["withheld_left_out"] = getattr(deck, "imported_withheld", 0)
        return Response(data, status=status.HTTP_201_CREATED)
