"""The card design form, the preview form, and the small forms of the card pages."""

from __future__ import annotations

import json
from typing import Any

from django import forms

from cards import rules
from cards.check_api import MAX_ABILITY_TEXT, MAX_FLAVOR_TEXT, MAX_NAME, MAX_STAT
from cards.images import ImageRejected, clean_image
from cards.models import Card
from cards.services import MAX_COPIES, MAX_DESIGN_EDITION

IMAGE_ACCEPT = "image/png,image/jpeg,image/webp,.png,.jpg,.jpeg,.webp"
MAX_IMPORT_BYTES = 64 * 1024


def edition_options() -> list[tuple[int, str]]:
    return [(number, e.name) for number, e in sorted(rules.load_editions().items(), reverse=True)]


def _whole_number(label: str, *, required: bool = True, **kwargs: Any) -> forms.IntegerField:
    message = f"{label} must be a whole number, like 3."
    return forms.IntegerField(
        required=required,
        min_value=0,
        max_value=MAX_STAT,
        label=label,
        error_messages={
            "invalid": message,
            "min_value": f"{label} must be 0 or more.",
            "max_value": f"{label} must be at most {MAX_STAT}.",
            "required": f"{label} is required.",
        },
        widget=forms.NumberInput(
            attrs={"step": 1, "min": 0, "max": MAX_STAT, "inputmode": "numeric"}
        ),
        **kwargs,
    )


class CardForm(forms.Form):
    """The fields of a card in the order of the 13th/14th layout, then how to share it."""

    name = forms.CharField(
        max_length=MAX_NAME,
        error_messages={"required": "A card needs a name."},
        widget=forms.TextInput(attrs={"autocomplete": "off"}),
    )
    kind = forms.ChoiceField(
        choices=Card.Kind.choices,
        initial=Card.Kind.MINION,
        widget=forms.RadioSelect,
        help_text="Spells show a pair of triangles instead of SP and HP.",
    )
    image = forms.FileField(
        required=False,
        widget=forms.FileInput(attrs={"accept": IMAGE_ACCEPT}),
        help_text="PNG, JPEG or WebP, up to 5 MB and 4096 × 4096 pixels.",
    )
    remove_image = forms.BooleanField(required=False, label="Remove the current image")
    ability_text = forms.CharField(
        required=False,
        strip=False,
        max_length=MAX_ABILITY_TEXT,
        widget=forms.Textarea(attrs={"rows": 6}),
        help_text=(
            "One ability a paragraph: NAME (minions, in capitals): condition: cost → effects."
        ),
    )
    design_edition = forms.IntegerField(
        required=False,
        min_value=1,
        max_value=MAX_DESIGN_EDITION,
        label="Edition Indicator",
        help_text="The edition the card is designed for. Every card needs one since the 13th.",
        error_messages={"invalid": "The Edition Indicator is an edition number, like 14."},
    )
    level = _whole_number("Level")
    flavor_text = forms.CharField(
        required=False,
        max_length=MAX_FLAVOR_TEXT,
        widget=forms.Textarea(attrs={"rows": 2}),
        help_text="Cosmetic; it has no effect on the game.",
    )
    sp = _whole_number("SP", required=False, help_text="Strength points (minions only).")
    hp = _whole_number("HP", required=False, help_text="Hitpoints (minions only).")
    visibility = forms.ChoiceField(
        choices=Card.Visibility.choices,
        initial=Card.Visibility.PRIVATE,
        widget=forms.RadioSelect,
        label="Who can see it",
    )
    edition = forms.TypedChoiceField(
        coerce=int,
        choices=edition_options,
        required=False,
        label="Check against",
        help_text="The edition whose verdict is shown next to the preview.",
    )

    def __init__(self, *args: Any, card: Card | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.card = card
        current = rules.current_edition().number
        self.fields["edition"].initial = current
        if card is None or not card.image:
            del self.fields["remove_image"]
        if card is None:
            self.fields["design_edition"].initial = current
            for name in ("level", "sp", "hp"):
                self.fields[name].initial = 1

    def clean_image(self) -> Any:
        upload = self.cleaned_data.get("image")
        if not upload:
            return None
        try:
            return clean_image(upload, getattr(upload, "name", None))
        except ImageRejected as error:
            raise forms.ValidationError(str(error), code="image") from error

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if data.get("kind") == Card.Kind.SPELL:
            data["sp"] = data["hp"] = None
        elif data.get("kind") == Card.Kind.MINION:
            for key, label in (("sp", "SP"), ("hp", "HP")):
                if data.get(key) is None and key not in self.errors:
                    self.add_error(key, f"{label} is required for minions.")
        return data

    def definition(self) -> dict[str, Any]:
        data = self.cleaned_data
        return {
            "name": data["name"],
            "kind": data["kind"],
            "design_edition": data.get("design_edition"),
            "level": data["level"],
            "sp": data.get("sp"),
            "hp": data.get("hp"),
            "ability_text": data.get("ability_text", ""),
            "flavor_text": data.get("flavor_text", ""),
        }


class CardPreviewForm(CardForm):
    """The design form as it is being typed: nothing is required, so a half-made card still
    draws; what cannot be read is left blank on the card and listed."""

    card_id = forms.IntegerField(
        required=False, min_value=1, max_value=2**63 - 1, widget=forms.HiddenInput
    )
    preview_image = forms.CharField(required=False, max_length=64, widget=forms.HiddenInput)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for name in ("name", "level", "kind", "visibility"):
            self.fields[name].required = False
        self.fields.pop("image", None)
        self.fields["remove_image"] = forms.BooleanField(required=False)

    def clean(self) -> dict[str, Any]:
        data = forms.Form.clean(self)
        if data.get("kind") == Card.Kind.SPELL:
            data["sp"] = data["hp"] = None
        return data


class VisibilityForm(forms.Form):
    visibility = forms.ChoiceField(choices=Card.Visibility.choices)


class CopiesForm(forms.Form):
    copies = forms.IntegerField(
        min_value=0,
        max_value=MAX_COPIES,
        error_messages={
            "invalid": "Copies must be a whole number.",
            "min_value": "Copies must be 0 or more.",
            "max_value": f"Copies must be at most {MAX_COPIES}.",
            "required": "Say how many copies you own.",
        },
    )


class ImportForm(forms.Form):
    """A card object as JSON: pasted, or as a .json file."""

    json_text = forms.CharField(
        required=False,
        label="Card JSON",
        widget=forms.Textarea(attrs={"rows": 6, "spellcheck": "false"}),
        help_text='The card object of the check API, as exported: {"name": …, "kind": …}.',
    )
    json_file = forms.FileField(
        required=False,
        label="…or a .json file",
        widget=forms.FileInput(attrs={"accept": "application/json,.json"}),
    )

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        upload = data.get("json_file")
        text = data.get("json_text") or ""
        if upload:
            if upload.size > MAX_IMPORT_BYTES:
                raise forms.ValidationError(
                    f"The file is too large for a card ({upload.size} bytes; the limit is"
                    f" {MAX_IMPORT_BYTES})."
                )
            raw = upload.read()
            try:
                text = raw.decode("utf-8-sig")
            except UnicodeDecodeError:
                raise forms.ValidationError("The file is not UTF-8 text.") from None
        if not text.strip():
            raise forms.ValidationError("Paste a card's JSON or choose a .json file.")
        if len(text) > MAX_IMPORT_BYTES:
            raise forms.ValidationError("That is too much text for one card.")
        try:
            parsed = json.loads(text)
        except ValueError as error:
            raise forms.ValidationError(f"That is not valid JSON: {error}.") from None
        if not isinstance(parsed, dict):
            raise forms.ValidationError("The JSON must be one card object: {…}.")
        data["card"] = parsed
        return data
