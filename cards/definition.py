"""What a card definition may hold, judged in one place.

A card definition is the printed card: its name, kind, Edition Indicator, level, SP and HP,
texts, and its picture's framing and credit (cards.models.DEFINITION_FIELDS). The design form,
the card API's serializers, the check API, the /check/ page and the services each read their
input their own way (text in a form, JSON numbers in the API), then ask clean_definition
whether the card fits the limits of cards.limits. Its errors are field errors, so a form shows
them on its fields and the API answers them as `{field: [messages]}`.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import partial
from typing import Any

from django.core.exceptions import ValidationError

from cards import rules
from cards.limits import (
    MAX_ABILITY_TEXT,
    MAX_ART_ZOOM,
    MAX_CREDIT,
    MAX_DESIGN_EDITION,
    MAX_FLAVOR_TEXT,
    MAX_NAME,
    MAX_STAT,
)
from cards.models import DEFINITION_FIELDS, Card, rules_card
from cards.render import ART_DEFAULTS
from kotc_site.inputs import InputError, name_problem, read_whole_number

# The framing of a card's picture (cards.render.CardFace): field, label, lowest, highest.
ART_RANGES = (
    ("art_zoom", "The picture's zoom", 1.0, MAX_ART_ZOOM),
    ("art_x", "The picture's focus across", 0.0, 1.0),
    ("art_y", "The picture's focus down", 0.0, 1.0),
)
CREDITS = (("artist", "The artist's name"), ("art_licence", "The art licence"))
TEXTS = (
    ("ability_text", "The ability text", MAX_ABILITY_TEXT),
    ("flavor_text", "The flavor text", MAX_FLAVOR_TEXT),
)

_NUMBER_TEXT = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?")


@dataclass(frozen=True)
class CardDefinition:
    """A card definition that fits. A card to store has whole numbers and its texts as a
    reader sees them; a card sent only to be checked keeps what was sent (a level of 2.5, or
    none for its guide to compute), so the rules can say what is wrong with it."""

    name: str
    kind: str
    design_edition: int | None
    level: int | float | None
    sp: int | float | None
    hp: int | float | None
    ability_text: str
    flavor_text: str
    art_zoom: float
    art_x: float
    art_y: float
    artist: str
    art_licence: str

    def fields(self) -> dict[str, Any]:
        """Every field, by the names of cards.models.DEFINITION_FIELDS."""
        return {field: getattr(self, field) for field in DEFINITION_FIELDS}

    def to_rules_card(self) -> rules.Card:
        return rules_card(self)


def read_number(text: str) -> float:
    """A number written out (in a form): the digits 0-9, with a point and an exponent if need
    be, as a JSON number is written; ValueError for anything else."""
    text = text.strip()
    if len(text) > 40 or not _NUMBER_TEXT.fullmatch(text):
        raise ValueError(f"{text[:20]!r} is not a number written like 1.5.")
    return float(text)


def read_whole(value: Any, label: str, *, required: bool, maximum: int = MAX_STAT) -> int | None:
    """A whole number from 0 to `maximum`: a JSON number, or text by kotc_site.inputs' rule
    (the digits 0-9). Nothing given is None, or a ValueError when it is required."""
    if value is None or value == "":
        if required:
            raise ValueError(f"{label} is required.")
        return None
    if isinstance(value, bool):
        raise ValueError(f"{label} must be a whole number.")
    if isinstance(value, str):
        try:
            value = read_whole_number(value)
        except InputError as error:
            raise ValueError(f"{label}: {error}") from None
    if isinstance(value, float):
        if not math.isfinite(value) or not value.is_integer():
            raise ValueError(f"{label} must be a whole number, not {value:g}.")
        value = int(value)
    if not isinstance(value, int):
        raise ValueError(f"{label} must be a whole number.")
    return _within(value, label, maximum)


def _any_number(value: Any, label: str, *, maximum: int = MAX_STAT) -> int | float | None:
    """A level, SP or HP of a card sent to be checked: any number from 0 to `maximum`, a
    fraction too (the rules say why it cannot be played)."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise ValueError(f"{label} must be a number.")
    return _within(value, label, maximum)


def _within(value: int | float, label: str, maximum: int) -> int | float:
    if value < 0:
        raise ValueError(f"{label} must be 0 or more.")
    if value > maximum:
        raise ValueError(f"{label} must be at most {maximum}.")
    return value


def _fraction(value: Any, label: str, low: float, high: float, default: float) -> float:
    """A framing value: a number from low to high (written out, in a form); nothing given is
    the default."""
    if value is None or value == "":
        return default
    if isinstance(value, str):
        try:
            value = read_number(value)
        except ValueError as error:
            raise ValueError(f"{label} must be a number: {error}") from None
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ValueError(f"{label} must be a number.")
    if isinstance(value, float) and not math.isfinite(value):
        raise ValueError(f"{label} must be a number, not {value}.")
    if not low <= value <= high:
        shown = f"{value:g}" if isinstance(value, float) else str(value)[:20]
        raise ValueError(f"{label} must be from {low:g} to {high:g}, not {shown}.")
    return float(value)


def _name(value: Any, checking: bool) -> str:
    if checking:
        # A card to check may have no name; it is judged as sent.
        name = "" if value is None else value
        if not isinstance(name, str):
            raise ValueError("The name must be text.")
    else:
        name = value.strip() if isinstance(value, str) else ""
        # A name that breaks a line cannot be written in a deck list and read back; that is
        # said of the name as typed, before cleaning could hide it.
        problem = name_problem(name)
        if problem:
            raise ValueError(problem)
        name = rules.clean_text(name).strip()
        if not name:
            raise ValueError("A card needs a name.")
    if len(name) > MAX_NAME:
        raise ValueError(f"The name has {len(name)} characters; the limit is {MAX_NAME}.")
    return name


def _kind(value: Any) -> str:
    kind = value.strip().lower() if isinstance(value, str) else value
    if kind not in Card.Kind.values:
        raise ValueError(f"{kind!r} is not a card type; a card is a minion or a spell.")
    return str(kind)


def _text(value: Any, label: str, limit: int, checking: bool) -> str:
    text = value or ""
    if not isinstance(text, str):
        raise ValueError(f"{label} must be text.")
    if not checking:
        text = rules.clean_text(text.replace("\r\n", "\n").replace("\r", "\n")).strip()
    if len(text) > limit:
        raise ValueError(f"{label} has {len(text)} characters; the limit is {limit}.")
    if "\x00" in text:
        raise ValueError("Null characters are not allowed.")
    return text


def _credit(value: Any, label: str, checking: bool) -> str:
    text = "" if value is None else value
    if not isinstance(text, str):
        raise ValueError(f"{label} must be text.")
    if not checking:
        # A credit is printed on one line, as a name is: said of it as typed, as for names.
        text = text.strip()
        problem = name_problem(text)
        if problem:
            raise ValueError(problem.replace("The name", label, 1))
        text = rules.clean_text(text).strip()
    if len(text) > MAX_CREDIT:
        raise ValueError(f"{label} has {len(text)} characters; the limit is {MAX_CREDIT}.")
    return text


def clean_definition(data: Mapping[str, Any], *, checking: bool = False) -> CardDefinition:
    """The card definition in `data`, if it fits; ValidationError with an error for each field
    that does not.

    A card to store (the default): a name, whole numbers for level, SP and HP (required for
    minions, cleared for spells), an Edition Indicator from 1 to MAX_DESIGN_EDITION if any, and
    texts within their limits. The name and texts are kept as a reader sees them
    (cards.rules.clean_text: Unicode NFKC, no zero-width spaces, soft hyphens or other
    invisible format characters), so what is stored is what the rules read and what a search
    finds; the name and the picture's credits are one line each. The framing is a zoom from 1
    to MAX_ART_ZOOM and a focus from 0 to 1 each way, kept to three decimals; left out, each
    is as on a card without them. Cleaning twice changes nothing.

    `checking`: the card is only to be judged (the check API, the /check/ page, a deck file's
    card). It is kept as sent, within the same limits: without a name, with a fractional
    level, SP or HP, without a level (its guide computes one), with SP and HP on a spell.
    """
    errors: dict[str, list[str]] = {}
    clean: dict[str, Any] = {}

    def judge(key: str, read: Callable[[Any], Any]) -> None:
        try:
            clean[key] = read(data.get(key))
        except ValueError as error:
            errors[key] = [str(error)]

    judge("name", partial(_name, checking=checking))
    judge("kind", _kind)
    kind = clean.get("kind")

    edition_label = "The Edition Indicator"
    judge(
        "design_edition",
        partial(read_whole, label=edition_label, required=False, maximum=MAX_DESIGN_EDITION),
    )
    if clean.get("design_edition") == 0:
        errors["design_edition"] = [f"{edition_label} is an edition number, 1 or more."]

    for key, label in (("level", "Level"), ("sp", "SP"), ("hp", "HP")):
        if checking:
            judge(key, partial(_any_number, label=label))
        elif key != "level" and kind == Card.Kind.SPELL:
            clean[key] = None  # spells have a pair of triangles, not SP and HP
        else:
            required = key == "level" or kind == Card.Kind.MINION
            judge(key, partial(read_whole, label=label, required=required))
            if key != "level" and errors.get(key, [""])[0].endswith("is required."):
                errors[key] = [f"{label} is required for minions."]

    for key, label, limit in TEXTS:
        judge(key, partial(_text, label=label, limit=limit, checking=checking))

    for key, label, low, high in ART_RANGES:
        judge(key, partial(_fraction, label=label, low=low, high=high, default=ART_DEFAULTS[key]))
        if not checking and key in clean:
            clean[key] = round(clean[key], 3)

    for key, label in CREDITS:
        judge(key, partial(_credit, label=label, checking=checking))

    if errors:
        raise ValidationError(errors)
    return CardDefinition(**clean)
