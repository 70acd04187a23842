"""Alice reads her goldfish charts without seeing them: every chart of the run page and of the
compare page is an image named by its title and a one-line summary, with the numbers it is
drawn from in a captioned table behind "Show data"; those numbers are the result's."""

import pytest

from simulations import chart_scales
from tests.simulations.chart_html import by_id, figures, uncaptioned_tables
from tests.simulations.test_compare import compare_url, start

pytestmark = pytest.mark.django_db


def shown(values: dict[str, float], last: int) -> dict[str, float]:
    return {turn: value for turn, value in values.items() if int(turn) <= last}


def assert_named_and_tabled(page: str, drawn: list) -> None:
    for figure in drawn:
        assert figure.role == "img" and len(figure.labelled_by) == 2
        title, summary = (by_id(page, each) for each in figure.labelled_by)
        assert title and summary == figure.summary
        assert figure.has_toggle and figure.table_caption and figure.columns[0] == "Turn"
    assert uncaptioned_tables(page) == []


def test_every_chart_of_her_run_says_what_it_shows_and_holds_its_numbers(
    client, api, alice, make_deck, inline_workers
):
    client.force_login(alice)
    run = start(client, make_deck(alice))
    page = client.get(f"/simulations/{run}/").content.decode()
    api.force_authenticate(alice)
    raw = api.get(f"/api/v1/simulations/{run}/").json()["result"]

    drawn = figures(page)
    assert len(drawn) == 3
    assert_named_and_tabled(page, drawn)
    kill, chance, damage = drawn
    last = int(max(chance.rows, key=int))
    p_kill = shown(raw["p_kill_by_turn"], last)
    assert chance.rows == {turn: [f"{p:.1%}"] for turn, p in p_kill.items()}
    assert damage.rows == {
        turn: [f"{value:,.1f}"] for turn, value in shown(raw["mean_damage_by_turn"], last).items()
    }
    games = raw["games"]
    assert kill.rows == {
        turn: [f"{count:,}", f"{count / games:.1%}"]
        for turn, count in shown(raw["kill_turn"]["histogram"], last).items()
    }
    # The kill-turn summary: the turn by which at least half the games are won.
    half = next((turn for turn, p in p_kill.items() if p >= 0.5), None)
    if half is None:
        said = f"Does not win within {raw['max_turns']} turns in most games"
    else:
        said = f"Wins by turn {half} in {chart_scales.share(p_kill[half])} of games"
    assert kill.summary == said


def test_both_runs_are_in_every_compared_charts_summary_and_table(
    client, api, alice, make_deck, inline_workers
):
    deck = make_deck(alice)
    client.force_login(alice)
    first = start(client, deck, max_turns=20)
    second = start(client, deck, max_turns=4)
    page = client.get(compare_url(first, second)).content.decode()
    api.force_authenticate(alice)
    body = api.get(f"/api/v1{compare_url(first, second)}").json()
    a, b = body["run"]["result"], body["other"]["result"]

    drawn = figures(page)
    assert len(drawn) == 4
    assert_named_and_tabled(page, drawn)
    for figure in drawn:
        assert figure.columns == ["Turn", "A · turn limit 20", "B · turn limit 4", "B − A"]
        assert figure.summary.startswith("A: ") and " · B: " in figure.summary
    kill, chance, damage, resources = drawn
    last = int(max(chance.rows, key=int))
    for turn, cells in chance.rows.items():
        assert cells[0] == f"{a['p_kill_by_turn'][turn]:.1%}"
        if int(turn) <= 4:
            assert cells[1] == f"{b['p_kill_by_turn'][turn]:.1%}"
            difference = b["p_kill_by_turn"][turn] - a["p_kill_by_turn"][turn]
            assert cells[2] == chart_scales.signed(difference, percent=True)
        else:  # run B stopped at turn 4
            assert cells[1:] == ["not played", "—"]
    share = a["kill_turn"]["histogram"]["1"] / a["games"]
    assert kill.rows["1"][0] == f"{share:.1%}"
    assert damage.rows["2"][:2] == [
        f"{a['mean_damage_by_turn']['2']:,.1f}",
        f"{b['mean_damage_by_turn']['2']:,.1f}",
    ]
    assert resources.rows["3"][:2] == [
        f"{a['mean_resources_by_turn']['3']:,.2f}",
        f"{b['mean_resources_by_turn']['3']:,.2f}",
    ]
    assert "B: has won" in chance.summary and f"by turn {min(last, 4)}" in chance.summary
