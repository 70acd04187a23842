"""The one reader: ability text → abilities → the guide's components and their numbers."""

import time

import pytest

from cards.rules import GuideError, RulesError, read_card_text
from cards.rules.abilities import parse_ability
from cards.rules.reader import MAX_NUMBER, MAX_TEXT


def ids(text, edition=14):
    reading = read_card_text(text, edition)
    return [[use.id for use in ability.components()] for ability in reading.abilities]


def only(text, edition=14):
    reading = read_card_text(text, edition)
    assert len(reading.abilities) == 1
    return reading.abilities[0]


def codes(findings):
    return [finding.code for finding in findings]


def test_an_ability_is_read_into_name_condition_costs_and_sub_abilities():
    ability = only(
        "THOR'S HAMMER: When you take damage: self-exhaust 2 resources→ "
        "Target 1 in-play card; destroy it. Draw 2 cards."
    )
    assert ability.readable and not ability.notes
    assert ability.name == "THOR'S HAMMER"
    assert ability.condition.id == "condition.when-you-take-damage"
    assert [(c.id, c.variables) for c in ability.costs] == [
        ("cost.self-exhaust-x-resources", {"x": 2})
    ]
    first, second = ability.sub_abilities
    assert first.target.id == "target.target-up-to-x-in-play-cards"
    assert first.target.variables == {"x": 1} and first.single_target
    assert [e.id for e in first.effects] == ["effect.destroy-the-targets"]
    assert second.target is None and second.effects[0].variables == {"x": 2}


def test_spans_point_into_the_card_text():
    text = "GREED:   Draw 2 cards.\n\nTarget this card;  bounce it."
    reading = read_card_text(text, 14)
    draw = reading.abilities[0].sub_abilities[0].effects[0]
    assert text[draw.start : draw.end] == draw.text == "Draw 2 cards"
    bounce = reading.abilities[1].sub_abilities[0].effects[0]
    assert text[bounce.start : bounce.end] == "bounce it"


def test_a_name_with_digits_and_an_apostrophe_is_a_name_for_every_reader():
    """The rules' outline and the component reader agree: one reader."""
    text = "R2-D2'S CHARGE: Draw 1 card."
    ability = only(text)
    assert ability.readable and ability.name == "R2-D2'S CHARGE"
    assert text[slice(*ability.name_span)] == "R2-D2'S CHARGE"  # what the renderer sets bold
    assert ability.outline.name == parse_ability(text).name == "R2-D2'S CHARGE"
    assert ability.outline.sub_abilities == ("Draw 1 card.",)


# -- the guides' own examples -------------------------------------------------------------------


@pytest.mark.parametrize("edition", [13, 14, 15, 16, 17])
def test_the_name_example_greed(edition):
    ability = only("GREED: Draw 2 cards.", edition)
    assert ability.readable and not ability.notes
    assert ability.name == "GREED"
    assert ability.sub_abilities[0].effects[0].variables == {"x": 2}


def test_the_fourteenth_cost_example_joins_three_costs_as_a_list():
    costs = "Self-exhaust 1 resource, self-destroy 1 in-play card, and self-sheathe 1 random card"
    ability = only(costs + " in your hand→ Draw 1 card.")
    assert ability.readable and not ability.notes
    assert [c.id for c in ability.costs] == [
        "cost.self-exhaust-x-resources",
        "cost.self-destroy-x-in-play-cards",
        "cost.self-sheathe-x-random-cards-in-your-hand",
    ]


def test_the_seventeenth_cost_example_uses_on_field_minions():
    ability = only(
        "Self-exhaust 1 resource, self-destroy 1 on-field minion, and self-sheathe 1 random card"
        " in your hand→ Draw 1 card.",
        17,
    )
    assert ability.readable and not ability.notes


def test_the_thirteenth_cost_example_joins_costs_with_also():
    ability = only("Self-exhaust 1 resource, also self-destroy 1 in-play card→ Draw 1 card.", 13)
    assert ability.readable and not ability.notes
    assert len(ability.costs) == 2


def test_costs_joined_as_another_edition_does_are_read_with_a_note():
    ability = only("Self-exhaust 1 resource, also self-destroy 1 in-play card→ Draw 1 card.", 14)
    assert ability.readable and len(ability.costs) == 2
    assert codes(ability.notes) == ["cost_joining"]
    assert "A and B→" in ability.notes[0].message


def test_the_target_example_drops_up_to_and_the_plural_for_one_target():
    written_as_guide = only("Target 1 in-play card; destroy it.")
    assert written_as_guide.readable and not written_as_guide.notes
    not_yet_singular = only("Target up to 1 in-play cards; destroy the targets.")
    assert not_yet_singular.readable
    assert [n.text for n in not_yet_singular.notes] == ["up to ", "cards", "the targets"]
    components = [u.id for u in written_as_guide.components()]
    assert components == [u.id for u in not_yet_singular.components()]


def test_the_effect_example_draw_then_destroy():
    ability = only("Target up to 2 in-play cards; draw 1 card, then destroy the targets.")
    assert ability.readable and not ability.notes
    assert ability.sub_abilities[0].joins == ("then",)


def test_the_eleventh_cost_example_names_a_cost_the_guide_does_not_list():
    # The guide's own example reads "Exhaust 1 resource"; its component is "Self-exhaust".
    ability = only("Exhaust 1 resource, then target this card; Bounce the target.", 11)
    assert codes(ability.problems) == ["not_a_component"]
    assert 'nearest is "Self-exhaust x resources;"' in ability.problems[0].message
    fixed = only("Self-exhaust 1 resource, then target this card; Bounce the target.", 11)
    assert fixed.readable and not fixed.notes
    also_fixed = only("Self-exhaust 1 resource; Target this card; Bounce the target.", 11)
    assert [u.id for u in also_fixed.components()] == [u.id for u in fixed.components()]


def test_the_eleventh_effect_example_chains_sentences_or_commas_alike():
    sentences = only("Target up to 2 in-play cards; Deck-stack the targets. Draw 2 cards.", 11)
    chained = only("Target up to 2 in-play cards; Deck-stack the targets, then draw 2 cards.", 11)
    assert sentences.readable and chained.readable
    assert [u.id for u in sentences.components()] == [u.id for u in chained.components()]
    assert len(sentences.sub_abilities) == 1  # no sub-abilities in the 11th: one run of effects


def test_the_eleventh_name_example_is_not_made_of_components():
    ability = only("HEALING: Roll 2 six-sided dice and increase your HP by the result.", 11)
    assert ability.name == "HEALING"
    assert codes(ability.problems) == ["not_a_component"]
    assert "Roll 2 six-sided dice" in ability.problems[0].text


def test_the_eleventh_caveat_with_its_suggested_tutorial_text():
    reading = read_card_text(
        "Berzerker. (Destroyed if unexhausted at the end of your own Battle Phase.)\nDraw 1 card.",
        11,
    )
    assert reading.readable
    assert [c.id for c in reading.caveats] == ["caveat.berzerker"]
    assert len(reading.abilities) == 1


def test_a_caveat_comes_before_the_abilities_and_only_one():
    reading = read_card_text("Draw 1 card.\nCannot attack.\nCannot defend.", 11)
    assert codes(reading.problems) == ["caveat_after_ability", "caveat_after_ability"] + [
        "too_many_caveats"
    ]


def test_the_eleventh_allows_one_cost():
    ability = only("Self-exhaust 1 resource, self-exhaust 1 creature; Draw 1 card.", 11)
    assert "too_many_costs" in codes(ability.problems)


# -- the texts of the site's starter set and of the spec -----------------------------------------


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("RIPPLE: When this card is summoned: Draw 1 card.", "activation condition"),
        ("Sheathe target minion.", "effect"),
        ("Place 2 Sword Counters on target minion.", "effect"),
        ("Pay 1 HP → Draw 1 card.", "activation cost"),
        ("Target the enemy's best card; destroy it.", "target selection"),
    ],
)
def test_texts_that_are_not_components_say_which_part_and_why(text, kind):
    ability = only(text)
    assert not ability.readable
    problem = ability.problems[0]
    assert problem.code == "not_a_component"
    assert f"14th Edition guide's {kind}s" in problem.message
    assert text[problem.start : problem.end] == problem.text


def test_the_nearest_component_is_suggested():
    problem = only("Sheathe target minion.").problems[0]
    assert 'nearest is "sheathe the targets."' in problem.message


def test_an_effect_on_targets_needs_a_target_selection():
    ability = only("Draw 1 card, then destroy the targets.")
    assert codes(ability.problems) == ["needs_target"]
    assert ability.problems[0].text == "destroy the targets"


def test_t_belongs_to_its_own_sub_ability():
    ability = only("Target 1 in-play card; destroy it. Bounce it.")
    assert codes(ability.problems) == ["needs_target"]
    assert ability.problems[0].text == "Bounce it"


def test_a_target_selection_without_an_effect():
    ability = only("Target 1 in-play card;")
    assert codes(ability.problems) == ["missing_component"]


def test_tutorial_text_in_parentheses_is_ignored():
    ability = only("Draw 2 cards (put the top 2 cards of your deck into your hand).")
    assert ability.readable and ability.sub_abilities[0].effects[0].variables == {"x": 2}
    with_condition = only(
        "SHIELD: When this card defends, after Defense Formation (ghost-play) (play it for free):"
        " Target this card; place 1 Shield Counter on it."
    )
    assert with_condition.readable


def test_case_quotes_arrows_and_spacing_are_forgiven():
    # A name is in capitals: "greed:" is read as the name it was meant as, and said to be
    # none for want of them.
    typed = only("greed:  self-exhaust 2 resources -> DRAW 2 CARDS.")
    assert typed.name == "greed" and typed.problems[0].code == "name_not_in_capitals"
    ability = only("GREED: SELF-EXHAUST 2 RESOURCES -> draw  2 cards.")
    assert ability.readable
    assert only(
        "See enemy\u2019s hand and target up to 2 cards therein; bury the targets."
    ).readable


def test_an_effect_without_a_full_stop_is_read_with_a_note():
    ability = only("Draw 2 cards")
    assert ability.readable and codes(ability.notes) == ["no_full_stop"]


def test_zero_is_not_a_variable_amount():
    ability = only("Draw 0 cards.")
    assert codes(ability.problems) == ["bad_number"]


def test_huge_numbers_are_refused_with_a_reason_not_a_hang():
    at_limit = only(f"Draw {MAX_NUMBER} cards.")
    assert at_limit.readable
    too_large = only(f"Draw {MAX_NUMBER + 1} cards.")
    assert codes(too_large.problems) == ["number_too_large"]
    absurd = "Draw " + "9" * 5000 + " cards."
    started = time.perf_counter()
    assert codes(only(absurd).problems) == ["number_too_large"]
    assert time.perf_counter() - started < 1


def test_fifty_abilities_are_read():
    text = "\n".join(f"ABILITY {n}: Draw {n + 1} cards." for n in range(50))
    reading = read_card_text(text, 14)
    assert reading.readable and len(reading.abilities) == 50


def test_a_text_longer_than_any_card_is_refused():
    reading = read_card_text("Draw 1 card. " * (MAX_TEXT // 10), 14)
    assert codes(reading.problems) == ["text_too_long"] and not reading.readable


@pytest.mark.parametrize(
    "text",
    [
        "",
        " \n\n ",
        ":",
        "→",
        "((((",
        "))))",
        "Target",
        "; ; ;",
        "Draw x cards.",
        "\u0663 cards",  # an Arabic-Indic digit is not a number of the guide
        "Draw \u0663 cards.",
        "\x00\x01",
        "NAME:",
        "Target up to 3 in-play cards; destroy the targets, then",
    ],
)
def test_nonsense_never_raises(text):
    for edition in (11, 13, 14, 17):
        reading = read_card_text(text, edition)
        if text.strip():
            assert reading.abilities or reading.caveats or reading.problems
        assert all(ability.problems or ability.readable for ability in reading.abilities)


def test_text_that_is_not_a_string_is_a_problem_not_an_error():
    assert codes(read_card_text(12, 14).problems) == ["not_text"]
    assert read_card_text(None, 14).readable


def test_an_edition_without_a_guide_is_a_rules_error():
    with pytest.raises(GuideError):
        read_card_text("Draw 1 card.", 10)
    assert issubclass(GuideError, RulesError)


def test_readings_are_cached_by_text():
    text = "CACHED: Target up to 3 in-play cards; bounce the targets."
    assert read_card_text(text, 14) is read_card_text(text, 14)


def test_the_reading_as_plain_data():
    data = read_card_text("GREED: Draw 2 cards.", 14).as_dict()
    ability = data["abilities"][0]
    assert ability["name"] == "GREED" and ability["readable"]
    assert ability["sub_abilities"][0]["effects"][0] == {
        "id": "effect.draw-x-cards",
        "kind": "effect",
        "text": "Draw 2 cards",
        "variables": {"x": 2},
    }
