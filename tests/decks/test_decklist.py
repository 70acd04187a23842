"""Plain deck lists: every problem is named with its line number."""

from dataclasses import dataclass

import pytest

from decks.decklist import (
    MAX_COUNT,
    DecklistLine,
    LineError,
    match_decklist,
    normalize_name,
    parse_decklist,
)


@dataclass(frozen=True)
class Named:
    pk: int
    name: str


def test_counts_names_comments_and_blank_lines():
    text = (
        "# my deck\n\n4 Fire Drake\n3x Ember  Wisp\n// sideboard ideas\n"
        "  2x  \n1× Ash\n2 Ghost #17\n"
    )
    lines, errors = parse_decklist(text)
    assert [(e.line, e.message) for e in errors] == [
        (6, "expected '<count> <card name>', like '3 Fire Drake', but found '2x'.")
    ]
    assert lines == [
        DecklistLine(3, 4, "Fire Drake"),
        DecklistLine(4, 3, "Ember Wisp"),
        DecklistLine(7, 1, "Ash"),
        DecklistLine(8, 2, "Ghost", 17),
    ]


@pytest.mark.parametrize(
    ("line", "message"),
    [
        (
            "Fire Drake",
            "expected '<count> <card name>', like '3 Fire Drake', but found 'Fire Drake'.",
        ),
        ("4", "expected '<count> <card name>', like '3 Fire Drake', but found '4'."),
        (
            "x4 Fire Drake",
            "expected '<count> <card name>', like '3 Fire Drake', but found 'x4 Fire Drake'.",
        ),
        ("0 Fire Drake", "the count must be at least 1, not 0."),
        ("-2 Fire Drake", "the count must be at least 1, not -2."),
        ("101 Fire Drake", f"the count must be at most {MAX_COUNT}, not 101."),
        ("1 " + "A" * 101, "a card name has at most 100 characters."),
    ],
)
def test_each_kind_of_bad_line_is_named_with_its_number(line, message):
    lines, errors = parse_decklist(f"1 Fine\n# comment\n{line}\n2 Also Fine")
    assert errors == [LineError(3, message)]
    assert str(errors[0]) == f"Line 3: {message}"
    assert [entry.name for entry in lines] == ["Fine", "Also Fine"]


def test_a_long_bad_line_is_shortened_in_the_message():
    _, errors = parse_decklist("x" * 300)
    assert errors[0].message.endswith("...'.") and len(errors[0].message) < 150


def test_an_empty_list_is_an_error():
    assert parse_decklist("\n# nothing\n")[1] == [
        LineError(None, "The list is empty. Write one card a line, like '3 Fire Drake'.")
    ]


def test_names_match_whatever_the_case_spacing_and_quotes():
    assert normalize_name("  Keeper’s   FIRE ") == normalize_name("keeper's fire")


def test_matching_adds_up_lines_naming_the_same_card():
    cards = [Named(1, "Fire Drake"), Named(2, "Ember Wisp")]
    lines, _ = parse_decklist("2 fire drake\n3 Ember Wisp\n2 FIRE DRAKE")
    entries, errors = match_decklist(lines, cards)
    assert errors == []
    assert entries == [(cards[0], 4), (cards[1], 3)]


def test_unknown_and_ambiguous_names_are_errors_on_their_lines():
    cards = [Named(1, "Fire Drake"), Named(2, "Twin"), Named(3, "twin")]
    lines, _ = parse_decklist("1 Fire Drake\n2 Foo\n3 Twin\n4 Twin #3\n5 Fire Drake #2\n")
    entries, errors = match_decklist(lines, cards, describe=lambda c: f"#{c.pk} ({c.name})")
    assert [(e.line, e.message) for e in errors] == [
        (2, "no card named 'Foo' in your collection."),
        (
            3,
            "2 cards in your collection are named 'Twin': #2 (Twin), #3 (twin). Add the number"
            " of the one you mean, like '3 Twin #2'.",
        ),
        (5, "no card #2 named 'Fire Drake' in your collection."),
    ]
    assert entries == [(cards[0], 1), (cards[2], 4)]


def test_copies_over_the_limit_across_lines_are_an_error_on_the_line_that_passes_it():
    cards = [Named(1, "Fire Drake")]
    lines, _ = parse_decklist("60 Fire Drake\n50 Fire Drake")
    _, errors = match_decklist(lines, cards)
    assert errors == [
        LineError(2, "this brings 'Fire Drake' to 110 copies; a deck holds at most 100 of a card.")
    ]


def test_too_many_different_cards_is_an_error_of_the_whole_list():
    cards = [Named(n, f"Card {n}") for n in range(5)]
    lines, _ = parse_decklist("\n".join(f"1 Card {n}" for n in range(5)))
    _, errors = match_decklist(lines, cards, max_entries=3)
    assert errors == [LineError(None, "A deck holds at most 3 different cards; this list names 5.")]
