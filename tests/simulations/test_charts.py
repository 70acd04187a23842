"""The goldfish charts: round ticks, turns up to the last one where anything changes, a value
on every bar and point, drawn from a template; each captioned with what it shows in one line
and the numbers it is drawn from in a table."""

import math
import re

import pytest
from django.template.loader import render_to_string

from simulations import chart_layout, chart_scales, charts
from simulations.views import run_context
from tests.simulations.chart_html import by_id, figures, uncaptioned_tables


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
    assert chart_scales.nice_ticks(high) == expected


@pytest.mark.parametrize("high", [1, 7, 13, 99, 101, 999.5, 17130, 34260, 123456, 0.037])
def test_every_step_is_one_two_or_five_times_a_power_of_ten(high):
    ticks = chart_scales.nice_ticks(high)
    step = ticks[1] - ticks[0]
    assert is_round(step)
    assert ticks[-1] >= high and ticks[-2] < high
    assert 4 <= len(ticks) <= chart_scales.MAX_INTERVALS + 1


def test_tick_labels_read_as_people_write_numbers():
    assert chart_scales.tick_label(12000, 2000) == "12,000"
    assert chart_scales.tick_label(2.5, 0.5) == "2.5"
    assert chart_scales.tick_label(0.4, 0.2, percent=True) == "40%"
    assert chart_scales.tick_label(0.05, 0.05, percent=True) == "5%"


def by_turn(values):
    return {str(turn): value for turn, value in enumerate(values, start=1)}


def test_the_turns_stop_where_nothing_changes_any_more():
    p_kill = by_turn([0, 0, 0.4, 0.9, 1.0, 1.0] + [1.0] * 14)
    damage = by_turn([0, 12, 30, 34, 35, 35] + [35] * 14)
    assert chart_scales.last_changing_turn([p_kill, damage]) == 5
    # Damage still rising at turn 20 (games not won): the whole axis.
    assert chart_scales.last_changing_turn([p_kill, by_turn(range(20))]) == 20
    # Nothing happens at all: a few turns still.
    assert chart_scales.last_changing_turn([by_turn([0] * 20)]) == chart_scales.MIN_TURNS


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
    kind = "bars" if chart.kind == "bar" else "line"
    return render_to_string(f"simulations/charts/{kind}.svg.html", {"chart": chart})


def test_the_template_draws_each_bar_and_point_with_its_value():
    found, _, _ = charts.run_charts(result({3: 200, 4: 500, 6: 300}))
    kill = svg_of(found["kill"])
    assert kill.count('<rect class="bar"') == 6
    assert "<title>Turn 4: 500 games won (50.0% of the games)</title>" in kill
    assert 'viewBox="0 0 640 280"' in kill and 'role="img"' in kill
    assert 'aria-labelledby="chart-kill-title chart-kill-summary"' in kill
    line = svg_of(found["p_kill"])
    assert line.count('<circle class="point"') == 6 and "<polyline" in line
    assert ">100%</text>" in line and ">turn</text>" in line
    # The axis's name sits above the plot, clear of the line and the bars.
    name_y = float(re.search(r'class="axis-name" x="[\d.]+" y="([\d.]+)"', line).group(1))
    assert name_y < found["p_kill"].top - 10


class Run:
    id = "00000000-0000-0000-0000-000000000001"
    status = "succeeded"
    chunks_done = chunks_total = 1
    games = 1000


@pytest.mark.django_db  # the page explains the game's words from the rulebook
def test_the_run_page_context_holds_the_charts_and_where_they_stop():
    context = run_context(Run(), result({3: 200, 4: 800}))
    assert context["chart_turns"] == 4 and context["turns_played"] == 20
    html = render_to_string("simulations/_run.html", {**context, "run": Run()})
    assert 'class="chart chart-bar"' in html and html.count("<svg") == 3
    assert "The charts stop at turn 4" in html


# -- what each chart says, and the numbers behind it ------------------------------------------


def summaries(found):
    return {name: chart.summary for name, chart in found.items()}


def test_each_chart_says_in_one_line_what_it_shows():
    found, _, _ = charts.run_charts(result({3: 200, 4: 500, 6: 300}))
    assert summaries(found) == {
        "kill": "Wins by turn 4 in 70% of games",
        "p_kill": "Has won 100% of games by turn 6",
        "damage": "Deals 35.0 damage on average by turn 6",
    }
    # Exactly half is "at least half".
    found, _, _ = charts.run_charts(result({5: 500, 9: 100}))
    assert found["kill"].summary == "Wins by turn 5 in 50% of games"


def test_a_deck_that_mostly_does_not_win_says_so():
    found, _, _ = charts.run_charts(result({3: 100, 12: 300}, max_turns=15))
    assert found["kill"].summary == "Does not win within 15 turns in most games"
    assert found["p_kill"].summary == "Has won 40% of games by turn 12"


def test_a_share_is_never_rounded_to_all_or_nothing():
    assert chart_scales.share(0.999) == "99.9%" and chart_scales.share(1.0) == "100%"
    assert chart_scales.share(0.001) == "0.1%" and chart_scales.share(0.0) == "0%"
    assert chart_scales.share(0.544) == "54%"


def test_each_charts_table_holds_its_numbers_turn_by_turn():
    raw = result({3: 200, 4: 500, 6: 300})
    found, last, _ = charts.run_charts(raw)
    kill = found["kill"].table
    assert kill.columns == ("Turn", "Games won", "Share of the games")
    assert kill.rows[3] == ("4", "500", "50.0%")
    assert [row[0] for row in kill.rows] == [str(turn) for turn in range(1, last + 1)]
    chance = found["p_kill"].table
    assert chance.caption == "Chance of having won by each turn"
    assert dict((turn, value) for turn, value in chance.rows) == {
        turn: f"{p:.1%}" for turn, p in raw["p_kill_by_turn"].items() if int(turn) <= last
    }
    assert found["damage"].table.rows[5] == ("6", "35.0")


@pytest.mark.django_db  # the page explains the game's words from the rulebook
def test_every_chart_of_the_run_page_has_a_summary_and_its_numbers_in_a_table():
    raw = result({3: 200, 4: 500, 6: 300})
    html = render_to_string("simulations/_run.html", {**run_context(Run(), raw), "run": Run()})
    drawn = figures(html)
    assert [figure.summary for figure in drawn] == [
        "Wins by turn 4 in 70% of games",
        "Has won 100% of games by turn 6",
        "Deals 35.0 damage on average by turn 6",
    ]
    for figure in drawn:
        # The SVG is an image named by its title and its summary, both on the page.
        assert figure.role == "img" and len(figure.labelled_by) == 2
        assert by_id(html, figure.labelled_by[0]) and figure.has_toggle and figure.table_caption
    kill, chance, damage = drawn
    assert kill.rows["4"] == ["500", "50.0%"] and kill.rows["5"] == ["0", "0.0%"]
    assert chance.rows == {
        turn: [f"{p:.1%}"] for turn, p in raw["p_kill_by_turn"].items() if int(turn) <= 6
    }
    assert damage.rows["3"] == [f"{raw['mean_damage_by_turn']['3']:.1f}"]
    # The other tables of the page say what they hold too.
    assert uncaptioned_tables(html) == []


def test_the_plot_leaves_room_for_the_larger_text_of_a_phone():
    chart = chart_layout.series_chart(
        "bar",
        [{"1": 10726.0, "2": 3.0, "3": 0.0}],
        slug="x",
        title="t",
        y_label="y",
        last_turn=3,
        hover="{}: {}".format,
    )
    assert chart.y_ticks[-1].label == "12,000"
    # On a phone the text is 20 units, a character at most 13 wide: "12,000" fits left of the
    # plot, and a legend line (24 units) holds a line of it.
    assert chart.tick_x - 13 * len("12,000") >= 0
    assert chart_layout.LEGEND_ROW >= 22
    assert chart.x_label_y - chart.tick_label_y >= 20
