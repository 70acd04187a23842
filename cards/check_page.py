"""The /check/ page: paste a card, pick an edition, read the verdict."""

from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from cards import rules
from cards.definition import clean_definition
from cards.forms import edition_options
from cards.limits import (
    MAX_ABILITY_TEXT,
    MAX_DESIGN_EDITION,
    MAX_FLAVOR_TEXT,
    MAX_NAME,
    MAX_STAT,
)
from cards.verdict_panel import verdict_context
from kotc_site.forms import add_validation_errors
from kotc_site.inputs import WholeNumberField


class StatInput(forms.FloatField):
    """Accepts 2.5 so the verdict can explain why a fractional level is invalid; only in the
    digits 0-9, as every number the site reads (float() alone also reads "３")."""

    def to_python(self, value: object) -> float | None:
        if isinstance(value, str) and not value.isascii():
            raise forms.ValidationError(self.error_messages["invalid"], code="invalid")
        return super().to_python(value)

    def clean(self, value: object) -> int | float | None:
        number = super().clean(value)
        if isinstance(number, float) and number.is_integer():
            return int(number)
        return number


class CardCheckForm(forms.Form):
    edition = forms.TypedChoiceField(coerce=int, choices=edition_options)
    name = forms.CharField(max_length=MAX_NAME, required=False)
    kind = forms.ChoiceField(choices=[("minion", "Minion"), ("spell", "Spell")])
    design_edition = WholeNumberField(
        required=False,
        min_value=1,
        max_value=MAX_DESIGN_EDITION,
        label="Edition Indicator",
        help_text="The edition the card was designed for. Leave empty if the card has none.",
    )
    level = StatInput(
        min_value=0,
        max_value=MAX_STAT,
        required=False,
        help_text="Leave it empty to judge the card with the level its guide computes.",
    )
    sp = StatInput(
        min_value=0, max_value=MAX_STAT, required=False, label="SP", help_text="Minions only."
    )
    hp = StatInput(
        min_value=0, max_value=MAX_STAT, required=False, label="HP", help_text="Minions only."
    )
    ability_text = forms.CharField(
        max_length=MAX_ABILITY_TEXT,
        required=False,
        strip=False,
        widget=forms.Textarea(attrs={"rows": 6}),
        help_text=(
            "One ability a paragraph. Minion abilities start with a NAME in capitals and a colon."
        ),
    )
    flavor_text = forms.CharField(
        max_length=MAX_FLAVOR_TEXT, required=False, widget=forms.Textarea(attrs={"rows": 2})
    )

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if not self.errors:
            # The card is judged as sent (a level of 2.5 is the rules' to explain), within
            # the limits every card is held to.
            try:
                clean_definition(data, checking=True)
            except ValidationError as error:
                add_validation_errors(self, error)
        return data

    def card(self) -> rules.Card:
        data = self.cleaned_data
        return rules.Card(
            name=data["name"],
            kind=data["kind"],
            design_edition=data["design_edition"],
            level=data["level"],
            sp=data["sp"],
            hp=data["hp"],
            ability_text=data["ability_text"].replace("\r\n", "\n"),
            flavor_text=data["flavor_text"],
        )


def check_context(form: CardCheckForm) -> dict[str, object]:
    return verdict_context(form.card(), rules.get_edition(form.cleaned_data["edition"]))


def check_page(request: HttpRequest) -> HttpResponse:
    initial = {
        "edition": rules.current_edition().number,
        "kind": "minion",
        "design_edition": rules.current_edition().number,
        "sp": 1,
        "hp": 1,
    }
    form = CardCheckForm(request.POST or None, initial=initial)
    context: dict[str, object] = {"form": form}
    if request.method == "POST" and form.is_valid():
        context.update(check_context(form))
    partial = request.headers.get("HX-Request") == "true"
    template = "cards/_check_result.html" if partial else "cards/check.html"
    return render(request, template, context)
