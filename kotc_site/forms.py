"""Showing a service's refusal on a form.

Services raise Django's ValidationError, keyed by field where they can say which input is at
fault ({"name": ["A deck needs a name."]}) and plain otherwise. A page shows those messages on
its form, as it shows the form's own errors, so a person reads every problem in one place.
"""

from __future__ import annotations

from django import forms
from django.core.exceptions import ValidationError


def validation_messages(error: ValidationError) -> list[str]:
    """Every message of the error, those of each field in turn, without the field names."""
    if hasattr(error, "error_dict"):
        return [message for messages in error.message_dict.values() for message in messages]
    return list(error.messages)


def add_validation_errors(
    form: forms.BaseForm, error: ValidationError, *, on_fields: bool = True
) -> None:
    """Add the service's `error` to `form`: a field's messages under that field when the form
    has it, the others above the form. With `on_fields=False` every message goes above the
    form, for a form whose fields are not the service's (a pasted list, an uploaded file)."""
    if not on_fields or not hasattr(error, "error_dict"):
        for message in validation_messages(error):
            form.add_error(None, message)
        return
    for field, messages in error.message_dict.items():
        for message in messages:
            form.add_error(field if field in form.fields else None, message)
