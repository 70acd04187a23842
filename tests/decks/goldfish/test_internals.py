"""The exact pieces under the engine: dice sums, fast division, the reference deck."""

import numpy as np
import pytest

from decks.goldfish import Options, simulate
from decks.goldfish.abilities import NOOP
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
        step = make_step(0, CardType("minion", level, 1, NOOP, ()), Worth(0.0, ()))
        assert np.array_equal((resources * np.int32(step.magic)) >> SHIFT, resources // level)


def test_the_reference_deck_plays_a_sensible_game() -> None:
    the_deck = reference_deck()
    assert the_deck.size == 60
    levels = {card.level for _, card in the_deck.entries}
    assert levels == set(range(7))
    result = simulate(the_deck, Options(games=5_000, seed=99))
    assert result["unmodeled_cards"] == ["Cataclysm", "Gate Warden"]
    assert 3 < result["kill_turn"]["mean"] < 10
    assert result["not_won"] < 50
    resources = list(result["mean_resources_by_turn"].values())
    assert resources == sorted(resources) and resources[-1] <= 6 + 2
