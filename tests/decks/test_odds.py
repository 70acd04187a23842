"""The exact draw odds (decks.odds): the examples hold, the numbers agree with counting every
ordering of small decks, with sums worked out by hand, and the cards seen follow each edition's
data."""

from __future__ import annotations

import doctest
import json
from fractions import Fraction
from itertools import combinations
from pathlib import Path

import pytest

from decks import odds
from decks.odds import DrawRules, OddsError, cards_seen, distribution, draw_odds, exactly

EDITIONS = Path(__file__).resolve().parents[2] / "cards" / "editions"


def test_the_examples_in_the_module_hold() -> None:
    failed, attempted = doctest.testmod(odds)
    assert attempted > 10
    assert failed == 0


def brute_force(deck_size: int, copies: int, seen: int) -> list[Fraction]:
    """The chance of each number of chosen copies, by counting every hand of `seen` cards."""
    deck = [True] * copies + [False] * (deck_size - copies)
    counts = [0] * (copies + 1)
    hands = 0
    for hand in combinations(range(deck_size), seen):
        counts[sum(deck[i] for i in hand)] += 1
        hands += 1
    return [Fraction(count, hands) for count in counts]


@pytest.mark.parametrize(
    ("deck_size", "copies", "seen"),
    [(1, 1, 1), (5, 2, 3), (8, 3, 4), (10, 4, 6), (12, 1, 5), (12, 12, 7), (9, 0, 4), (11, 5, 0)],
)
def test_the_distribution_agrees_with_counting_every_hand(deck_size, copies, seen) -> None:
    assert list(distribution(deck_size, copies, seen)) == brute_force(deck_size, copies, seen)


def test_at_least_sums_the_distribution_from_k_up() -> None:
    spread = brute_force(10, 4, 6)
    for k in range(1, 5):
        found = draw_odds(deck_size=10, copies=4, seen=6, at_least=k)
        assert found.at_least_chance == sum(spread[k:], Fraction(0))
        assert found.exactly_chance == spread[k]


def test_values_worked_out_by_hand() -> None:
    # 40 cards, 4 copies, 7 seen: none is C(36,7)/C(40,7) = 8347680/18643560 = 695640/1553630.
    none = Fraction(8_347_680, 18_643_560)
    assert exactly(40, 4, 7, 0) == none
    assert draw_odds(deck_size=40, copies=4, seen=7, at_least=1).at_least_chance == 1 - none
    # 60 cards, 3 copies, 8 seen, exactly 2: C(3,2)·C(57,6)/C(60,8)
    # = 3 · 36288252 / 2558620845 = 108864756 / 2558620845.
    assert exactly(60, 3, 8, 2) == Fraction(108_864_756, 2_558_620_845)
    # 6 cards, 2 copies, 3 seen: at least 1 is 1 - C(4,3)/C(6,3) = 1 - 4/20 = 4/5.
    assert draw_odds(deck_size=6, copies=2, seen=3, at_least=1).at_least_chance == Fraction(4, 5)
    # Every card seen: the chosen copies are all there.
    assert draw_odds(deck_size=6, copies=2, seen=6, at_least=2).at_least_chance == 1


def test_impossible_questions_name_their_field() -> None:
    with pytest.raises(OddsError) as too_many:
        draw_odds(deck_size=40, copies=3, seen=7, at_least=4)
    assert too_many.value.field == "at_least"
    assert "at most 3" in str(too_many.value)
    with pytest.raises(OddsError) as nothing:
        draw_odds(deck_size=40, copies=0, seen=7, at_least=1)
    assert nothing.value.field == "cards"
    with pytest.raises(OddsError) as empty:
        draw_odds(deck_size=0, copies=0, seen=0, at_least=1)
    assert empty.value.field == "cards"
    rules = DrawRules(opening_hand=5)
    for turn in (0, -1, odds.MAX_TURN + 1):
        with pytest.raises(OddsError) as bad_turn:
            cards_seen(rules, turn=turn, going="first", deck_size=40)
        assert bad_turn.value.field == "turn"
    with pytest.raises(OddsError) as no_bury:
        cards_seen(rules, turn=1, going="first", deck_size=40, bury=1)
    assert no_bury.value.field == "bury"
    with pytest.raises(OddsError) as sideways:
        cards_seen(rules, turn=1, going="sideways", deck_size=40)
    assert sideways.value.field == "going"


def _editions() -> list[dict]:
    paths = sorted(path for path in EDITIONS.glob("*.json") if path.stem.isdigit())
    return [json.loads(path.read_text()) for path in paths]


@pytest.mark.parametrize("data", _editions(), ids=lambda data: str(data["number"]))
def test_the_cards_seen_follow_each_editions_data(data) -> None:
    setup = data["goldfish"]
    rules = DrawRules.from_goldfish(setup)
    hand = setup["opening_hand"]
    first_draws = setup.get("first_player_draws_on_turn_1", False)
    assert cards_seen(rules, turn=1, going="second", deck_size=60) == hand + 1
    assert cards_seen(rules, turn=1, going="first", deck_size=60) == hand + int(first_draws)
    assert cards_seen(rules, turn=4, going="second", deck_size=60) == hand + 4
    if setup.get("opening_bury"):
        assert cards_seen(rules, turn=1, going="second", deck_size=60, bury=hand) == 2 * hand + 1
    else:
        with pytest.raises(OddsError):
            cards_seen(rules, turn=1, going="second", deck_size=60, bury=1)


def test_a_first_player_who_draws_on_turn_1_sees_as_many_as_the_second() -> None:
    rules = DrawRules.from_goldfish({"opening_hand": 6, "first_player_draws_on_turn_1": True})
    assert cards_seen(rules, turn=2, going="first", deck_size=40) == 8
    assert cards_seen(rules, turn=2, going="second", deck_size=40) == 8


def test_edition_data_without_an_opening_hand_is_refused() -> None:
    with pytest.raises(OddsError):
        DrawRules.from_goldfish({"opening_bury": True})
