from django import forms
from django.conf import settings

from decks import goldfish
from decks.goldfish.model import MAX_GAMES
from kotc_site.inputs import WholeNumberField


class GoldfishForm(forms.Form):
    games = WholeNumberField(
        min_value=1,
        max_value=min(settings.KOTC["SIMULATION_MAX_GAMES"], MAX_GAMES),
        initial=10_000,
    )
    seed = WholeNumberField(
        min_value=0,
        max_value=2**63 - 1,
        required=False,
        help_text="Leave empty for a random seed. The same seed gives the same numbers.",
    )
    max_turns = WholeNumberField(
        min_value=1, max_value=settings.KOTC["SIMULATION_MAX_TURNS"], initial=20, label="Turn limit"
    )
    going = forms.ChoiceField(choices=[("first", "First"), ("second", "Second")], initial="first")
    bury = forms.CharField(
        max_length=20,
        initial="default",
        help_text=(
            'Opening-hand bury rule: "default", "none", or "above:N" (bury cards above level N).'
        ),
    )

    def clean_bury(self) -> str:
        value = self.cleaned_data["bury"].strip()
        try:
            goldfish.parse_bury(value)
        except goldfish.GoldfishError as error:
            raise forms.ValidationError(str(error)) from error
        return value
