"""GET and POST /api/v1/cards/{id}/update-edition/: what updating one of your cards to the
current edition would change, and saving it (cards.edition_update, cards.services)."""

from __future__ import annotations

from django.core.exceptions import ValidationError as DjangoValidationError
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.generics import GenericAPIView
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response

from cards import rules, selectors, services
from cards.api import ERROR
from cards.edition_update import card_edition_update
from cards.serializers import CardOutputSerializer, drf_errors
from kotc_site.inputs import StrictJSONParser

UPDATE_REFUSED = OpenApiResponse(
    description="The card cannot be updated to the current edition (it is designed for it"
    " already, or would not be playable updated): {detail: message, refusals: [messages]}"
)


class EditionUpdateReasonSerializer(serializers.Serializer):
    code = serializers.CharField()
    message = serializers.CharField(help_text="Names the rulebook section that says why.")
    text = serializers.CharField(help_text="The card's own text concerned; empty when none.")


class EditionUpdateVerdictSerializer(serializers.Serializer):
    """The card checked under the edition it is updated to."""

    verdict = serializers.ChoiceField(choices=[v.value for v in rules.Verdict])
    reasons = EditionUpdateReasonSerializer(many=True)
    warnings = EditionUpdateReasonSerializer(many=True)


class EditionUpdateLevelSerializer(serializers.Serializer):
    declared = serializers.IntegerField(help_text="The level printed on the card.")
    computed = serializers.IntegerField(
        allow_null=True,
        help_text="The level the Card Building Guide of the card's design edition computes;"
        " null when no guide is on file or the guide computes none.",
    )
    steps = serializers.ListField(child=serializers.CharField(), help_text="How it computes it.")
    guide = serializers.IntegerField(
        allow_null=True, help_text="The edition of the guide that computes it."
    )


class EditionUpdateSegmentSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(choices=["same", "removed", "inserted"])
    text = serializers.CharField()


class EditionUpdateReplacementSerializer(serializers.Serializer):
    start = serializers.IntegerField(help_text="Where the text refurbished starts in `before`.")
    end = serializers.IntegerField()
    original = serializers.CharField()
    new = serializers.CharField()


class EditionUpdateTextSerializer(serializers.Serializer):
    before = serializers.CharField(source="card.ability_text")
    after = serializers.CharField(source="text")
    changes = EditionUpdateSegmentSerializer(
        source="segments",
        many=True,
        help_text="`before` cut into kept, removed and inserted pieces: the refurbished spans.",
    )
    refurbished = EditionUpdateReplacementSerializer(source="replacements", many=True)


class EditionUpdateDesignSerializer(serializers.Serializer):
    before = serializers.IntegerField(source="card.design_edition", allow_null=True)
    after = serializers.IntegerField(source="edition.number")


class EditionUpdateLevelsSerializer(serializers.Serializer):
    before = EditionUpdateLevelSerializer(source="level_before")
    after = EditionUpdateLevelSerializer(source="level_after")


class EditionUpdateUltraPointsSerializer(serializers.Serializer):
    before = serializers.IntegerField(source="ultra_points_before")
    after = serializers.IntegerField(source="ultra_points_after")


class EditionUpdateVerdictsSerializer(serializers.Serializer):
    before = EditionUpdateVerdictSerializer(help_text="The card as it is.")
    after = EditionUpdateVerdictSerializer(help_text="The card updated.")


class EditionUpdateOutputSerializer(serializers.Serializer):
    """What updating a card to the current edition would change
    (cards.edition_update.EditionUpdate); each part `before` and `after` the update."""

    card = serializers.IntegerField(source="card.pk")
    edition = serializers.IntegerField(source="edition.number", help_text="The edition updated to.")
    possible = serializers.BooleanField(help_text="Whether POST would save the update.")
    refusals = serializers.ListField(
        child=serializers.CharField(), help_text="Why the update cannot be saved; empty if it can."
    )
    only_design_edition = serializers.BooleanField(
        help_text="Whether the Edition Indicator is all the update changes on the printed card."
    )
    design_edition = EditionUpdateDesignSerializer(source="*")
    ability_text = EditionUpdateTextSerializer(source="*")
    level = EditionUpdateLevelsSerializer(source="*")
    ultra_points = EditionUpdateUltraPointsSerializer(source="*")
    verdict = EditionUpdateVerdictsSerializer(source="*", help_text="Under the edition updated to.")


class CardEditionUpdateApi(GenericAPIView):
    """Update one of your cards to the current edition: its text refurbished by that edition's
    rulebook, its Edition Indicator that edition, its level the one its Card Building Guide
    computes. GET shows what would change and saves nothing; POST saves it as a new revision."""

    permission_classes = [IsAuthenticated]
    serializer_class = EditionUpdateOutputSerializer
    parser_classes = [StrictJSONParser]

    @extend_schema(responses={200: EditionUpdateOutputSerializer, 403: ERROR, 404: ERROR})
    def get(self, request: Request, pk: int) -> Response:
        card = selectors.card_for_owner(user=request.user, pk=pk)
        update = card_edition_update(card=card)
        return Response(EditionUpdateOutputSerializer(update).data)

    @extend_schema(
        request=None,
        responses={
            200: CardOutputSerializer,
            400: ERROR,
            403: ERROR,
            404: ERROR,
            409: UPDATE_REFUSED,
        },
        description="Save the update GET shows; answers the card as saved.",
    )
    def post(self, request: Request, pk: int) -> Response:
        card = selectors.card_for_owner(user=request.user, pk=pk)
        try:
            services.card_update_to_edition(card=card, user=request.user)
        except services.EditionUpdateRefused as refused:
            body = {"detail": " ".join(refused.messages), "refusals": refused.messages}
            return Response(body, status=status.HTTP_409_CONFLICT)
        except DjangoValidationError as error:
            raise drf_errors(error) from error
        return self._card(request, pk)

    def _card(self, request: Request, pk: int) -> Response:
        card = selectors.card_for_viewer(user=request.user, pk=pk)
        return Response(CardOutputSerializer(card, context={"request": request}).data)
