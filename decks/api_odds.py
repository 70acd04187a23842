"""GET /api/v1/decks/<id>/odds/: the exact chance to have drawn chosen cards by a turn, as the
deck page's odds panel works it out (decks.views.odds, decks.odds)."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticatedOrReadOnly
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from decks import odds, selectors
from decks.views.odds import DEFAULT_TURN, Answer, answer, read_question
from kotc_site.api_query import QueryParameters, read_query
from kotc_site.inputs import WholeNumberSerializerField


class OddsParameters(QueryParameters):
    cards = serializers.RegexField(
        r"^[0-9]{1,9}(,[0-9]{1,9}){0,199}$",
        help_text="The ids of the deck's cards to draw, comma-separated; every copy counts.",
        error_messages={"invalid": "Write the cards' ids with commas, like 12,15."},
    )
    at_least = WholeNumberSerializerField(
        min_value=1, max_value=100, required=False, default=1, help_text="k: at least this many."
    )
    turn = WholeNumberSerializerField(
        min_value=1, max_value=odds.MAX_TURN, required=False, default=DEFAULT_TURN
    )
    going = serializers.ChoiceField(choices=list(odds.GOING), required=False, default="first")
    bury = WholeNumberSerializerField(
        min_value=0,
        max_value=10,
        required=False,
        default=0,
        help_text="Cards buried from the opening hand (and drawn again), where the edition has"
        " an opening bury.",
    )


class OddsSpreadSerializer(serializers.Serializer):
    copies = serializers.IntegerField()
    chance = serializers.FloatField()


class OddsGoldfishEstimateSerializer(serializers.Serializer):
    chance = serializers.FloatField(
        allow_null=True, help_text="The goldfish's chance, or null when it has none."
    )
    note = serializers.CharField(help_text="Which run it comes from, or why there is none.")
    run = serializers.UUIDField(allow_null=True)


class DeckOddsSerializer(serializers.Serializer):
    deck_size = serializers.IntegerField()
    copies = serializers.IntegerField(help_text="K: copies of the chosen cards.")
    seen = serializers.IntegerField(help_text="n: cards seen by the turn.")
    at_least = serializers.IntegerField()
    turn = serializers.IntegerField()
    going = serializers.CharField()
    bury = serializers.IntegerField()
    chance_at_least = serializers.FloatField()
    chance_at_least_exact = serializers.CharField(help_text="As a fraction, like 137/228.")
    chance_exactly = serializers.FloatField()
    distribution = OddsSpreadSerializer(many=True)
    goldfish = OddsGoldfishEstimateSerializer()


def odds_data(result: Answer) -> dict[str, object]:
    found = result.odds
    assert found is not None
    estimate = result.estimate
    return {
        "deck_size": found.deck_size,
        "copies": found.copies,
        "seen": found.seen,
        "at_least": found.at_least,
        "turn": result.question.turn,
        "going": result.question.going,
        "bury": result.question.bury,
        "chance_at_least": float(found.at_least_chance),
        "chance_at_least_exact": str(found.at_least_chance),
        "chance_exactly": float(found.exactly_chance),
        "distribution": [
            {"copies": copies, "chance": float(chance)}
            for copies, chance in enumerate(found.distribution)
        ],
        "goldfish": {
            "chance": estimate.chance if estimate else None,
            "note": estimate.note if estimate else "",
            "run": str(estimate.run_id) if estimate and estimate.run_id else None,
        },
    }


class DeckOddsView(APIView):
    """The exact (hypergeometric) chance of at least `at_least` of the chosen cards' copies
    among the cards seen by `turn`: the edition's opening hand, the cards buried and drawn
    again, and a draw a turn (none on turn 1 going first, unless the edition says so). With
    the goldfish's estimate where a finished run of the deck as it is now has one."""

    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(
        parameters=[OddsParameters],
        responses={
            200: DeckOddsSerializer,
            400: OpenApiResponse(
                description="A value that cannot be read or asks the impossible:"
                " {parameter: [messages]}."
            ),
            404: OpenApiResponse(description="No such deck."),
        },
    )
    def get(self, request: Request, pk: int) -> Response:
        deck = selectors.deck_for_viewer(user=request.user, pk=pk)
        query = read_query(OddsParameters, request)
        question, errors = read_question({name: [str(value)] for name, value in query.items()})
        result = answer(deck, request.user, question, errors)
        if result.errors:
            return Response(
                {name: [message] for name, message in result.errors.items()},
                status=status.HTTP_400_BAD_REQUEST,
            )
        return Response(odds_data(result))
