"""The rules of Keeper of the Cards, as plain Python: no Django, no database.

Editions come from data files (``cards/editions/*.json``). Given a card, the engine says
whether it is legal, refurbished, pruned or invalid under an edition and why; given a deck,
whether it may be played; given ability text, what its abilities and their parts are.

    >>> from cards import rules
    >>> card = rules.Card("Wisp", "minion", 14, level=1, sp=1, hp=1,
    ...                   ability_text="WHISPER: Draw 1 card.")
    >>> rules.check_card(card, 14).verdict
    <Verdict.LEGAL: 'legal'>
"""

from .abilities import Ability, parse_abilities
from .editions import (
    Edition,
    RefurbishEntry,
    RevisedCost,
    Section,
    current_edition,
    get_edition,
    load_editions,
    ordinal,
)
from .errors import EditionDataError, RulesError, UnknownEdition
from .legality import (
    Card,
    CardCheck,
    Code,
    DeckCheck,
    DeckEntry,
    Kind,
    Problem,
    Reason,
    Replacement,
    Verdict,
    check_card,
    check_deck,
    refurbish,
)

__all__ = [
    "Ability",
    "Card",
    "CardCheck",
    "Code",
    "DeckCheck",
    "DeckEntry",
    "Edition",
    "EditionDataError",
    "Kind",
    "Problem",
    "Reason",
    "RefurbishEntry",
    "Replacement",
    "RevisedCost",
    "RulesError",
    "Section",
    "UnknownEdition",
    "Verdict",
    "check_card",
    "check_deck",
    "current_edition",
    "get_edition",
    "load_editions",
    "ordinal",
    "parse_abilities",
    "refurbish",
]
