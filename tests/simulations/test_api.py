"""The simulation API without workers: chunks are played in the test's own process."""

import pytest

from simulations import services
from simulations.models import SimulationRun

pytestmark = pytest.mark.django_db


def url(deck):
    return f"/api/v1/decks/{deck.pk}/simulations/"


def test_alice_goldfishes_her_deck(api, alice, make_deck, inline_workers):
    deck = make_deck(alice)
    api.force_authenticate(alice)
    answer = api.post(url(deck), {"games": 3000, "seed": 5}, format="json")
    assert answer.status_code == 202
    body = api.get(answer.json()["url"]).json()
    assert body["status"] == "succeeded"
    assert body["progress"] == 1.0
    result = body["result"]
    assert result["games"] == 3000 and result["seed"] == 5 and result["max_turns"] == 20
    assert set(result) >= {
        "games",
        "seed",
        "edition",
        "max_turns",
        "going",
        "bury",
        "kill_turn",
        "p_kill_by_turn",
        "mean_damage_by_turn",
        "mean_resources_by_turn",
        "p_seen_by_turn",
        "unmodeled_cards",
        "not_won",
    }
    assert set(result["p_seen_by_turn"]) == {"Ember Whelp", "Cinder Hound", "Ash Golem", "Spark"}


def test_the_same_deck_and_options_reuse_the_cached_run(api, alice, make_deck, inline_workers):
    deck = make_deck(alice)
    api.force_authenticate(alice)
    first = api.post(url(deck), {"games": 2000, "seed": 1}, format="json")
    again = api.post(url(deck), {"games": 2000, "seed": 1}, format="json")
    other = api.post(url(deck), {"games": 2000, "seed": 2}, format="json")
    assert (first.status_code, again.status_code, other.status_code) == (202, 200, 202)
    assert first.json()["id"] == again.json()["id"] != other.json()["id"]
    assert SimulationRun.objects.count() == 2


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"games": 0}, "games"),
        ({"games": 10_000_000}, "games"),
        ({"games": "many"}, "games"),
        ({"max_turns": 0}, "max_turns"),
        ({"max_turns": 500}, "max_turns"),
        ({"going": "sideways"}, "going"),
        ({"bury": "above:x"}, "bury"),
        ({"bury": "everything"}, "bury"),
        ({"seed": -1}, "seed"),
    ],
)
def test_limits_are_a_clear_400(api, alice, make_deck, body, field):
    deck = make_deck(alice)
    api.force_authenticate(alice)
    answer = api.post(url(deck), body, format="json")
    assert answer.status_code == 400
    assert field in answer.json()
    assert SimulationRun.objects.count() == 0


def test_strangers_cannot_goldfish_or_read_a_private_deck(
    api, alice, bob, make_deck, inline_workers
):
    deck = make_deck(alice)
    api.force_authenticate(alice)
    run_url = api.post(url(deck), {"games": 1000}, format="json").json()["url"]
    api.force_authenticate(bob)
    assert api.post(url(deck), {"games": 1000}, format="json").status_code == 404
    assert api.get(run_url).status_code == 404
    api.force_authenticate(None)
    assert api.post(url(deck), {"games": 1000}, format="json").status_code in (401, 403)
    assert api.get(run_url).status_code == 404


def test_anyone_may_read_the_run_of_a_public_deck(api, alice, bob, make_deck, inline_workers):
    deck = make_deck(alice, visibility="public")
    api.force_authenticate(bob)
    run_url = api.post(url(deck), {"games": 1000}, format="json").json()["url"]
    api.force_authenticate(None)
    assert api.get(run_url).json()["status"] == "succeeded"


def test_a_failing_chunk_marks_the_run_failed(api, alice, make_deck, inline_workers, monkeypatch):
    from decks import goldfish

    def broken(*args, **kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr(goldfish, "play_chunk", broken)
    deck = make_deck(alice)
    api.force_authenticate(alice)
    from simulations.tasks import play_chunk

    monkeypatch.setattr(
        services, "enqueue_chunks", lambda run: play_chunk.apply(args=[str(run.id), 0])
    )
    run_url = api.post(url(deck), {"games": 1000}, format="json").json()["url"]
    body = api.get(run_url).json()
    assert body["status"] == "failed"
    assert "boom" in body["error"]


def test_operators_set_the_most_games_a_run_may_play(tmp_path):
    """KOTC_SIMULATION_MAX_GAMES: read once, at start, by the form, the API and its schema."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    script = (
        "import django; django.setup();"
        "from simulations.serializers import SimulationRequestSerializer as S;"
        "from simulations.forms import GoldfishForm as F;"
        "print(S().fields['games'].max_value, F().fields['games'].max_value);"
        "from decks.goldfish import Options;"
        "print(Options(games=S().fields['games'].max_value, seed=1).games)"
    )
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}
    shown = subprocess.run(
        [sys.executable, "-c", script],
        cwd=Path(__file__).resolve().parents[2],
        env={
            **env,
            "DJANGO_SETTINGS_MODULE": "kotc_site.settings.base",
            "KOTC_VAR_DIR": str(tmp_path),
            "KOTC_SIMULATION_MAX_GAMES": "10000000",
        },
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert shown.returncode == 0, shown.stderr
    # The engine takes what the operator allows: a run of ten million games is checked as one.
    assert shown.stdout.split() == ["10000000", "10000000", "10000000"]
