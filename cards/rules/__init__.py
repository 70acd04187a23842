"""The rules of Keeper of the Cards, as plain Python: no Django, no database.

Editions come from data files (``cards/editions/*.json``). Given a card, the engine says
whether it is legal, refurbished, pruned or invalid under an edition and why; given a deck,
whether it may be played; given ability text, what its abilities and their parts are.

Each edition's Card Building Guide is data too (``cards/editions/guides/*.json``): the one
reader (``read_card_text``) reads ability text, as the guide's edition's rulebook words it, into
the guide's components with their variables (``read_card`` reads a card under the guide that
builds it: every page that shows a card's reading asks it), ``compute_level`` computes a
card's level from them, and the writer (``write_ability``) writes chosen components back as
text in the guide's grammar. A card's verdict follows the guide of its design edition: a text
not made of its components, or a level other than the one it computes, makes the card invalid
(``cards.rules.legality`` says how). The same guide counts the card's Ultra Points
(``CardCheck.ultra_points``); a deck's total may not exceed the limit of its edition's guide
(``deck_ultra_points``).

    >>> from cards import rules
    >>> card = rules.Card("Wisp", "minion", 14, level=4, sp=1, hp=2,
    ...                   ability_text="WHISPER: Draw 1 card.")
    >>> rules.check_card(card, 14).verdict
    <Verdict.LEGAL: 'legal'>
    >>> rules.check_card(card, 14).level.steps
    ('SP 1 + HP 2 ÷ 2 = 2', 'WHISPER: Draw 1 card (2x = 2) → 2', 'total 4')
"""

from .abilities import Ability
from .card import Card, Kind
from .card_reading import current_guide, read_card, reading_guide
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
    CardCheck,
    Code,
    DeckCheck,
    DeckEntry,
    LevelCheck,
    Problem,
    Reason,
    Replacement,
    Verdict,
    check_card,
    check_deck,
    deck_ultra_points,
    design_level,
    design_text,
    refurbish,
)
from .level import Level, compute_level, level_of_reading, ultra_points_of_reading
from .matching import needs_target
from .reader import read_card_text
from .reading import ComponentUse, Finding, ReadAbility, Reading, SubAbility
from .scripts import MixedWord, mixed_script_words
from .text import clean_text
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
    "MixedWord",
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
    "clean_text",
    "compute_level",
    "design_reading",
    "get_guide",
    "level_of_reading",
    "ultra_points_of_reading",
    "load_guides",
    "mixed_script_words",
    "needs_target",
    "read_card",
    "read_card_text",
    "reading_guide",
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
    "LevelCheck",
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
    "deck_ultra_points",
    "current_edition",
    "current_guide",
    "design_level",
    "design_text",
    "get_edition",
    "load_editions",
    "ordinal",
    "refurbish",
]
