"""Verdicts by the Card Building Guide of a card's design edition.

Every worked example the guides state (the name example "GREED: Draw 2 cards.", the activation
cost, target selection and effect examples, the 11th's own) is built into a card and checked:
at the level the guide computes it has no guide reason, at any other a `level_mismatch` with
the computed level and its steps. The guides give texts, not levels: each level below is worked
out by hand from the guide's formulas, as its comment says.
"""

import dataclasses

import pytest

from cards.rules import Card, Section, Verdict, check_card, design_level, get_edition

from .helpers import minion, spell

GUIDE_CODES = {"not_a_component", "level_mismatch", "level_not_computed"}
# The rulebook a design edition's cards are checked under here: its own, else the current one.
RULEBOOK = {11: 11, 12: 13, 13: 13, 14: 14, 15: 14, 16: 14, 17: 14}

# (edition, name, kind, SP, HP, text, level)
WORKED_EXAMPLES = [
    # "An example would be, “GREED: Draw 2 cards.”", as a minion with SP 1, HP 2.
    (12, "GREED", "minion", 1, 2, "GREED: Draw 2 cards.", 4),  # ⌈1 + 2/5⌉ = 2; draw x = 2
    (13, "GREED", "minion", 1, 2, "GREED: Draw 2 cards.", 6),  # ⌈1 + 2/2⌉ = 2; draw 2x = 4
    (14, "GREED", "minion", 1, 2, "GREED: Draw 2 cards.", 6),
    (15, "GREED", "minion", 1, 2, "GREED: Draw 2 cards.", 6),
    (16, "GREED", "minion", 1, 2, "GREED: Draw 2 cards.", 6),
    (17, "GREED", "minion", 1, 2, "GREED: Draw 2 cards.", 6),
    # The activation cost examples, before "Draw 3 cards.", as spells.
    # 12th: draw x = 3, less x/2 = 0.5 and 2x = 2: 0.5, rounded up to 1
    (12, "Costs", "spell", None, None,
     "Self-exhaust 1 resource, also self-destroy 1 in-play card→ Draw 3 cards.", 1),
    # 13th: draw 2x = 6, less 0.5 and 2: 3.5, rounded up to 4
    (13, "Costs", "spell", None, None,
     "Self-exhaust 1 resource, also self-destroy 1 in-play card→ Draw 3 cards.", 4),
    # 14th, 15th: 6 − 0.5 − 2 − 1 (self-sheathe x = 1) = 2.5, rounded up to 3
    (14, "Costs", "spell", None, None,
     "Self-exhaust 1 resource, self-destroy 1 in-play card, and self-sheathe 1 random card in"
     " your hand→ Draw 3 cards.", 3),
    (15, "Costs", "spell", None, None,
     "Self-exhaust 1 resource, self-destroy 1 in-play card, and self-sheathe 1 random card in"
     " your hand→ Draw 3 cards.", 3),
    (16, "Costs", "spell", None, None,
     "Self-exhaust 1 resource, self-destroy 1 on-field minion, and self-sheathe 1 random card"
     " in your hand→ Draw 3 cards.", 3),
    (17, "Costs", "spell", None, None,
     "Self-exhaust 1 resource, self-destroy 1 on-field minion, and self-sheathe 1 random card"
     " in your hand→ Draw 3 cards.", 3),
    # The target selection example as the guide would have it: t = x = 1; destroy 2t = 2.
    (12, "Target", "spell", None, None, "Target 1 in-play card; destroy it.", 2),
    (13, "Target", "spell", None, None, "Target 1 in-play card; destroy it.", 2),
    (14, "Target", "spell", None, None, "Target 1 in-play card; destroy it.", 2),
    (15, "Target", "spell", None, None, "Target 1 in-play card; destroy it.", 2),
    (16, "Target", "spell", None, None, "Target 1 on-field minion; destroy it.", 2),
    (17, "Target", "spell", None, None, "Target 1 on-field minion; destroy it.", 2),
    # The effect example after a target selection: t = 2; draw 1 (12th x, else 2x); 2t = 4.
    (12, "Effects", "spell", None, None,
     "Target up to 2 in-play cards; draw 1 card, then destroy the targets.", 5),
    (13, "Effects", "spell", None, None,
     "Target up to 2 in-play cards; draw 1 card, then destroy the targets.", 6),
    (14, "Effects", "spell", None, None,
     "Target up to 2 in-play cards; draw 1 card, then destroy the targets.", 6),
    (15, "Effects", "spell", None, None,
     "Target up to 2 in-play cards; draw 1 card, then destroy the targets.", 6),
    (16, "Effects", "spell", None, None,
     "Target up to 2 on-field minions; draw 1 card, then destroy the targets.", 6),
    (17, "Effects", "spell", None, None,
     "Target up to 2 on-field minions; draw 1 card, then destroy the targets.", 6),
    # The 11th's examples, with its own components.
    # self-exhaust 1 resource x/2 = 0.5; target this card t = 1/3; deck-stack 3at = 1;
    # ability 0.5, raised to 1
    (11, "Exhaust", "spell", None, None,
     "Self-exhaust 1 resource, then target this card; Deck-stack the targets.", 1),
    (11, "Exhaust", "spell", None, None,
     "Self-exhaust 1 resource; Target this card; Deck-stack the targets.", 1),
    # t = 1; destroy 2at = 2
    (11, "Up to", "spell", None, None, "Target 1 in-play card; Destroy it.", 2),
    # t = 1/3; deck-stack 3at = 1; draw ax = 2; 3
    (11, "Chain", "spell", None, None,
     "Target this card; Deck-stack the targets, then draw 2 cards.", 3),
    (11, "Chain", "spell", None, None,
     "Target this card; Deck-stack the targets. Draw 2 cards.", 3),
]  # fmt: skip


def guide_codes(reasons) -> list[str]:
    return [reason.code for reason in reasons if reason.code in GUIDE_CODES]


def card(edition, name, kind, sp, hp, text, level) -> Card:
    return Card(name, kind, edition, level, sp, hp, text)


@pytest.mark.parametrize(("edition", "name", "kind", "sp", "hp", "text", "level"), WORKED_EXAMPLES)
def test_every_worked_example_at_its_level_has_no_guide_reason(
    edition, name, kind, sp, hp, text, level
):
    check = check_card(card(edition, name, kind, sp, hp, text, level), RULEBOOK[edition])

    assert check.level.computed == level, check.level.steps
    assert check.level.guide == edition
    assert guide_codes(check.reasons) == guide_codes(check.warnings) == []
    assert check.reading.readable


@pytest.mark.parametrize(("edition", "name", "kind", "sp", "hp", "text", "level"), WORKED_EXAMPLES)
def test_every_worked_example_at_another_level_is_a_level_mismatch(
    edition, name, kind, sp, hp, text, level
):
    check = check_card(card(edition, name, kind, sp, hp, text, level + 1), RULEBOOK[edition])

    enforced = get_edition(11).guide_enforced if edition == 11 else True
    found = check.reasons if enforced else check.warnings
    assert guide_codes(found) == ["level_mismatch"]
    (mismatch,) = [reason for reason in found if reason.code == "level_mismatch"]
    assert f"is {level + 1}, but the {ordinal_of(edition)} Edition guide computes {level}" in (
        mismatch.message
    )
    assert check.level.steps[-1] in mismatch.message  # the steps, to the total
    assert (mismatch.guide_edition, mismatch.guide_section) == (edition, "level")
    if enforced:
        assert check.verdict is Verdict.INVALID
    else:  # a warning: the verdict is the one at the computed level
        right = check_card(card(edition, name, kind, sp, hp, text, level), RULEBOOK[edition])
        assert check.verdict is right.verdict


def ordinal_of(edition: int) -> str:
    return f"{edition}th"


@pytest.mark.parametrize(
    ("edition", "text", "level"),
    [
        (14, "GREED: Draw 2 cards.", 6),
        (13, "GREED: Draw 2 cards.", 6),
        (14, "Target up to 2 in-play cards; draw 1 card, then destroy the targets.", 6),
    ],
)
def test_cards_of_the_rulebooks_guides_are_legal_at_their_level_only(edition, text, level):
    kind = "minion" if text.startswith("GREED") else "spell"
    sp, hp = (1, 2) if kind == "minion" else (None, None)

    assert check_card(card(edition, "X", kind, sp, hp, text, level), 14).verdict is Verdict.LEGAL
    for wrong in (0, level - 1, level + 1, 99):
        check = check_card(card(edition, "X", kind, sp, hp, text, wrong), 14)
        assert check.verdict is Verdict.INVALID
        assert [reason.code for reason in check.reasons] == ["level_mismatch"]


def test_the_target_example_as_written_reads_with_wording_warnings():
    # "Target up to 1 in-play cards;" should be replaced with "Target 1 in-play card;": the
    # reader reads it as meant and says so, without changing the verdict.
    text = "Target up to 1 in-play cards; destroy the targets."
    check = check_card(spell(text, level=2), 14)

    assert check.verdict is Verdict.LEGAL
    assert [(warning.code, warning.text) for warning in check.warnings] == [
        ("guide_wording", "up to "),
        ("guide_wording", "cards"),
        ("guide_wording", "the targets"),
    ]
    assert check.warnings[0].message.startswith("The guide drops “up to” when the number is 1.")


def test_the_11th_guides_own_examples_in_older_words_are_warnings_only():
    # The 11th's name example and its cost example's "Exhaust 1 resource" are not in the words
    # of its own components: the 11th's guide is not enforced, so these are warnings.
    healing = minion(
        "HEALING: Roll 2 six-sided dice and increase your HP by the result.",
        design_edition=11,
        level=1,
        sp=1,
        hp=0,
    )
    exhaust = spell("Exhaust 1 resource; Target this card; Deck-stack the targets.", 11, level=1)

    for example in (healing, exhaust):
        check = check_card(example, 11)
        assert check.verdict is Verdict.LEGAL
        assert guide_codes(check.warnings) == ["not_a_component"]
        assert check.level.computed is None


# -- the decisions of cards.rules.legality's docstring ----------------------------------------


def test_the_starter_sets_old_texts_are_not_14th_components():
    for text in ("RIPPLE: When this card is summoned: Draw 1 card.", "Sheathe target minion."):
        kind = "minion" if text.startswith("RIPPLE") else "spell"
        check = check_card(Card("Old", kind, 14, 1, 1 if kind == "minion" else None,
                                2 if kind == "minion" else None, text), 14)  # fmt: skip
        assert check.verdict is Verdict.INVALID
        assert "not_a_component" in [reason.code for reason in check.reasons]


def test_sp_9_hp_9_level_0_is_invalid_with_the_computed_level_and_steps():
    check = check_card(Card("Brute", "minion", 14, 0, 9, 9), 14)

    assert check.verdict is Verdict.INVALID
    (reason,) = check.reasons
    assert reason.code == "level_mismatch"
    assert reason.message == (
        "Invalid: the level is 0, but the 14th Edition guide computes 14 (SP 9 + HP 9 ÷ 2 ="
        " 13.5, rounded up to 14; total 14). See the 14th Edition Card Building Guide."
    )
    assert reason.section == "#cardtypes"
    assert check.details()["level"] == {
        "declared": 0,
        "computed": 14,
        "steps": ["SP 9 + HP 9 ÷ 2 = 13.5, rounded up to 14", "total 14"],
    }


def test_not_a_component_names_the_words_and_the_nearest_component():
    check = check_card(spell("Sheathe target minion.", level=1), 14)

    (reason,) = check.reasons
    assert reason.code == "not_a_component"
    assert reason.text == "Sheathe target minion"
    assert '"Sheathe target minion" is not one of the 14th Edition guide\'s effects' in (
        reason.message
    )
    assert (reason.guide_edition, reason.guide_component) == (14, "effect.sheathe-the-targets")
    assert reason.guide_section == "abilities"


def test_each_unreadable_ability_is_a_reason():
    text = "ONE: Draw 1 card.\nTWO: Fly away.\nTHREE: Draw 0 cards.\nFOUR: Destroy the targets."
    check = check_card(minion(text, level=9), 14)

    assert [(r.code, r.text) for r in check.reasons] == [
        ("not_a_component", "Fly away"),
        ("not_a_component", "Draw 0 cards"),
        ("not_a_component", "Destroy the targets"),
    ]
    assert "x is 0; the guide's variables are whole numbers of at least 1" in (
        check.reasons[1].message
    )
    assert "acts on targets, but no target selection comes before it" in check.reasons[2].message


def test_a_card_is_built_under_its_design_editions_guide():
    # Draw 2: 2x in the 13th, x in the 12th: the same card has a level by each.
    thirteenth = check_card(spell("Draw 2 cards.", 13, level=4), 14)
    twelfth = check_card(spell("Draw 2 cards.", 12, level=2), 13)

    assert thirteenth.verdict is Verdict.LEGAL and thirteenth.level.guide == 13
    assert twelfth.verdict is Verdict.PRUNED and twelfth.level.guide == 12  # clean slate
    # At the other guide's level, each is invalid: a wrong level outranks pruning.
    assert check_card(spell("Draw 2 cards.", 12, level=4), 13).verdict is Verdict.INVALID


def test_redacted_texts_stay_pruned_not_invalid():
    # Designed for the 11th, checked under it: the redacted text prunes the card, and the
    # guide's findings within it are left out.
    check = check_card(spell("Pay 2 hitpoints.", 11, level=1), 11)

    assert check.verdict is Verdict.PRUNED
    assert [r.code for r in check.reasons] == ["redacted_text"]
    assert guide_codes(check.warnings) == []


def test_a_redacted_text_is_pruned_even_where_the_guide_is_enforced():
    # An edition that redacts a text of 14th Edition cards: the card is pruned for it, not
    # invalid for its words not being components.
    fourteenth = get_edition(14)
    redacting = dataclasses.replace(
        fourteenth,
        redacted=("Sheathe target minion.",),
        sections={**fourteenth.sections, "redacted": Section("#redacted", "Redacted")},
    )
    check = check_card(spell("Sheathe target minion.", level=1), redacting)

    assert check.verdict is Verdict.PRUNED
    assert [r.code for r in check.reasons] == ["redacted_text"]
    assert check_card(spell("Sheathe target minion.", level=1), 14).verdict is Verdict.INVALID


def test_no_guide_on_file_is_a_warning_never_a_verdict():
    before = check_card(spell("Fly away.", 9, level=7), 11)
    without = check_card(spell("Fly away.", None, level=7), 11)

    for check in (before, without):
        assert check.verdict is Verdict.LEGAL
        assert "no_guide" in [warning.code for warning in check.warnings]
        assert check.level.computed is None and check.reading is None


def test_the_11th_guide_gives_warnings_only():
    check = check_card(minion("BIG: Draw 2 cards.", 11, level=1, sp=9, hp=9), 11)

    assert check.verdict is Verdict.LEGAL
    assert guide_codes(check.warnings) == ["level_mismatch"]
    assert check.warnings[-1].message.startswith("By the 11th Edition guide: the resource cost is")


def test_a_level_left_out_is_the_computed_level():
    asked = check_card(minion("GREED: Draw 2 cards.", level=None, sp=1, hp=2), 14)

    assert asked.verdict is Verdict.LEGAL
    assert asked.level.as_dict() == {
        "declared": None,
        "computed": 6,
        "steps": ["SP 1 + HP 2 ÷ 2 = 2", "GREED: Draw 2 cards (2x = 4) → 4", "total 6"],
    }
    assert design_level(Card("G", "minion", 14, None, 1, 2, "GREED: Draw 2 cards.")).computed == 6


def test_a_fractional_level_is_a_non_integer_stat_not_a_mismatch():
    check = check_card(minion("GREED: Draw 2 cards.", level=5.5, sp=1, hp=2), 14)

    assert [reason.code for reason in check.reasons] == ["non_integer_stat"]


def test_a_formula_that_divides_by_zero_is_a_reason_not_an_error():
    text = "Target up to 2 level 10 or lower enemy creatures; Destroy the targets."
    check = check_card(spell(text, 11, level=1), 11)

    assert guide_codes(check.warnings) == ["level_not_computed"]
    assert "divides by zero when x = 2, y = 10" in check.warnings[-1].message


def test_huge_variables_and_fifty_abilities_give_reasons():
    huge = check_card(spell("Draw 1000000000 cards.", level=999), 14)
    larger = check_card(spell("Draw 10000000000 cards.", level=999), 14)
    fifty = "\n".join(f"ABILITY {n}: Draw 1 card." for n in range(50))
    many = check_card(minion(fifty, level=None, sp=0, hp=0), 14)

    assert huge.level.computed == 2 * 10**9
    assert [r.code for r in huge.reasons] == ["level_mismatch"]
    assert [r.code for r in larger.reasons] == ["not_a_component"]
    assert "larger than 1,000,000,000" in larger.reasons[0].message
    assert many.verdict is Verdict.LEGAL and many.level.computed == 100
