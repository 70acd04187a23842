from django.conf import settings
from rest_framework import serializers

from decks import goldfish

MAX_SEED = 2**63 - 1


class SimulationRequestSerializer(serializers.Serializer):
    games = serializers.IntegerField(
        min_value=1, max_value=settings.KOTC["SIMULATION_MAX_GAMES"], default=10_000
    )
    seed = serializers.IntegerField(min_value=0, max_value=MAX_SEED, required=False)
    max_turns = serializers.IntegerField(
        min_value=1, max_value=settings.KOTC["SIMULATION_MAX_TURNS"], default=20
    )
    going = serializers.ChoiceField(choices=["first", "second"], default="first")
    bury = serializers.CharField(max_length=20, default="default")

    def validate_bury(self, value: str) -> str:
        try:
            goldfish.parse_bury(value)
        except goldfish.GoldfishError as error:
            raise serializers.ValidationError(str(error)) from error
        return value


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
