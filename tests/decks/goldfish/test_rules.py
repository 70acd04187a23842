"""Turn order, the end of the game, bury and sowing, as the 14th edition and POLICY.md say."""

from decks.goldfish import Options, simulate

from .helpers import deck, minion, spell, stacked

ROCK = minion("Rock", level=0, sp=0)


def one_game(turns: int, going: str = "first", bury: str = "none", hp: int = 35) -> Options:
    return Options(games=1, seed=0, max_turns=turns, going=going, bury=bury, opponent_hp=hp)


def test_going_second_draws_on_turn_one() -> None:
    the_deck = deck((1, minion("Pup", sp=3)), (39, ROCK))
    top = ["Rock"] * 5 + ["Pup"]
    first = stacked(the_deck, top, one_game(3, "first"))
    second = stacked(the_deck, top, one_game(3, "second"))
    assert first.seen["Pup"] == 2 and first.damage == [0, 0, 3]
    assert second.seen["Pup"] == 1 and second.damage == [0, 3, 6]


def test_drawing_from_an_empty_deck_ends_the_game_unwon() -> None:
    # Six free 1-SP minions: 5 dice on turn 2 cannot kill; turn 3 must draw from an
    # empty deck. The ended games keep their damage and resources in later turns.
    the_deck = deck((6, minion("Pup", sp=1)))
    result = simulate(the_deck, Options(games=3_000, seed=2, max_turns=10, bury="none"))
    assert result.not_won == 3_000
    assert result.kill_turn.as_dict() == {
        "mean": None,
        "median": None,
        "histogram": {str(t): 0 for t in range(1, 11)},
    }
    damage = result.mean_damage_by_turn
    assert 17.5 - 0.5 < damage["2"] < 17.5 + 0.5
    assert all(damage[str(t)] == damage["2"] for t in range(3, 11))
    assert result.p_seen_by_turn["Pup"]["1"] == 1.0


def test_a_game_not_won_by_the_turn_limit_is_not_won() -> None:
    the_deck = deck((40, minion("Pup", sp=1)))
    result = simulate(the_deck, Options(games=500, seed=2, max_turns=2, bury="none"))
    assert result.not_won == 500
    assert result.p_kill_by_turn == {"1": 0.0, "2": 0.0}


def test_unmodeled_cards_are_listed_once_sorted_and_played_for_stats() -> None:
    the_deck = deck(
        (10, minion("Zealot", sp=1, text="Ghost-play: Draw 1 card.")),
        (10, minion("Anvil", sp=1, text="Self-exhaust this card \u2192 Draw 1 card.")),
        (5, minion("Anvil", sp=1, text="Self-exhaust this card \u2192 Draw 1 card.")),
        (5, spell("Quake", 0, "Destroy every minion.")),
        (5, minion("Plain", sp=1)),
        (5, spell("Spark", 0, "Inflict 1 damage to an enemy player.")),
    )
    result = simulate(the_deck, Options(games=200, seed=4, max_turns=3))
    assert result.unmodeled_cards == ("Anvil", "Quake", "Spark", "Zealot")
    # Played for their stats: 1-SP minions still attack.
    assert result.mean_damage_by_turn["3"] > 10


def test_level_zero_cards_are_never_sowed() -> None:
    the_deck = deck((20, minion("Pup", sp=1)), (20, spell("Spark", 0, "Draw 1 card.")))
    result = simulate(the_deck, Options(games=500, seed=6, max_turns=5, bury="none"))
    assert set(result.mean_resources_by_turn.values()) == {0.0}


def test_sowing_stops_once_the_granary_pays_for_the_hand() -> None:
    # Level-2 Knights: the player sows while the Knights in hand cost more than the granary
    # holds (and at least 2 cards are in hand), then plays them all each turn.
    the_deck = deck((40, minion("Knight", level=2, sp=2)))
    game = stacked(the_deck, ["Knight"] * 40, one_game(6))
    # Turn 4: 3 Knights in hand cost 6 > 3 resources, so a fourth is sowed; from turn 5 the
    # hand holds a single card and is no longer sowed from.
    assert game.resources == [1, 2, 3, 4, 4, 4]
    assert game.damage == [0, 0, 2, 6, 14, 24]


def test_a_hand_flooded_with_cheap_minions_keeps_sowing() -> None:
    # 40 level-1 minions of 1 SP, going first, no bury: the old rule (sow only up to the
    # most expensive card) won by turn 5 in 54% of games; sowing while the hand costs more
    # than the granary wins almost always.
    the_deck = deck((40, minion("Cub", level=1, sp=1)))
    result = simulate(the_deck, Options(games=20_000, seed=3, max_turns=10, bury="none"))
    assert result.p_kill_by_turn["5"] > 0.97


def test_surplus_cards_are_sowed_before_cards_worth_playing() -> None:
    knight = minion("Knight", level=2, sp=2)
    chaff = spell("Chaff", 5, "Destroy target minion.")
    the_deck = deck((3, knight), (1, chaff), (36, ROCK))
    top = ["Knight", "Chaff", "Knight", "Rock", "Knight", "Rock", "Rock", "Rock"]
    game = stacked(the_deck, top, one_game(5))
    # Turn 1 sows Chaff, turns 2 and 3 a Rock (the Knights in hand cost more than the
    # granary holds); a Knight is summoned on turns 2, 3 and 4.
    assert game.resources == [1, 2, 3, 3, 3]
    assert game.damage == [0, 0, 2, 6, 12]


def test_bury_above_n_sends_expensive_cards_to_the_bottom() -> None:
    the_deck = deck((1, minion("Giant", level=4, sp=4)), (1, minion("Pup", sp=1)), (38, ROCK))
    top = ["Giant", "Rock", "Rock", "Rock", "Rock", "Pup"]
    kept = stacked(the_deck, top, one_game(3, bury="none"))
    buried = stacked(the_deck, top, one_game(3, bury="above:3"))
    assert kept.damage == [0, 0, 1]
    assert buried.damage == [0, 1, 2]
    assert buried.seen["Giant"] == 0  # seen in the opening hand all the same


def test_default_bury_reshapes_a_hand_with_no_early_play() -> None:
    giant = minion("Giant", level=4, sp=4)
    the_deck = deck((2, giant), (2, minion("Pup", sp=1)), (36, ROCK))
    top = ["Giant", "Giant", "Rock", "Rock", "Rock", "Pup", "Pup"]
    game = stacked(the_deck, top, one_game(2, bury="default"))
    # No card of level 2 or less worth playing: both Giants are buried, both Pups drawn.
    assert game.seen["Pup"] == 0
    assert game.damage == [0, 2]


def test_default_bury_keeps_a_hand_with_an_early_play_and_one_big_card() -> None:
    the_deck = deck(
        (1, minion("Pup", sp=1)),
        (2, minion("Titan", level=6, sp=6)),
        (1, minion("Scout", level=1, sp=1)),
        (36, ROCK),
    )
    top = ["Pup", "Titan", "Titan", "Rock", "Rock", "Scout"]
    game = stacked(the_deck, top, one_game(1, bury="default"))
    # One Titan of the two is buried, and the Scout drawn in its place.
    assert game.seen["Scout"] == 0
    none = stacked(the_deck, top, one_game(1, bury="none"))
    assert none.seen["Scout"] is None


def test_the_last_card_worth_playing_is_played_not_sowed() -> None:
    # The Titan at the bottom keeps the player wanting 6 resources, but when the hand
    # holds a single Knight it can afford, the Knight is summoned rather than sowed.
    the_deck = deck((39, minion("Knight", level=2, sp=2)), (1, minion("Titan", level=6, sp=6)))
    game = stacked(the_deck, ["Knight"] * 39, one_game(6))
    assert game.resources == [1, 2, 3, 4, 4, 4]
    assert game.damage == [0, 0, 2, 6, 14, 24]
