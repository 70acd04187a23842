"""The sample hand follows the 14th rulebook's setup: draw 5, bury once, draw as many."""

import pytest

from decks.sample_hand import HAND_SIZE, SampleHandError, sample_game

DECK = [f"card-{n}" for n in range(40)]


def test_the_opening_hand_is_five_cards_of_a_shuffled_deck():
    game = sample_game(DECK, seed=7)
    assert len(game.hand) == HAND_SIZE == 5
    assert game.opening == game.hand
    assert game.deck_left == 35 and game.turn == 0
    assert sorted(game.hand + game.library) == sorted(DECK)
    assert game.can_bury


def test_the_same_seed_gives_the_same_game_and_another_seed_another():
    assert sample_game(DECK, seed=7) == sample_game(DECK, seed=7)
    assert sample_game(DECK, seed=7).hand != sample_game(DECK, seed=8).hand


def test_burying_puts_cards_on_the_bottom_and_draws_as_many():
    before = sample_game(DECK, seed=3)
    game = sample_game(DECK, seed=3, bury=[0, 2])
    assert len(game.hand) == 5
    assert game.hand[:3] == (before.opening[1], before.opening[3], before.opening[4])
    assert game.hand[3:] == before.library[:2]
    assert game.library[-2:] == (before.opening[0], before.opening[2])
    assert game.deck_left == 35
    assert not game.can_bury  # once only


def test_keeping_the_hand_ends_the_bury_step():
    game = sample_game(DECK, seed=3, bury_decided=True)
    assert game.hand == game.opening and not game.can_bury


def test_each_turn_draws_one_card():
    opening = sample_game(DECK, seed=5, bury=[1])
    game = sample_game(DECK, seed=5, bury=[1], turns=3)
    assert game.turn == 3
    assert len(game.hand) == 8 and game.deck_left == 32
    assert game.hand[5:] == opening.library[:3]
    assert game.drawn_this_turn == opening.library[2]


def test_an_empty_deck_draws_nothing():
    game = sample_game(DECK[:6], seed=1, turns=3)
    assert len(game.hand) == 6 and game.deck_left == 0
    assert game.drawn_this_turn is None


def test_a_small_deck_draws_what_it_has():
    game = sample_game(DECK[:3], seed=1)
    assert len(game.hand) == 3 and game.deck_left == 0


def test_burying_a_card_that_is_not_in_the_hand_is_refused():
    with pytest.raises(SampleHandError):
        sample_game(DECK, seed=1, bury=[5])
    with pytest.raises(SampleHandError):
        sample_game(DECK, seed=1, turns=-1)
