"""Every row of every edition's tables, with numbers in place of x, y and z.

The generated tests read the tables from the data files, so a new edition's rows are covered
the day its file lands. The explicit tests below them spell out the expected strings, so a
wrong transcription in the data fails them.
"""

import pytest

from cards.rules import Verdict, check_card, get_edition, load_editions, refurbish

from .helpers import (
    NUMBER_SETS,
    capitalized,
    has_placeholders,
    lowered,
    minion,
    spell,
    with_numbers,
)

EDITIONS = load_editions()


def _rows(table: str) -> list[tuple[int, int, object]]:
    return [
        (number, index, row)
        for number, edition in EDITIONS.items()
        for index, row in enumerate(getattr(edition, table))
    ]


def _ids(rows: list[tuple[int, int, object]]) -> list[str]:
    return [f"{number}-{index}" for number, index, _ in rows]


REFURBISHED = _rows("refurbished")
REDACTED = _rows("redacted")
REVISED_COST = _rows("revised_cost")
NUMBERS = pytest.mark.parametrize("numbers", NUMBER_SETS, ids=["small", "several-digits"])


def _card_for(number: int, text: str, design_edition: int | None = None):
    """A spell that breaks no other rule of the edition, bearing the text."""
    return spell(text, design_edition=number if design_edition is None else design_edition)


# -- generated from the data files ---------------------------------------------------------


@NUMBERS
@pytest.mark.parametrize(("number", "index", "row"), REFURBISHED, ids=_ids(REFURBISHED))
def test_every_refurbished_text_is_refurbished_with_its_numbers(number, index, row, numbers):
    original = with_numbers(row.original, numbers)
    new = with_numbers(row.new, numbers)
    text = f"Before it all. {original} And after."

    check = check_card(_card_for(number, text), number)

    assert check.text == f"Before it all. {new} And after."
    if EDITIONS[number].guide_enforced:
        # "Before it all." is no component of the edition's guide: the card is invalid for
        # that alone, and the refurbishment still shows what its text reads now.
        assert check.verdict is Verdict.INVALID
        assert {reason.code for reason in check.reasons} == {"not_a_component"}
    else:
        assert check.verdict is Verdict.REFURBISHED
        assert [reason.code for reason in check.reasons] == ["refurbished_text"]
        assert check.reasons[0].text == original
    (replacement,) = check.replacements
    assert text[replacement.start : replacement.end] == original
    assert (replacement.original, replacement.new) == (original, new)


@NUMBERS
@pytest.mark.parametrize(("number", "index", "row"), REFURBISHED, ids=_ids(REFURBISHED))
def test_every_refurbished_text_keeps_the_case_of_its_first_letter(number, index, row, numbers):
    original = with_numbers(row.original, numbers)
    new = with_numbers(row.new, numbers)

    assert refurbish(capitalized(original), number)[0] == capitalized(new)
    assert refurbish(f"so {lowered(original)}", number)[0] == f"so {lowered(new)}"


@NUMBERS
@pytest.mark.parametrize(("number", "index", "row"), REFURBISHED, ids=_ids(REFURBISHED))
def test_every_new_text_is_left_alone_by_a_second_refurbishment(number, index, row, numbers):
    once, _ = refurbish(with_numbers(row.original, numbers), number)

    assert refurbish(once, number) == (once, ())


@NUMBERS
@pytest.mark.parametrize(("number", "index", "text"), REDACTED, ids=_ids(REDACTED))
def test_every_redacted_text_prunes_the_card(number, index, text, numbers):
    printed = with_numbers(text, numbers)

    check = check_card(_card_for(number, f"Target 1 card. {printed}"), number)

    assert check.verdict is Verdict.PRUNED
    assert [(reason.code, reason.text) for reason in check.reasons] == [("redacted_text", printed)]


@NUMBERS
@pytest.mark.parametrize(("number", "index", "row"), REVISED_COST, ids=_ids(REVISED_COST))
def test_every_revised_cost_text_prunes_cards_older_than_its_revision(number, index, row, numbers):
    printed = with_numbers(row.text, numbers)

    older = check_card(_card_for(number, printed, design_edition=row.edition - 1), number)
    unmarked = check_card(spell(printed, design_edition=None), number)

    assert older.verdict is Verdict.PRUNED
    assert [(r.code, r.text) for r in older.reasons] == [("revised_cost_text", printed)]
    if not EDITIONS[number].indicator_required:
        assert unmarked.verdict is Verdict.PRUNED
        assert [r.code for r in unmarked.reasons] == ["revised_cost_text"]


@NUMBERS
@pytest.mark.parametrize(("number", "index", "row"), REVISED_COST, ids=_ids(REVISED_COST))
def test_every_revised_cost_text_is_legal_from_its_revision_on(number, index, row, numbers):
    printed = with_numbers(row.text, numbers)

    for design_edition in (row.edition, number):
        assert check_card(_card_for(number, printed, design_edition), number).verdict is (
            Verdict.LEGAL
        )


def _all_entries() -> list[tuple[int, str, str]]:
    entries = [(n, "refurbished", row.original) for n, _, row in REFURBISHED]
    entries += [(n, "redacted", text) for n, _, text in REDACTED]
    entries += [(n, "revised_cost", row.text) for n, _, row in REVISED_COST]
    return [entry for entry in entries if has_placeholders(entry[2])]


NUMBERED = _all_entries()


@pytest.mark.parametrize("not_a_count", ["0", "-2", "2.5", "1,000", "02", "x"])
@pytest.mark.parametrize(
    ("number", "table", "entry"),
    NUMBERED,
    ids=[f"{n}-{t}-{i}" for i, (n, t, _) in enumerate(NUMBERED)],
)
def test_no_entry_matches_with_something_that_is_not_a_positive_whole_number(
    number, table, entry, not_a_count
):
    printed = with_numbers(entry, {"x": not_a_count, "y": not_a_count, "z": not_a_count})

    check = check_card(_card_for(number, printed, design_edition=number), number)

    assert check.verdict is Verdict.LEGAL, check.reasons


@pytest.mark.parametrize(("number", "index", "row"), REFURBISHED, ids=_ids(REFURBISHED))
def test_refurbished_rows_only_use_numbers_the_original_has(number, index, row):
    # The new text takes its numbers from the match, so it cannot use a letter the
    # original does not have. The loader enforces it; this keeps the data honest too.
    numbers = {"x": "7", "y": "8", "z": "9"}
    assert not has_placeholders(with_numbers(row.new, numbers))


# -- written out by hand -------------------------------------------------------------------


def test_the_tables_have_the_rulebook_row_counts():
    assert [len(EDITIONS[11].refurbished), len(EDITIONS[11].redacted)] == [9, 17]
    assert len(EDITIONS[11].revised_cost) == 10
    assert (EDITIONS[13].refurbished, EDITIONS[13].redacted, EDITIONS[13].revised_cost) == (
        (),
        (),
        (),
    )
    # The 14th rulebook's redacted and revised-cost sections are commented out: not in force.
    assert len(EDITIONS[14].refurbished) == 1
    assert (EDITIONS[14].redacted, EDITIONS[14].revised_cost) == ((), ())


def test_14th_ghost_play_that_must_pay_is_hex_play():
    card = spell(
        "When this card in your hand is destroyed (ghost-play, must pay resource cost):"
        " Draw 1 card."
    )

    check = check_card(card, 14)

    assert check.verdict is Verdict.REFURBISHED
    assert check.text == "When this card in your hand is destroyed (hex-play): Draw 1 card."
    assert check.reasons[0].message == (
        'Refurbished: "ghost-play, must pay resource cost" now reads "hex-play".'
        " See 'Refurbished Card Texts' in the 14th Edition rulebook."
    )
    assert check.reasons[0].section == "#refurbished"


def test_14th_ghost_play_inside_a_condition_stays_lower_case():
    text = "WRAITH: When this card is destroyed, ghost-play, must pay resource cost: Draw 1 card."

    new, (replacement,) = refurbish(text, 14)

    assert new == "WRAITH: When this card is destroyed, hex-play: Draw 1 card."
    assert (replacement.start, replacement.end) == (37, 71)


def test_13th_has_nothing_to_refurbish():
    text = "Ghost-play, must pay resource cost: Draw 1 card."

    assert refurbish(text, 13) == (text, ())


def test_11th_taking_damage_means_taking_at_least_5():
    new, _ = refurbish("Activate when you take damage. Draw 1 card.", 11)

    assert new == "Activate when you take at least 5 damage. Draw 1 card."


def test_11th_destroyed_resource_means_destroyed_by_paying():
    new, _ = refurbish("Activate when this card as a resource is destroyed. Draw 1 card.", 11)

    assert new == (
        "Activate when this card as a resource is destroyed by paying this card’s resource cost."
        " Draw 1 card."
    )


def test_11th_exhausting_cards_in_play_means_creatures_with_the_number_kept():
    new, _ = refurbish("Exhaust 3 of your unexhausted cards in play.", 11)

    assert new == "Exhaust 3 of your unexhausted creatures in play."


def test_11th_re_roll_loses_its_exclusion_and_keeps_both_numbers():
    new, _ = refurbish(
        "You may re-roll up to 2 dice for the rest of this turn (excluding the current chain)"
        " up to 3 times each.",
        11,
    )

    assert new == "You may re-roll up to 2 dice for the rest of this turn up to 3 times each."


def test_11th_resources_become_your_resources():
    assert refurbish("Target up to 10 resources.", 11)[0] == "Target up to 10 of your resources."


def test_11th_paying_hitpoints_is_redacted():
    check = check_card(spell("Pay 4 hitpoints. Draw 3 cards.", design_edition=11), 11)

    assert check.verdict is Verdict.PRUNED
    assert check.reasons[0].code == "redacted_text"
    assert check.reasons[0].text == "Pay 4 hitpoints."
    assert check.reasons[0].message == (
        'Pruned: the text "Pay 4 hitpoints." has been redacted.'
        " See 'Redacted Ability Text (Banned Cards)' in the 11th Edition rulebook."
    )


def test_11th_drawing_cards_needs_a_9th_edition_card():
    eighth = check_card(spell("Draw 2 cards.", design_edition=8), 11)
    ninth = check_card(spell("Draw 2 cards.", design_edition=9), 11)

    assert eighth.verdict is Verdict.PRUNED
    assert eighth.reasons[0].message == (
        'Pruned: the cost of "Draw 2 cards." was revised in the 9th edition, and this card was'
        " designed for the 8th. See 'Revised Costs' in the 11th Edition rulebook."
    )
    assert ninth.verdict is Verdict.LEGAL


def test_11th_card_without_indicator_is_legal_without_a_revised_cost_text():
    check = check_card(spell("Draw 1 card. Target 1 card.", design_edition=None), 11)

    assert check.verdict is Verdict.LEGAL
    assert check.reasons == ()


def test_11th_card_without_indicator_is_pruned_with_a_revised_cost_text():
    check = check_card(spell("See all targets.", design_edition=None), 11)

    assert check.verdict is Verdict.PRUNED
    assert "this card has no Edition Indicator" in check.reasons[0].message


def test_11th_destroying_all_targets_needs_an_11th_edition_card():
    assert check_card(spell("Destroy all targets.", design_edition=10), 11).verdict is (
        Verdict.PRUNED
    )
    assert check_card(spell("Destroy all targets.", design_edition=11), 11).verdict is (
        Verdict.LEGAL
    )


def test_14th_keeps_no_redacted_text_in_force():
    # "Remove x counters from this card;" is redacted in a commented-out part of the rulebook.
    check = check_card(minion("CHARGE: Remove 2 counters from this card; Draw 1 card."), 14)

    # Invalid only because the 11th's cost is no component of the 14th's guide: not pruned.
    assert check.verdict is Verdict.INVALID
    assert [reason.code for reason in check.reasons] == ["not_a_component"]
    assert check.reasons[0].text == "Remove 2 counters from this card"


def test_edition_objects_and_numbers_give_the_same_check():
    card = spell("Exhaust 2 of your unexhausted cards in play.", design_edition=11)

    assert check_card(card, 11) == check_card(card, get_edition(11))
