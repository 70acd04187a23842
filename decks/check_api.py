"""POST /api/v1/check/deck/: the rules engine's verdict on a whole deck, no account needed.

The request body is also the deck JSON format that decks are imported and exported in, except
that a card checked here may leave its level to its guide, as in the card check."""

from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from cards import rules
from cards.check_api import (
    CHECK_ERROR,
    THROTTLED,
    CardCheckResponseSerializer,
    CheckedCardSerializer,
    CheckView,
    EditionField,
    card_from_data,
)
from decks.models import Board
from kotc_site.inputs import WholeNumberSerializerField

MAX_ENTRIES = 200
MAX_COPIES = 100


class DeckEntrySerializer(serializers.Serializer):
    """Copies of one card: the card in full, or, for a card the exporter could not see (its
    designer keeps it private), `"withheld": true` and no card."""

    count = WholeNumberSerializerField(min_value=1, max_value=MAX_COPIES)
    # Judged as the card check judges one: a level left out (or null) is the computed one.
    card = CheckedCardSerializer(required=False)
    withheld = serializers.BooleanField(
        required=False,
        default=False,
        help_text="A card its designer keeps private: counted, not judged; send no card.",
    )
    board = serializers.ChoiceField(
        choices=Board.values,
        required=False,
        default=Board.MAIN,
        help_text="maybe: a card on the deck's maybeboard, being considered: never counted,"
        " judged or played.",
    )

    def validate(self, attrs: dict) -> dict:
        if attrs.get("withheld"):
            if "card" in attrs:
                raise serializers.ValidationError(
                    {"card": ["A withheld entry has no card: send either one."]}
                )
        elif "card" not in attrs:
            raise serializers.ValidationError({"card": ["This field is required."]})
        return attrs


class DeckDefinitionSerializer(serializers.Serializer):
    edition = EditionField()
    cards = DeckEntrySerializer(many=True, allow_empty=True, max_length=MAX_ENTRIES)

    def entries(self) -> list[rules.DeckEntry]:
        return [
            rules.DeckEntry(count=entry["count"], card=card_from_data(entry["card"]))
            for entry in self.validated_data["cards"]
            if not entry["withheld"] and entry["board"] == Board.MAIN
        ]

    def withheld(self) -> int:
        return sum(
            entry["count"]
            for entry in self.validated_data["cards"]
            if entry["withheld"] and entry["board"] == Board.MAIN
        )


DeckCheckResponseSerializer = inline_serializer(
    "DeckCheck",
    {
        "edition": serializers.IntegerField(),
        "legal": serializers.BooleanField(),
        "size": serializers.IntegerField(),
        "withheld": serializers.IntegerField(
            min_value=0,
            help_text="Copies of cards you may not see (their designers keep them private);"
            " counted in the size, not in the cards.",
        ),
        "ultra_points": serializers.IntegerField(
            min_value=0,
            help_text="The Ultra Points of the deck's cards, every copy counted (withheld cards"
            " aside): each card's by the guide of its design edition.",
        ),
        "ultra_points_limit": serializers.IntegerField(
            allow_null=True,
            min_value=0,
            help_text="The most Ultra Points a deck may hold under the edition, as its Card"
            " Building Guide says; null when it sets no limit. Over it, the deck has a"
            " too_many_ultra_points problem.",
        ),
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
        result = rules.check_deck(
            body.entries(), body.validated_data["edition"], withheld=body.withheld()
        )
        return Response(result.as_dict())
