"""POST /api/v1/check/card/: the rules engine's verdict on one card, no account needed."""

import math
from typing import Any

from django.core.exceptions import ValidationError as DjangoValidationError
from drf_spectacular.utils import (
    OpenApiResponse,
    extend_schema,
    inline_serializer,
)
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.throttling import ScopedRateThrottle
from rest_framework.views import APIView

from cards import rules
from cards.definition import clean_definition, read_number
from cards.limits import (
    MAX_ABILITY_TEXT,
    MAX_ART_ZOOM,
    MAX_CREDIT,
    MAX_DESIGN_EDITION,
    MAX_FLAVOR_TEXT,
    MAX_NAME,
    MAX_STAT,
)
from kotc_site.inputs import StrictJSONParser, WholeNumberSerializerField
from kotc_site.schema import NameField

CHECK_ERROR = OpenApiResponse(description="Field errors: {field: [messages]}.")
THROTTLED = OpenApiResponse(description="Too many checks; try again later: {detail: message}.")


class StatField(serializers.Field):
    """A JSON number for level, SP or HP. Whole numbers are the rule, but a fractional
    one is accepted here so the rules engine can say why the card is invalid."""

    default_error_messages = {
        "invalid": "Must be a number.",
        "negative": "Must be 0 or more.",
        "too_large": f"Must be at most {MAX_STAT}.",
    }

    def to_internal_value(self, data: Any) -> int | float:
        if isinstance(data, bool) or not isinstance(data, int | float):
            self.fail("invalid")
        if data != data or data in (float("inf"), float("-inf")):
            self.fail("invalid")
        if data < 0:
            self.fail("negative")
        if data > MAX_STAT:
            self.fail("too_large")
        return int(data) if isinstance(data, float) and data.is_integer() else data

    def to_representation(self, value: Any) -> Any:
        return value


class FramingField(serializers.FloatField):
    """How the card's picture is framed (its zoom, or its focus across or down): a JSON number
    from `min_value` to `max_value`, never text or true; in a form (`text`), written out."""

    default_error_messages = {
        "invalid": "Must be a number.",
        "range": "Must be from {low:g} to {high:g}.",
    }

    def __init__(self, *, text: bool = False, **kwargs: Any) -> None:
        self.text = text
        super().__init__(**kwargs)

    def to_internal_value(self, data: Any) -> float:
        if isinstance(data, str) and self.text:
            try:
                data = read_number(data)
            except ValueError:
                self.fail("invalid")
        if isinstance(data, bool) or not isinstance(data, int | float):
            self.fail("invalid")
        if isinstance(data, float) and not math.isfinite(data):
            self.fail("invalid")
        if not self.min_value <= data <= self.max_value:
            self.fail("range", low=self.min_value, high=self.max_value)
        return float(data)


def framing_fields(*, text: bool = False, names: bool = True) -> tuple[serializers.Field, ...]:
    """The fields art_zoom, art_x, art_y, artist and art_licence: the picture's framing and
    credit, as every card object gives them (all optional: left out, each is as on a card
    without them). `names`: the credit is one line, as a stored card's name is (NameField); a
    card read only to be judged takes any text there, as it takes any name."""
    credit = NameField if names else serializers.CharField
    return (
        FramingField(
            min_value=1.0,
            max_value=MAX_ART_ZOOM,
            text=text,
            required=False,
            help_text="How far the picture is zoomed in: 1 fills the box with as much as fits.",
        ),
        FramingField(
            min_value=0.0,
            max_value=1.0,
            text=text,
            required=False,
            help_text="The picture's focus across: 0 its left edge, 0.5 its middle, 1 its right.",
        ),
        FramingField(
            min_value=0.0,
            max_value=1.0,
            text=text,
            required=False,
            help_text="The picture's focus down: 0 its top, 0.5 its middle, 1 its bottom.",
        ),
        credit(
            max_length=MAX_CREDIT,
            required=False,
            allow_blank=True,
            help_text="Who made the picture; printed small at the bottom of the card.",
        ),
        credit(
            max_length=MAX_CREDIT,
            required=False,
            allow_blank=True,
            help_text="The picture's licence, such as CC BY 4.0; printed after the artist.",
        ),
    )


def edition_choices() -> list[int]:
    return sorted(rules.load_editions())


class EditionField(WholeNumberSerializerField):
    def known_editions(self) -> list[int]:
        """The editions accepted, which the schema states too (kotc_site.schema asks the
        field, rather than importing this module that imports it)."""
        return edition_choices()

    def to_internal_value(self, data: Any) -> int:
        number = super().to_internal_value(data)
        known = self.known_editions()
        if number not in known:
            raise serializers.ValidationError(
                f"Unknown edition {number}. Known editions: {', '.join(map(str, known))}."
            )
        return number


class CardDefinitionSerializer(serializers.Serializer):
    """A card as the rules see it: the card object of the check API and the deck JSON."""

    name = serializers.CharField(max_length=MAX_NAME, allow_blank=True, default="")
    kind = serializers.ChoiceField(choices=[k.value for k in rules.Kind])
    design_edition = WholeNumberSerializerField(
        allow_null=True, min_value=1, max_value=MAX_DESIGN_EDITION, required=False, default=None
    )
    level = StatField()
    sp = StatField(allow_null=True, required=False, default=None)
    hp = StatField(allow_null=True, required=False, default=None)
    ability_text = serializers.CharField(
        max_length=MAX_ABILITY_TEXT, allow_blank=True, default="", trim_whitespace=False
    )
    flavor_text = serializers.CharField(
        max_length=MAX_FLAVOR_TEXT, allow_blank=True, default="", trim_whitespace=False
    )
    # Printed, not read by the rules: a card object carries them wherever it travels.
    art_zoom, art_x, art_y, artist, art_licence = framing_fields(names=False)

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        # Judged as sent (the rules explain a level of 2.5), within every card's limits.
        try:
            clean_definition(attrs, checking=True)
        except DjangoValidationError as error:
            raise serializers.ValidationError(error.message_dict) from error
        return attrs

    def to_card(self) -> rules.Card:
        return card_from_data(self.validated_data)


class CheckedCardSerializer(CardDefinitionSerializer):
    """The card of a single check, whose level may be left out (or null) to ask for the one
    its Card Building Guide computes: the card is then judged with that level."""

    level = StatField(
        allow_null=True,
        required=False,
        default=None,
        help_text="null, or left out, asks for the level the card's guide computes.",
    )


def card_from_data(data: dict[str, Any]) -> rules.Card:
    return rules.Card(
        name=data.get("name", ""),
        kind=data["kind"],
        design_edition=data.get("design_edition"),
        level=data.get("level"),
        sp=data.get("sp"),
        hp=data.get("hp"),
        ability_text=data.get("ability_text", ""),
        flavor_text=data.get("flavor_text", ""),
    )


class CardCheckRequestSerializer(serializers.Serializer):
    edition = EditionField()
    card = CheckedCardSerializer()


ReasonSerializer = inline_serializer(
    "Reason",
    {
        "code": serializers.CharField(),
        "message": serializers.CharField(),
        "text": serializers.CharField(),
    },
)


def _card_check_fields() -> dict[str, serializers.Field]:
    return {
        "edition": serializers.IntegerField(),
        "verdict": serializers.ChoiceField(choices=[v.value for v in rules.Verdict]),
        "reasons": ReasonSerializer.__class__(many=True),
        "warnings": ReasonSerializer.__class__(many=True),
        "text": serializers.CharField(),
    }


CardCheckResponseSerializer = inline_serializer("CardCheck", _card_check_fields())


FindingSerializer = inline_serializer(
    "Finding",
    {
        "code": serializers.CharField(),
        "message": serializers.CharField(),
        "text": serializers.CharField(),
    },
)
ComponentUseSerializer = inline_serializer(
    "ComponentUse",
    {
        "id": serializers.CharField(help_text="The component's id: its anchor in the guide."),
        "kind": serializers.ChoiceField(choices=[k.value for k in rules.ComponentKind]),
        "text": serializers.CharField(help_text="As written on the card."),
        "variables": serializers.DictField(
            child=serializers.IntegerField(), help_text="The numbers chosen for x, y and z."
        ),
    },
)
ReadAbilitySerializer = inline_serializer(
    "ReadAbility",
    {
        "text": serializers.CharField(),
        "name": serializers.CharField(allow_null=True),
        "condition": ComponentUseSerializer.__class__(allow_null=True),
        "costs": ComponentUseSerializer.__class__(many=True),
        "sub_abilities": inline_serializer(
            "ReadSubAbility",
            {
                "target": ComponentUseSerializer.__class__(allow_null=True),
                "effects": ComponentUseSerializer.__class__(many=True),
            },
            many=True,
        ),
        "readable": serializers.BooleanField(
            help_text="Whether the ability is made of the guide's components."
        ),
        "problems": FindingSerializer.__class__(many=True),
        "notes": FindingSerializer.__class__(
            many=True, help_text="Wordings the guide asks for differently (warnings)."
        ),
    },
    help_text="An ability as the card's Card Building Guide reads it.",
)
LevelSerializer = inline_serializer(
    "LevelCheck",
    {
        "declared": serializers.FloatField(
            allow_null=True,
            help_text="The level sent; null when the card asked for the computed one.",
        ),
        "computed": serializers.IntegerField(
            allow_null=True,
            help_text="The level the guide of the card's design edition computes; null when"
            " no guide is on file or the guide computes none.",
        ),
        "steps": serializers.ListField(
            child=serializers.CharField(), help_text="How the guide computes it."
        ),
    },
)
SingleCardCheckResponseSerializer = inline_serializer(
    "SingleCardCheck",
    {
        **_card_check_fields(),
        "level": LevelSerializer,
        "ultra_points": serializers.IntegerField(
            min_value=0,
            help_text="The card's Ultra Points: the sum of the Ultra Points values of the card"
            " texts it uses, by the guide of its design edition (0 when that guide gives none).",
        ),
        "abilities": ReadAbilitySerializer.__class__(many=True),
    },
)


class CheckView(APIView):
    """The checks are open to everyone, with no account and so no session or CSRF, and are
    rate-limited per client instead."""

    authentication_classes: list = []
    permission_classes = [AllowAny]
    throttle_classes = [ScopedRateThrottle]
    throttle_scope = "check"
    # A card is an object, and a form has no way to send one.
    parser_classes = [StrictJSONParser]


class CardCheckView(CheckView):
    """Say whether a card may be played under an edition, why, and what its text becomes."""

    @extend_schema(
        request=CardCheckRequestSerializer,
        responses={200: SingleCardCheckResponseSerializer, 400: CHECK_ERROR, 429: THROTTLED},
    )
    def post(self, request: Request) -> Response:
        body = CardCheckRequestSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        card = card_from_data(body.validated_data["card"])
        result = rules.check_card(card, body.validated_data["edition"])
        return Response({**result.as_dict(), **result.details()})
