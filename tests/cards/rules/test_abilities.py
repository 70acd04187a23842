"""The outline of an ability: name, condition, cost and sub-abilities, as the one reader cuts
each paragraph it reads."""

import pytest

from cards.rules import Ability, read_card_text
from cards.rules.abilities import parse_ability, split_sentences


def parse_one(text: str) -> Ability:
    (ability,) = read_card_text(text, 12).abilities
    assert ability.outline == parse_ability(text)
    return ability.outline


def test_every_part_of_a_full_ability():
    ability = parse_one(
        "FIRE BREATH: When this minion attacks: Exhaust this card → Inflict 3 damage to an"
        " enemy player. Draw 1 card."
    )

    assert ability.name == "FIRE BREATH"
    assert ability.condition == "When this minion attacks"
    assert ability.cost == "Exhaust this card"
    assert ability.sub_abilities == ("Inflict 3 damage to an enemy player.", "Draw 1 card.")


def test_a_name_without_a_condition():
    ability = parse_one("FIRE BREATH: Draw 1 card.")

    assert (ability.name, ability.condition, ability.cost) == ("FIRE BREATH", None, None)
    assert ability.sub_abilities == ("Draw 1 card.",)


def test_a_condition_without_a_name():
    ability = parse_one("When this card is destroyed: Draw 1 card.")

    assert (ability.name, ability.condition) == (None, "When this card is destroyed")


def test_a_cost_without_a_condition():
    ability = parse_one("CHARGE: Exhaust this card → Draw 1 card.")

    assert (ability.condition, ability.cost) == (None, "Exhaust this card")


@pytest.mark.parametrize("arrow", ["→", "->", "⟶"])
def test_the_arrow_may_be_typed(arrow):
    ability = parse_one(f"Pay 2 HP {arrow} Draw 1 card.")

    assert (ability.cost, ability.sub_abilities) == ("Pay 2 HP", ("Draw 1 card.",))


def test_a_name_may_have_digits_and_punctuation():
    assert parse_one("R2-D2'S CHARGE: Draw 1 card.").name == "R2-D2'S CHARGE"


def test_an_all_capital_sentence_without_a_colon_is_no_name():
    ability = parse_one("DRAW 1 CARD.")

    assert ability.name is None
    assert ability.sub_abilities == ("DRAW 1 CARD.",)


def test_a_colon_after_the_first_sentence_belongs_to_a_sub_ability():
    ability = parse_one("Draw 1 card. Choose one: bounce it or bury it.")

    assert ability.condition is None
    assert ability.sub_abilities == ("Draw 1 card.", "Choose one: bounce it or bury it.")


def test_a_colon_after_the_arrow_belongs_to_a_sub_ability():
    ability = parse_one("Exhaust this card → Choose one: draw 1 card.")

    assert (ability.condition, ability.cost) == (None, "Exhaust this card")
    assert ability.sub_abilities == ("Choose one: draw 1 card.",)


def test_colons_in_quotes_and_between_digits_are_not_conditions():
    assert parse_one('Say "Now: go" to all players.').condition is None
    assert parse_one("Trade at 3:1 odds.").condition is None
    assert parse_one("When it rains (or: pours): Draw 1 card.").condition == (
        "When it rains (or: pours)"
    )


def test_hex_play_is_part_of_a_condition():
    ability = parse_one("WRAITH: When this card is destroyed, hex-play: Draw 1 card.")

    assert ability.condition == "When this card is destroyed, hex-play"


def test_paragraphs_are_abilities_and_blank_lines_are_ignored():
    abilities = read_card_text("ONE: Draw 1 card.\r\n\r\n   \nTWO: Draw 2 cards.\n", 12).abilities

    assert [a.name for a in abilities] == ["ONE", "TWO"]
    assert [a.text for a in abilities] == ["ONE: Draw 1 card.", "TWO: Draw 2 cards."]


@pytest.mark.parametrize("text", ["", "   ", "\n\n\n"])
def test_no_text_has_no_abilities(text):
    assert read_card_text(text, 12).abilities == ()


@pytest.mark.parametrize(
    ("text", "sentences"),
    [
        ("Draw 1 card. Bury it.", ("Draw 1 card.", "Bury it.")),
        ("Draw 1 card! Bury it? Yes.", ("Draw 1 card!", "Bury it?", "Yes.")),
        ("Gain 2.5 HP. Draw.", ("Gain 2.5 HP.", "Draw.")),
        ('Say "Stop. Now." to them. Draw.', ('Say "Stop. Now." to them.', "Draw.")),
        ("Say “Stop. Now.” Draw.", ("Say “Stop. Now.” Draw.",)),
        ('Name a card "Bob". Draw.', ('Name a card "Bob".', "Draw.")),
        (
            "Destroy it (see Keywords. Really.) now. Draw.",
            ("Destroy it (see Keywords. Really.) now.", "Draw."),
        ),
        ("Bounce a card, e.g. a minion. Draw.", ("Bounce a card, e.g. a minion.", "Draw.")),
        ("Draw 1 card", ("Draw 1 card",)),
        ("Draw 1 card.Then bury.", ("Draw 1 card.Then bury.",)),
        ("Wait...  Draw.", ("Wait...", "Draw.")),
    ],
)
def test_sub_abilities_are_sentences(text, sentences):
    assert split_sentences(text) == sentences


def test_an_unclosed_quote_does_not_swallow_the_ability():
    ability = parse_one('When "hit: Draw 1 card. Bury it.')

    assert ability.condition == 'When "hit'
    assert ability.sub_abilities == ("Draw 1 card.", "Bury it.")


def test_empty_parts():
    assert parse_one("FOO:").sub_abilities == ()
    assert parse_one(": Draw 1 card.").condition is None
    assert parse_one("→ Draw 1 card.").cost is None


def test_as_dict():
    ability = parse_one("ZAP: When hit: Pay 1 HP → Draw 1 card.")

    assert ability.as_dict() == {
        "text": "ZAP: When hit: Pay 1 HP → Draw 1 card.",
        "name": "ZAP",
        "condition": "When hit",
        "cost": "Pay 1 HP",
        "sub_abilities": ["Draw 1 card."],
    }
