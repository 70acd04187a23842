"""The guides' sentences on constructing abilities, applied as written: names, capitals, the
order of the components, and one target selection per ability. Each test quotes its sentence.
"""

from __future__ import annotations

import pytest

from cards.rules import Card, Verdict, check_card
from cards.rules.errors import DesignError
from cards.rules.writer import AbilityDesign, Choice, SubAbilityDesign, write_ability


def _minion(text: str, design_edition: int = 17, level: int | None = None) -> Card:
    return Card("Greedy Imp", "minion", design_edition, level, 1, 2, text)


def _spell(text: str, design_edition: int = 17, level: int | None = None) -> Card:
    return Card("Greedy Spell", "spell", design_edition, level, None, None, text)


def _codes(reasons) -> list[str]:
    return [reason.code for reason in reasons]


# -- "Any minion ability must be named." (12th–17th) ------------------------------------------


@pytest.mark.parametrize("edition", [12, 14, 17])
def test_an_unnamed_minion_ability_makes_the_card_invalid(edition):
    check = check_card(_minion("Draw 2 cards.", design_edition=edition), 17 if edition > 12 else 12)

    assert check.verdict is Verdict.INVALID
    assert _codes(check.reasons) == ["unnamed_minion_ability"]
    assert "must be named" in check.reasons[0].message
    # Said once, as the reason: not again as a warning.
    assert "unnamed_minion_ability" not in _codes(check.warnings)


def test_the_11th_lets_a_creature_ability_go_unnamed():
    # "You may give a name to any creature ability."
    check = check_card(_minion("Draw 1 card.", design_edition=11, level=3), 11)

    assert "unnamed_minion_ability" not in _codes(check.reasons) + _codes(check.warnings)


def test_a_spell_ability_needs_no_name():
    check = check_card(_spell("Draw 2 cards."), 17)

    assert check.verdict is Verdict.LEGAL
    assert check.warnings == ()


def test_a_name_not_in_capitals_says_so():
    # "The name is designated at the beginning of the ability's paragraph in all capital
    # letters, followed by a colon"
    check = check_card(_minion("Greed: Draw 2 cards."), 17)

    assert check.verdict is Verdict.INVALID
    assert _codes(check.reasons) == ["name_not_in_capitals"]
    (reason,) = check.reasons
    assert "capital letters" in reason.message
    assert "“GREED:”" in reason.message
    assert reason.text == "Greed"
    assert "activation condition" not in reason.message
    assert "unnamed_minion_ability" not in _codes(check.warnings)


def test_the_11th_names_in_capitals_too_when_it_names():
    # "If you do so, it must be designated … in all capital letters": the 11th's guide is not
    # enforced, so it is a warning there.
    check = check_card(_minion("Greed: Draw 1 card.", design_edition=11, level=3), 11)

    assert "name_not_in_capitals" in _codes(check.warnings)


def test_a_misspelt_condition_is_still_a_condition_not_a_name():
    check = check_card(_minion("GREED: When you take damagee: Draw 1 card."), 17)

    assert _codes(check.reasons) == ["not_a_component"]
    assert "When you take damage:" in check.reasons[0].message


# -- "If an activation cost does not follow any activation condition or any other activation
#     cost within the ability, its first letter should be capitalized." --------------------


@pytest.mark.parametrize(
    ("text", "written"),
    [
        ("GREED: self-exhaust 1 resource→Draw 2 cards.", "“Self-exhaust”"),
        ("GREED: When you take damage: Self-exhaust 1 resource→Draw 2 cards.", "“self-exhaust”"),
        (
            "GREED: Self-exhaust 1 resource and Self-destroy 1 resource→Draw 2 cards.",
            "“self-destroy”",
        ),
    ],
)
def test_a_cost_takes_its_capital_by_its_place(text, written):
    check = check_card(_minion(text), 17)

    assert check.verdict is Verdict.LEGAL
    assert _codes(check.warnings) == ["guide_wording"]
    assert written in check.warnings[0].message


@pytest.mark.parametrize(
    "text",
    [
        "GREED: Self-exhaust 1 resource→Draw 2 cards.",
        "GREED: When you take damage: self-exhaust 1 resource→Draw 2 cards.",
        "GREED: Self-exhaust 1 resource and self-destroy 1 resource→Draw 2 cards.",
    ],
)
def test_a_cost_written_as_the_guide_writes_it_has_no_warning(text):
    assert check_card(_minion(text), 17).warnings == ()


def test_the_11th_writes_costs_as_listed():
    check = check_card(_minion("Self-exhaust 1 resources; Draw 1 card.", 11, level=3), 11)

    assert not any("capital" in warning.message for warning in check.warnings)


# -- reasons that help -------------------------------------------------------------------------


def test_a_condition_after_a_cost_is_said_to_be_out_of_place():
    check = check_card(
        _minion("GREED: Self-exhaust 1 resource→When you take damage: Draw 1 card."), 17
    )

    assert check.verdict is Verdict.INVALID
    assert _codes(check.reasons) == ["not_a_component"]
    (reason,) = check.reasons
    assert "after an activation cost" in reason.message
    assert "is not one of" not in reason.message
    assert reason.text == "When you take damage:"


def test_an_unreadable_text_is_not_also_missing_its_level():
    check = check_card(_spell("Fly to the moon."), 17)

    assert check.verdict is Verdict.INVALID
    assert _codes(check.reasons) == ["not_a_component"]


# -- "Only 1 target selection can be used per ability." (every guide) ------------------------


def test_two_target_selections_in_one_ability_make_the_card_invalid():
    text = (
        "TWIN: Target 1 on-field minion; destroy it."
        " Target this card; place 1 Shield Counter on it."
    )

    check = check_card(_minion(text), 17)

    assert check.verdict is Verdict.INVALID
    assert _codes(check.reasons) == ["not_a_component"]
    assert "Only 1 target selection can be used per ability" in check.reasons[0].message
    assert check.reasons[0].text == "Target this card"


def test_one_target_selection_in_a_later_sub_ability_is_fine():
    check = check_card(_minion("TWIN: Draw 1 card. Target 1 on-field minion; destroy it."), 17)

    assert check.verdict is Verdict.LEGAL


def test_two_abilities_may_each_target():
    text = "ONE: Target 1 on-field minion; destroy it.\nTWO: Target this card; bounce it."

    assert check_card(_minion(text), 17).verdict is Verdict.LEGAL


def test_the_builder_refuses_a_second_target_selection():
    design = AbilityDesign(
        name="TWIN",
        sub_abilities=(
            SubAbilityDesign(
                (Choice("effect.destroy-the-targets"),),
                Choice("target.target-up-to-x-on-field-minions", {"x": 1}),
            ),
            SubAbilityDesign(
                (Choice("effect.bounce-the-targets"),), Choice("target.target-this-card")
            ),
        ),
    )

    with pytest.raises(DesignError, match="1 target selection"):
        write_ability(design, 17)
