"""The goldfish charts: round ticks, turns up to the last one where anything changes, a value
on every bar and point, drawn from a template."""

import math
import re

import pytest
from django.template.loader import render_to_string

from simulations import charts
from simulations.views import run_context


def is_round(step: float) -> bool:
    """1, 2 or 5 times a power of ten."""
    power = 10 ** math.floor(math.log10(step) + 1e-9)
    return any(math.isclose(step, multiple * power) for multiple in (1, 2, 5))


@pytest.mark.parametrize(
    ("high", "expected"),
    [
        (10726, [0, 2000, 4000, 6000, 8000, 10000, 12000]),
        (34260, [0, 10000, 20000, 30000, 40000]),
        (1.0, [0, 0.2, 0.4, 0.6, 0.8, 1.0]),
        (35, [0, 10, 20, 30, 40]),
        (3, [0, 0.5, 1, 1.5, 2, 2.5, 3]),
        (0.3, [0, 0.05, 0.1, 0.15, 0.2, 0.25, 0.3]),
        (0, [0, 0.2, 0.4, 0.6, 0.8, 1.0]),
    ],
)
def test_ticks_are_round_and_cover_the_values(high, expected):
    assert charts.nice_ticks(high) == expected


@pytest.mark.parametrize("high", [1, 7, 13, 99, 101, 999.5, 17130, 34260, 123456, 0.037])
def test_every_step_is_one_two_or_five_times_a_power_of_ten(high):
    ticks = charts.nice_ticks(high)
    step = ticks[1] - ticks[0]
    assert is_round(step)
    assert ticks[-1] >= high and ticks[-2] < high
    assert 4 <= len(ticks) <= charts.MAX_INTERVALS + 1


def test_tick_labels_read_as_people_write_numbers():
    assert charts.tick_label(12000, 2000) == "12,000"
    assert charts.tick_label(2.5, 0.5) == "2.5"
    assert charts.tick_label(0.4, 0.2, percent=True) == "40%"
    assert charts.tick_label(0.05, 0.05, percent=True) == "5%"


def by_turn(values):
    return {str(turn): value for turn, value in enumerate(values, start=1)}


def test_the_turns_stop_where_nothing_changes_any_more():
    p_kill = by_turn([0, 0, 0.4, 0.9, 1.0, 1.0] + [1.0] * 14)
    damage = by_turn([0, 12, 30, 34, 35, 35] + [35] * 14)
    assert charts.last_changing_turn([p_kill, damage]) == 5
    # Damage still rising at turn 20 (games not won): the whole axis.
    assert charts.last_changing_turn([p_kill, by_turn(range(20))]) == 20
    # Nothing happens at all: a few turns still.
    assert charts.last_changing_turn([by_turn([0] * 20)]) == charts.MIN_TURNS


def result(turns_won, max_turns=20, games=1000):
    """A goldfish result whose games were all won by the turns given (turn → games)."""
    histogram = {str(t): turns_won.get(t, 0) for t in range(1, max_turns + 1)}
    won, p_kill, damage = 0, {}, {}
    for turn in range(1, max_turns + 1):
        won += histogram[str(turn)]
        p_kill[str(turn)] = won / games
        damage[str(turn)] = 35 * won / games
    return {
        "games": games,
        "not_won": games - won,
        "max_turns": max_turns,
        "kill_turn": {"histogram": histogram, "mean": 4.0, "median": 4},
        "p_kill_by_turn": p_kill,
        "mean_damage_by_turn": damage,
        "mean_resources_by_turn": {str(t): 1.0 for t in range(1, max_turns + 1)},
        "p_seen_by_turn": {},
        "edition": 14,
    }


def test_a_run_won_by_turn_six_is_charted_to_turn_six():
    found, last, played = charts.run_charts(result({3: 200, 4: 500, 6: 300}))
    assert (last, played) == (6, 20)
    for chart in found.values():
        assert [tick.label for tick in chart.x_ticks] == ["1", "2", "3", "4", "5", "6"]
        assert [mark.turn for mark in chart.marks] == ["1", "2", "3", "4", "5", "6"]
    kill = found["kill"]
    assert [tick.label for tick in kill.y_ticks] == ["0", "100", "200", "300", "400", "500"]
    assert kill.marks[3].hover == "Turn 4: 500 games won (50.0% of the games)"
    assert found["p_kill"].marks[5].hover == "By the end of turn 6: 100.0%"


def test_many_turns_are_labelled_every_few_turns():
    found, last, _ = charts.run_charts(result({40: 10}, max_turns=40))
    assert last == 40
    labels = [tick.label for tick in found["kill"].x_ticks]
    assert labels == [str(turn) for turn in range(5, 41, 5)]
    assert len(found["kill"].marks) == 40


def svg_of(chart):
    return render_to_string("simulations/_chart.svg", {"chart": chart})


def test_the_template_draws_each_bar_and_point_with_its_value():
    found, _, _ = charts.run_charts(result({3: 200, 4: 500, 6: 300}))
    kill = svg_of(found["kill"])
    assert kill.count('<rect class="bar"') == 6
    assert "<title>Turn 4: 500 games won (50.0% of the games)</title>" in kill
    assert 'viewBox="0 0 640 280"' in kill and 'role="img"' in kill
    line = svg_of(found["p_kill"])
    assert line.count('<circle class="point"') == 6 and "<polyline" in line
    assert ">100%</text>" in line and ">turn</text>" in line
    # The axis's name sits above the plot, clear of the line and the bars.
    name_y = float(re.search(r'class="axis-name" x="[\d.]+" y="([\d.]+)"', line).group(1))
    assert name_y < found["p_kill"].top - 10


def test_the_run_page_context_holds_the_charts_and_where_they_stop():
    class Run:
        id = "00000000-0000-0000-0000-000000000001"
        status = "succeeded"
        chunks_done = chunks_total = 1
        games = 1000

    context = run_context(Run(), result({3: 200, 4: 800}))
    assert context["chart_turns"] == 4 and context["turns_played"] == 20
    html = render_to_string("simulations/_run.html", {**context, "run": Run()})
    assert 'class="chart chart-bar"' in html and html.count("<svg") == 3
    assert "The charts stop at turn 4" in html
