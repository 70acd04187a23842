"""The reference deck: 60 cards, minions and spells of levels 0 to 6.

A fixed, ordinary mix used to measure the engine's speed (``bench/goldfish_bench.py``)
and as a smoke test. It holds plain minions on a curve, minions with abilities used in the
Action Phase and when they attack, spells with each modeled effect and activation costs,
components that do nothing against a goldfish (``ignored_effects``) and two cards whose text
is not made of components (so ``unmodeled_cards`` is exercised too).

    >>> deck = reference_deck()
    >>> deck.size, sum(count for count, card in deck.entries if card.kind == "spell")
    (60, 26)
"""

from __future__ import annotations

from .model import Deck, GoldfishCard


def _minion(name: str, level: int, sp: int, hp: int, text: str = "") -> GoldfishCard:
    return GoldfishCard(
        name=name, kind="minion", level=level, sp=sp, hp=hp, ability_text=text, design_edition=14
    )


def _spell(name: str, level: int, text: str) -> GoldfishCard:
    return GoldfishCard(name=name, kind="spell", level=level, ability_text=text, design_edition=14)


REFERENCE_CARDS: tuple[tuple[int, GoldfishCard], ...] = (
    # Minions: 34 cards.
    (3, _minion("Field Mouse", 2, 1, 1)),
    (5, _minion("Hedge Knight", 2, 1, 2)),
    (5, _minion("Border Scout", 3, 2, 2)),
    (3, _minion("Lantern Bearer", 4, 1, 2, "SEEK: Draw 1 card.")),
    (2, _minion("Quill Sage", 5, 0, 2, "SCRIBE: Self-exhaust 1 resource\u2192 Draw 2 cards.")),
    (4, _minion("Iron Guard", 5, 3, 4)),
    (3, _minion("Siege Ogre", 7, 4, 5)),
    (
        2,
        _minion(
            "Storm Drake",
            9,
            5,
            6,
            "FURY: When this card attacks, after Attack Formation (ghost-play): Target this"
            " card; place 1 Sword Counter on it.",
        ),
    ),
    (2, _minion("Ancient Wyrm", 10, 6, 8)),
    (1, _minion("Gate Warden", 3, 2, 6, "WARD: Destroy target minion.")),
    (2, _minion("Rune Smith", 4, 1, 3, "TEMPER: Target this card; place 1 Sword Counter on it.")),
    (2, _minion("Wandering Cleric", 4, 1, 2, "MEND: 2-dice-heal yourself.")),
    # Spells: 26 cards.
    (3, _spell("Spark", 1, "Target 1 in-play card; place 1 Sword Counter on it.")),
    (
        3,
        _spell(
            "Firebolt", 2, "Target up to 2 in-play cards; place 1 Sword Counter on each target."
        ),
    ),
    (2, _spell("Study", 2, "Draw 1 card.")),
    (3, _spell("Insight", 4, "Draw 2 cards.")),
    (2, _spell("Rallying Cry", 2, "Target 1 in-play card; place 2 Sword Counters on it.")),
    (2, _spell("Whetstone", 2, "Self-bury 1 random card in your hand\u2192 Draw 2 cards.")),
    (
        2,
        _spell(
            "Fireball", 3, "Target up to 3 in-play cards; place 1 Sword Counter on each target."
        ),
    ),
    (2, _spell("Meteor", 4, "Target 1 in-play card; place 4 Sword Counters on it.")),
    (
        2,
        _spell(
            "Bountiful Harvest", 6, "Target up to 2 cards on the top of any deck; silo the targets."
        ),
    ),
    (1, _spell("Early Planting", 6, "Target 1 card in your hand; silo it.")),
    (1, _spell("Shortcut", 6, "Target 1 card in your hand; down-level it by 3.")),
    (1, _spell("Mending Light", 3, "3-dice-heal yourself.")),
    (1, _spell("Cataclysm", 6, "Destroy every minion.")),
    (1, _spell("Last Stand", 5, "Self-sheathe 1 random card in your hand\u2192 Draw 3 cards.")),
)
"""Texts made of the 14th guide's components, with the levels its formulas give (the two
unmodeled cards excepted)."""


def reference_deck() -> Deck:
    """The 60-card reference deck."""
    return Deck(REFERENCE_CARDS)
