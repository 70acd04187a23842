"""Schema errors as sentences a person editing a data file can act on.

The edition files (``cards/editions/edition.schema.json``) and the rulebook's content files
(``rulebook/content/editions/content.schema.json``) are checked with jsonschema; its own
messages quote Python values, so each error is said again naming the key at fault the way the
file writes it, and what it must be.

    >>> import jsonschema
    >>> schema = {"type": "object", "required": ["name"], "additionalProperties": False,
    ...           "properties": {"name": {"type": "string"}, "hp": {"type": "integer",
    ...           "minimum": 1}}}
    >>> for problem in schema_problems(
    ...     jsonschema.Draft202012Validator(schema), {"hp": 0, "colour": "red"}
    ... ):
    ...     print(problem)
    name is missing
    the file has fields this format does not know: colour
    hp must be 1 or more
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

TYPE_NAMES = {
    "integer": "a whole number",
    "number": "a number",
    "boolean": "true or false",
    "string": "a string",
    "array": "a list",
    "object": "an object",
    "null": "null",
}


def location(path: Iterable[Any]) -> str:
    """A place in the file as its reader would write it: sections[2].anchor."""
    parts: list[str] = []
    for step in path:
        if isinstance(step, int):
            parts.append(f"[{step}]")
        else:
            parts.append(f".{step}" if parts else str(step))
    return "".join(parts)


def schema_problem(error: Any) -> str:
    """One jsonschema error as a sentence. A schema may say what a value must be in its own
    words (`errorMessage`, read after the checks that name a value)."""
    at = location(error.absolute_path)
    schema = error.schema if isinstance(error.schema, dict) else {}
    value = error.instance
    rule, wanted = error.validator, error.validator_value
    if rule == "required":
        missing = [key for key in wanted if key not in value]
        return "; ".join(f"{at + '.' if at else ''}{key} is missing" for key in missing)
    if rule == "additionalProperties" and isinstance(value, dict):
        known = schema.get("properties", {})
        extra = ", ".join(str(key) for key in value if key not in known)
        return f"{at or 'the file'} has fields this format does not know: {extra}"
    if rule == "const":
        return f"{at} must be {wanted!r}; this file says {value!r}"
    if rule == "maxLength":
        return f"{at} is longer than {wanted} characters"
    if "errorMessage" in schema:
        if rule == "pattern" and isinstance(value, str) and value.strip():
            return f"{at} {schema['errorMessage']}, not {value!r}"
        return f"{at} {schema['errorMessage']}"
    if rule == "type":
        kinds = wanted if isinstance(wanted, list) else [wanted]
        names = " or ".join(TYPE_NAMES.get(str(kind), str(kind)) for kind in kinds)
        return f"{at or 'the file'} must be {names}"
    if rule == "enum":
        choices = [str(choice) for choice in wanted]
        if len(choices) == 2:
            return f"{at} must be {choices[0]} or {choices[1]}"
        return f"{at} must be one of {', '.join(choices)}"
    if rule == "minimum":
        return f"{at} must be {wanted} or more"
    if rule in {"minLength", "pattern"}:
        return f"{at} must not be empty"
    if rule == "minItems":
        return f"{at} must be a non-empty list"
    return f"{at or 'the file'}: {error.message}"


def schema_problems(validator: Any, data: Any) -> list[str]:
    """Every problem of `data` under the validator's schema, in the file's order, once each."""
    errors = sorted(validator.iter_errors(data), key=lambda error: [str(s) for s in error.path])
    return list(dict.fromkeys(schema_problem(error) for error in errors))
