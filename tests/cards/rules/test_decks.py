"""Deck legality: size per edition, and every card playable."""

import pytest

from cards.rules import DeckEntry, check_deck

from .helpers import minion, spell

# Real components at the levels their guides compute (see helpers.minion and helpers.spell).
BOLT = spell("Target 1 in-play card; destroy it.", design_edition=13)
GOLEM = minion("SMASH: Target 1 in-play card; bounce it.", name="Golem")


def deck_of(size: int, card=BOLT) -> list[DeckEntry]:
    return [DeckEntry(size, card)] if size else []


def codes(check) -> list[str]:
    return [problem.code for problem in check.problems]


@pytest.mark.parametrize(
    ("size", "legal", "problems"),
    [
        (0, False, ["deck_too_small"]),
        (39, False, ["deck_too_small"]),
        (40, True, []),
        (60, True, []),
        (61, False, ["deck_too_large"]),
    ],
)
@pytest.mark.parametrize("edition", [13, 14])
def test_a_modern_deck_has_40_to_60_cards(edition, size, legal, problems):
    check = check_deck(deck_of(size), edition)

    assert (check.legal, check.size, codes(check)) == (legal, size, problems)


@pytest.mark.parametrize(
    ("size", "legal", "problems"),
    [(39, False, ["deck_too_small"]), (40, True, []), (41, False, ["deck_too_large"])],
)
def test_an_11th_edition_deck_has_exactly_40_cards(size, legal, problems):
    check = check_deck(deck_of(size, spell("Draw 1 card.", design_edition=11)), 11)

    assert (check.legal, codes(check)) == (legal, problems)


def test_size_messages_name_the_numbers_and_the_section():
    small = check_deck(deck_of(39), 14).problems[0]
    large = check_deck(deck_of(61), 14).problems[0]
    eleventh = check_deck(deck_of(41, spell(design_edition=11)), 11).problems[0]

    assert small.message == (
        "The deck has 39 cards; the 14th Edition requires 40–60 cards."
        " See 'Setup and Deck Building' in the 14th Edition rulebook."
    )
    assert large.message.startswith("The deck has 61 cards; the 14th Edition allows 40–60 cards.")
    assert eleventh.message.startswith(
        "The deck has 41 cards; the 11th Edition allows exactly 40 cards"
        " (10 of them go to the reserves)."
    )
    assert small.card is None


def test_copies_are_not_limited_and_entries_add_up():
    check = check_deck([DeckEntry(25, BOLT), DeckEntry(15, GOLEM), DeckEntry(1, BOLT)], 14)

    assert (check.legal, check.size) == (True, 41)


def test_a_refurbished_card_may_be_played():
    text = (
        "SHADE: When this card as a resource is destroyed (ghost-play, must pay resource"
        " cost): Draw 1 card."
    )
    shade = minion(text, name="Shade", design_edition=13)

    check = check_deck([DeckEntry(39, BOLT), DeckEntry(1, shade)], 14)

    assert check.legal
    assert check.cards[1].verdict == "refurbished"


def test_each_unplayable_entry_is_a_problem_naming_the_card():
    old = spell(name="Old Bolt", design_edition=11)
    broken = minion("ZAP: Draw 1 card.", name="Broken", hp=None)

    check = check_deck(
        [DeckEntry(20, BOLT), DeckEntry(10, old), DeckEntry(10, broken), DeckEntry(2, old)], 14
    )

    assert not check.legal
    assert [(p.code, p.card) for p in check.problems] == [
        ("card_pruned", "Old Bolt"),
        ("card_invalid", "Broken"),
        ("card_pruned", "Old Bolt"),
    ]
    assert check.problems[0].message == (
        '"Old Bolt" cannot be played. Pruned: designed for the 11th edition, before the clean'
        " slate edition (13th). See 'Clean Slate Edition' in the 14th Edition rulebook."
    )


def test_a_card_at_a_level_its_guide_does_not_compute_makes_the_deck_illegal():
    wrong = minion("SMASH: Target 1 in-play card; bounce it.", name="Wrong", level=1)

    check = check_deck([DeckEntry(39, BOLT), DeckEntry(1, wrong)], 14)

    assert not check.legal
    assert [(p.code, p.card) for p in check.problems] == [("card_invalid", "Wrong")]
    assert "the level is 1, but the 14th Edition guide computes 5" in check.problems[0].message


def test_a_card_with_several_reasons_says_how_many_more():
    mess = spell(name="Mess", level=-1, sp=1)

    (problem,) = check_deck([DeckEntry(40, mess)], 14).problems

    assert problem.message.endswith("(1 more reason on the card.)")


@pytest.mark.parametrize("count", [0, -1, 1.5, True, "3"])
def test_a_count_that_is_not_a_whole_positive_number_is_a_problem(count):
    check = check_deck([DeckEntry(40, BOLT), DeckEntry(count, GOLEM)], 14)

    assert codes(check) == ["bad_count"]
    assert check.problems[0].card == "Golem"
    assert check.size == 40


def test_one_card_check_per_entry_in_order():
    entries = [DeckEntry(30, BOLT), DeckEntry(10, GOLEM)]

    check = check_deck(entries, 14)

    assert len(check.cards) == 2
    assert check.cards[1].text == GOLEM.ability_text


def test_as_dict():
    old = spell(name="Old Bolt", design_edition=11)

    data = check_deck([DeckEntry(39, old)], 14).as_dict()

    assert set(data) == {
        "edition",
        "legal",
        "size",
        "withheld",
        "ultra_points",
        "ultra_points_limit",
        "problems",
        "cards",
    }
    assert (data["edition"], data["legal"], data["size"], data["withheld"]) == (14, False, 39, 0)
    assert [p["code"] for p in data["problems"]] == ["deck_too_small", "card_pruned"]
    assert set(data["problems"][0]) == {"code", "message", "card"}
    assert data["cards"][0]["verdict"] == "pruned"
