"""Goldfish runs played by real Celery worker processes on a real Redis."""

import json
import socket
import subprocess
import sys
import time

import pytest
from django.core.management import call_command

from simulations.models import SimulationChunk, SimulationRun
from tests.simulations.conftest import ROOT, wait_for

pytestmark = [pytest.mark.redis, pytest.mark.slow, pytest.mark.django_db(transaction=True)]


def start(api, deck, **options):
    body = {
        "games": 20_000,
        "seed": 7,
        "max_turns": 12,
        "going": "first",
        "bury": "default",
        **options,
    }
    return api.post(f"/api/v1/decks/{deck.pk}/simulations/", body, format="json")


def test_two_workers_share_a_run_and_match_the_command(api, alice, make_deck, workers, tmp_path):
    deck = make_deck(alice)
    api.force_authenticate(alice)
    answer = start(api, deck, games=40_000)
    assert answer.status_code == 202, answer.content
    run_id = answer.json()["id"]
    assert answer.json()["url"].endswith(f"/api/v1/simulations/{run_id}/")

    workers.start("one")
    workers.start("two")
    wait_for(
        lambda: SimulationRun.objects.get(pk=run_id).status == "succeeded", 90, "the run", workers
    )
    status = api.get(f"/api/v1/simulations/{run_id}/").json()
    # Each chunk's log line names its run.
    assert f"run_id={run_id}" in workers.logs()
    assert status["progress"] == 1.0
    assert status["error"] is None
    assert status["result"]["games"] == 40_000

    # The same seed through the command in this process gives the same numbers.
    deck_file = tmp_path / "deck.json"
    deck_file.write_text(json.dumps(api.get(f"/api/v1/decks/{deck.pk}/export/").json()))
    out = tmp_path / "out.json"
    with out.open("w") as stream:
        call_command(
            "goldfish",
            str(deck_file),
            "--games",
            "40000",
            "--seed",
            "7",
            "--max-turns",
            "12",
            "--json",
            stdout=stream,
        )
    assert json.loads(out.read_text()) == status["result"]


def hold_the_restore_lock(workers) -> None:
    """Leave the lock under which workers look for chunks to give back, for as long as the
    workers' settings give it, as a worker killed while it holds the lock does (it holds it a
    few milliseconds a second: a rare case, made certain here)."""
    import redis
    from kombu.transport.redis import Channel

    read = (
        "from django.conf import settings; "
        "print(settings.CELERY_BROKER_TRANSPORT_OPTIONS.get('unacked_mutex_expire', 0))"
    )
    expire = subprocess.run(
        [sys.executable, "-c", read],
        env=workers.environment("doomed"),
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    client = redis.Redis.from_url(workers.broker_url)
    client.set(Channel.unacked_mutex_key, "killed", ex=int(expire) or Channel.unacked_mutex_expire)
    client.close()


def test_a_worker_killed_mid_run_loses_nothing(api, alice, make_deck, workers):
    deck = make_deck(alice)
    api.force_authenticate(alice)
    answer = start(api, deck, games=200_000, seed=11)
    assert answer.status_code == 202, answer.content
    run_id = answer.json()["id"]

    doomed = workers.start("doomed")
    wait_for(
        lambda: SimulationChunk.objects.filter(run_id=run_id, tally__isnull=False).count() >= 2,
        60,
        "the first chunks",
        workers,
    )
    workers.kill(doomed)
    hold_the_restore_lock(workers)
    done_at_kill = SimulationChunk.objects.filter(run_id=run_id, tally__isnull=False).count()
    assert done_at_kill < 20, "the run finished before the worker could be killed"

    workers.start("survivor")
    wait_for(
        lambda: SimulationRun.objects.get(pk=run_id).status == "succeeded", 120, "the run", workers
    )
    run = SimulationRun.objects.get(pk=run_id)
    assert run.chunks.filter(tally__isnull=True).count() == 0
    assert run.result["games"] == 200_000
    assert sum(run.result["kill_turn"]["histogram"].values()) + run.result["not_won"] == 200_000

    from simulations.runs import options_from_json
    from simulations.services import run_in_process

    expected = run_in_process(definition=run.deck_snapshot, options=options_from_json(run.options))
    assert run.result == expected


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def start_redis(port: int) -> subprocess.Popen:
    server = subprocess.Popen(
        [
            "redis-server",
            "--port",
            str(port),
            "--bind",
            "127.0.0.1",
            "--save",
            "",
            "--appendonly",
            "no",
        ],
        stdout=subprocess.DEVNULL,
    )
    for _ in range(100):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return server
        except OSError:
            time.sleep(0.05)
    raise AssertionError("redis-server did not start")


def test_with_the_broker_down_the_api_answers_503_and_starts_nothing(api, alice, make_deck, broker):
    from kotc_site.celery import app

    port = free_port()
    server = start_redis(port)
    try:
        app.conf.broker_url = f"redis://127.0.0.1:{port}/0"
        deck = make_deck(alice)
        api.force_authenticate(alice)
        assert start(api, deck).status_code == 202  # up: accepted
        SimulationRun.objects.all().delete()
    finally:
        server.terminate()
        server.wait(timeout=10)

    started = time.monotonic()
    answer = start(api, deck, seed=99)
    assert answer.status_code == 503
    assert "unavailable" in answer.json()["detail"]
    assert answer["Retry-After"] == "30"
    assert time.monotonic() - started < 10
    assert SimulationRun.objects.count() == 0
    assert SimulationChunk.objects.count() == 0
