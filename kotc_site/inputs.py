"""What people send, read once at the edge, by the same rules on pages, forms, the API and imports.

- A whole number is written with the digits 0-9 (and a leading minus). Python's int(), and with
  it Django's and DRF's integer fields, also reads "１４" (fullwidth), "١٤" (Arabic-Indic) and
  "14.0"; each would be stored as a number the person never wrote, so they are refused with a
  message saying how to write it. The text is capped before int() reads it.
- A name is one line of text: control characters, line and paragraph separators, lone
  surrogates and the byte-order mark are refused, so a deck list that names it reads back to
  the same card.
- JSON: duplicate keys (which would silently keep the last value), nesting deeper than
  MAX_JSON_DEPTH, NaN and Infinity, and lone surrogates (not characters; PostgreSQL refuses
  them) are refused; a leading byte-order mark is ignored, as RFC 8259 allows.
"""

from __future__ import annotations

import json
import re
import unicodedata
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from rest_framework import serializers
from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser, get_encoding

MAX_NUMBER_TEXT = 100  # characters; far more than any number the site stores
MAX_JSON_DEPTH = 32  # a deck JSON is 4 deep
BOM = "\ufeff"

_WHOLE = re.compile(r"-?[0-9]+", re.ASCII)
_SURROGATE = re.compile("[\ud800-\udfff]")
# The byte-order mark is a format character (Unicode category Cf), not a control; inside a name
# it is only ever the start of a file pasted along with it.
_INVISIBLE = frozenset("\ufeff")
_NOT_IN_NAMES = frozenset({"Cc", "Cs", "Zl", "Zp"})
# Control characters have no Unicode names; these are the ones people meet.
_SHOWN_NAMES = {
    "\x00": "null",
    "\t": "tab",
    "\n": "line feed",
    "\r": "carriage return",
    "\ufeff": "byte-order mark",
}


class InputError(ValueError):
    """Input that cannot be read; the message says what is wrong, for a person."""


def _shown(text: str, limit: int = 20) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


# -- whole numbers ----------------------------------------------------------------------------


def read_whole_number(value: Any) -> int:
    """A whole number from a JSON integer or from text of the digits 0-9; InputError otherwise."""
    if isinstance(value, bool):
        raise InputError("Must be a whole number, like 14, not true or false.")
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        raise InputError(f"Must be a whole number, like 14, not {value!r}.")
    if not isinstance(value, str):
        raise InputError("Must be a whole number, like 14.")
    text = value.strip()
    if len(text) > MAX_NUMBER_TEXT:
        raise InputError(f"Must be a whole number of at most {MAX_NUMBER_TEXT} digits.")
    if not _WHOLE.fullmatch(text):
        raise InputError(
            f"'{_shown(text)}' is not a whole number written with the digits 0-9, like 14."
        )
    return int(text)


class WholeNumberField(forms.IntegerField):
    """Django's IntegerField, reading only the digits 0-9: "１４", "١٤", "²" and "14.0" are
    refused instead of becoming 14 or 2."""

    default_error_messages = {
        "invalid": "Enter a whole number written with the digits 0-9, like 14.",
    }

    def to_python(self, value: Any) -> int | None:
        if value in self.empty_values:
            return None
        try:
            return read_whole_number(value)
        except InputError:
            raise ValidationError(self.error_messages["invalid"], code="invalid") from None


class WholeNumberSerializerField(serializers.IntegerField):
    """DRF's IntegerField, reading only JSON integers and text of the digits 0-9."""

    def to_internal_value(self, data: Any) -> int:
        try:
            return read_whole_number(data)
        except InputError as error:
            raise serializers.ValidationError(str(error), code="invalid") from None


# -- names ------------------------------------------------------------------------------------


def name_problem(name: str) -> str | None:
    """Why `name` cannot be a name (one line of text), or None when it can."""
    for index, char in enumerate(name, start=1):
        if char in _INVISIBLE or unicodedata.category(char) in _NOT_IN_NAMES:
            what = _SHOWN_NAMES.get(char) or unicodedata.name(char, "a control character")
            return (
                f"The name holds an invisible character (U+{ord(char):04X}, {what.lower()})"
                f" at position {index}; a name is one line of text."
            )
    return None


# -- JSON -------------------------------------------------------------------------------------


def _object_without_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    found: dict[str, Any] = {}
    for key, value in pairs:
        if key in found:
            raise InputError(
                f"The key '{_shown(key, 40)}' appears twice in one object; give each key once."
            )
        found[key] = value
    return found


def _refuse_constant(name: str) -> Any:
    raise InputError(f"{name} is not a JSON number.")


def _check_tree(document: Any) -> None:
    """Refuse nesting deeper than MAX_JSON_DEPTH and lone surrogates, walking without recursion."""
    stack: list[tuple[Any, int]] = [(document, 1)]
    while stack:
        node, depth = stack.pop()
        if isinstance(node, str):
            texts = [node]
        elif isinstance(node, dict | list):
            if depth > MAX_JSON_DEPTH:
                raise InputError(f"The JSON is nested more than {MAX_JSON_DEPTH} levels deep.")
            texts = list(node) if isinstance(node, dict) else []
            children = node.values() if isinstance(node, dict) else node
            stack.extend((child, depth + 1) for child in children)
        else:
            continue
        for text in texts:
            if _SURROGATE.search(text):
                raise InputError(
                    "The JSON holds a lone surrogate escape (\\ud800-\\udfff), which is not a"
                    " character."
                )


def read_json(text: str | bytes) -> Any:
    """The JSON document in `text`; InputError with a message for a person otherwise."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise InputError("The JSON is not UTF-8 text.") from None
    text = text.removeprefix(BOM)
    try:
        document = json.loads(
            text, object_pairs_hook=_object_without_duplicates, parse_constant=_refuse_constant
        )
    except RecursionError:
        # The C reader stops at Python's recursion limit; the depth rule below is far lower.
        raise InputError(f"The JSON is nested more than {MAX_JSON_DEPTH} levels deep.") from None
    except json.JSONDecodeError as error:
        raise InputError(f"line {error.lineno}, column {error.colno}: {error.msg}.") from None
    _check_tree(document)
    return document


class StrictJSONParser(JSONParser):
    """DRF's JSON parser, by read_json's rules."""

    def parse(self, stream: Any, media_type: str | None = None, parser_context: Any = None) -> Any:
        encoding = get_encoding(parser_context or {})
        raw = stream.read() if stream is not None else b""
        try:
            return read_json(raw.decode(encoding))
        except UnicodeDecodeError:
            raise ParseError(f"JSON parse error - the body is not {encoding} text.") from None
        except InputError as error:
            raise ParseError(f"JSON parse error - {error}") from None
