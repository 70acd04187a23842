"""Setup values come from edition data; an edition whose turns are not modeled is refused."""

import pytest

from decks.goldfish import GoldfishError, Options, simulate
from decks.goldfish.setup import setup_for

from .helpers import deck, minion


def test_setup_values_come_from_the_edition_files() -> None:
    setup = setup_for(14)
    assert (setup.hp, setup.opening_hand, setup.opening_bury) == (35, 5, True)
    assert not setup.first_player_draws_on_turn_1
    assert Options(games=1, seed=0, edition=13).opponent_hp == 35


def test_an_edition_with_other_turn_rules_is_refused_with_a_clear_message() -> None:
    with pytest.raises(GoldfishError, match="cannot play the 11th Edition.*reserves"):
        Options(games=1, seed=0, edition=11)


def test_an_unknown_edition_is_refused() -> None:
    # 99: an edition not on file.
    with pytest.raises(GoldfishError, match="no rules for edition 99"):
        Options(games=1, seed=0, edition=99)


def test_the_result_says_whether_the_deck_may_be_played() -> None:
    small = deck((20, minion("Pup", sp=1)))
    result = simulate(small, Options(games=50, seed=1, max_turns=3))
    assert result.legal is False
    assert result.problems[0]["code"] == "deck_too_small"
    assert result.kill_turn.histogram  # played all the same
