"""Input and output serializers of the card and collection API, and the card import format."""

from __future__ import annotations

import re
from typing import Any

from django.core.exceptions import ValidationError as DjangoValidationError
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from cards import rules, selectors
from cards.check_api import (
    MAX_ABILITY_TEXT,
    MAX_FLAVOR_TEXT,
    MAX_NAME,
    MAX_STAT,
    CardDefinitionSerializer,
)
from cards.images import ImageRejected, clean_image
from cards.models import DEFINITION_FIELDS, Card, CollectionEntry
from cards.search import old_terms
from cards.services import MAX_COPIES, MAX_DESIGN_EDITION


@extend_schema_field(OpenApiTypes.INT)
class WholeNumberField(serializers.Field):
    """A whole number: 3, 3.0 or "3" (as multipart forms send it), never 2.5."""

    default_error_messages = {
        "invalid": "Must be a whole number.",
        "fraction": "Must be a whole number, not {value}.",
        "min_value": "Must be {minimum} or more.",
        "max_value": "Must be at most {maximum}.",
    }

    def __init__(self, *, minimum: int = 0, maximum: int = MAX_STAT, **kwargs: Any) -> None:
        self.minimum = minimum
        self.maximum = maximum
        super().__init__(**kwargs)

    def validate_empty_values(self, data: Any) -> tuple[bool, Any]:
        if data == "" and self.allow_null:
            return True, None
        return super().validate_empty_values(data)

    def to_internal_value(self, data: Any) -> int:
        if isinstance(data, bool):
            self.fail("invalid")
        if isinstance(data, str):
            text = data.strip()
            if re.fullmatch(r"-?\d+", text):
                data = int(text)
            else:
                try:
                    data = float(text)
                except ValueError:
                    self.fail("invalid")
        if isinstance(data, float):
            if data != data or data in (float("inf"), float("-inf")):
                self.fail("invalid")
            if not data.is_integer():
                self.fail("fraction", value=f"{data:g}")
            data = int(data)
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
    """An image upload, checked and re-encoded by cards.images; "" or null removes the image."""

    def validate_empty_values(self, data: Any) -> tuple[bool, Any]:
        if data == "" and self.allow_null:
            return True, None
        return super().validate_empty_values(data)

    def to_internal_value(self, data: Any) -> Any:
        upload = super().to_internal_value(data)
        try:
            return clean_image(upload, getattr(upload, "name", None))
        except ImageRejected as error:
            raise serializers.ValidationError(str(error)) from error


class CardInputSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=MAX_NAME)
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
    visibility = serializers.ChoiceField(choices=Card.Visibility.values, required=False)
    image = ImageUploadField(
        required=False,
        allow_null=True,
        help_text="PNG, JPEG or WebP, at most 5 MB and 4096×4096 pixels; null removes it.",
    )


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
        request = self.context.get("request")
        url = card.image.url
        return request.build_absolute_uri(url) if request is not None else url

    @extend_schema_field(serializers.ChoiceField(choices=[v.value for v in rules.Verdict]))
    def get_verdict(self, card: Card) -> str:
        return selectors.current_verdict(card)


class CollectionAddSerializer(serializers.Serializer):
    card = serializers.IntegerField(
        min_value=1, max_value=selectors.MAX_ID, help_text="The id of a card you may see."
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


# -- import -----------------------------------------------------------------------------------


def _normal(word: str) -> str:
    return re.sub(r"[\s_\-]+", "_", str(word).strip().lower())


def translate_old_terms(data: dict[str, Any]) -> tuple[dict[str, Any], list[str]]:
    """A card object written with an older edition's words ("offense", "creature") in today's
    words, with a note for each word translated."""
    words = old_terms()
    current = rules.current_edition()
    out: dict[str, Any] = {}
    notes: list[str] = []
    for key, value in data.items():
        found = words.get(_normal(key)) if key not in DEFINITION_FIELDS else None
        if found and found[0] in ("level", "sp", "hp"):
            modern, edition = found
            if modern in data:
                notes.append(
                    f"“{key}” was left out: the card also gives its {current.term(modern)}."
                )
                continue
            out[modern] = value
            notes.append(f"“{key}” is what the {edition} calls {current.term(modern)}.")
            continue
        out[key] = value
    kind = out.get("kind")
    if isinstance(kind, str) and kind.strip().lower() not in Card.Kind.values:
        found = words.get(_normal(kind))
        if found and found[0] in ("minion", "spell"):
            modern, edition = found
            out["kind"] = modern
            notes.append(f"“{kind}” is what the {edition} calls a {current.term(modern)}.")
    return out, notes


def import_definition(data: Any) -> tuple[dict[str, Any], list[str]]:
    """Read a card object for import; Django ValidationError with field errors if it cannot."""
    if not isinstance(data, dict):
        raise DjangoValidationError("The JSON must be one card object: {…}.")
    translated, notes = translate_old_terms(data)
    definition = CardDefinitionSerializer(data=translated)
    if not definition.is_valid():
        raise DjangoValidationError(
            {
                field: [str(e) for e in _flatten(errors)]
                for field, errors in definition.errors.items()
            }
        )
    return dict(definition.validated_data), notes


def _flatten(errors: Any) -> list[Any]:
    if isinstance(errors, list):
        return [item for error in errors for item in _flatten(error)]
    if isinstance(errors, dict):
        return [item for error in errors.values() for item in _flatten(error)]
    return [errors]


def drf_errors(error: DjangoValidationError) -> serializers.ValidationError:
    """A service's ValidationError as DRF's, keeping the field errors."""
    if hasattr(error, "error_dict"):
        return serializers.ValidationError(error.message_dict)
    return serializers.ValidationError({"non_field_errors": error.messages})
