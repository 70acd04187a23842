"""The goldfish reads cards only through the guide's reader, and knows every 14th component."""

from pathlib import Path

import pytest

from cards import rules
from decks.goldfish import abilities
from decks.goldfish.abilities import Cost, Effect, read_abilities

GOLDFISH = Path(__file__).resolve().parents[3] / "decks" / "goldfish"
GUIDE = rules.get_guide(14)


def test_the_goldfish_has_no_patterns_of_its_own() -> None:
    # One reader: no regular expressions over card text inside the goldfish.
    for path in GOLDFISH.glob("*.py"):
        source = path.read_text(encoding="utf-8")
        assert "re.compile" not in source or path.name == "model.py", path.name


@pytest.mark.parametrize("component", GUIDE.of_kind(rules.ComponentKind.CONDITION), ids=str)
def test_every_condition_is_played_or_never_met_with_a_reason(component: rules.Component) -> None:
    if component.id == abilities.ATTACKS:
        return
    assert abilities.NEVER_MET[component.id].startswith("never met: ")


@pytest.mark.parametrize("component", GUIDE.of_kind(rules.ComponentKind.COST), ids=str)
def test_every_cost_is_paid_or_refused_with_a_reason(component: rules.Component) -> None:
    known = abilities.COST_FIELDS.keys() | abilities.LEAVES.keys() | abilities.UNPAID_COSTS.keys()
    assert component.id in known


@pytest.mark.parametrize("component", GUIDE.of_kind(rules.ComponentKind.TARGET), ids=str)
def test_every_target_selection_has_a_zone(component: rules.Component) -> None:
    assert component.id in abilities.ZONES


@pytest.mark.parametrize("component", GUIDE.of_kind(rules.ComponentKind.EFFECT), ids=str)
@pytest.mark.parametrize("zone", [None, *sorted(set(abilities.ZONES.values()))])
@pytest.mark.parametrize("kind", ["minion", "spell"])
def test_every_effect_is_modeled_or_does_nothing_with_a_reason(
    component: rules.Component, zone: str | None, kind: str
) -> None:
    x = 2 if "x" in component.letters else 0
    outcome = abilities.effect_outcome(component.id, x, zone, 2, kind)
    explained = outcome.reason or outcome.forbids
    assert (not outcome.effect.is_noop) != bool(explained), (outcome, component.id, zone)
    assert explained is None or "does not play this component" not in explained


def read(text: str, kind: str = "minion") -> abilities.CardAbilities:
    return read_abilities(kind, text, 14)


def test_an_ability_without_condition_is_used_in_the_action_phase() -> None:
    card = read("GREED: Draw 2 cards.")
    assert card.modeled
    assert card.uses == (abilities.Use("action", Cost(), Effect(draw=2)),)


def test_an_attack_condition_triggers_on_attack_and_its_counters_join_it() -> None:
    card = read(
        "FURY: When this card attacks, after Attack Formation (ghost-play): Target this card;"
        " place 2 Sword Counters on it."
    )
    assert card.uses == (abilities.Use("attack", Cost(), Effect(self_swords=2)),)
    spell = read(
        "When this card attacks, after Attack Formation (ghost-play): Draw 1 card.", "spell"
    )
    assert spell.modeled and spell.uses == ()
    assert spell.ignored[0].reason == "never met: a spell never attacks"


def test_conditions_the_goldfish_never_meets_list_every_component() -> None:
    card = read("BRACE: When you take damage: Draw 1 card.")
    assert card.modeled and card.uses == ()
    assert [item.component for item in card.ignored] == [
        "condition.when-you-take-damage",
        "effect.draw-x-cards",
    ]
    assert all("deals no damage" in item.reason for item in card.ignored)


def test_costs_are_read_as_what_they_take() -> None:
    assert read("Self-exhaust 2 resources\u2192 Draw 3 cards.", "spell").uses[0].cost == Cost(
        resources=2
    )
    assert read(
        "Self-bury 1 random card in your hand and self-destroy 2 resources\u2192 Draw 3 cards.",
        "spell",
    ).uses[0].cost == Cost(lose_resources=2, hand=1)
    assert read("DIG: Self-destroy 1 in-play card\u2192 Draw 3 cards.").uses[0].cost == Cost(
        leaves="gone"
    )
    refused = read("DIG: Self-exhaust 1 minion\u2192 Draw 3 cards.")
    assert refused.modeled and refused.uses == ()
    assert refused.ignored[0].component == "cost.self-exhaust-x-minions"


def test_targets_decide_what_an_effect_does() -> None:
    assert read("Target up to 3 in-play cards; place 1 Sword Counter on each target.", "spell")
    assert read(
        "Target up to 3 in-play cards; place 1 Sword Counter on each target.", "spell"
    ).uses[0].effect == Effect(swords=1, sword_targets=3)
    assert read("Target up to 2 cards on the top of any deck; silo the targets.", "spell").uses[
        0
    ].effect == Effect(silo=2)
    assert read(
        "Excavate 3 cards and target up to 1 excavated card; bounce the target.", "spell"
    ).uses[0].effect == Effect(draw=1)
    assert read("Target 1 card in your hand; silo it.", "spell").uses[0].effect == Effect(stash=1)


def test_an_ability_that_would_remove_its_own_minion_is_never_used() -> None:
    card = read("FLEE: Target this card; bounce it, then draw 2 cards.")
    assert card.modeled and card.uses == ()
    assert {item.component for item in card.ignored} == {
        "target.target-this-card",
        "effect.bounce-the-targets",
        "effect.draw-x-cards",
    }


def test_heal_does_nothing_and_says_why() -> None:
    card = read("MEND: 2-dice-heal yourself.")
    assert card.modeled and card.uses == ()
    assert card.ignored[0].as_dict() == {
        "component": "effect.x-dice-heal-yourself",
        "text": "2-dice-heal yourself",
        "reason": "the goldfish never damages you, so healing does nothing",
    }


@pytest.mark.parametrize(
    "text",
    [
        "When this card is summoned: Inflict 2 damage to an enemy player.",
        "Inflict 2 damage to one target.",
        "Destroy every minion.",
    ],
)
def test_text_not_made_of_components_is_unmodeled(text: str) -> None:
    assert not read(text).modeled


def test_a_card_is_read_by_its_design_edition_guide() -> None:
    # The 11th guide's condition "When you take at least x damage:" is no 14th component.
    text = "BRACE: When you take at least 5 damage: Draw 1 card."
    assert read_abilities("minion", text, 11).modeled
    assert not read_abilities("minion", text, 14).modeled


def test_a_card_is_read_as_its_design_editions_rulebook_refurbishes_it() -> None:
    # The 13th guide's ghost-play condition is no 14th component, but the 14th rulebook
    # refurbishes it to hex-play, which is; the check of the card reads it so too.
    text = (
        "HAUNT: When this card in your hand is destroyed (ghost-play, must pay resource cost):"
        " Draw 1 card."
    )
    assert read_abilities("minion", text, 13).ignored[0].component == (
        "condition.when-this-card-in-your-hand-is-destroyed-ghost-play-must-pay-resource-cost"
    )
    assert read_abilities("minion", text, 14).ignored[0].component == (
        "condition.when-this-card-in-your-hand-is-destroyed-hex-play"
    )


@pytest.mark.parametrize(
    "component",
    rules.get_guide(11).of_kind(rules.ComponentKind.CONDITION),
    ids=lambda component: component.id,
)
def test_every_11th_condition_is_never_met_with_a_reason(component: rules.Component) -> None:
    assert abilities.NEVER_MET[component.id].startswith("never met: ")


def test_an_11th_condition_written_as_its_rulebook_does_is_never_met() -> None:
    # The 11th rulebook's form: the condition is the first sentence, opening with "Activate";
    # "when you take damage" reads "when you take at least 5 damage" by its revised texts.
    card = read_abilities("minion", "Activate when you take damage. Draw 1 card.", 11)
    assert card.modeled and card.uses == ()
    assert [(item.component, item.text) for item in card.ignored] == [
        ("condition.when-you-take-at-least-x-damage", "Activate when you take at least 5 damage"),
        ("effect.draw-x-cards", "Draw 1 card"),
    ]
    assert all(item.reason == "never met: the goldfish deals no damage" for item in card.ignored)
