"""Reading a card object to import (pasted or uploaded in the import form, or sent to the API):
the check API's card object, with the words of an older edition ("offense", "creature") read
as today's."""

from __future__ import annotations

import re
from typing import Any

from django import forms
from django.core.exceptions import ValidationError

from cards import rules
from cards.check_api import CardDefinitionSerializer
from cards.limits import MAX_IMPORT_BYTES
from cards.models import DEFINITION_FIELDS, Card
from cards.revisions import FIELD_LABELS
from cards.search import old_terms
from kotc_site.inputs import InputError, read_json


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
        raise ValidationError("The JSON must be one card object: {…}.")
    translated, notes = translate_old_terms(data)
    definition = CardDefinitionSerializer(data=translated)
    if not definition.is_valid():
        raise ValidationError(
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


def labelled(error: ValidationError) -> ValidationError:
    """The error's messages, each led by its field's label ("Level: …"), for a page whose form
    has none of the card's fields."""
    if not hasattr(error, "error_dict"):
        return error
    return ValidationError(
        [
            f"{_label(field)}: {message}"
            for field, messages in error.message_dict.items()
            for message in messages
        ]
    )


def _label(field: str) -> str:
    return FIELD_LABELS.get(field, field.replace("_", " ").capitalize())


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
            parsed = read_json(text)
        except InputError as error:
            raise forms.ValidationError(f"That is not valid JSON: {error}") from None
        if not isinstance(parsed, dict):
            raise forms.ValidationError("The JSON must be one card object: {…}.")
        data["card"] = parsed
        return data
