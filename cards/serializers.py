"""Input and output serializers of the card and collection API."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError as DjangoValidationError
from django.http import QueryDict
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from cards import rules, selectors
from cards.check_api import StatField, framing_fields
from cards.definition import clean_definition
from cards.images import ImageRejected, clean_image
from cards.limits import (
    MAX_ABILITY_TEXT,
    MAX_COPIES,
    MAX_DESIGN_EDITION,
    MAX_FLAVOR_TEXT,
    MAX_ID,
    MAX_NAME,
    MAX_STAT,
)
from cards.models import DEFINITION_FIELDS, Card, CollectionEntry
from kotc_site.api_query import TextValues
from kotc_site.inputs import InputError, WholeNumberSerializerField, read_whole_number
from kotc_site.schema import NameField


class WholeNumberField(serializers.Field):
    """A whole number: a JSON integer, never 2.5, 3.0 or "3". In a form (`text=True`) the
    digits 0-9, and with `blank_is_null` an empty value for none, as forms have no null."""

    default_error_messages = {
        "invalid": "Must be a whole number.",
        "fraction": "Must be a whole number, not {value}.",
        "min_value": "Must be {minimum} or more.",
        "max_value": "Must be at most {maximum}.",
    }

    def __init__(
        self,
        *,
        minimum: int = 0,
        maximum: int = MAX_STAT,
        text: bool = False,
        blank_is_null: bool = False,
        **kwargs: Any,
    ) -> None:
        self.minimum = minimum
        self.maximum = maximum
        self.text = text
        self.blank_is_null = blank_is_null
        super().__init__(**kwargs)

    def validate_empty_values(self, data: Any) -> tuple[bool, Any]:
        if data == "" and self.blank_is_null:
            return True, None
        return super().validate_empty_values(data)

    def to_internal_value(self, data: Any) -> int:
        if isinstance(data, bool):
            self.fail("invalid")
        if isinstance(data, str) and self.text:
            # Text by kotc_site.inputs' rule (the digits 0-9): "３", "٣" and "3.0" are refused.
            try:
                data = read_whole_number(data)
            except InputError as error:
                raise serializers.ValidationError(str(error), code="invalid") from None
        if isinstance(data, float) and data == data and data not in (float("inf"), float("-inf")):
            self.fail("fraction", value=repr(data))
        if not isinstance(data, int):
            self.fail("invalid")
        if data < self.minimum:
            self.fail("min_value", minimum=self.minimum)
        if data > self.maximum:
            self.fail("max_value", maximum=self.maximum)
        return data

    def to_representation(self, value: Any) -> Any:
        return value


class ImageUploadField(serializers.FileField):
    """An image upload, checked and re-encoded by cards.images. null removes the image, and in a
    form (`blank_removes`), which has no null, so does an empty value."""

    def __init__(self, *, blank_removes: bool = False, **kwargs: Any) -> None:
        self.blank_removes = blank_removes
        super().__init__(**kwargs)

    def validate_empty_values(self, data: Any) -> tuple[bool, Any]:
        if data == "" and self.blank_removes:
            return True, None
        return super().validate_empty_values(data)

    def to_internal_value(self, data: Any) -> Any:
        upload = super().to_internal_value(data)
        try:
            return clean_image(upload, getattr(upload, "name", None))
        except ImageRejected as error:
            raise serializers.ValidationError(str(error)) from error


IMAGE_HELP = "PNG, JPEG or WebP, at most 5 MB and 4096×4096 pixels."


class CardInputSerializer(serializers.Serializer):
    """A card as JSON. A minion needs its SP and HP; a spell's are ignored."""

    name = NameField(max_length=MAX_NAME)
    kind = serializers.ChoiceField(choices=Card.Kind.values)
    design_edition = WholeNumberField(
        minimum=1, maximum=MAX_DESIGN_EDITION, allow_null=True, required=False
    )
    level = WholeNumberField()
    sp = WholeNumberField(allow_null=True, required=False, help_text="Minions only.")
    hp = WholeNumberField(allow_null=True, required=False, help_text="Minions only.")
    ability_text = serializers.CharField(
        max_length=MAX_ABILITY_TEXT, allow_blank=True, required=False, trim_whitespace=False
    )
    flavor_text = serializers.CharField(
        max_length=MAX_FLAVOR_TEXT, allow_blank=True, required=False
    )
    art_zoom, art_x, art_y, artist, art_licence = framing_fields()
    visibility = serializers.ChoiceField(choices=Card.Visibility.values, required=False)
    image = ImageUploadField(
        required=False,
        allow_null=True,
        help_text="null removes the card's picture; send one in a multipart form.",
    )

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        """The card as it will be stored (cards.definition, as every path judges one). A change
        to a card (the context's `card`) is judged with the fields it leaves as they are."""
        given = {key: attrs[key] for key in DEFINITION_FIELDS if key in attrs}
        card = self.context.get("card")
        stored = card.definition() if card is not None else {}
        try:
            clean = clean_definition({**stored, **given}).fields()
        except DjangoValidationError as error:
            raise drf_errors(error) from error
        return {**attrs, **{key: clean[key] for key in given}}


class CardFormSerializer(TextValues, CardInputSerializer):
    """A card as a multipart form, with its picture: numbers as text, an empty value for none.
    Its fields are read as values (TextValues): an empty visibility is refused, not skipped."""

    design_edition = WholeNumberField(
        minimum=1, maximum=MAX_DESIGN_EDITION, required=False, text=True, blank_is_null=True
    )
    level = WholeNumberField(text=True)
    sp = WholeNumberField(required=False, text=True, blank_is_null=True, help_text="Minions only.")
    hp = WholeNumberField(required=False, text=True, blank_is_null=True, help_text="Minions only.")
    art_zoom, art_x, art_y, artist, art_licence = framing_fields(text=True)
    image = ImageUploadField(
        required=False, blank_removes=True, help_text=f"{IMAGE_HELP} Empty removes it."
    )


# What each kind of card needs, for the schema (cards.definition.clean_definition refuses the rest).
CARD_NEEDS = {Card.Kind.MINION.value: ["sp", "hp"], Card.Kind.SPELL.value: []}


def card_input_for(data: Any) -> type[CardInputSerializer]:
    """The serializer that reads `data`: a form (a QueryDict) or JSON."""
    return CardFormSerializer if isinstance(data, QueryDict) else CardInputSerializer


class WholeStatField(StatField):
    """A stored card's level, SP or HP as an import reads it (StatField, then
    cards.definition.clean_definition): a whole number, 3.0 included. For the schema (see
    kotc_site.schema)."""

    whole = True


class CardImportSerializer(serializers.Serializer):
    """A card object to import, as the schema states it (cards.importing reads it): the check
    API's card object, by the rules of a stored card (cards.definition.clean_definition)."""

    name = NameField(max_length=MAX_NAME)
    kind = serializers.ChoiceField(choices=Card.Kind.values)
    design_edition = WholeNumberSerializerField(
        min_value=1, max_value=MAX_DESIGN_EDITION, allow_null=True, required=False
    )
    level = WholeStatField()
    sp = WholeStatField(allow_null=True, required=False, help_text="Minions only.")
    hp = WholeStatField(allow_null=True, required=False, help_text="Minions only.")
    ability_text = serializers.CharField(
        max_length=MAX_ABILITY_TEXT, allow_blank=True, required=False, trim_whitespace=False
    )
    flavor_text = serializers.CharField(
        max_length=MAX_FLAVOR_TEXT, allow_blank=True, required=False, trim_whitespace=False
    )
    art_zoom, art_x, art_y, artist, art_licence = framing_fields()


class CardOutputSerializer(serializers.ModelSerializer):
    # Plain value lists, as in the check API's card object, so the schema has one enum each.
    kind = serializers.ChoiceField(choices=Card.Kind.values, read_only=True)
    visibility = serializers.ChoiceField(choices=Card.Visibility.values, read_only=True)
    owner = serializers.CharField(source="owner.username", read_only=True)
    image = serializers.SerializerMethodField()
    verdict = serializers.SerializerMethodField(
        help_text="The verdict under the current edition of the rules."
    )

    class Meta:
        model = Card
        fields = [
            "id",
            *DEFINITION_FIELDS,
            "visibility",
            "owner",
            "image",
            "created",
            "updated",
            "verdict",
        ]
        read_only_fields = fields

    @extend_schema_field(serializers.URLField(allow_null=True))
    def get_image(self, card: Card) -> str | None:
        if not card.image:
            return None
        from cards.pictures import picture_path

        # The site's own address, which checks who asks, whatever the storage (a bucket's
        # signed link would outlive the check and run out in minutes).
        request = self.context.get("request")
        url = picture_path(card.image.name)
        return request.build_absolute_uri(url) if request is not None else url

    @extend_schema_field(serializers.ChoiceField(choices=[v.value for v in rules.Verdict]))
    def get_verdict(self, card: Card) -> str:
        return selectors.current_verdict(card)


class CollectionAddSerializer(serializers.Serializer):
    card = WholeNumberSerializerField(
        min_value=1, max_value=MAX_ID, help_text="The id of a card you may see."
    )
    copies = WholeNumberField(maximum=MAX_COPIES, required=False, allow_null=True)


class CopiesSerializer(serializers.Serializer):
    copies = WholeNumberField(maximum=MAX_COPIES)


class CollectionEntryOutputSerializer(serializers.ModelSerializer):
    card = CardOutputSerializer(read_only=True)

    class Meta:
        model = CollectionEntry
        fields = ["card", "copies", "added"]
        read_only_fields = fields


def drf_errors(error: DjangoValidationError) -> serializers.ValidationError:
    """A service's ValidationError as DRF's, keeping the field errors."""
    if hasattr(error, "error_dict"):
        return serializers.ValidationError(error.message_dict)
    return serializers.ValidationError({"non_field_errors": error.messages})
