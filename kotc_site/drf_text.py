"""The API's bodies are read as their schema describes them.

DRF's fields are lenient with types, since forms and query strings carry only text: CharField
turns a JSON number into text (0 becomes "0"), and BooleanField takes 1, "yes" or "on" for
true. In a JSON body the schema says `type: string` or `type: boolean`, so those values would
be read as if they were right. Here a text field takes only text, and in JSON (anything but a
form or query string, which DRF hands over as a QueryDict) a boolean field only true or false:
a 400 naming the field otherwise. It applies to every such field of every app, so no serializer
can forget it.

A multipart body Django can read no part of is a 400 too (StrictMultiPartParser), not an empty
form.
"""

from __future__ import annotations

from typing import Any

from django.http import QueryDict
from django.utils.http import parse_header_parameters
from rest_framework import fields
from rest_framework.exceptions import ParseError
from rest_framework.parsers import MultiPartParser


def sent_as_text(field: fields.Field) -> bool:
    """Whether the field's value came as text: from a form body or a query string."""
    return isinstance(getattr(field.root, "initial_data", None), QueryDict)


def read_json_types() -> None:
    """Make text and boolean fields read JSON by its types (called once, from ready())."""
    read_text = fields.CharField.to_internal_value
    read_boolean = fields.BooleanField.to_internal_value
    if getattr(read_text, "reads_json_types", False):
        return

    def text(self: fields.CharField, data: Any) -> str:
        if not isinstance(data, str):
            self.fail("invalid")
        return read_text(self, data)

    def boolean(self: fields.BooleanField, data: Any) -> bool:
        if not isinstance(data, bool) and not sent_as_text(self):
            self.fail("invalid", input=data)
        return read_boolean(self, data)

    text.reads_json_types = True  # type: ignore[attr-defined]
    fields.CharField.to_internal_value = text  # type: ignore[method-assign]
    fields.BooleanField.to_internal_value = boolean  # type: ignore[method-assign]


class StrictMultiPartParser(MultiPartParser):
    """DRF's multipart parser, refusing a body it can read nothing from. Django skips a part
    it cannot read (one with no headers, say), so such a body became an empty form, and an
    operation whose fields all have defaults did whatever the defaults say."""

    def parse(self, stream: Any, media_type: Any = None, parser_context: Any = None) -> Any:
        result = super().parse(stream, media_type, parser_context)
        if not result.data and not result.files:
            request = (parser_context or {}).get("request")
            length = int(getattr(request, "META", {}).get("CONTENT_LENGTH") or 0)
            _, options = parse_header_parameters(str(media_type or ""))
            closing = len(f"--{options.get('boundary', '')}--\r\n")
            if length > closing + 2:  # more than an empty form's closing boundary
                raise ParseError("The multipart body holds no part that can be read.")
        return result
