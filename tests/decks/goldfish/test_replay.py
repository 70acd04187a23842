"""A game played again alone turns out as it did in the run, and its cards are where the
engine's counts say they are at the start of every turn."""

from __future__ import annotations

import numpy as np
import pytest

from decks.goldfish import GoldfishError, Options
from decks.goldfish.engine import play_blocks
from decks.goldfish.policy import build_tables
from decks.goldfish.reference import reference_deck
from decks.goldfish.replay import _Follower, card_entries, replay_game

from .helpers import deck, minion, spell


def _kill_turns(the_deck, options, numbers):
    kills = np.zeros(options.max_turns, dtype=np.int64)
    decked = 0
    for number in numbers:
        game = replay_game(the_deck, options, number)
        if game.kill_turn is not None:
            kills[game.kill_turn - 1] += 1
        decked += game.decked
    return kills, decked


@pytest.mark.slow  # thousands of games replayed one by one: seconds; in make test
@pytest.mark.parametrize("going", ["first", "second"])
def test_the_kill_turns_of_a_block_replayed_game_by_game_are_its_tally(going):
    the_deck = reference_deck()
    options = Options(games=1_250, seed=2024, going=going, max_turns=14)
    counts = play_blocks(build_tables(the_deck, 14), options, 1, 2)  # games 1,001 to 1,250
    kills, decked = _kill_turns(the_deck, options, range(1_001, 1_251))
    assert kills.tolist() == counts.kills.tolist()
    assert decked == counts.decked


def test_a_deck_that_runs_out_is_decked_in_the_replay_as_in_the_tally():
    slow = deck((20, minion("Pebble", level=9, sp=0)), (5, spell("Dud", level=0)))
    options = Options(games=40, seed=5, max_turns=30, bury="none")
    counts = play_blocks(build_tables(slow, 30), options, 0, 1)
    kills, decked = _kill_turns(slow, options, range(1, 41))
    assert counts.decked == 40 and decked == 40
    assert kills.tolist() == counts.kills.tolist()
    game = replay_game(slow, options, 3)
    assert game.turns[-1].library == ()


class _Checking(_Follower):
    """Compares the cards followed with the engine's counts at the start of each turn."""

    checked = 0

    def _state(self, batch, turn):
        state = super()._state(batch, turn)
        types = batch.tables.card_type
        hand = np.bincount(types[list(state.hand)], minlength=batch.type_count)
        assert hand.tolist() == batch.hand[:, 0].tolist()
        assert len(state.field) == int(batch.in_play_minions[0])
        assert len(state.granary) == int(batch.granary[0])
        assert len(state.library) == int(batch.cards_left()[0])
        every = sorted(state.library + state.hand + state.field + state.granary + state.grave)
        assert every == list(range(batch.deck_size))
        _Checking.checked += 1
        return state


@pytest.mark.slow  # thousands of games replayed one by one: seconds; in make test
def test_every_zone_matches_the_engine_counts_at_the_start_of_every_turn(monkeypatch):
    import decks.goldfish.replay as replay

    monkeypatch.setattr(replay, "_Follower", _Checking)
    options = Options(games=300, seed=99, max_turns=12)
    for number in range(1, 301):
        assert replay_game(reference_deck(), options, number).irregular == ()
    assert _Checking.checked > 1_000


def test_a_card_a_cost_discarded_earlier_in_the_turn_is_not_played():
    # In this game the plan counts on a card that the cost of a spell cast before it discards
    # at random: the engine plays only what is still in hand, so every move has its card.
    options = Options(games=1_300, seed=11, going="second", max_turns=15)
    game = replay_game(reference_deck(), options, 1_095)
    assert game.irregular == ()
    assert game.kill_turn == 6


def test_the_first_turn_holds_the_opening_hand_after_the_bury():
    options = Options(games=30, seed=3)
    games = [replay_game(reference_deck(), options, number) for number in range(1, 31)]
    buried = [game for game in games if game.buried]
    assert buried and len(buried) < len(games)
    for game in games:
        start = game.at_turn(1)
        kept = [card for card in game.opening if card not in game.buried]
        assert len(start.hand) == 5 and list(start.hand[: len(kept)]) == kept
        # Buried cards lie at the bottom of the deck, in the order they were in the hand.
        assert start.library[len(start.library) - len(game.buried) :] == game.buried


def test_a_turn_after_the_game_ended_or_a_game_outside_the_run_is_refused():
    options = Options(games=10, seed=3)
    game = replay_game(reference_deck(), options, 1)
    with pytest.raises(GoldfishError, match="ended before turn"):
        game.at_turn(len(game.turns) + 1)
    for number in (0, 11, True, "3"):
        with pytest.raises(GoldfishError, match="between 1 and 10"):
            replay_game(reference_deck(), options, number)


def test_card_indexes_map_to_the_entries_by_name():
    the_deck = reference_deck()
    entries = card_entries(the_deck)
    game = replay_game(the_deck, Options(games=1, seed=1), 1)
    assert len(entries) == the_deck.size
    for index, name in enumerate(game.names):
        assert the_deck.entries[entries[index]][1].name == name
