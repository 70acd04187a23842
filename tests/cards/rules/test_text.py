"""How table entries are found in card text: quotes, spaces, case, numbers, longest match."""

import pytest

from cards.rules import Verdict, check_card, refurbish
from cards.rules.text import fill, find_entries, match_case, normalize, placeholders_in

from .helpers import spell


def found(text: str, *entries: str) -> list[str]:
    return [match.text for match in find_entries(text, entries)]


# -- quotes and apostrophes ------------------------------------------------------------------


@pytest.mark.parametrize(
    "printed",
    [
        "Activate in response to an opponent’s summon.",  # as in the rulebook
        "Activate in response to an opponent's summon.",  # as typed on a keyboard
        "Activate in response to an opponent‘s summon.",
        "Activate in response to an opponent′s summon.",
    ],
)
def test_any_apostrophe_matches_the_rulebook_apostrophe(printed):
    check = check_card(spell(printed, design_edition=11), 11)

    assert check.verdict is Verdict.PRUNED
    assert check.reasons[0].text == printed


def test_a_typographic_apostrophe_matches_a_straight_one_in_the_table():
    # The table writes "opponent's attack" with a straight apostrophe.
    check = check_card(spell("Activate in response to an opponent’s attack.", 11), 11)

    assert check.verdict is Verdict.PRUNED


@pytest.mark.parametrize("quoted", ['"Hi"', "“Hi”", "″Hi″", "„Hi“"])
def test_double_quotes_are_all_the_same(quoted):
    assert found(f"Say {quoted} to the table.", 'Say "Hi" to the table.') == [
        f"Say {quoted} to the table."
    ]


def test_the_refurbished_text_keeps_the_rulebook_typography():
    new, _ = refurbish("Activate when this card in your hand is destroyed.", 11)

    assert new.endswith("by paying this card’s resource cost.")


# -- white space -----------------------------------------------------------------------------


@pytest.mark.parametrize("gap", ["  ", "\t", " \t ", "\u00a0", "\u2003"])
def test_a_run_of_spaces_is_one_space(gap):
    printed = f"Pay{gap}4 hitpoints."

    assert found(f"First. {printed} Last.", "Pay x hitpoints.") == [printed]


@pytest.mark.parametrize("gap", ["\n", "\r\n", " \n ", "\n\n", "\u2028"])
def test_a_match_never_spans_a_paragraph_break(gap):
    assert found(f"Pay 4{gap}hitpoints.", "Pay x hitpoints.") == []


def test_spaces_around_a_match_are_returned_untouched():
    text = "  Intro:\t Exhaust  3 of your unexhausted\tcards in play.  \n\n  Next  "

    new, (replacement,) = refurbish(text, 11)

    assert new == "  Intro:\t Exhaust 3 of your unexhausted creatures in play.  \n\n  Next  "
    assert text[replacement.start : replacement.end] == (
        "Exhaust  3 of your unexhausted\tcards in play."
    )


# -- case ------------------------------------------------------------------------------------


def test_first_letter_matches_either_case():
    assert found("Ghost-play, must pay resource cost:", "ghost-play, must pay resource cost")
    assert found("so activate when you take damage.", "Activate when you take damage.")


def test_the_rest_of_an_entry_is_case_sensitive():
    # "Exact text": only the first letter is allowed to follow the sentence.
    assert found("GHOST-PLAY, MUST PAY RESOURCE COST:", "ghost-play, must pay resource cost") == []
    assert found("Activate When You Take Damage.", "Activate when you take damage.") == []


def test_a_replacement_keeps_the_case_of_the_first_letter():
    assert refurbish("Ghost-play, must pay resource cost:", 14)[0] == "Hex-play:"
    assert refurbish("When hit, ghost-play, must pay resource cost:", 14)[0] == (
        "When hit, hex-play:"
    )
    assert refurbish("Then activate when you take damage.", 11)[0] == (
        "Then activate when you take at least 5 damage."
    )


def test_match_case():
    assert match_case("hex-play", "Ghost-play") == "Hex-play"
    assert match_case("Activate now.", "activate") == "activate now."
    assert match_case("5 more", "Ghost") == "5 more"
    assert match_case("", "Ghost") == ""


# -- word and number boundaries --------------------------------------------------------------


@pytest.mark.parametrize(
    "printed",
    [
        "reghost-play, must pay resource cost:",
        "non-ghost-play, must pay resource cost:",
        "ghost-play, must pay resource cost-free:",
    ],
)
def test_an_entry_is_not_found_inside_a_longer_word(printed):
    assert refurbish(printed, 14) == (printed, ())


@pytest.mark.parametrize(
    ("printed", "expected"),
    [
        ("Draw 12 cards.", ["Draw 12 cards."]),
        ("Draw 2 cards.", ["Draw 2 cards."]),
        ("Draw 0 cards.", []),
        ("Draw -2 cards.", []),
        ("Draw −2 cards.", []),
        ("Draw 2.5 cards.", []),
        ("Draw 1,000 cards.", []),
        ("Draw 02 cards.", []),
        ("Draw x cards.", []),
        ("Draw two cards.", []),
    ],
)
def test_a_placeholder_is_a_whole_positive_number_read_whole(printed, expected):
    assert found(printed, "Draw x cards.") == expected


def test_the_number_is_read_whole_and_carried_into_the_new_text():
    match = find_entries("Draw 12 cards.", ["Draw x cards."])[0]

    assert match.numbers == {"x": "12"}
    assert refurbish("Exhaust 305 of your unexhausted cards in play.", 11)[0] == (
        "Exhaust 305 of your unexhausted creatures in play."
    )


def test_an_entry_ending_with_a_number_does_not_end_inside_a_decimal():
    assert found("Gain 2.5 HP", "Gain x") == []
    assert found("Gain 25 HP", "Gain x") == ["Gain 25"]
    assert found("Gain 2, then", "Gain x") == ["Gain 2"]


def test_an_entry_starting_with_a_number_does_not_start_inside_one():
    assert found("Roll 12 dice", "x dice") == ["12 dice"]
    assert found("Roll 1.2 dice", "x dice") == []
    assert found("Roll -2 dice", "x dice") == []


def test_the_same_letter_is_the_same_number():
    entry = "Pay x to gain x."

    assert found("Pay 3 to gain 3.", entry) == ["Pay 3 to gain 3."]
    assert found("Pay 3 to gain 4.", entry) == []
    assert found("Pay 3 to gain 33.", entry) == []
    assert found("Pay 13 to gain 3.", entry) == []


def test_the_period_at_the_end_of_an_entry_matters():
    # The new text goes on where the original stopped: it is never found again.
    once, _ = refurbish("Activate when this card as a resource is destroyed.", 11)

    assert refurbish(once, 11) == (once, ())
    assert found(once, "Activate when this card as a resource is destroyed.") == []


def test_x_in_a_word_is_not_a_placeholder():
    assert placeholders_in("Exhaust x of your unexhausted cards in play.") == ("x",)
    assert placeholders_in("Roll x six-sided dice and inflict y damage to z.") == ("x", "y", "z")
    assert placeholders_in("Destroy all targets.") == ()


def test_fill_puts_each_number_in_its_place():
    assert fill("Pay x to roll y dice, x times.", {"x": "2", "y": "10"}) == (
        "Pay 2 to roll 10 dice, 2 times."
    )
    assert fill("Exhaust x six-sided dice.", {"x": "4"}) == "Exhaust 4 six-sided dice."


# -- longest match, no overlaps, spans --------------------------------------------------------


@pytest.mark.parametrize("order", [1, -1], ids=["short-first", "long-first"])
def test_the_longest_entry_wins_whatever_the_table_order(order):
    entries = ["Exhaust x cards", "Exhaust x cards in play"][::order]

    (match,) = find_entries("Then Exhaust 2 cards in play now.", entries)

    assert match.text == "Exhaust 2 cards in play"
    assert entries[match.entry] == "Exhaust x cards in play"


def test_matches_never_overlap_and_the_leftmost_wins():
    entries = ["cards and y more", "Draw x cards"]

    assert found("Draw 2 cards and 3 more", *entries) == ["Draw 2 cards"]


def test_every_occurrence_is_found_left_to_right():
    text = "Pay 1 hitpoints. Draw 1 card. Pay 22 hitpoints."

    matches = find_entries(text, ["Pay x hitpoints."])

    assert [(m.start, m.end, m.text) for m in matches] == [
        (0, 16, "Pay 1 hitpoints."),
        (30, 47, "Pay 22 hitpoints."),
    ]


def test_the_11th_longer_exhaust_row_is_used_whole():
    text = "Exhaust 2 of your unexhausted cards in play chosen by an opponent of your choice."

    new, replacements = refurbish(text, 11)

    assert new == (
        "Exhaust 2 of your unexhausted creatures in play chosen by an opponent of your choice."
    )
    assert len(replacements) == 1


def test_several_replacements_have_spans_in_the_original():
    text = "Target up to 2 resources. Exhaust 1 of your unexhausted cards in play."

    new, replacements = refurbish(text, 11)

    assert (
        new == "Target up to 2 of your resources. Exhaust 1 of your unexhausted creatures in play."
    )
    assert [(r.start, r.end) for r in replacements] == [(0, 25), (26, 70)]
    assert [text[r.start : r.end] for r in replacements] == [r.original for r in replacements]


def test_normalize_remembers_where_each_character_came_from():
    normalized = normalize("a  ’b’\t\n c")

    assert normalized.text == "a 'b'\nc"
    assert normalized.origins == (0, 1, 3, 4, 5, 6, 9)
    assert normalized.span(2, 5) == (3, 6)


def test_no_entries_and_no_text_find_nothing():
    assert find_entries("Draw 2 cards.", []) == ()
    assert find_entries("", ["Draw x cards."]) == ()
    assert refurbish("", 11) == ("", ())
