"""Verdicts on single cards: each reason and warning, and the order of verdicts."""

import dataclasses
import math

import pytest

from cards.rules import (
    Card,
    CardCheck,
    Kind,
    UnknownEdition,
    Verdict,
    check_card,
    get_edition,
)

from .helpers import minion, spell


def codes(check: CardCheck) -> list[str]:
    return [reason.code for reason in check.reasons]


def warning_codes(check: CardCheck) -> list[str]:
    return [warning.code for warning in check.warnings]


# -- legal -----------------------------------------------------------------------------------


def test_a_well_made_card_is_legal():
    text = "FIRE BREATH: Self-exhaust 1 resource→ Target 1 in-play card; destroy it."
    # SP 1 + HP 3 ÷ 2 = 2.5 → 3; destroy 2t = 2, less the cost x/2 = 0.5 → 1.5 → 2; total 5
    check = check_card(minion(text, level=5), 14)

    assert check.verdict is Verdict.LEGAL
    assert (check.reasons, check.warnings, check.replacements) == ((), (), ())
    assert check.text == text
    assert check.playable
    assert (check.level.declared, check.level.computed) == (5, 5)


def test_a_minion_may_have_0_hp_and_a_card_level_0():
    assert check_card(minion("", level=0, sp=0, hp=0), 14).verdict is Verdict.LEGAL
    # draw 1: 2x = 2, less self-bury 1 in-play card 4x = 4: a spell ability may be level 0
    assert check_card(spell("Self-bury 1 in-play card→ Draw 1 card.", level=0), 14).verdict is (
        Verdict.LEGAL
    )


def test_a_whole_float_is_a_whole_number():
    # SP 1 + HP 2 ÷ 2 = 2; draw 1: 2; total 4
    assert check_card(minion("TINY: Draw 1 card.", level=4.0, hp=2.0), 14).verdict is (
        Verdict.LEGAL
    )


def test_13th_edition_cards_are_legal_in_the_14th():
    assert check_card(spell(design_edition=13), 14).verdict is Verdict.LEGAL


# -- invalid ---------------------------------------------------------------------------------


@pytest.mark.parametrize("edition", [13, 14])
def test_no_edition_indicator_is_invalid_where_required(edition):
    check = check_card(spell(design_edition=None), edition)

    assert check.verdict is Verdict.INVALID
    assert codes(check) == ["missing_edition_indicator"]
    assert check.reasons[0].section == "#banned"
    assert "'Refurbished and Pruned Cards'" in check.reasons[0].message


@pytest.mark.parametrize("indicator", [0, -3, True, "14", 13.5])
def test_an_indicator_that_is_no_edition_number_is_invalid(indicator):
    check = check_card(spell(design_edition=indicator), 14)

    assert "bad_edition_indicator" in codes(check)


@pytest.mark.parametrize(("design", "edition"), [(15, 14), (14, 11), (13, 11), (14, 13)])
def test_a_card_designed_for_a_later_edition_is_invalid(design, edition):
    check = check_card(spell(design_edition=design), edition)

    assert check.verdict is Verdict.INVALID
    assert codes(check) == ["future_design_edition"]


def test_a_card_of_no_known_kind_is_invalid():
    check = check_card(Card("Snare", "trap", 14, level=1, ability_text="Draw 1 card."), 14)

    assert codes(check) == ["unknown_kind"]
    assert "'trap' is not a card type" in check.reasons[0].message


def test_kind_is_read_from_a_string():
    assert Card("A", "minion", 14, 1, 1, 1).kind is Kind.MINION
    assert Card("A", " Spell ", 14, 1).kind is Kind.SPELL
    assert Card("A", Kind.SPELL, 14, 1).kind == "spell"


def test_a_card_without_level_is_judged_with_the_computed_level():
    check = check_card(spell(level=None), 14)

    assert check.verdict is Verdict.LEGAL
    assert (check.level.declared, check.level.computed) == (None, 2)


def test_a_card_without_level_whose_guide_computes_none_is_invalid():
    # The guide's reason says why it computes none: no second reason for the level.
    check = check_card(spell("Sheathe target minion.", level=None), 14)
    assert codes(check) == ["not_a_component"]
    # No guide on file: no level at all.
    unguided = check_card(spell("2-dice-heal yourself.", design_edition=9, level=None), 11)
    assert codes(unguided) == ["missing_level"]
    assert "the card has no resource cost" in unguided.reasons[0].message  # the 11th's level


@pytest.mark.parametrize(
    ("stat", "value"),
    [("level", -1), ("sp", -2), ("hp", -1), ("level", -0.0001)],
)
def test_a_negative_stat_is_invalid(stat, value):
    check = check_card(minion("ZAP: Draw 1 card.", **{stat: value}), 14)

    assert "negative_stat" in codes(check)
    assert check.verdict is Verdict.INVALID


@pytest.mark.parametrize(
    ("stat", "value"),
    [
        ("level", 2.5),
        ("sp", 0.1),
        ("hp", 1.5),
        ("level", math.nan),
        ("level", math.inf),
        ("sp", True),
        ("hp", False),
        ("level", "3"),
    ],
)
def test_a_stat_that_is_not_a_whole_number_is_invalid(stat, value):
    check = check_card(minion("ZAP: Draw 1 card.", **{stat: value}), 14)

    assert "non_integer_stat" in codes(check)


def test_a_negative_fraction_is_both_negative_and_not_whole():
    assert codes(check_card(spell(level=-1.5), 14)) == ["negative_stat", "non_integer_stat"]


@pytest.mark.parametrize(("sp", "hp"), [(1, None), (None, 1), (0, 0), (2, 3)])
def test_a_spell_with_sp_or_hp_is_invalid(sp, hp):
    check = check_card(spell(sp=sp, hp=hp), 14)

    assert codes(check) == ["spell_with_stats"]
    assert check.reasons[0].section == "#cardtypes"


@pytest.mark.parametrize(
    ("sp", "hp", "missing"), [(None, 1, "SP"), (1, None, "HP"), (None, None, "SP or HP")]
)
def test_a_minion_without_sp_or_hp_is_invalid(sp, hp, missing):
    check = check_card(minion("ZAP: Draw 1 card.", sp=sp, hp=hp), 14)

    assert codes(check) == ["minion_without_stats"]
    assert f"this one has no {missing}." in check.reasons[0].message


def test_the_11th_speaks_of_creatures_offense_and_defense():
    check = check_card(minion("Draw 1 card.", design_edition=11, hp=None), 11)

    assert check.reasons[0].message == (
        "Invalid: a creature must have offense and defense; this one has no defense."
        " See 'Creatures' in the 11th Edition rulebook."
    )


def test_a_spell_with_several_abilities_is_invalid():
    check = check_card(spell("Draw 1 card.\nDraw 2 cards.\n\n1-dice-heal yourself.", level=2), 14)

    assert codes(check) == ["spell_with_several_abilities"]
    assert "this one has 3" in check.reasons[0].message
    assert check.reasons[0].section == "#spells"


def test_blank_lines_do_not_make_a_spell_two_abilities():
    # two sub-abilities: draw 1 (2x = 2) and 2-dice-heal (x = 2): level 4
    card = spell("\n\nDraw 1 card. 2-dice-heal yourself.\n\n", level=4)
    assert check_card(card, 14).verdict is Verdict.LEGAL


def test_every_invalid_reason_is_given():
    card = Card("Mess", "spell", None, level=-1, sp=2, ability_text="Draw 1.\nDraw 2.")

    check = check_card(card, 14)

    assert codes(check) == [
        "missing_edition_indicator",
        "negative_stat",
        "spell_with_stats",
        "spell_with_several_abilities",
    ]


# -- pruned ----------------------------------------------------------------------------------


def test_a_card_from_before_the_clean_slate_is_pruned():
    check = check_card(spell(design_edition=11), 14)

    assert check.verdict is Verdict.PRUNED
    assert codes(check) == ["before_clean_slate"]
    assert check.reasons[0].message == (
        "Pruned: designed for the 11th edition, before the clean slate edition (13th)."
        " See 'Clean Slate Edition' in the 14th Edition rulebook."
    )
    assert check.reasons[0].section == "#cleanslate"


def test_the_12th_is_before_the_clean_slate_in_the_13th():
    assert codes(check_card(spell(design_edition=12), 13)) == ["before_clean_slate"]


def test_the_11th_has_no_clean_slate():
    # Not "Draw 1 card.": that is "Draw x cards." at 1, whose cost the 9th revised.
    assert check_card(spell("2-dice-heal yourself.", design_edition=1), 11).verdict is (
        Verdict.LEGAL
    )


def test_every_redacted_and_revised_cost_text_is_a_reason():
    text = "Pay 2 hitpoints. Draw 3 cards. See all targets. Pay 5 hitpoints."

    check = check_card(spell(text, design_edition=8), 11)

    assert [(r.code, r.text) for r in check.reasons] == [
        ("redacted_text", "Pay 2 hitpoints."),
        ("redacted_text", "Pay 5 hitpoints."),
        ("revised_cost_text", "Draw 3 cards."),
        ("revised_cost_text", "See all targets."),
    ]
    assert {r.section for r in check.reasons} == {"#redacted", "#costs"}


# -- refurbished -----------------------------------------------------------------------------


def test_a_refurbished_card_is_playable_with_its_new_text():
    # Its 13th Edition text is a component of the 13th's guide; the 14th refurbishes it.
    text = (
        "SHADE: When this card as a resource is destroyed (ghost-play, must pay resource"
        " cost): Draw 1 card."
    )
    card = minion(text, design_edition=13, level=5)  # ⌈1 + 3 ÷ 2⌉ = 3; draw 1: 2; total 5

    check = check_card(card, 14)

    assert check.verdict is Verdict.REFURBISHED
    assert check.playable
    assert check.text == (
        "SHADE: When this card as a resource is destroyed (hex-play): Draw 1 card."
    )
    assert codes(check) == ["refurbished_text"]


def test_a_text_its_own_rulebook_refurbishes_is_read_refurbished_by_its_guide():
    # Printed with the 13th's words on a 14th Edition card: the 14th's guide reads the text
    # as the 14th's rulebook refurbishes it, "(hex-play)", which is one of its components.
    text = (
        "SHADE: When this card as a resource is destroyed (ghost-play, must pay resource"
        " cost): Draw 1 card."
    )
    check = check_card(minion(text, level=5), 14)

    assert check.verdict is Verdict.REFURBISHED
    assert check.level.computed == 5
    assert check.reading.abilities[0].condition.id == (
        "condition.when-this-card-as-a-resource-is-destroyed-hex-play"
    )


# -- verdict order ---------------------------------------------------------------------------


def test_invalid_comes_before_pruned():
    check = check_card(spell(design_edition=11, level=-1), 14)

    assert check.verdict is Verdict.INVALID
    assert codes(check) == ["negative_stat"]


def test_pruned_comes_before_refurbished():
    text = "Activate when you take damage. Pay 2 hitpoints."

    check = check_card(spell(text, design_edition=11), 11)

    assert check.verdict is Verdict.PRUNED
    assert codes(check) == ["redacted_text"]
    # The refurbishment still shows what the text would read.
    assert check.text == "Activate when you take at least 5 damage. Pay 2 hitpoints."


def test_refurbished_comes_before_legal():
    check = check_card(spell("Target up to 2 resources.", design_edition=11), 11)

    assert check.verdict is Verdict.REFURBISHED


def test_invalid_comes_before_refurbished():
    text = (
        "When this card as a resource is destroyed (ghost-play, must pay resource cost):"
        " Draw 1 card."
    )
    check = check_card(spell(text, sp=1), 14)

    assert check.verdict is Verdict.INVALID
    assert not check.playable


# -- warnings --------------------------------------------------------------------------------


def test_an_unnamed_minion_ability_is_invalid_by_the_14th_guide():
    check = check_card(minion("Draw 1 card.\nPOKE: Draw 2 cards."), 14)

    assert check.verdict is Verdict.INVALID
    assert codes(check) == ["unnamed_minion_ability"]
    assert check.reasons[0].text == "Draw 1 card."
    assert check.reasons[0].section == "#minions"
    assert warning_codes(check) == []


def test_an_unnamed_minion_ability_is_a_rulebook_warning_without_a_guide():
    check = check_card(minion("Draw 1 card.", design_edition=10, level=1), 14)

    assert "unnamed_minion_ability" in warning_codes(check)


def test_an_unnamed_creature_ability_is_fine_in_the_11th():
    assert check_card(minion("Draw 1 card.", design_edition=11), 11).warnings == ()


def test_a_named_spell_ability_is_a_warning_in_the_14th_only():
    card = spell("FIREBALL: Target 1 in-play card; destroy it.", level=2)  # 2t = 2

    assert warning_codes(check_card(card, 14)) == ["spell_ability_named"]
    assert check_card(card, 14).verdict is Verdict.LEGAL
    # The 11th's guide: target this card t = 1/3; destroy 2at = 2/3; rounded up to 1.
    eleventh = spell("FIREBALL: Target this card; Destroy it.", 11, level=1)
    assert check_card(eleventh, 11).warnings == ()


@pytest.mark.parametrize("text", ["", "  \n "])
def test_a_spell_without_ability_text_is_a_warning_and_has_no_level_by_the_guide(text):
    check = check_card(spell(text, level=0), 14)

    assert warning_codes(check) == ["spell_without_ability"]
    # A spell's level is its single ability's: the 14th's guide computes none, so no level
    # printed on it can be right.
    assert check.verdict is Verdict.INVALID
    assert codes(check) == ["level_not_computed"]
    assert "this one has 0" in check.reasons[0].message


def test_a_spell_without_ability_text_is_only_a_warning_without_an_enforced_guide():
    check = check_card(spell("", design_edition=11, level=1), 11)

    assert check.verdict is Verdict.LEGAL
    assert warning_codes(check) == ["spell_without_ability", "level_not_computed"]


def test_an_ability_that_does_nothing_is_a_warning_and_not_made_of_components():
    check = check_card(minion("ZAP: When you take damage: self-exhaust 1 resource→"), 14)

    assert warning_codes(check) == ["ability_without_effect"]
    # The guide requires an effect in every ability.
    assert codes(check) == ["not_a_component"]
    assert "expects an effect here" in check.reasons[0].message


# -- messages and shape ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("card", "edition", "section"),
    [
        (spell(design_edition=None), 14, "edition_indicator"),
        (spell(level=-1), 14, "card_rules"),
        (spell(sp=1), 14, "card_rules"),
        (minion("A: B.", hp=None), 14, "minions"),
        (spell("A.\nB."), 14, "spells"),
        (spell(design_edition=12), 14, "clean_slate"),
        (spell("Pay 1 hitpoints.", design_edition=11), 11, "redacted"),
        (spell("Draw 1 cards.", design_edition=8), 11, "revised_cost"),
        (spell("Target up to 1 resources.", design_edition=11), 11, "refurbished"),
        (spell("Target up to 1 resources.", design_edition=11), 11, "refurbished"),
    ],
)
def test_every_reason_names_its_rulebook_section(card, edition, section):
    rules = get_edition(edition)
    reason = check_card(card, edition).reasons[0]

    assert reason.section == rules.sections[section].anchor
    assert reason.message.endswith(
        f"See '{rules.sections[section].title}' in the {rules.name} rulebook."
    )


def test_as_dict():
    check = check_card(spell("Target up to 2 resources.", design_edition=11), 11)
    # The 11th's own revised text is no ability by its guide: a warning, not a verdict.

    assert check.as_dict() == {
        "edition": 11,
        "verdict": "refurbished",
        "reasons": [
            {
                "code": "refurbished_text",
                "message": (
                    'Refurbished: "Target up to 2 resources." now reads "Target up to 2 of'
                    " your resources.\". See 'Revised Ability Text' in the 11th Edition"
                    " rulebook."
                ),
                "text": "Target up to 2 resources.",
            }
        ],
        "warnings": [
            {
                "code": "not_a_component",
                "message": (
                    'By the 11th Edition guide: "Target up to 2 of your resources" is not one'
                    " of the 11th Edition guide's effects. See the 11th Edition Card Building"
                    " Guide."
                ),
                "text": "Target up to 2 of your resources",
            }
        ],
        "text": "Target up to 2 of your resources.",
    }


def test_checks_and_cards_are_immutable():
    card = spell()
    check = check_card(card, 14)

    with pytest.raises(dataclasses.FrozenInstanceError):
        card.level = 3  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        check.verdict = Verdict.LEGAL  # type: ignore[misc]


def test_an_unknown_edition_is_an_error():
    with pytest.raises(UnknownEdition):
        check_card(spell(), 18)
