"""The reference deck: 60 cards, minions and spells of levels 0 to 6.

A fixed, ordinary mix used to measure the engine's speed (``bench/goldfish_bench.py``)
and as a smoke test. It holds plain minions on a curve, minions with modeled abilities,
spells with each modeled effect, a known no-op and two cards the goldfish does not
model (so ``unmodeled_cards`` is exercised too).
"""

from __future__ import annotations

from .model import Deck, GoldfishCard


def _minion(name: str, level: int, sp: int, hp: int, text: str = "") -> GoldfishCard:
    return GoldfishCard(name=name, kind="minion", level=level, sp=sp, hp=hp, ability_text=text)


def _spell(name: str, level: int, text: str) -> GoldfishCard:
    return GoldfishCard(name=name, kind="spell", level=level, ability_text=text)


REFERENCE_CARDS: tuple[tuple[int, GoldfishCard], ...] = (
    # Minions: 34 cards.
    (3, _minion("Field Mouse", 0, 1, 1)),
    (5, _minion("Hedge Knight", 1, 1, 2)),
    (5, _minion("Border Scout", 2, 2, 2)),
    (3, _minion("Lantern Bearer", 2, 1, 2, "When this card is summoned: Draw 1 card.")),
    (2, _minion("Quill Sage", 1, 0, 2, "SCRIBE: Draw 1 card.")),
    (4, _minion("Iron Guard", 3, 3, 4)),
    (3, _minion("Siege Ogre", 4, 4, 5)),
    (
        2,
        _minion(
            "Storm Drake",
            5,
            5,
            6,
            "When this card is summoned: Inflict 2 damage to an enemy player.",
        ),
    ),
    (2, _minion("Ancient Wyrm", 6, 6, 8)),
    (1, _minion("Gate Warden", 3, 2, 6, "Destroy target minion.")),
    (2, _minion("Rune Smith", 2, 1, 3, "TEMPER: Place 1 Sword Counter on this card.")),
    (2, _minion("Wandering Cleric", 1, 1, 2, "When this card is summoned: 2-dice-heal yourself.")),
    # Spells: 26 cards.
    (3, _spell("Spark", 0, "Inflict 1 damage to an enemy player.")),
    (3, _spell("Firebolt", 1, "Inflict 2 damage to an enemy player.")),
    (2, _spell("Study", 1, "Draw 1 card.")),
    (3, _spell("Insight", 2, "Draw 2 cards.")),
    (2, _spell("Rallying Cry", 1, "Increase the SP of target minion by 2.")),
    (2, _spell("Whetstone", 2, "Place 2 Sword Counters on target minion.")),
    (
        2,
        _spell(
            "Fireball",
            3,
            "Roll 2 six-sided dice and inflict damage equal to the total to an enemy player.",
        ),
    ),
    (2, _spell("Meteor", 5, "Inflict 8 damage to an enemy player.")),
    (2, _spell("Bountiful Harvest", 2, "Silo the top 2 cards of your deck.")),
    (1, _spell("Early Planting", 0, "Sow an extra resource this turn.")),
    (1, _spell("Shortcut", 1, "Down-level target card in your hand by 3.")),
    (1, _spell("Mending Light", 1, "3-dice-heal yourself.")),
    (1, _spell("Cataclysm", 6, "Destroy every minion.")),
    (1, _spell("Last Stand", 4, "Inflict 5 damage to an enemy player. Draw 1 card.")),
)


def reference_deck() -> Deck:
    """The 60-card reference deck."""
    return Deck(REFERENCE_CARDS)
