"""The engine's numbers against exact probabilities: draws and dice."""

from math import comb

import pytest

from decks.goldfish import Options, simulate

from .helpers import deck, dice_sum_tail, minion, spell, within

GAMES = 20_000


def cards_drawn(turn: int, going: str) -> int:
    """Cards drawn by the end of ``turn`` with no bury and no card draw effects."""
    return 5 + (turn - 1 if going == "first" else turn)


@pytest.mark.parametrize("going", ["first", "second"])
def test_seeing_a_card_follows_the_hypergeometric_distribution(going: str) -> None:
    # Nothing here deals damage, so every game runs all turns and draws one card a turn.
    copies, size = 3, 45
    the_deck = deck(
        (copies, spell("Beacon", 1, "3-dice-heal yourself.")),
        (size - copies - 10, spell("Chaff", 2, "Destroy target minion.")),
        (10, minion("Statue", level=1, sp=0)),
    )
    options = Options(games=GAMES, seed=11, max_turns=12, going=going, bury="none")
    result = simulate(the_deck, options)

    assert result.not_won == GAMES
    for turn in range(1, 13):
        drawn = cards_drawn(turn, going)
        expected = 1 - comb(size - copies, drawn) / comb(size, drawn)
        observed = result.p_seen_by_turn["Beacon"][str(turn)]
        assert within(observed, expected, GAMES), (turn, observed, expected)
        statue = 1 - comb(size - 10, drawn) / comb(size, drawn)
        assert within(result.p_seen_by_turn["Statue"][str(turn)], statue, GAMES)


def test_the_opening_hand_is_seen_before_turn_one_ends() -> None:
    the_deck = deck((1, spell("Needle", 3)), (39, spell("Hay", 3)))
    result = simulate(the_deck, Options(games=GAMES, seed=3, max_turns=3, bury="none"))
    assert within(result.p_seen_by_turn["Needle"]["1"], 5 / 40, GAMES)
    assert within(result.p_seen_by_turn["Needle"]["3"], 7 / 40, GAMES)


def kill_odds(dice_by_turn: list[int], hp: int = 35) -> list[float]:
    """P(killed by the end of each turn) when the cumulative number of dice is known."""
    total, odds = 0, []
    for dice in dice_by_turn:
        total += dice
        odds.append(dice_sum_tail(total, hp))
    return odds


@pytest.mark.parametrize("sp", [1, 2])
def test_kill_turn_of_free_minions_matches_the_sum_of_dice(sp: int) -> None:
    # Going first with 40 level-0 minions: all 5 are summoned on turn 1 and one more
    # every turn; each attacks from the turn after it was summoned. So turn t rolls
    # sp * (t + 3) dice from turn 2 on. Level-0 cards need no resources: none are sowed.
    the_deck = deck((40, minion("Pup", level=0, sp=sp)))
    options = Options(games=GAMES, seed=5, max_turns=10, bury="none")
    result = simulate(the_deck, options)

    dice = [0] + [sp * (t + 3) for t in range(2, 11)]
    for turn, expected in enumerate(kill_odds(dice), start=1):
        observed = result.p_kill_by_turn[str(turn)]
        assert within(observed, expected, GAMES), (turn, observed, expected)
    assert all(v == 0 for v in result.mean_resources_by_turn.values())
    assert result.kill_turn.histogram["1"] == 0


def test_kill_turn_going_second_counts_the_extra_card() -> None:
    # Going second: 6 minions on turn 1, so turn t rolls t + 4 dice from turn 2 on.
    the_deck = deck((40, minion("Pup", level=0, sp=1)))
    options = Options(games=GAMES, seed=8, max_turns=6, going="second", bury="none")
    result = simulate(the_deck, options)
    dice = [0] + [t + 4 for t in range(2, 7)]
    for turn, expected in enumerate(kill_odds(dice), start=1):
        assert within(result.p_kill_by_turn[str(turn)], expected, GAMES)


def test_mean_damage_is_three_and_a_half_per_die_until_the_cap() -> None:
    the_deck = deck((40, minion("Pup", level=0, sp=1)))
    options = Options(games=GAMES, seed=9, max_turns=3, bury="none", opponent_hp=500)
    result = simulate(the_deck, options)
    # 5 dice on turn 2, 6 more on turn 3; sd of one die is about 1.71.
    for turn, dice in ((2, 5), (3, 11)):
        mean = result.mean_damage_by_turn[str(turn)]
        assert abs(mean - 3.5 * dice) < 4 * 1.71 * dice**0.5 / GAMES**0.5


def test_damage_is_capped_at_the_goldfish_hp() -> None:
    # Five free 6-SP minions attack on turn 2 with 30 dice: at least 30 damage, capped at 5.
    the_deck = deck((40, minion("Ogre", level=0, sp=6)))
    options = Options(games=1_000, seed=1, max_turns=3, bury="none", opponent_hp=5)
    result = simulate(the_deck, options)
    assert result.mean_damage_by_turn == {"1": 0.0, "2": 5.0, "3": 5.0}
    assert result.kill_turn.histogram == {"1": 0, "2": 1_000, "3": 0}
