"""The 11th rulebook's activation condition: the first sentence of an ability, opening with
"Activate" ("Activate when you take damage. Draw 1 card."), read as the condition and not as an
effect."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cards.rules import (
    EditionDataError,
    Verdict,
    check_card,
    get_edition,
    read_card_text,
)
from cards.rules.abilities import parse_ability
from cards.rules.editions import DEFAULT_FOLDER, edition_from_data

from .helpers import minion, spell

TAKING_DAMAGE = "Activate when you take damage. Draw 1 card."
# As the 11th rulebook's revised texts have it read.
AT_LEAST_5 = "Activate when you take at least 5 damage. Draw 1 card."


def only(text, edition=11):
    reading = read_card_text(text, edition)
    assert len(reading.abilities) == 1
    return reading.abilities[0]


def test_the_11th_rulebook_opens_conditions_with_activate():
    assert get_edition(11).condition_opening == "Activate"
    assert get_edition(13).condition_opening is None
    assert get_edition(14).condition_opening is None


def test_an_opening_that_is_no_word_is_refused():
    data = json.loads((DEFAULT_FOLDER / "11.json").read_text(encoding="utf-8"))
    with pytest.raises(EditionDataError, match="activation_condition_opening"):
        edition_from_data({**data, "activation_condition_opening": " "}, "11.json")


def test_the_outline_reads_the_first_sentence_as_the_condition():
    ability = parse_ability(TAKING_DAMAGE, condition_opening="Activate")

    assert ability.condition == "when you take damage"
    assert ability.sub_abilities == ("Draw 1 card.",)


def test_without_the_opening_word_the_sentence_is_not_a_condition():
    # Later rulebooks write conditions before a colon only.
    ability = parse_ability(TAKING_DAMAGE)

    assert ability.condition is None
    assert ability.sub_abilities == ("Activate when you take damage.", "Draw 1 card.")


def test_a_named_ability_keeps_its_name_and_any_case_opens_it():
    ability = parse_ability(
        "BRACE: activate when you take damage. Draw 1 card. Draw 2 cards.",
        condition_opening="Activate",
    )

    assert ability.name == "BRACE"
    assert ability.condition == "when you take damage"
    assert ability.sub_abilities == ("Draw 1 card.", "Draw 2 cards.")


def test_a_condition_still_being_typed_has_no_effect_yet():
    ability = parse_ability("Activate when you take", condition_opening="Activate")

    assert ability.condition == "when you take" and ability.sub_abilities == ()


def test_the_11th_guide_reads_the_sentence_as_its_condition():
    ability = only(AT_LEAST_5)

    assert ability.readable
    assert ability.condition.id == "condition.when-you-take-at-least-x-damage"
    assert ability.condition.variables == {"x": 5}
    assert ability.condition.text == "Activate when you take at least 5 damage"
    ((draw,),) = [sub.effects for sub in ability.sub_abilities]
    assert draw.id == "effect.draw-x-cards" and draw.variables == {"x": 1}
    # The guide writes it "When you take at least 5 damage:": a note, never a problem.
    assert [note.code for note in ability.notes] == ["condition_sentence"]
    assert "“When you take at least 5 damage:”" in ability.notes[0].message
    assert ability.outline.condition == "when you take at least 5 damage"


def test_the_11th_guide_reads_the_printed_condition_as_its_rulebook_refurbishes_it():
    # The 11th rulebook refurbishes "Activate when you take damage." as "… at least 5 damage.",
    # the wording of its guide's component: the one reader reads that.
    reading = read_card_text(TAKING_DAMAGE, 11)

    assert (reading.printed, reading.text) == (TAKING_DAMAGE, AT_LEAST_5)
    assert reading.readable
    assert reading.abilities[0].condition.id == "condition.when-you-take-at-least-x-damage"


def test_a_printed_condition_the_guide_lacks_is_read_as_a_condition_not_an_effect():
    # "When you take heavy damage" is no 11th component: the guide has "at least x damage".
    ability = only("Activate when you take heavy damage. Draw 1 card.")

    assert ability.outline.condition == "when you take heavy damage"
    assert ability.condition is None
    (problem,) = ability.problems
    assert problem.code == "not_a_component"
    assert problem.text == "Activate when you take heavy damage"
    assert "activation conditions" in problem.message
    assert problem.nearest == "condition.when-you-take-at-least-x-damage"
    # The rest of the ability is read all the same.
    ((draw,),) = [sub.effects for sub in ability.sub_abilities]
    assert draw.id == "effect.draw-x-cards" and draw.text == "Draw 1 card"


def test_spans_of_the_condition_point_into_the_card_text():
    text = "ZAP:  Activate  when this in-play card is destroyed.  Draw 2 cards."
    ability = only(text)

    assert ability.name == "ZAP"
    condition = ability.condition
    assert condition.id == "condition.when-this-in-play-card-is-destroyed"
    assert text[condition.start : condition.end] == condition.text
    assert condition.text == "Activate  when this in-play card is destroyed"


def test_other_guides_do_not_read_the_sentence_as_a_condition():
    ability = only(TAKING_DAMAGE, 14)

    assert ability.condition is None and not ability.sub_abilities
    assert "guide's effects" in ability.problems[0].message


@pytest.mark.parametrize("card", [spell, minion], ids=["spell", "minion"])
def test_the_11th_check_reads_the_condition_as_its_rulebook_revises_it(card):
    built = card(TAKING_DAMAGE, design_edition=11, level=None)

    check = check_card(built, 11)

    assert check.verdict is Verdict.REFURBISHED
    assert [(r.code, r.text) for r in check.reasons] == [
        ("refurbished_text", "Activate when you take damage.")
    ]
    assert check.text == AT_LEAST_5
    (ability,) = check.abilities
    assert ability.condition.id == "condition.when-you-take-at-least-x-damage"
    assert ability.condition.variables == {"x": 5}
    assert [e.id for sub in ability.sub_abilities for e in sub.effects] == ["effect.draw-x-cards"]
    # The level is computed with a = 5 / (2·5) = 1/2 for the condition.
    assert check.level.computed is not None
    assert any("a = 0.5" in step for step in check.level.steps)
    assert [w.code for w in check.warnings] == ["guide_wording"]


def test_the_11th_check_of_the_revised_text_is_legal():
    check = check_card(spell(AT_LEAST_5, design_edition=11, level=None), 11)

    assert check.verdict is Verdict.LEGAL
    assert check.level.computed == 1
    assert check.abilities[0].condition.id == "condition.when-you-take-at-least-x-damage"


def test_a_colon_ends_the_condition_as_well():
    text = "Activate when you take at least 5 damage: Draw 1 card."

    outlined = parse_ability(text, condition_opening="Activate")
    ability = only(text)

    assert outlined.condition == "when you take at least 5 damage"
    assert ability.condition.id == "condition.when-you-take-at-least-x-damage"
    assert [e.id for sub in ability.sub_abilities for e in sub.effects] == ["effect.draw-x-cards"]


def test_numbers_the_guide_has_no_words_for_are_problems_not_errors():
    ability = only("Activate when you take at least 0 damage. Draw 1 card.")

    assert [problem.code for problem in ability.problems] == ["bad_number"]
    assert "“When you take at least x damage:”" in ability.notes[0].message


PIECES = st.sampled_from(
    ["Activate", "activate", "when", "you take", "at least", "5", "0", "damage", ".", ":", " ",
     "Draw 1 card", "(", ")", "\n", "ZAP:", "\u200b", "\u00ad", "this in-play card is destroyed",
     "\u2192", ";", "Self-exhaust 1 resource"]
)  # fmt: skip


@settings(max_examples=300, deadline=None, database=None)
@given(st.lists(PIECES, max_size=16).map(" ".join))
def test_the_sentence_form_never_raises_and_keeps_to_the_text(text):
    reading = read_card_text(text, 11)
    for ability in reading.abilities:
        for use in ability.components():
            assert reading.text[use.start : use.end] == use.text
        outline = ability.outline
        for part in (outline.name, outline.condition, outline.cost, *outline.sub_abilities):
            assert part is None or (part and part in ability.text)
