"""Forms of the set pages. They read input; the services decide what may be saved."""

from __future__ import annotations

from typing import Any

from django import forms

from cards.forms import IMAGE_ACCEPT
from cards.models import Card
from decks import printing
from decks.forms import edition_choices
from kotc_site.inputs import WholeNumberField
from sets.limits import MAX_CARDS, MAX_DESCRIPTION, MAX_NAME, MAX_ZIP_BYTES
from sets.models import CardSet

NUMBER_PREFIX = "number_"


class SetForm(forms.Form):
    """A set's details, and its cards: each of the designer's cards with a box for its number
    in the set (left empty: not in it). The numbers give the order; gaps close up."""

    name = forms.CharField(
        max_length=MAX_NAME, widget=forms.TextInput(attrs={"autocomplete": "off"})
    )
    code = forms.CharField(
        max_length=5,
        help_text="2 to 5 capital letters, printed on each card with its number: EMB 007/120.",
        widget=forms.TextInput(attrs={"autocomplete": "off", "pattern": "[A-Z]{2,5}"}),
    )
    description = forms.CharField(
        max_length=MAX_DESCRIPTION,
        required=False,
        widget=forms.Textarea(attrs={"rows": 6}),
        help_text="What the set is about, in Markdown, with # sections and [[Card name]] links.",
    )
    edition = forms.TypedChoiceField(
        coerce=int, choices=edition_choices, help_text="The rulebook the set is made for."
    )
    visibility = forms.ChoiceField(
        choices=CardSet.Visibility.choices,
        help_text="How the set shows once released. Until then only its designers see it.",
    )
    symbol = forms.FileField(
        required=False,
        widget=forms.ClearableFileInput(attrs={"accept": IMAGE_ACCEPT}),
        help_text="A small picture printed beside each card's number (PNG, JPEG or WebP).",
    )
    release_at = forms.DateTimeField(
        required=False,
        label="Release at",
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
        help_text="Leave empty to release by hand; at this time (UTC) it is released by itself.",
    )

    def __init__(self, *args: Any, cards: list[Card], numbers: dict[int, int], **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.set_cards = cards
        for card in cards:
            self.fields[f"{NUMBER_PREFIX}{card.pk}"] = WholeNumberField(
                required=False,
                min_value=1,
                max_value=MAX_CARDS,
                label=f"Number of “{card.name}”",
                initial=numbers.get(card.pk),
                widget=forms.NumberInput(attrs={"min": 1, "max": MAX_CARDS, "class": "set-number"}),
            )

    def number_fields(self) -> list[tuple[Card, Any]]:
        return [(card, self[f"{NUMBER_PREFIX}{card.pk}"]) for card in self.set_cards]

    def detail_fields(self) -> list[Any]:
        return [self[name] for name in self.fields if not name.startswith(NUMBER_PREFIX)]

    def ordered_cards(self) -> list[int]:
        """The cards given a number, in the numbers' order; a number given twice is an error."""
        numbered: dict[int, int] = {}
        for card in self.set_cards:
            number = self.cleaned_data.get(f"{NUMBER_PREFIX}{card.pk}")
            if number is None:
                continue
            if number in numbered:
                self.add_error(
                    f"{NUMBER_PREFIX}{card.pk}", f"Number {number} is given to two cards."
                )
                continue
            numbered[number] = card.pk
        return [numbered[number] for number in sorted(numbered)]


class InviteForm(forms.Form):
    username = forms.CharField(max_length=150, label="Designer's name")


COPIES_MAX = 9


class SetPrintForm(forms.Form):
    copies = WholeNumberField(min_value=1, max_value=COPIES_MAX, required=False, initial=1)
    paper = forms.ChoiceField(choices=[(key, key) for key in printing.PAPERS], required=False)
    backs = forms.ChoiceField(
        choices=[(option, option) for option in printing.BACKS_OPTIONS], required=False
    )
    bleed = forms.BooleanField(required=False)


class SetImportForm(forms.Form):
    file = forms.FileField(
        label="A set's ZIP or set.json",
        help_text=f"As a set's Export gives it; at most {MAX_ZIP_BYTES // (1024 * 1024)} MB.",
        widget=forms.ClearableFileInput(
            attrs={"accept": ".zip,.json,application/zip,application/json"}
        ),
    )
