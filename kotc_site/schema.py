"""The OpenAPI schema states what the API accepts, as exactly as OpenAPI can say it.

drf-spectacular reads most limits from the serializers: lengths, ranges, choices. What it does
not read is stated here, from the same fields, so the schema follows the code:

- Text: DRF's CharField refuses a null character, and by default strips the text before it
  checks its length and blankness, so "  Wisp  " fits a 4-character limit and "   " is blank.
  Each request string gets a pattern saying so (null characters, whitespace as Python's
  str.strip() sees it); the length limit of stripped text is in the pattern, not maxLength,
  but for long prose (ProseField), whose limit counts the text as sent: maxLength.
  A NameField's pattern also refuses what a name may not hold (kotc_site.inputs.name_problem).
- Editions: the numbers of the edition files (cards.rules.load_editions), an enum.
- Numbers: a card's statistics (cards.check_api.StatField, whole when stored) and whole
  numbers (cards.serializers.WholeNumberField) with their ranges.
- Booleans in a query: true or false (kotc_site.api_query.QueryBooleanField).
- Rules across fields: what each kind of card needs (ByKind); a deck entry is a card, or
  withheld and none (decks.check_api.DeckEntrySerializer.validate).
- Pictures: a file part of a form, of the media types in IMAGE_ENCODING; null in JSON.
- Bodies: 415 for a body of a media type the operation does not list; BODY_REQUIRED.
"""

from __future__ import annotations

import re
from typing import Any

from django.core.validators import RegexValidator
from drf_spectacular.extensions import (
    OpenApiSerializerExtension,
    OpenApiSerializerFieldExtension,
)
from rest_framework import serializers

from kotc_site.inputs import _INVISIBLE

# What str.strip() removes, as a regex character class body: ECMA 262 and Python's `\s` differ
# (\x1c-\x1f, \x85), so it is spelled out.
WHITESPACE = r"\t\n\x0b\x0c\r\x1c-\x1f \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000"
NULL = r"\x00"
# Marks a text schema whose length limit is in its pattern (see finish_text_schemas).
STRIPPED = "x-stripped"
# What kotc_site.inputs.name_problem refuses in a name: its categories (Cc: \x00-\x1f and
# \x7f-\x9f; Zl, Zp: \u2028, \u2029; Cs, surrogates, cannot be in JSON text) and its
# invisible marks. tests/site/test_schema.py holds the two to the same characters.
NOT_IN_NAMES = r"\x00-\x1f\x7f-\x9f\u2028\u2029" + "".join(
    f"\\u{ord(char):04x}" for char in sorted(_INVISIBLE)
)


def text_pattern(
    *, trimmed: bool, blank: bool, max_length: int | None, forbidden: str = NULL
) -> str:
    """The pattern of a text field's raw value: none of the `forbidden` characters (a regex
    character class body); when the field strips the text, blankness and the length limit are
    of the stripped text."""
    if not trimmed or (blank and max_length is None and forbidden == NULL):
        # Stripped text that may be blank and long is any text: spaces are not forbidden.
        return f"^[^{forbidden}]*$"
    space = f"[{WHITESPACE}]*"
    if blank:
        count = "*" if max_length is None else f"{{0,{max_length}}}"
        middle = f"[^{forbidden}]{count}"
    else:
        # The stripped text starts with a visible character.
        rest = "*" if max_length is None else f"{{0,{max_length - 1}}}"
        middle = f"[^{forbidden}{WHITESPACE}][^{forbidden}]{rest}"
    return f"^{space}{middle}{space}$"


class NameField(serializers.CharField):
    """A name: one line of visible text (kotc_site.inputs.name_problem, which the services
    apply), stripped. The schema states the rule; the message comes from the service."""


class ProseField(serializers.CharField):
    """Long prose (a deck's primer): stripped like any text, but its length limit counts the
    text as sent. The schema then states the limit as maxLength. A limit inside the pattern,
    as for other stripped text, would be a repeat of 20,000 characters, which a regex engine
    compiles into hundreds of MB for every client that validates against the schema."""

    def to_internal_value(self, data: Any) -> str:
        if isinstance(data, str) and self.max_length is not None and len(data) > self.max_length:
            self.fail("max_length", max_length=self.max_length)
        return super().to_internal_value(data)


class TextFieldSchema(OpenApiSerializerFieldExtension):
    target_class = "rest_framework.fields.CharField"
    match_subclasses = True

    def map_serializer_field(self, auto_schema: Any, direction: str) -> Any:
        field = self.target
        schema = auto_schema._map_serializer_field(field, direction, bypass_extensions=True)
        if (
            direction != "request"
            or not isinstance(schema, dict)
            or schema.get("type") != "string"
            or {"pattern", "format", "enum"} & set(schema)
            # A field with a pattern of its own is stated by it (drf-spectacular adds it).
            or any(isinstance(v, RegexValidator) for v in field.validators)
        ):
            return schema
        trimmed = bool(getattr(field, "trim_whitespace", False))
        prose = isinstance(field, ProseField)
        forbidden = NOT_IN_NAMES if isinstance(field, NameField) else NULL
        pattern = text_pattern(
            trimmed=trimmed,
            blank=field.allow_blank,
            max_length=None if prose else field.max_length,
            forbidden=forbidden,
        )
        if pattern == f"^[^{forbidden}]*$":
            # Only characters are refused, which `not` says as well. A client that folds
            # maxLength into the pattern as a repeat (schemathesis does) would compile
            # "[^\x00]{0,100000}" into some 140 MB of automaton for a pasted deck list.
            schema["not"] = {"pattern": f"[{forbidden}]"}
        else:
            schema["pattern"] = pattern
        if trimmed and not prose:
            # The limit is on the stripped text, which the pattern states; the raw text may
            # be longer. The validators' maxLength is added after this, so a hook removes it.
            schema[STRIPPED] = True
        return schema


class EditionFieldSchema(OpenApiSerializerFieldExtension):
    """An edition number: one of the edition files' numbers, read when the schema is made."""

    target_class = "cards.check_api.EditionField"
    match_subclasses = True

    def map_serializer_field(self, auto_schema: Any, direction: str) -> Any:
        choices: list[Any] = list(self.target.known_editions())
        if self.target.allow_null:
            choices.append(None)
        return {"type": "integer", "enum": choices}


class StatFieldSchema(OpenApiSerializerFieldExtension):
    """Level, SP or HP as the rules read them: any number from 0 to MAX_STAT (a fraction is
    allowed, so the check can say why the card is invalid); a stored card's, whole."""

    target_class = "cards.check_api.StatField"
    match_subclasses = True

    def map_serializer_field(self, auto_schema: Any, direction: str) -> Any:
        from cards.limits import MAX_STAT

        schema: dict[str, Any] = {"type": "number", "minimum": 0, "maximum": MAX_STAT}
        if getattr(self.target, "whole", False):
            schema["multipleOf"] = 1
        return schema


class ByKind(serializers.Serializer):
    """For the schema only: the body `base` reads, where some fields must be given, and not
    null or empty, for some values of another field (`needs`: a minion needs SP and HP). The
    view reads the body with `base` itself; the services refuse what this says is needed."""

    def __init__(
        self,
        name: str,
        base: type[serializers.Serializer],
        needs: dict[str, list[str]],
        field: str = "kind",
        **kwargs: Any,
    ) -> None:
        self.component_name = name
        self.base = base
        self.needs = needs
        self.field = field
        super().__init__(**kwargs)


class ByKindSchema(OpenApiSerializerExtension):
    """ByKind as `base`'s object schema and an `anyOf` of what each value of the field needs
    (the values exclude each other, so it says what `oneOf` would). The properties stay at the
    top, where tools filling in a multipart body look for its file parts."""

    target_class = "kotc_site.schema.ByKind"

    def get_name(self, auto_schema: Any, direction: str) -> str:
        return self.target.component_name

    def map_serializer(self, auto_schema: Any, direction: str) -> Any:
        target = self.target
        schema = auto_schema._map_basic_serializer(target.base(), direction)
        given = {"not": {"enum": [None, ""]}}
        schema["anyOf"] = [
            {
                "properties": {
                    target.field: {"enum": [value]},
                    **{name: given for name in fields},
                },
                "required": [target.field, *fields],
            }
            for value, fields in target.needs.items()
        ]
        return schema


class DeckEntrySchema(OpenApiSerializerExtension):
    """An entry of a deck body (decks.check_api.DeckEntrySerializer): a card, or, withheld,
    none. Its validate() rule, stated as an anyOf of the two."""

    target_class = "decks.check_api.DeckEntrySerializer"
    match_subclasses = True

    def map_serializer(self, auto_schema: Any, direction: str) -> Any:
        schema = auto_schema._map_basic_serializer(self.target, direction)
        if direction == "request":
            # The enums sit under `not`, where drf-spectacular leaves them inline (a component
            # each for true and false would be noise).
            withheld = {"properties": {"withheld": {"enum": [True]}}, "required": ["withheld"]}
            not_withheld = {"properties": {"withheld": {"enum": [False]}}}
            schema["anyOf"] = [
                {"required": ["card"], "not": withheld},
                {
                    "required": ["withheld"],
                    "not": {"anyOf": [{"required": ["card"]}, not_withheld]},
                },
            ]
        return schema


class QueryBooleanFieldSchema(OpenApiSerializerFieldExtension):
    """A boolean query parameter: true or false, and 1 or 0 when the field takes them."""

    target_class = "kotc_site.api_query.QueryBooleanField"

    def map_serializer_field(self, auto_schema: Any, direction: str) -> Any:
        if self.target.digits:
            return {"type": "string", "enum": ["true", "false", "1", "0"]}
        return {"type": "boolean"}


class WholeNumberFieldSchema(OpenApiSerializerFieldExtension):
    """A whole number of a card (cards.serializers.WholeNumberField), with its range; in a
    form that allows none, an empty value."""

    target_class = "cards.serializers.WholeNumberField"

    def map_serializer_field(self, auto_schema: Any, direction: str) -> Any:
        field = self.target
        number = {"type": "integer", "minimum": field.minimum, "maximum": field.maximum}
        if field.blank_is_null:
            return {"anyOf": [number, {"type": "string", "enum": [""]}]}
        return number


class ImageUploadFieldSchema(OpenApiSerializerFieldExtension):
    """A card's picture: a file part of a form, or in JSON, which cannot carry a file, only
    null (to remove it)."""

    target_class = "cards.serializers.ImageUploadField"

    def map_serializer_field(self, auto_schema: Any, direction: str) -> Any:
        if self.target.blank_removes:
            return {"type": "string", "format": "binary"}
        # Nothing but null: `not: {}` admits no value, and the field's nullable admits null.
        return {"not": {}}


# The media types a picture may be sent as, for the `encoding` of a multipart body.
IMAGE_ENCODING = {"image": {"contentType": "image/png, image/jpeg, image/webp"}}


BLANK = {"type": "string", "maxLength": 0}


def _admits_blank(schema: dict[str, Any]) -> bool:
    pattern = schema.get("pattern")
    return (
        schema.get("type") == "string"
        and "format" not in schema
        and not schema.get("minLength")
        and (pattern is None or re.search(pattern, "") is not None)
    )


def _finished(node: Any) -> Any:
    if isinstance(node, list):
        return [_finished(item) for item in node]
    if not isinstance(node, dict):
        return node
    node = {key: _finished(value) for key, value in node.items()}
    if node.pop(STRIPPED, False):
        node.pop("maxLength", None)
    branches = node.get("oneOf")
    if (
        isinstance(branches, list)
        and len(branches) == 2
        and branches[1] == BLANK
        and isinstance(branches[0], dict)
        and _admits_blank(branches[0])
    ):
        del node["oneOf"]
        node.update(branches[0])
    return node


def finish_text_schemas(result: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
    """POSTPROCESSING_HOOKS: text schemas as TextFieldSchema means them.

    - A field that strips its text has its length limit in its pattern; the maxLength that
      drf-spectacular adds from the field's validators would count the raw text, so it goes.
    - drf-spectacular offers "" as a second oneOf branch of a text field that may be blank and
      has a pattern, in case the pattern refuses it. These patterns admit "" already, and then
      "" matches both branches, which a oneOf refuses: the branch is merged back."""
    return _finished(result)


UNSUPPORTED_MEDIA_TYPE = {
    "description": "The body is not of a media type this operation lists: {detail: message}.",
}


# An operation marked with this (extend_schema(extensions=BODY_REQUIRED)) needs its body.
# drf-spectacular makes a body required from its serializer's required fields, and a body that
# is one of several (a PolymorphicProxySerializer) has none of its own.
BODY_REQUIRED = {"x-body-required": True}


def document_bodies(result: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
    """POSTPROCESSING_HOOKS: a 415 for each operation that takes a body, and BODY_REQUIRED."""
    for operations in result.get("paths", {}).values():
        for operation in operations.values():
            if not isinstance(operation, dict):
                continue
            required = operation.pop("x-body-required", False)
            if "requestBody" in operation:
                if required:
                    operation["requestBody"]["required"] = True
                responses = operation.setdefault("responses", {})
                responses.setdefault("415", dict(UNSUPPORTED_MEDIA_TYPE))
    return result
