"""The exact pieces under the engine: dice sums, fast division, the reference deck."""

import numpy as np
import pytest

from cards import rules
from decks.goldfish import Options, simulate
from decks.goldfish.dice import dice_table, sum_distribution
from decks.goldfish.model import MAX_DECK_CARDS, MAX_LEVEL
from decks.goldfish.policy import SHIFT, CardType, Worth, make_step
from decks.goldfish.reference import reference_deck

from .helpers import within


def test_dice_distribution_is_exact_for_small_counts() -> None:
    two = sum_distribution(2)
    assert two[7] == pytest.approx(6 / 36, abs=1e-15)
    assert two[2] == pytest.approx(1 / 36, abs=1e-15)
    assert two[:2].sum() == 0 and two.sum() == pytest.approx(1)


@pytest.mark.parametrize("hp", [35, 60])
def test_alias_tables_hold_the_exact_distribution(hp: int) -> None:
    table = dice_table(hp)
    for dice in range(hp + 1):
        start, size = int(table.offset[dice]), int(table.size[dice])
        threshold = table.threshold[start : start + size]
        rebuilt = np.zeros(6 * dice + 1)
        np.add.at(rebuilt, table.primary[start : start + size], threshold / size)
        np.add.at(rebuilt, table.alias[start : start + size], (1 - threshold) / size)
        assert np.abs(rebuilt - sum_distribution(dice)).max() < 1e-12, dice


def test_sampled_sums_follow_the_distribution() -> None:
    table = dice_table(35)
    draws = 200_000
    uniforms = np.random.default_rng(7).random(draws)
    sums = table.sample(np.full(draws, 3), uniforms)
    exact = sum_distribution(3)
    for total in range(3, 19):
        assert within(float(np.mean(sums == total)), float(exact[total]), draws), total


def test_division_by_multiplying_is_exact() -> None:
    resources = np.arange(2 * MAX_DECK_CARDS + 1, dtype=np.int32)
    for level in range(2, MAX_LEVEL + 1):
        step = make_step(0, CardType("minion", level, 1, None, (), ()), Worth(0.0, ()))
        assert np.array_equal((resources * np.int32(step.reciprocal)) >> SHIFT, resources // level)


def test_the_reference_deck_plays_a_sensible_game() -> None:
    the_deck = reference_deck()
    assert the_deck.size == 60
    for _, card in the_deck.entries:
        guide_card = rules.Card(
            card.name,
            card.kind,
            14,
            card.level,
            card.sp if card.kind == "minion" else None,
            card.hp if card.kind == "minion" else None,
            card.ability_text,
        )
        level = rules.compute_level(guide_card, 14).value
        assert level in (None, card.level), card.name  # None: not made of components
    result = simulate(the_deck, Options(games=5_000, seed=99))
    assert result.unmodeled_cards == ("Cataclysm", "Gate Warden")
    assert 3 < result.kill_turn.mean < 10
    assert result.not_won < 50
    resources = list(result.mean_resources_by_turn.values())
    assert resources == sorted(resources) and resources[-1] <= 10 + 2


def test_the_plain_engine_agrees_with_the_vectorized_one() -> None:
    # The same deck and policy played one game at a time: the same distributions.
    from decks.goldfish.engine import play_blocks
    from decks.goldfish.plain import play_games
    from decks.goldfish.policy import build_tables

    the_deck = reference_deck()
    options = Options(games=6_000, seed=4, max_turns=10)
    tables = build_tables(the_deck, options.max_turns, options.edition)
    fast = play_blocks(tables, options, 0, options.blocks)
    plain = play_games(tables, options, 3_000, seed=4)
    for turn in range(options.max_turns):
        p_fast = fast.kills[: turn + 1].sum() / fast.games
        p_plain = sum(plain.kills[: turn + 1]) / plain.games
        assert within(p_plain, p_fast, plain.games, sigmas=4.5), (turn + 1, p_plain, p_fast)
        resources_fast = fast.resources[turn] / fast.games
        resources_plain = plain.resources[turn] / plain.games
        assert abs(resources_fast - resources_plain) < 0.1, turn + 1


@pytest.mark.parametrize(("games", "deck_size"), [(2_500, 40), (1_200, 60), (300, MAX_DECK_CARDS)])
def test_a_deck_is_shuffled_by_sorting_its_random_keys(games: int, deck_size: int) -> None:
    """Each block's decks are its generator's first uniform numbers (a row per game) sorted,
    card by card: the packed integer sort gives exactly that order; the dice and pick numbers
    follow, a row per turn."""
    from decks.goldfish.engine import block_games, block_generator, shuffled

    options = Options(games=games, seed=11, max_turns=6)
    order, dice, picks = shuffled(options, deck_size, 0, options.blocks)
    row = 0
    for block in range(options.blocks):
        size = block_games(block, games)
        generator = block_generator(options.seed, block)
        keys = generator.random((size, deck_size))
        assert (order[row : row + size] == keys.argsort(axis=1, kind="stable")).all()
        assert (dice[:, row : row + size] == generator.random((size, 6)).T).all()
        assert (picks[:, row : row + size] == generator.random((size, 6)).T).all()
        row += size
    assert row == games == order.shape[0] and order.dtype == np.int16
