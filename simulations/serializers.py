from django.conf import settings
from django.core.validators import RegexValidator
from rest_framework import serializers

from decks.goldfish.model import MAX_BURY_LEVEL, MAX_GAMES
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
        min_value=1,
        max_value=min(settings.KOTC["SIMULATION_MAX_GAMES"], MAX_GAMES),
        default=10_000,
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


class OptionDifferenceSerializer(serializers.Serializer):
    option = serializers.ChoiceField(
        choices=[
            "deck",
            "deck_list",
            "going",
            "bury",
            "max_turns",
            "games",
            "opponent_hp",
            "edition",
            "seed",
        ],
        help_text="What differs: another deck, the same deck with other cards since (its"
        " values are the number of cards), or one of the options.",
    )
    name = serializers.CharField(help_text="The option as the site names it.")
    run = serializers.JSONField(help_text="The first run's value.")
    other = serializers.JSONField(help_text="The second run's value.")


class TurnDifferencesSerializer(serializers.Serializer):
    """The second run's value minus the first's, on each turn both runs played."""

    kill_share_by_turn = serializers.DictField(
        child=serializers.FloatField(), help_text="Share of the games won on the turn."
    )
    p_kill_by_turn = serializers.DictField(
        child=serializers.FloatField(), help_text="Chance of having won by the end of the turn."
    )
    mean_damage_by_turn = serializers.DictField(
        child=serializers.FloatField(), help_text="Mean damage dealt by the end of the turn."
    )
    mean_resources_by_turn = serializers.DictField(
        child=serializers.FloatField(), help_text="Mean resources on the turn."
    )


class DifferencesSerializer(serializers.Serializer):
    """The second run's numbers minus the first's (null where either run has none)."""

    won_share = serializers.FloatField()
    mean_kill_turn = serializers.FloatField(allow_null=True)
    median_kill_turn = serializers.FloatField(allow_null=True)
    by_turn = TurnDifferencesSerializer()


class SimulationComparisonSerializer(serializers.Serializer):
    run = SimulationSerializer(help_text="The first run, as GET /api/v1/simulations/<id>/.")
    other = SimulationSerializer(help_text="The second run.")
    options = OptionDifferenceSerializer(many=True, help_text="How the two runs were set up.")
    differences = DifferencesSerializer(
        allow_null=True, help_text="Null until both runs have succeeded."
    )
