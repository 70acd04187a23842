"""Two goldfish runs on the same charts: alice picks another of her runs (or pastes a run's
link) from a run page, and reads both runs overlaid, side by side, with what differs spelled
out. Both runs must be hers to open; card names in the draw odds are hidden as on a run page."""

import re
import uuid

import pytest

from cards.services import card_update
from simulations import chart_layout, charts, comparison, services
from simulations.runs import run_fail
from tests.simulations.conftest import minion

pytestmark = pytest.mark.django_db

# Ids no run has (runs take random ones); fixed, so every pytest worker names the tests alike.
NO_RUN = uuid.UUID("00000000-0000-4000-8000-000000000001")
NO_OTHER_RUN = uuid.UUID("00000000-0000-4000-8000-000000000002")
OPTIONS = {"games": 1000, "seed": 2, "max_turns": 20, "going": "first", "bury": "default"}


def start(client, deck, **options) -> str:
    """Start a run from the deck page's form; the run's id."""
    answer = client.post(f"/decks/{deck.pk}/goldfish/", {**OPTIONS, **options})
    assert answer.status_code == 302, answer.content.decode()
    return answer.headers["Location"].strip("/").split("/")[-1]


def compare_url(first: str, second: str) -> str:
    return f"/simulations/{first}/compare/{second}/"


def svgs(page: str) -> list[str]:
    return re.findall(r"<svg.*?</svg>", page, re.S)


# -- the picker -------------------------------------------------------------------------------


def test_alice_compares_two_bury_rules_from_the_run_page(client, alice, make_deck, inline_workers):
    deck = make_deck(alice)
    client.force_login(alice)
    first = start(client, deck, bury="default")
    second = start(client, deck, bury="none")

    page = client.get(f"/simulations/{first}/").content.decode()
    picker = re.search(r'<details class="compare-picker.*?</details>', page, re.S).group(0)
    assert "Compare with…" in picker
    assert '<optgroup label="This deck: Starter">' in picker
    assert f'value="{second}"' in picker and f'value="{first}"' not in picker
    assert "1,000 games · going first · bury none · up to 20 turns ·" in picker

    chosen = client.get(f"/simulations/{first}/compare/", {"with": second})
    assert chosen.status_code == 302
    assert chosen.headers["Location"] == compare_url(first, second)

    page = client.get(compare_url(first, second)).content.decode()
    assert "bury: default vs none" in page
    drawn = svgs(page)
    assert len(drawn) == 4  # kill turns, chance of having won, damage, resources
    for svg in drawn:
        assert "chart-several" in svg
        # Two series, told apart by a dash pattern and a marker as well as by colour.
        assert 'class="series series-1"' in svg and 'class="series series-2"' in svg
        assert 'stroke-dasharray="8 4"' in svg
        assert ">A · bury default</text>" in svg and ">B · bury none</text>" in svg
    p_kill = next(svg for svg in drawn if "Chance of having won" in svg)
    assert p_kill.count('<polyline class="line"') == 2
    assert p_kill.count('<circle class="point"') == p_kill.count('<rect class="point point-square"')
    assert re.search(
        r"<title>Turn 3 · A: [\d.]+% · B: [\d.]+% · B − A: [−+±][\d.]+ points</title>", p_kill
    )
    table = re.search(r'<table class="compare-table">.*?</table>', page, re.S).group(0)
    assert "B − A" in table and "games won" in table and "mean kill turn" in table
    assert "static/css/simulations.css" in page


def test_her_other_decks_runs_are_grouped_and_only_hers_are_listed(
    client, alice, bob, make_deck, inline_workers
):
    starter = make_deck(alice, visibility="public")
    aggro = make_deck(alice, name="Aggro")
    client.force_login(alice)
    first = start(client, starter)
    own_other = start(client, aggro, going="second", max_turns=12)
    client.force_login(bob)
    bobs = start(client, starter, seed=9)

    client.force_login(alice)
    page = client.get(f"/simulations/{first}/").content.decode()
    assert '<optgroup label="Deck: Aggro">' in page
    assert "1,000 games · going second · bury default · up to 12 turns ·" in page
    assert f'value="{own_other}"' in page
    assert bobs not in page  # a run belongs to whoever started it

    page = client.get(compare_url(first, own_other)).content.decode()
    for said in ("deck: Starter vs Aggro", "going: first vs second", "turn limit: 20 vs 12"):
        assert said in page
    # The turn table goes on to turn 20; run B stopped at 12.
    row = re.search(r'<tr><th scope="row">15</th>(.*?)</tr>', page).group(1)
    assert row.count("<td>—</td>") == 3 and "%" in row


def test_a_run_with_nothing_to_compare_offers_the_link_box(
    client, alice, make_deck, inline_workers
):
    deck = make_deck(alice)
    client.force_login(alice)
    only = start(client, deck)
    page = client.get(f"/simulations/{only}/").content.decode()
    assert "no other finished run" in page and 'name="link"' in page


# -- pasted links -----------------------------------------------------------------------------


def test_a_pasted_link_of_a_run_she_may_open_is_compared(
    client, alice, bob, make_deck, inline_workers
):
    client.force_login(bob)
    bobs = start(client, make_deck(bob, visibility="public", name="Golems"))
    client.force_login(alice)
    mine = start(client, make_deck(alice))
    for pasted in (
        f"http://testserver/simulations/{bobs}/",
        f"  https://keeper.example/api/v1/simulations/{bobs}/ ",
        f"https://keeper.example/simulations/{mine}/compare/{bobs}/",
        bobs.upper(),
    ):
        answer = client.get(f"/simulations/{mine}/compare/", {"link": pasted})
        assert answer.status_code == 302, pasted
        assert answer.headers["Location"] == compare_url(mine, bobs)
    page = client.get(compare_url(mine, bobs)).content.decode()
    assert "deck: Starter vs Golems" in page


@pytest.mark.parametrize(
    ("pasted", "message"),
    [
        ("not a link at all", "not the link of a goldfish run"),
        ("https://keeper.example/decks/3/", "not the link of a goldfish run"),
        (f"/simulations/{NO_RUN}/", "no goldfish run at that address that you may open"),
        ("x" * 100_000, "not the link of a goldfish run"),
    ],
)
def test_a_bad_link_is_a_clear_400(client, alice, make_deck, inline_workers, pasted, message):
    client.force_login(alice)
    mine = start(client, make_deck(alice))
    answer = client.get(f"/simulations/{mine}/compare/", {"link": pasted})
    assert answer.status_code == 400
    assert message in answer.content.decode()


def test_a_link_to_a_private_run_says_no_more_than_an_unknown_one(
    client, alice, bob, make_deck, inline_workers
):
    client.force_login(bob)
    secret = start(client, make_deck(bob, name="Eels"))
    client.force_login(alice)
    mine = start(client, make_deck(alice))
    answer = client.get(f"/simulations/{mine}/compare/", {"link": f"/simulations/{secret}/"})
    page = answer.content.decode()
    assert answer.status_code == 400
    assert "no goldfish run at that address that you may open" in page and "Eels" not in page


def test_comparing_a_run_with_itself_says_so(client, api, alice, make_deck, inline_workers):
    client.force_login(alice)
    mine = start(client, make_deck(alice))
    for answer in (
        client.get(f"/simulations/{mine}/compare/", {"with": mine}),
        client.get(compare_url(mine, mine)),
    ):
        assert answer.status_code == 400
        assert comparison.SAME_RUN in answer.content.decode()
    api.force_authenticate(alice)
    answer = api.get(f"/api/v1{compare_url(mine, mine)}")
    assert answer.status_code == 400
    assert answer.json() == {"other_id": [comparison.SAME_RUN]}


# -- who may compare what ---------------------------------------------------------------------


def test_both_runs_must_be_hers_to_open(client, api, alice, bob, make_deck, inline_workers):
    client.force_login(alice)
    private = start(client, make_deck(alice))
    # Another seed: the same cards and options would be the same run, whichever deck.
    shared = start(client, make_deck(alice, visibility="unlisted", name="Shared"), seed=5)
    client.force_login(bob)
    bobs = start(client, make_deck(bob, name="Bob's"))
    api.force_authenticate(bob)
    for first, second in ((private, bobs), (bobs, private), (private, shared)):
        assert client.get(compare_url(first, second)).status_code == 404
        assert api.get(f"/api/v1{compare_url(first, second)}").status_code == 404
    assert client.get(f"/simulations/{private}/compare/").status_code == 404
    # An unlisted deck's runs are open to whoever has the link, like the run page.
    assert client.get(compare_url(shared, bobs)).status_code == 200
    client.logout()
    assert client.get(compare_url(shared, bobs)).status_code == 404


@pytest.mark.parametrize(
    "address",
    [
        f"/simulations/{NO_RUN}/compare/{NO_OTHER_RUN}/",
        "/simulations/not-a-uuid/compare/also-not/",
        f"/api/v1/simulations/{NO_RUN}/compare/{NO_OTHER_RUN}/",
        "/api/v1/simulations/1/compare/2/",
    ],
)
def test_unknown_or_malformed_ids_are_404(client, alice, address):
    client.force_login(alice)
    assert client.get(address).status_code == 404


def test_card_names_in_the_draw_odds_are_hidden_as_on_the_run_page(
    client, api, alice, bob, make_deck, inline_workers
):
    deck = make_deck(alice, visibility="public")
    client.force_login(alice)
    first = start(client, deck, going="first")
    second = start(client, deck, going="second")
    spark = deck.entries.get(card__name="Spark").card
    card_update(card=spark, user=alice, visibility="private")

    client.force_login(bob)
    page = client.get(compare_url(first, second)).content.decode()
    assert "Spark" not in page
    assert "Withheld card (A)" in page and "Withheld card (B)" in page
    api.force_authenticate(bob)
    body = api.get(f"/api/v1{compare_url(first, second)}").content.decode()
    assert "Spark" not in body and "Withheld card" in body

    client.force_login(alice)
    page = client.get(compare_url(first, second)).content.decode()
    assert '<th scope="row">Spark</th>' in page and "Withheld card" not in page


# -- unfinished runs --------------------------------------------------------------------------


def test_unfinished_runs_are_shown_with_their_progress(client, api, alice, make_deck):
    # No workers: the runs wait in the queue.
    deck = make_deck(alice)
    definition = {
        "edition": 14,
        "cards": [{"count": count, "card": card} for count, card in [(40, minion("Pup", 0, 1))]],
    }
    runs = [
        services.simulation_start(
            definition=definition,
            options=services.options_for_edition({**OPTIONS, "seed": seed}, edition=14),
            deck_id=deck.pk,
            user=alice,
        )[0]
        for seed in (1, 2)
    ]
    first, second = (str(run.id) for run in runs)
    client.force_login(alice)
    answer = client.get(compare_url(first, second))
    page = answer.content.decode()
    assert answer.status_code == 200
    assert "Run A is not finished yet" in page and "Run B is not finished yet" in page
    assert "<svg" not in page and 'hx-trigger="every 1s"' in page
    api.force_authenticate(alice)
    body = api.get(f"/api/v1{compare_url(first, second)}").json()
    assert body["differences"] is None
    assert (body["run"]["status"], body["other"]["status"]) == ("queued", "queued")

    run_fail(run_id=runs[1].pk, error="The queue lost it.")
    page = client.get(compare_url(first, second), headers={"HX-Request": "true"}).content.decode()
    assert "Run B failed" in page and "The queue lost it." in page
    assert "Run A is not finished yet" in page


# -- the API ----------------------------------------------------------------------------------


def test_the_api_gives_both_results_and_the_differences_turn_by_turn(
    api, alice, make_deck, inline_workers
):
    deck = make_deck(alice)
    api.force_authenticate(alice)
    ids = []
    for going in ("first", "second"):
        answer = api.post(
            f"/api/v1/decks/{deck.pk}/simulations/",
            {"games": 2000, "seed": 4, "max_turns": 15, "going": going},
            format="json",
        )
        ids.append(answer.json()["id"])
    body = api.get(f"/api/v1{compare_url(*ids)}").json()
    first, second = body["run"]["result"], body["other"]["result"]
    assert (first["going"], second["going"]) == ("first", "second")
    assert body["options"] == [
        {"option": "going", "name": "going", "run": "first", "other": "second"}
    ]
    by_turn = body["differences"]["by_turn"]
    assert set(by_turn) == {
        "kill_share_by_turn",
        "p_kill_by_turn",
        "mean_damage_by_turn",
        "mean_resources_by_turn",
    }
    for key in ("p_kill_by_turn", "mean_damage_by_turn", "mean_resources_by_turn"):
        assert list(by_turn[key]) == [str(turn) for turn in range(1, 16)]
        for turn, difference in by_turn[key].items():
            assert difference == pytest.approx(second[key][turn] - first[key][turn])
    won = lambda result: (result["games"] - result["not_won"]) / result["games"]  # noqa: E731
    assert body["differences"]["won_share"] == pytest.approx(won(second) - won(first))


def test_the_schema_describes_the_comparison(api):
    schema = api.get("/api/schema/", {"format": "json"}).json()
    operation = schema["paths"]["/api/v1/simulations/{run_id}/compare/{other_id}/"]["get"]
    assert set(operation["responses"]) >= {"200", "400", "404"}


# -- the charts' layout -----------------------------------------------------------------------


def result(p_kill: list[float], games: int = 1000) -> dict:
    turns = [str(turn) for turn in range(1, len(p_kill) + 1)]
    won = [round(p * games) for p in p_kill]
    kills = [won[0]] + [b - a for a, b in zip(won, won[1:], strict=False)]
    return {
        "games": games,
        "not_won": games - won[-1],
        "max_turns": len(turns),
        "kill_turn": {"histogram": dict(zip(turns, kills, strict=True)), "mean": 3.0, "median": 3},
        "p_kill_by_turn": dict(zip(turns, p_kill, strict=True)),
        "mean_damage_by_turn": {t: 10.0 * p for t, p in zip(turns, p_kill, strict=True)},
        "mean_resources_by_turn": dict.fromkeys(turns, 1.5),
        "p_seen_by_turn": {},
    }


def test_several_series_share_the_axes_and_are_told_apart():
    fast = result([0.1, 0.5, 0.9, 1.0, 1.0, 1.0])
    slow = result([0.0, 0.2, 0.4, 0.7, 0.9], games=500)
    drawn, last = charts.compare_charts([fast, slow], ["A · going first", "B · going second"])
    assert last == 5
    kill = drawn["kill"]
    assert [series.dash for series in kill.series] == ["", "8 4"]
    assert [entry.label for entry in kill.legend] == ["A · going first", "B · going second"]
    # The bars of a turn stand side by side, inside their turn's band.
    a, b = kill.series[0].marks[1], kill.series[1].marks[1]
    assert a.x + a.width <= b.x and b.x + b.width <= a.band_x + a.band_width
    # Shares, not counts: 300 of fast's 1,000 games and 100 of slow's 500 were won on turn 2.
    assert (a.value, b.value) == pytest.approx((0.4, 0.2))
    assert kill.bands[1].hover == "Turn 2 · A: 40.0% · B: 20.0% · B − A: −20.0 points"
    # The legend sits above the plot, clear of it.
    assert all(entry.y < kill.top - 14 for entry in kill.legend)
    assert kill.height - kill.top == chart_layout.HEIGHT - chart_layout.TOP

    longer = result([0.0] * 8 + [0.5, 1.0])
    drawn, last = charts.compare_charts([longer, slow], ["A", "B"])
    p_kill = drawn["p_kill"]
    assert last == 10 and len(p_kill.series[0].marks) == 10 and len(p_kill.series[1].marks) == 5
    assert p_kill.bands[7].hover.endswith("B: not played")


def test_a_single_run_chart_is_drawn_as_before():
    single = chart_layout.series_chart(
        "line",
        [{"1": 0.2, "2": 0.6}],
        slug="x",
        title="t",
        y_label="y",
        last_turn=2,
        hover="{}: {}".format,
    )
    assert not single.several and single.legend == () and single.bands == ()
    assert single.marks == single.series[0].marks and single.series[0].line


def test_differences_are_signed_as_people_write_them():
    assert charts.signed(0.08, percent=True) == "+8.0 points"
    assert charts.signed(-0.35, decimals=2) == "−0.35"
    assert charts.signed(0.00001) == "±0.0"
    assert charts.signed(-1200, decimals=0) == "−1,200"


def test_only_the_seed_differs_is_said():
    class Run:
        deck_id = 1
        deck_snapshot = {"cards": [{"count": 40, "card": {"name": "Pup"}}]}

        def __init__(self, **options):
            self.options = {**OPTIONS, **options}
            self.deck = type("Deck", (), {"name": "Pups"})()

    facts = comparison.run_facts(Run(seed=1)), comparison.run_facts(Run(seed=2))
    found = comparison.option_differences(*facts)
    assert [d.text for d in found] == ["seed: 1 vs 2"] and comparison.only_luck(found)
    assert comparison.series_labels(found) == ["A · seed 1", "B · seed 2"]
    changed = Run(seed=1, bury="above:2")
    changed.deck_snapshot = {"cards": [{"count": 41, "card": {"name": "Pup"}}]}
    found = comparison.option_differences(facts[0], comparison.run_facts(changed))
    assert [d.text for d in found] == [
        "deck list: 40 cards vs 41 cards",
        "bury: default vs above:2",
    ]
    assert not comparison.only_luck(found)


def test_the_side_by_side_numbers_read_as_people_write_them():
    fast = result([0.1, 0.5, 0.9] + [1.0] * 7)
    slow = {
        **result([0.0, 0.2, 0.4, 0.7], games=500),
        "kill_turn": {
            "histogram": {"1": 0, "2": 100, "3": 100, "4": 150},
            "mean": 3.14,
            "median": 3.5,
        },
    }
    rows = {row.name: row for row in comparison.headline_rows(fast, slow)}
    assert (rows["games won"].first, rows["games won"].second) == ("100.0%", "70.0%")
    assert rows["games won"].difference == "−30.0 points"
    assert (rows["median kill turn"].second, rows["median kill turn"].difference) == ("3.5", "+0.5")
    assert rows["mean kill turn"].difference == "+0.14"
    # Turn 10 is past the second run's turn limit.
    turn_ten = rows["won by the end of turn 10"]
    assert (turn_ten.first, turn_ten.second, turn_ten.difference) == ("100.0%", "—", "—")
