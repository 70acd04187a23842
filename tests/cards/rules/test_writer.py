"""The writer: chosen components and numbers → text in the guide's grammar."""

import pytest

from cards.rules import (
    AbilityDesign,
    Choice,
    DesignError,
    SubAbilityDesign,
    write_ability,
    write_card_text,
    write_component,
)

DESTROY = Choice("effect.destroy-the-targets")
IN_PLAY = "target.target-up-to-x-in-play-cards"


def draw(number):
    return Choice("effect.draw-x-cards", {"x": number})


def test_thors_hammer_is_written_as_the_guide_asks():
    design = AbilityDesign(
        (SubAbilityDesign((DESTROY,), Choice(IN_PLAY, {"x": 1})),), name="Thor's hammer"
    )
    assert write_ability(design, 14) == "THOR'S HAMMER: Target 1 in-play card; destroy it."


def test_several_targets_keep_up_to_and_the_plural():
    design = AbilityDesign((SubAbilityDesign((DESTROY, draw(1)), Choice(IN_PLAY, {"x": 2})),))
    assert write_ability(design, 14) == (
        "Target up to 2 in-play cards; destroy the targets, then draw 1 card."
    )


def test_it_only_right_after_the_target_selection():
    sword = Choice("effect.place-x-sword-counters-on-each-target", {"x": 1})
    design = AbilityDesign(
        (SubAbilityDesign((DESTROY, sword), Choice(IN_PLAY, {"x": 1}), ("also",)),)
    )
    assert write_ability(design, 14) == (
        "Target 1 in-play card; destroy it, also place 1 Sword Counter on the target."
    )


@pytest.mark.parametrize(
    ("edition", "count", "expected"),
    [
        (14, 2, "Self-exhaust 1 resource and self-destroy 2 in-play cards→ Draw 1 card."),
        (
            14,
            3,
            "Self-exhaust 1 resource, self-destroy 2 in-play cards, and self-sheathe 1 random"
            " card in your hand→ Draw 1 card.",
        ),
        (13, 2, "Self-exhaust 1 resource, also self-destroy 2 in-play cards→ Draw 1 card."),
    ],
)
def test_costs_are_joined_as_the_edition_says(edition, count, expected):
    costs = (
        Choice("cost.self-exhaust-x-resources", {"x": 1}),
        Choice("cost.self-destroy-x-in-play-cards", {"x": 2}),
        Choice("cost.self-sheathe-x-random-cards-in-your-hand", {"x": 1}),
    )[:count]
    design = AbilityDesign((SubAbilityDesign((draw(1),)),), costs=costs)
    assert write_ability(design, edition) == expected


def test_a_cost_after_a_condition_starts_small():
    design = AbilityDesign(
        (SubAbilityDesign((draw(2),)),),
        condition=Choice("condition.when-you-take-damage"),
        costs=(Choice("cost.self-exhaust-x-resources", {"x": 2}),),
    )
    assert write_ability(design, 14) == (
        "When you take damage: self-exhaust 2 resources→ Draw 2 cards."
    )


def test_the_eleventh_writes_its_caveat_and_agrees_its_verb():
    condition = Choice("condition.when-at-least-x-cards-in-your-hand-are-destroyed", {"x": 1})
    design = AbilityDesign((SubAbilityDesign((draw(1),)),), condition=condition)
    text = write_card_text([design], 11, caveat=Choice("caveat.cannot-attack"))
    assert text == "Cannot attack.\nWhen at least 1 card in your hand is destroyed: Draw 1 card."


def test_one_component_as_listed():
    choice = Choice("target.excavate-x-cards-and-target-up-to-y-excavated-cards", {"x": 5, "y": 1})
    assert write_component(choice, 14) == "Excavate 5 cards and target 1 excavated card;"


@pytest.mark.parametrize(
    ("design", "message"),
    [
        (AbilityDesign((SubAbilityDesign((Choice("effect.nope"),)),)), "no component"),
        (
            AbilityDesign((SubAbilityDesign((Choice(IN_PLAY, {"x": 1}),)),)),
            "is a target selection, not an effect",
        ),
        (AbilityDesign((SubAbilityDesign((Choice("effect.draw-x-cards"),)),)), "missing: x"),
        (AbilityDesign((SubAbilityDesign((draw(0),)),)), "from 1 to"),
        (AbilityDesign((SubAbilityDesign((draw(10**10),)),)), "from 1 to"),
        (AbilityDesign((SubAbilityDesign((draw(True),)),)), "whole number"),
        (AbilityDesign(()), "at least one effect"),
        (AbilityDesign((SubAbilityDesign((draw(1),)),), name="a: b"), "capitals"),
        (AbilityDesign((SubAbilityDesign((draw(1), draw(2)), joins=("and",)),)), "joined"),
    ],
)
def test_bad_designs_are_design_errors_with_a_message(design, message):
    with pytest.raises(DesignError, match=message):
        write_ability(design, 14)


def test_the_eleventh_allows_one_cost_and_no_sub_abilities():
    cost = Choice("cost.self-exhaust-x-resources", {"x": 1})
    with pytest.raises(DesignError, match="1 activation cost"):
        write_ability(AbilityDesign((SubAbilityDesign((draw(1),)),), costs=(cost, cost)), 11)
    two = (SubAbilityDesign((draw(1),)), SubAbilityDesign((draw(2),)))
    with pytest.raises(DesignError, match="no sub-abilities"):
        write_ability(AbilityDesign(two), 11)
