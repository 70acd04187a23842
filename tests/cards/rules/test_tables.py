"""Every row of every edition's tables, with numbers in place of x, y and z.

The generated tests read the tables from the data files, so a new edition's rows are covered
the day its file lands: every printed row, and every row again in the wordings its rulebook
allows ("the targets" read as "it" from the 16th on). The explicit tests below them spell out
the expected strings, so a wrong transcription in the data fails them; that the data holds
exactly the rulebooks' rows is test_edition_rulebooks.py's business.
"""

import pytest

from cards.rules import Verdict, check_card, get_edition, load_editions, ordinal, refurbish
from cards.rules.text import find_entries

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
    reasons = [(r.code, r.text) for r in older.reasons]
    clean_slate = EDITIONS[number].clean_slate
    if clean_slate is not None and row.edition - 1 < clean_slate:
        assert ("revised_cost_text", printed) in reasons  # and before the clean slate
    else:
        assert reasons == [("revised_cost_text", printed)]
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
    edition = EDITIONS[number]
    tables = [row.original for row in edition.refurbished] + list(edition.redacted)
    tables += [row.text for row in edition.revised_cost]

    check = check_card(_card_for(number, printed, design_edition=number), number)

    # Where the guide is enforced such a text is no component either, and an invalid card
    # shows only why it is invalid: the tables are asked directly.
    assert find_entries(printed, tables) == ()
    assert check.replacements == ()
    assert check.verdict in (Verdict.LEGAL, Verdict.INVALID), check.reasons
    if not edition.guide_enforced:
        assert check.verdict is Verdict.LEGAL, check.reasons


@pytest.mark.parametrize(("number", "index", "row"), REFURBISHED, ids=_ids(REFURBISHED))
def test_refurbished_rows_only_use_numbers_the_original_has(number, index, row):
    # The new text takes its numbers from the match, so it cannot use a letter the
    # original does not have. The loader enforces it; this keeps the data honest too.
    numbers = {"x": "7", "y": "8", "z": "9"}
    assert not has_placeholders(with_numbers(row.new, numbers))


# -- written out by hand -------------------------------------------------------------------


def _counts(number: int) -> list[int]:
    edition = EDITIONS[number]
    return [len(edition.refurbished), len(edition.redacted), len(edition.revised_cost)]


def test_the_tables_have_the_rulebook_row_counts():
    assert _counts(11) == [9, 17, 10]
    # The 12th rulebook's three tables are all commented out: none is in force.
    assert _counts(12) == [0, 0, 0]
    assert _counts(13) == [0, 0, 0]
    # The 14th and 15th rulebooks' redacted and revised-cost sections are commented out.
    assert _counts(14) == [1, 0, 0]
    assert _counts(15) == [1, 0, 0]
    # The 16th and 17th: 6 and 9 refurbished rows, the redacted section commented out, and 3
    # revised levels, 2 of which say "the targets" and so are also matched as "it".
    assert _counts(16) == [6, 0, 3 + 2]
    assert _counts(17) == [9, 0, 3 + 2]


def test_only_the_16th_and_17th_let_the_targets_read_it():
    assert [n for n, e in EDITIONS.items() if e.text_variants] == [16, 17]
    assert [(v.text, v.may_read) for v in EDITIONS[17].text_variants] == [("the targets", "it")]
    assert [row.text for row in EDITIONS[17].revised_cost] == [
        "See enemy's hand and target up to x cards therein",
        "sheathe the targets",
        "silo the targets",
        "sheathe it",
        "silo it",
    ]


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
        'Pruned: "Draw 2 cards." was revised in the 9th edition, and this card was'
        " designed for the 8th. See 'Revised Costs' in the 11th Edition rulebook."
    )
    assert ninth.verdict is Verdict.LEGAL


def test_11th_card_without_indicator_is_legal_without_a_revised_cost_text():
    check = check_card(spell("Target 1 card. Shuffle your deck.", design_edition=None), 11)

    assert check.verdict is Verdict.LEGAL
    assert check.reasons == ()
    # "Draw 1 card." is "Draw x cards." as the guides write it at 1: a revised-cost text.
    drawing = check_card(spell("Draw 1 card. Target 1 card.", design_edition=None), 11)
    assert [reason.code for reason in drawing.reasons] == ["revised_cost_text"]


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


# -- the 12th, 15th, 16th and 17th ---------------------------------------------------------


def test_12th_has_nothing_to_refurbish_or_prune_by_text():
    text = "Ghost-play, must pay resource cost: Draw 1 card."

    assert refurbish(text, 12) == (text, ())
    assert check_card(spell("Draw 2 cards.", design_edition=12), 12).verdict is Verdict.LEGAL


def test_15th_ghost_play_that_must_pay_is_hex_play():
    new, _ = refurbish("Ghost-play, must pay resource cost: Draw 1 card.", 15)

    assert new == "Hex-play: Draw 1 card."


def test_16th_resources_are_cards_in_your_granary():
    new, (replacement,) = refurbish("Self-bury 2 of your resources → Draw 1 card.", 16)

    assert new == "Self-bury 2 cards in your granary → Draw 1 card."
    assert (replacement.original, replacement.new) == (
        "2 of your resources",
        "2 cards in your granary",
    )


@pytest.mark.parametrize("number", [16, 17])
def test_16th_and_17th_in_play_cards_are_on_field_minions(number):
    assert refurbish("Target 1 in-play card.", number)[0] == "Target 1 on-field minion."
    assert refurbish("Self-exhaust 3 minions → Draw 1 card.", number)[0] == (
        "Self-exhaust 3 on-field minions → Draw 1 card."
    )
    assert refurbish("Summon 2 level 3 pawns.", number)[0] == "Craft 2 level 3 pawns."
    assert refurbish("When this card as a resource is destroyed: Draw 1 card.", number)[0] == (
        "When this card in your granary is destroyed: Draw 1 card."
    )


def test_17th_damaged_and_destroyed_minions():
    assert refurbish("When this on-field minion is damaged: Draw 1 card.", 17)[0] == (
        "When your on-field minion(s) is damaged: Draw 1 card."
    )
    assert (
        refurbish(
            "When your on-field minion(s) (excluding this card) is damaged: Draw 1 card.", 17
        )[0]
        == "When your on-field minion(s) is damaged: Draw 1 card."
    )
    assert (
        refurbish("When this on-field minion is destroyed (ghost-play): Draw 1 card.", 17)[0]
        == "When this card in your battlefield is destroyed (ghost-play): Draw 1 card."
    )


def test_16th_does_not_know_the_17th_rows():
    text = "When this on-field minion is damaged: Draw 1 card."

    assert refurbish(text, 16) == (text, ())


@pytest.mark.parametrize("number", [16, 17])
@pytest.mark.parametrize("printed", ["Sheathe the targets.", "Sheathe it.", "Silo it."])
def test_sheathing_and_siloing_need_a_16th_edition_card(number, printed):
    fifteenth = check_card(spell(printed, design_edition=15), number)
    sixteenth = check_card(spell(printed, design_edition=16), number)

    assert fifteenth.verdict is Verdict.PRUNED
    assert fifteenth.reasons[0].code == "revised_cost_text"
    assert fifteenth.reasons[0].text == printed[:-1]
    assert fifteenth.reasons[0].message == (
        f'Pruned: "{printed[:-1]}" was revised in the 16th edition, and this card'
        f" was designed for the 15th. See 'Revised Levels' in the {ordinal(number)} Edition"
        " rulebook."
    )
    assert fifteenth.reasons[0].section == "#revised-levels"
    assert sixteenth.verdict is not Verdict.PRUNED


def test_it_stands_for_the_targets_only_as_a_whole_word():
    revised = [row.text for row in EDITIONS[17].revised_cost]

    assert find_entries("Sheathe items.", revised) == ()
    assert find_entries("Silo itself.", revised) == ()
    assert [m.text for m in find_entries("Sheathe it.", revised)] == ["Sheathe it"]


def test_15th_knows_no_revised_levels():
    assert check_card(spell("Sheathe the targets.", design_edition=14), 15).verdict is not (
        Verdict.PRUNED
    )


def test_a_plural_holds_the_row_and_keeps_its_ending() -> None:
    # The 17th refurbishes "in-play card" to "on-field minion": the plural is the same text.
    assert refurbish("Target up to 2 in-play cards.", 17)[0] == "Target up to 2 on-field minions."
    assert refurbish("Target in-play cardboard.", 17)[0] == "Target in-play cardboard."
