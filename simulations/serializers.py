from django.conf import settings
from django.core.validators import RegexValidator
from rest_framework import serializers

from decks.goldfish.model import MAX_BURY_LEVEL
from kotc_site.api_query import TextValues
from kotc_site.inputs import WholeNumberSerializerField

MAX_SEED = 2**63 - 1
MAX_BURY = 20  # characters
# The bury rules as the API takes them, written exactly (the schema states this pattern):
# none, default or above:N, N from 0 to MAX_BURY_LEVEL.
BURY_PATTERN = r"\A(none|default|above:0*({}))\Z".format(
    "|".join(str(level) for level in range(MAX_BURY_LEVEL, -1, -1))
)


class SimulationRequestSerializer(TextValues):
    games = WholeNumberSerializerField(
        min_value=1, max_value=settings.KOTC["SIMULATION_MAX_GAMES"], default=10_000
    )
    seed = WholeNumberSerializerField(min_value=0, max_value=MAX_SEED, required=False)
    max_turns = WholeNumberSerializerField(
        min_value=1, max_value=settings.KOTC["SIMULATION_MAX_TURNS"], default=20
    )
    going = serializers.ChoiceField(choices=["first", "second"], default="first")
    bury = serializers.CharField(
        max_length=MAX_BURY,
        default="default",
        trim_whitespace=False,
        validators=[
            RegexValidator(
                BURY_PATTERN,
                message=f"bury must be none, default or above:N with N from 0 to {MAX_BURY_LEVEL}.",
            )
        ],
        help_text=f"none, default or above:N (N from 0 to {MAX_BURY_LEVEL}).",
    )


class SimulationStartedSerializer(serializers.Serializer):
    id = serializers.UUIDField()
    status = serializers.CharField()
    url = serializers.URLField()


class SimulationSerializer(serializers.Serializer):
    id = serializers.UUIDField()
    status = serializers.ChoiceField(choices=["queued", "running", "succeeded", "failed"])
    progress = serializers.FloatField(min_value=0, max_value=1)
    result = serializers.JSONField(allow_null=True)
    error = serializers.CharField(allow_null=True)
