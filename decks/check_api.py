"""POST /api/v1/check/deck/: the rules engine's verdict on a whole deck, no account needed.

The request body is also the deck JSON format that decks are imported and exported in."""

from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from cards import rules
from cards.check_api import (
    CHECK_ERROR,
    THROTTLED,
    CardCheckResponseSerializer,
    CardDefinitionSerializer,
    CheckView,
    EditionField,
    card_from_data,
)

MAX_ENTRIES = 200
MAX_COPIES = 100


class DeckEntrySerializer(serializers.Serializer):
    count = serializers.IntegerField(min_value=1, max_value=MAX_COPIES)
    card = CardDefinitionSerializer()


class DeckDefinitionSerializer(serializers.Serializer):
    edition = EditionField()
    cards = DeckEntrySerializer(many=True, allow_empty=True, max_length=MAX_ENTRIES)

    def entries(self) -> list[rules.DeckEntry]:
        return [
            rules.DeckEntry(count=entry["count"], card=card_from_data(entry["card"]))
            for entry in self.validated_data["cards"]
        ]


DeckCheckResponseSerializer = inline_serializer(
    "DeckCheck",
    {
        "edition": serializers.IntegerField(),
        "legal": serializers.BooleanField(),
        "size": serializers.IntegerField(),
        "problems": inline_serializer(
            "DeckProblem",
            {
                "code": serializers.CharField(),
                "message": serializers.CharField(),
                "card": serializers.CharField(allow_null=True),
            },
            many=True,
        ),
        "cards": CardCheckResponseSerializer.__class__(many=True),
    },
)


class DeckCheckView(CheckView):
    """Say whether a deck may be played under an edition, listing every problem."""

    @extend_schema(
        request=DeckDefinitionSerializer,
        responses={200: DeckCheckResponseSerializer, 400: CHECK_ERROR, 429: THROTTLED},
    )
    def post(self, request: Request) -> Response:
        body = DeckDefinitionSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        result = rules.check_deck(body.entries(), body.validated_data["edition"])
        return Response(result.as_dict())
