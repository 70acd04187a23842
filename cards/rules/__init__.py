"""The rules of Keeper of the Cards, as plain Python: no Django, no database.

Editions come from data files (``cards/editions/*.json``). Given a card, the engine says
whether it is legal, refurbished, pruned or invalid under an edition and why; given a deck,
whether it may be played; given ability text, what its abilities and their parts are.

Each edition's Card Building Guide is data too (``cards/editions/guides/*.json``): the one
reader (``read_card_text``) reads ability text into the guide's components with their
variables, ``compute_level`` computes a card's level from them, and the writer
(``write_ability``) writes chosen components back as text in the guide's grammar.

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
from .errors import (
    DesignError,
    EditionDataError,
    FormulaError,
    GuideError,
    RulesError,
    UnknownEdition,
)
from .guide import Component, ComponentKind, Guide, get_guide, load_guides
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
from .level import Level, compute_level, level_of_reading
from .reader import (
    ComponentUse,
    Finding,
    ReadAbility,
    Reading,
    SubAbility,
    needs_target,
    read_card_text,
)
from .writer import (
    AbilityDesign,
    Choice,
    SubAbilityDesign,
    design_reading,
    write_ability,
    write_card_text,
    write_component,
)

__all__ = [
    "Ability",
    "AbilityDesign",
    "Card",
    "Choice",
    "Component",
    "ComponentKind",
    "ComponentUse",
    "DesignError",
    "Finding",
    "FormulaError",
    "Guide",
    "GuideError",
    "Level",
    "ReadAbility",
    "Reading",
    "SubAbility",
    "SubAbilityDesign",
    "compute_level",
    "design_reading",
    "get_guide",
    "level_of_reading",
    "load_guides",
    "needs_target",
    "read_card_text",
    "write_ability",
    "write_card_text",
    "write_component",
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
