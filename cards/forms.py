"""The card design form, the preview form, and the small forms of the card pages."""

from __future__ import annotations

from typing import Any

from django import forms
from django.core.exceptions import ValidationError

from cards import designer, rules
from cards.definition import CardDefinition, clean_definition
from cards.images import ImageRejected, clean_image
from cards.limits import (
    MAX_ABILITY_TEXT,
    MAX_ART_ZOOM,
    MAX_COPIES,
    MAX_CREDIT,
    MAX_DESIGN_EDITION,
    MAX_FLAVOR_TEXT,
    MAX_ID,
    MAX_NAME,
    MAX_STAT,
)
from cards.models import Card
from cards.render import ART_DEFAULTS
from kotc_site.forms import add_validation_errors
from kotc_site.inputs import InputError, WholeNumberField, read_whole_number

IMAGE_ACCEPT = "image/png,image/jpeg,image/webp,.png,.jpg,.jpeg,.webp"


def edition_options() -> list[tuple[int, str]]:
    return [(number, e.name) for number, e in sorted(rules.load_editions().items(), reverse=True)]


def _whole_number(label: str, *, required: bool = True, **kwargs: Any) -> forms.IntegerField:
    message = f"{label} must be a whole number written with the digits 0-9, like 3."
    return WholeNumberField(
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


class RangeInput(forms.NumberInput):
    input_type = "range"


def _framing(
    field: str, label: str, low: float, high: float, step: float, **kwargs: Any
) -> forms.FloatField:
    message = f"{label} must be a number from {low:g} to {high:g}."
    return forms.FloatField(
        required=False,
        min_value=low,
        max_value=high,
        initial=ART_DEFAULTS[field],
        label=label,
        error_messages={"invalid": message, "min_value": message, "max_value": message},
        widget=RangeInput(
            attrs={
                "min": low,
                "max": high,
                "step": step,
                "data-art-control": "",
                "data-default": ART_DEFAULTS[field],
            }
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
    # The picture's framing: sliders the keyboard moves too (arrow keys, Page Up and Down).
    art_zoom = _framing(
        "art_zoom", "Zoom", 1.0, MAX_ART_ZOOM, 0.05, help_text="1× shows as much as fits."
    )
    art_x = _framing("art_x", "Focus across", 0.0, 1.0, 0.01, help_text="Left edge to right edge.")
    art_y = _framing("art_y", "Focus down", 0.0, 1.0, 0.01, help_text="Top to bottom.")
    artist = forms.CharField(
        required=False,
        max_length=MAX_CREDIT,
        label="Artist",
        widget=forms.TextInput(attrs={"autocomplete": "off"}),
        help_text="Who made the picture; printed small at the bottom of the card.",
    )
    art_licence = forms.CharField(
        required=False,
        max_length=MAX_CREDIT,
        label="Art licence",
        widget=forms.TextInput(attrs={"autocomplete": "off"}),
        help_text="Such as CC BY 4.0, or “used with permission”.",
    )
    ability_text = forms.CharField(
        required=False,
        strip=False,
        max_length=MAX_ABILITY_TEXT,
        widget=forms.Textarea(attrs={"rows": 6}),
        help_text=(
            "One ability a paragraph: NAME (minions, in capitals): condition: cost → effects."
        ),
    )
    design_edition = WholeNumberField(
        required=False,
        min_value=1,
        max_value=MAX_DESIGN_EDITION,
        label="Edition Indicator",
        help_text="The edition the card is designed for. Every card needs one since the 13th.",
        error_messages={"invalid": "The Edition Indicator is an edition number, like 14."},
    )
    level = _whole_number(
        "Level",
        required=False,
        help_text="Leave it empty to take the level the card's Card Building Guide computes.",
    )
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
    # The guided designer (cards.designer): the abilities typed as text, or built from the
    # guide's components, whose fields the builder posts beside these.
    text_mode = forms.ChoiceField(
        choices=[("text", "Write the text"), ("builder", "Build it from the guide's components")],
        required=False,
        initial="text",
        widget=forms.RadioSelect,
        label="Abilities",
    )
    level_auto = forms.BooleanField(
        required=False,
        label="Level computed by the guide",
        help_text="Untick it, or type a level, to declare another.",
    )

    def __init__(self, *args: Any, card: Card | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.card = card
        self.builder: designer.Builder | None = None
        self.written: designer.Written | None = None
        self.card_definition: CardDefinition | None = None
        # The level the guide computes, when the Level box is left empty and the card takes it.
        self.computed_level: int | None = None
        current = rules.current_edition().number
        self.fields["edition"].initial = current
        if card is None or not card.image:
            del self.fields["remove_image"]
        if card is None:
            self.fields["design_edition"].initial = current
            self.fields["level_auto"].initial = True
            # The level is left empty: a new card takes the one its guide computes.
            for name in ("sp", "hp"):
                self.fields[name].initial = 1

    def framing(self) -> list[forms.BoundField]:
        """The sliders that frame the picture, for the page to lay out together."""
        return [self[name] for name in ("art_zoom", "art_x", "art_y")]

    def _building(self) -> bool:
        return self.data.get("text_mode") == "builder"

    def _build(self, data: dict[str, Any], *, strict: bool) -> None:
        """In builder mode, the ability text is what the builder writes, and the level, while
        it follows the guide, the level the guide computes. strict: the card is being saved,
        so whatever stops either is an error of the form."""
        if data.get("text_mode") != "builder":
            return
        guide, _ = designer.guide_for(data.get("design_edition"))
        self.builder = designer.builder_from_fields(self.data, guide)
        self.written = designer.write(self.builder, kind=data.get("kind"))
        data["ability_text"] = self.written.text
        if strict:
            for problem in self.written.problems:
                self.add_error(None, problem)
            if len(self.written.text) > MAX_ABILITY_TEXT:
                self.add_error(
                    None,
                    f"The abilities come to {len(self.written.text):,} characters;"
                    f" a card holds at most {MAX_ABILITY_TEXT:,}.",
                )
        if not data.get("level_auto") or not self.written.complete:
            return
        level = designer.level_of(
            kind=data.get("kind"),
            sp=data.get("sp"),
            hp=data.get("hp"),
            text=self.written.text,
            guide=guide,
        )
        if level.value is not None and level.value <= MAX_STAT:
            data["level"] = level.value
        elif strict and "level" not in self.errors:
            why = (
                f"it comes to {level.value}, more than {MAX_STAT}"
                if level.value is not None
                else (level.problems[0].message if level.problems else "the card is not complete")
            )
            self.add_error("level", f"The guide computes no level for this card: {why}")

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
            # A spell has no SP or HP, so the guide computes its level without them.
            data["sp"] = data["hp"] = None
        self._build(data, strict=True)
        self._take_computed_level(data, strict=True)
        self._judge(data)
        return data

    def _take_computed_level(self, data: dict[str, Any], *, strict: bool) -> None:
        """A card whose Level box is left empty takes the level the Card Building Guide of its
        Edition Indicator computes, as /check/ and the check API judge such a card; that level
        is the one drawn, judged and saved. strict: the card is being saved, so a level that
        cannot be had is an error of the form."""
        if data.get("level") is not None or "level" in self.errors:
            return
        kind = data.get("kind") or (None if strict else Card.Kind.MINION)
        if kind is None:
            return  # the kind's own error says what to fix first
        level = rules.design_level(
            rules.Card(
                name="",
                kind=kind,
                design_edition=data.get("design_edition"),
                level=None,
                sp=data.get("sp"),
                hp=data.get("hp"),
                ability_text=(data.get("ability_text") or "").replace("\r\n", "\n"),
            )
        )
        if level.computed is not None and level.computed <= MAX_STAT:
            data["level"] = self.computed_level = level.computed
        elif strict:
            self.add_error("level", f"Level is required: {_no_computed_level(level)}")

    def _judge(self, data: dict[str, Any]) -> None:
        """The card as it will be stored (cards.definition, as every path judges one): its
        problems on the fields that have none of their own yet."""
        try:
            self.card_definition = clean_definition(data)
        except ValidationError as error:
            fresh = {
                field: messages
                for field, messages in error.message_dict.items()
                if field not in self.errors
            }
            if fresh:
                add_validation_errors(self, ValidationError(fresh))

    def definition(self) -> dict[str, Any]:
        """The card definition of a valid form, cleaned as it will be stored."""
        assert self.card_definition is not None, "definition() is for a valid form"
        return self.card_definition.fields()


def _no_computed_level(level: rules.LevelCheck) -> str:
    """Why the guide gives a card no level, for a designer who left the Level box empty."""
    if level.guide is None:
        return (
            "no Card Building Guide is on file for the card's Edition Indicator, so none computes"
            " its level. Type the level."
        )
    guide = f"the {level.guide_name} guide"
    if level.computed is not None:
        return f"{guide} computes {level.computed:,}, more than {MAX_STAT}. Type the level."
    why = f" ({level.problems[0].message})" if level.problems else ""
    return f"{guide} computes none for this card{why}. Type the level, or fix the text."


class CardPreviewForm(CardForm):
    """The design form as it is being typed: nothing is required, so a half-made card still
    draws; what cannot be read is left blank on the card and listed."""

    card_id = WholeNumberField(
        required=False, min_value=1, max_value=MAX_ID, widget=forms.HiddenInput
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
        self._build(data, strict=False)
        self._take_computed_level(data, strict=False)
        return data


class VisibilityForm(forms.Form):
    visibility = forms.ChoiceField(choices=Card.Visibility.choices)


class CopiesForm(forms.Form):
    copies = WholeNumberField(
        min_value=0,
        max_value=MAX_COPIES,
        error_messages={
            "invalid": "Copies must be a whole number.",
            "min_value": "Copies must be 0 or more.",
            "max_value": f"Copies must be at most {MAX_COPIES}.",
            "required": "Say how many copies you own.",
        },
    )


class EditionQueryForm(forms.Form):
    """?edition= on a page that shows something under another edition (nothing is saved).

    Not required; a value that cannot be read is named by problems(), and the page is shown
    under its usual edition."""

    edition = forms.CharField(required=False)

    def clean_edition(self) -> int | None:
        raw = self.cleaned_data.get("edition") or ""
        if not raw:
            return None
        known = sorted(rules.load_editions())
        names = ", ".join(str(number) for number in known)
        try:
            number = read_whole_number(raw)
        except InputError as error:
            raise forms.ValidationError(f"{error} The editions are {names}.") from None
        if number not in known:
            raise forms.ValidationError(f"There is no edition {number}; the editions are {names}.")
        return number

    def problems(self) -> list[str]:
        """Each error, naming the parameter as it is written in the address."""
        return [
            f"?{field}= in the address: {message}"
            for field, messages in self.errors.items()
            for message in messages
        ]
