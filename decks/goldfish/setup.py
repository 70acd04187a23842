"""How a game starts, read from the edition's data file: never from the edition's number.

Each edition file (``cards/editions/<number>.json``) carries a ``goldfish`` object next to its
``starting_hp``::

    "goldfish": {"turn_rules": "14", "opening_hand": 5, "opening_bury": true,
                 "reserves": 0, "first_player_draws_on_turn_1": false}

``turn_rules`` names the model of a turn the edition follows. The engine plays one model, the
14th Edition's (Draw, Resource, Action, Battle and Recovery Phases, one sow a turn); an edition
whose turns follow another model is refused with a message that says so, rather than played
under rules it does not have.

    >>> setup_for(14).opening_hand, setup_for(14).opening_bury
    (5, True)
    >>> setup_for(11)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    decks.goldfish.errors.GoldfishError: The goldfish cannot play the 11th Edition: ...
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from cards.rules import RulesError, get_edition

from .errors import GoldfishError

TURN_RULES = ("14",)
"""The turn models the engine plays."""

MAX_OPENING_HAND = 10


@dataclass(frozen=True)
class Setup:
    """The start of a game under one edition."""

    edition: int
    name: str
    hp: int  # the goldfish's starting HP (the edition's starting HP)
    opening_hand: int
    opening_bury: bool  # once, the opening hand may bury cards and draw as many
    first_player_draws_on_turn_1: bool


def _describe(data: dict[str, Any]) -> str:
    parts = [f"turns of the {data.get('turn_rules')!s} model"]
    if data.get("reserves"):
        parts.append(f"{data['reserves']} cards set aside as reserves")
    return ", ".join(parts)


@cache
def setup_for(edition: int) -> Setup:
    """The setup of ``edition``; GoldfishError with a clear message when the engine does not
    play its turn rules or the edition has no goldfish data."""
    if isinstance(edition, bool) or not isinstance(edition, int):
        raise GoldfishError(f"edition must be a whole number, got {edition!r}")
    try:
        rules = get_edition(edition)
    except RulesError as error:
        raise GoldfishError(str(error)) from error
    data = dict(rules.goldfish) or None
    if not isinstance(data, dict):
        raise GoldfishError(
            f"The goldfish cannot play the {rules.name}: its edition data says nothing of how a"
            " game starts and how turns go."
        )
    if data.get("turn_rules") not in TURN_RULES or data.get("reserves", 0):
        raise GoldfishError(
            f"The goldfish cannot play the {rules.name}: its games use {_describe(data)}, and the"
            f" goldfish plays only the turns of the {', '.join(TURN_RULES)}th Edition model (a"
            " Draw, Resource, Action, Battle and Recovery Phase, one sow a turn). Play the deck"
            " under an edition the goldfish models."
        )
    hand = data.get("opening_hand")
    if isinstance(hand, bool) or not isinstance(hand, int) or not 1 <= hand <= MAX_OPENING_HAND:
        raise GoldfishError(f"the {rules.name} data has no valid goldfish opening_hand")
    return Setup(
        edition=edition,
        name=rules.name,
        hp=rules.starting_hp,
        opening_hand=hand,
        opening_bury=bool(data.get("opening_bury", False)),
        first_player_draws_on_turn_1=bool(data.get("first_player_draws_on_turn_1", False)),
    )
