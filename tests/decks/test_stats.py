"""Deck statistics, from plain cards: no database."""

from dataclasses import dataclass

from decks.stats import MAX_CURVE_LEVELS, curve_chart, deck_stats


@dataclass
class C:
    kind: str
    level: int | float
    sp: int | None = None
    hp: int | None = None


def test_counts_sums_and_averages_over_minions_with_copies():
    stats = deck_stats(
        [
            (4, C("minion", 1, sp=2, hp=3)),
            (2, C("minion", 3, sp=5, hp=1)),
            (3, C("spell", 2)),
        ]
    )
    assert (stats.size, stats.minions, stats.spells) == (9, 6, 3)
    assert stats.total_sp == 4 * 2 + 2 * 5
    assert stats.total_hp == 4 * 3 + 2 * 1
    assert stats.average_sp == 18 / 6
    assert stats.average_hp == 14 / 6
    assert stats.average_level == (4 * 1 + 2 * 3 + 3 * 2) / 9


def test_the_curve_has_no_gaps_and_starts_at_level_zero():
    stats = deck_stats([(2, C("minion", 1, 1, 1)), (1, C("spell", 4))])
    assert [bar.label for bar in stats.curve] == ["0", "1", "2", "3", "4"]
    assert [(bar.minions, bar.spells) for bar in stats.curve] == [
        (0, 0),
        (2, 0),
        (0, 0),
        (0, 0),
        (0, 1),
    ]


def test_a_wide_curve_ends_with_an_open_bar():
    stats = deck_stats([(1, C("minion", 0, 1, 1)), (2, C("minion", 40, 1, 1)), (1, C("spell", 15))])
    assert len(stats.curve) == MAX_CURVE_LEVELS
    last = stats.curve[-1]
    assert last.open_ended and last.label == f"{MAX_CURVE_LEVELS - 1}+"
    assert last.total == 3


def test_an_empty_deck_has_no_curve_and_no_averages():
    stats = deck_stats([])
    assert stats.size == 0 and stats.curve == ()
    assert stats.average_sp is None and stats.average_level is None
    assert curve_chart(stats.curve).bars == ()


def test_spells_and_broken_cards_do_not_break_the_sums():
    stats = deck_stats(
        [(1, C("spell", 2, sp=None)), (1, C("minion", 2.5, sp=None, hp=3)), (1, C("trap", 1))]
    )
    assert stats.size == 3 and stats.others == 1
    assert stats.total_sp == 0 and stats.average_sp is None
    assert stats.total_hp == 3
    assert sum(bar.total for bar in stats.curve) == 2  # the unknown kind is counted apart


def test_chart_bars_stack_minions_under_spells_within_the_plot():
    stats = deck_stats([(6, C("minion", 1, 1, 1)), (3, C("spell", 1)), (2, C("spell", 2))])
    chart = curve_chart(stats.curve, width=300, height=150)
    bar = next(b for b in chart.bars if b.bar.label == "1")
    assert bar.minion_y + bar.minion_height == chart.baseline
    assert bar.spell_y + bar.spell_height == bar.minion_y
    assert bar.minion_height == 2 * bar.spell_height
    assert all(b.spell_y >= 0 for b in chart.bars)
    assert chart.gridlines and all(0 < y < chart.baseline for y, _ in chart.gridlines)


def test_as_dict_rounds_averages():
    data = deck_stats([(3, C("minion", 1, 1, 1)), (0, C("minion", 9, 9, 9))]).as_dict()
    assert data["size"] == 3 and data["average_sp"] == 1.0
    assert data["curve"][1] == {"level": "1", "minions": 3, "spells": 0}
