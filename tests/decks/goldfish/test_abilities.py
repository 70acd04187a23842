"""Which ability texts the goldfish models, and what it reads from them."""

from pathlib import Path

import pytest

from decks.goldfish import PATTERNS, Effect, read_abilities
from decks.goldfish.abilities import read_sentence

POLICY = Path(__file__).resolve().parents[3] / "decks" / "goldfish" / "POLICY.md"


@pytest.mark.parametrize(
    ("sentence", "effect"),
    [
        ("Draw 1 card.", Effect(draw=1)),
        ("Draw 3 cards.", Effect(draw=3)),
        ("draw a card", Effect(draw=1)),
        ("Inflict 5 damage to an enemy player.", Effect(damage=5)),
        ("Inflict 2 damage to an enemy.", Effect(damage=2)),
        ("Inflict 12 damage to target enemy player.", Effect(damage=12)),
        (
            "Roll 3 six-sided dice and inflict damage equal to the total to an enemy player.",
            Effect(dice=3),
        ),
        (
            "Roll a six-sided die and inflict damage to an enemy player equal to the result.",
            Effect(dice=1),
        ),
        ("Roll 2 six-sided dice and inflict the total as damage to an enemy.", Effect(dice=2)),
        ("Increase the SP of target minion by 2.", Effect(boost=2)),
        ("Increase target minion's SP by 3.", Effect(boost=3)),
        ("Target 1 minion you control and increase its SP by 1.", Effect(boost=1)),
        ("Increase target minion\u2019s SP by 4.", Effect(boost=4)),
        ("Place 2 Sword Counters on target minion.", Effect(swords=2)),
        ("Place a Sword Counter on target in-play minion you control.", Effect(swords=1)),
        ("3-dice-heal yourself.", Effect()),
        ("2-dice-heal target player.", Effect()),
        ("Sow an extra resource this turn.", Effect(extra_sow=1)),
        ("You may sow 2 additional resources.", Effect(extra_sow=2)),
        ("Silo the top card of your deck.", Effect(silo=1)),
        ("Silo the top 2 cards of your deck.", Effect(silo=2)),
        ("Down-level target card in your hand by 2.", Effect(down_level=2)),
    ],
)
def test_modeled_sentences(sentence: str, effect: Effect) -> None:
    assert read_sentence(sentence, "spell") == effect


@pytest.mark.parametrize(
    "sentence",
    [
        "Destroy target minion.",
        "Inflict 3 damage to target minion.",
        "Draw 1 card for each minion you control.",
        "Increase the SP of each minion you control by 1.",
        "3-dice-heal an enemy player.",
        "Place 1 Weakness Counter on target minion.",
        "Silo 1 card from your hand.",
        "Inflict 3 damage to an enemy player and draw 1 card.",
        "Increase this card's SP by 2.",  # a spell has no "this card" in play
        "Place 1 Sword Counter on this card.",
    ],
)
def test_unmodeled_sentences(sentence: str) -> None:
    assert read_sentence(sentence, "spell") is None


def test_self_references_are_read_for_minions() -> None:
    assert read_sentence("Place 1 Sword Counter on this card.", "activated") == Effect(
        self_swords=1
    )
    # An exhausted minion cannot attack with the extra SP: modeled, but worth nothing.
    assert read_sentence("Increase this card's SP by 2.", "activated") == Effect()
    assert read_sentence("Down-level target card in your hand by 1.", "activated") is None


def test_spells_add_up_their_sentences() -> None:
    abilities = read_abilities("spell", "Inflict 5 damage to an enemy player. Draw 1 card.")
    assert abilities.modeled and abilities.cast == Effect(damage=5, draw=1)


def test_empty_text_is_modeled() -> None:
    assert read_abilities("minion", "").modeled
    assert read_abilities("spell", "  ").modeled


def test_minion_abilities_by_paragraph_with_names_and_conditions() -> None:
    text = (
        "FIRE BREATH: When this card is summoned: Inflict 2 damage to an enemy player.\n"
        "SCRIBE: Draw 1 card.\n"
        "SHARPEN Place 2 Sword Counters on this card."
    )
    abilities = read_abilities("minion", text)
    assert abilities.modeled
    assert abilities.on_summon == Effect(damage=2)
    assert abilities.activated == (Effect(draw=1), Effect(self_swords=2))


@pytest.mark.parametrize(
    "text",
    [
        "Ghost-play: Draw 1 card.",
        "Self-exhaust this card \u2192 Draw 1 card.",
        "Self-destroy this card -> Inflict 3 damage to an enemy player.",
        "When this card is destroyed: Draw 1 card.",
        "Draw 1 card.\nDestroy target minion.",
    ],
)
def test_unmodeled_minion_texts(text: str) -> None:
    assert not read_abilities("minion", text).modeled


def test_spells_with_activation_conditions_are_unmodeled() -> None:
    assert not read_abilities("spell", "When an enemy minion attacks: Draw 1 card.").modeled


def test_policy_lists_every_pattern_verbatim() -> None:
    text = POLICY.read_text(encoding="utf-8")
    for name, pattern in PATTERNS.items():
        assert pattern in text, name
