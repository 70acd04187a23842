"""Faults a goldfish run heals from by itself: real Celery workers and celery beat on a real
Redis (one of the test's own where it is stopped, restarted or paused), and a database outage
made by cutting the workers' connections (PostgreSQL, through a proxy).

In none of them does anyone open the run's page: the periodic sweep does the healing. Each
chunk row counts how many times a worker took it, so a chunk played twice shows."""

import os
import signal
import threading
import time

import pytest
import requests
from django.db.models import Sum

from accounts.models import ApiToken
from simulations import services
from simulations.models import SimulationChunk, SimulationRun
from simulations.runs import options_from_json
from simulations.services import run_in_process
from tests.simulations.conftest import wait_for
from tests.simulations.tcp_proxy import TcpProxy
from tests.simulations.test_workers import free_port, start, start_redis

pytestmark = [pytest.mark.redis, pytest.mark.slow, pytest.mark.django_db(transaction=True)]


def succeeded(run_id) -> bool:
    return SimulationRun.objects.get(pk=run_id).status == "succeeded"


def assert_played_once(run: SimulationRun) -> None:
    deliveries = list(run.chunks.values_list("deliveries", flat=True))
    assert deliveries == [1] * run.chunks_total, deliveries


def assert_counted_once(run: SimulationRun) -> None:
    """The result is the run's games, each counted once: the same as in one process."""
    games = run.options["games"]
    assert run.result["games"] == games
    assert sum(run.result["kill_turn"]["histogram"].values()) + run.result["not_won"] == games
    assert run.result == run_in_process(
        definition=run.deck_snapshot, options=options_from_json(run.options)
    )


@pytest.fixture
def own_redis(broker, workers):
    """A Redis of this test's own, as the broker of the site and of the workers."""
    from kotc_site.celery import app

    port = free_port()
    holder = {"server": start_redis(port), "port": port}
    app.conf.broker_url = workers.broker_url = f"redis://127.0.0.1:{port}/0"
    yield holder
    server = holder["server"]
    if server.poll() is None:
        os.kill(server.pid, signal.SIGCONT)
        server.terminate()
        server.wait(timeout=10)


def test_a_queue_lost_in_a_redis_restart_heals_with_nobody_watching(
    api, alice, make_deck, own_redis, workers
):
    deck = make_deck(alice)
    api.force_authenticate(alice)
    answer = start(api, deck, games=60_000, seed=23)
    assert answer.status_code == 202
    run_id = answer.json()["id"]
    assert SimulationChunk.objects.filter(run_id=run_id, dispatched__isnull=False).count() == 6

    # Redis restarts before any worker took a chunk: every queued chunk is gone.
    own_redis["server"].terminate()
    own_redis["server"].wait(timeout=10)
    own_redis["server"] = start_redis(own_redis["port"])
    workers.start("after-restart")
    workers.start_beat()

    wait_for(lambda: succeeded(run_id), 60, "the run, healed by the sweep", workers)
    run = SimulationRun.objects.get(pk=run_id)
    assert run.requeued is not None
    assert_played_once(run)
    assert_counted_once(run)
    # Each chunk's log line names its task, its run and how long it took.
    played = [
        line
        for line in (workers.log_dir / "after-restart.log").read_text().splitlines()
        if "task_succeeded" in line and f"run_id={run_id}" in line
    ]
    assert len(played) == 6, played
    assert all("task_id=" in line and "duration_ms=" in line for line in played)


# Runs of 20 chunks each: after the first run's, eleven runs' chunks (220, at least 15 ms each
# on a quiet machine) still wait, seconds past the sweep's half-second grace.
RUNS = 12


def test_a_backlog_is_not_taken_for_a_stall(api, alice, make_deck, broker, workers, settings):
    """Runs started one after another for one worker wait their turn for many seconds
    while a sweep looks four times a second: none of their chunks is sent twice.

    Beat's own sweeps wait in the same queue, behind the backlog, and are dropped once older
    than the sweep interval, so they cannot judge a backlog. The sweeps here are run beside the
    queue, as the run pages did when they resumed runs; their probes go into the queue between
    the runs' chunks, so the sweep judges while later runs' chunks still wait."""
    from django.utils import timezone

    from simulations.models import QueueMark
    from simulations.sweep import prefetch_grace, runs_sweep

    settings.KOTC_RUN_SWEEP_SECONDS = 1  # as the workers': half a second of grace
    deck = make_deck(alice)
    api.force_authenticate(alice)
    workers.start("alone")
    workers.start_beat()

    def sweep() -> bool:
        """One sweep; True when it judged the queue (a probe came through over the grace ago)
        while chunks were still waiting."""
        judging = QueueMark.objects.filter(reached__lte=timezone.now() - prefetch_grace()).exists()
        report = runs_sweep()
        assert report.requeued_chunks == 0, f"a waiting chunk was sent again: {report}"
        return judging and SimulationChunk.objects.filter(tally__isnull=True).exists()

    run_ids = []
    judged_while_waiting = 0
    # Started back to back, so the queue holds seconds of chunks however fast the worker plays
    # them (a chunk of this deck takes ~15 ms on a quiet machine): a sweep between starts sends
    # the probe that later sweeps judge by, while the later runs' chunks still wait behind it.
    for seed in range(RUNS):
        answer = start(api, deck, games=200_000, seed=seed)
        assert answer.status_code == 202
        run_ids.append(answer.json()["id"])
        if seed % 4 == 0:
            judged_while_waiting += sweep()
    deadline = time.monotonic() + 180
    while not all(succeeded(run_id) for run_id in run_ids):
        assert time.monotonic() < deadline, f"the runs did not finish\n{workers.logs()}"
        judged_while_waiting += sweep()
        time.sleep(0.25)

    # How often it judged depends on the machine's speed; once is enough to make the
    # requeue assertion in every sweep above mean something.
    assert judged_while_waiting >= 1, "the sweep never judged the queue while chunks waited"
    runs = SimulationRun.objects.filter(pk__in=run_ids)
    chunks = SimulationChunk.objects.filter(run__in=runs)
    assert chunks.count() == RUNS * 20
    assert chunks.aggregate(taken=Sum("deliveries"))["taken"] == RUNS * 20
    assert not runs.filter(requeued__isnull=False).exists()
    # Beat's sweeps dropped behind the backlog are logged as themselves, not as the last chunk.
    log = (workers.log_dir / "alone.log").read_text().splitlines()
    dropped = [line for line in log if "task_revoked" in line]
    assert not [line for line in dropped if "run_id=" in line], dropped[:3]


def test_a_run_saved_by_a_process_that_stopped_before_queueing_it_is_found(
    api, alice, make_deck, broker, workers, monkeypatch
):
    # The web process stops right after the run is committed: nothing is ever sent.
    monkeypatch.setattr(services, "run_queue_on_commit", lambda run: None)
    deck = make_deck(alice)
    api.force_authenticate(alice)
    answer = start(api, deck, games=30_000, seed=5)
    assert answer.status_code == 202
    run_id = answer.json()["id"]
    assert not SimulationChunk.objects.filter(run_id=run_id, dispatched__isnull=False).exists()

    workers.start("w")
    workers.start_beat()
    wait_for(lambda: succeeded(run_id), 60, "the run that was never queued", workers)
    run = SimulationRun.objects.get(pk=run_id)
    assert_played_once(run)
    assert_counted_once(run)


def test_twenty_identical_starts_at_once_make_one_run(alice, make_deck, broker, live_server):
    deck = make_deck(alice)
    _token, secret = ApiToken.objects.create(user=alice)
    body = {"games": 20_000, "seed": 4, "max_turns": 12, "going": "first", "bury": "default"}
    url = f"{live_server.url}/api/v1/decks/{deck.pk}/simulations/"
    barrier = threading.Barrier(20)
    answers: list[requests.Response] = []

    def send() -> None:
        barrier.wait()
        answers.append(
            requests.post(url, json=body, headers={"Authorization": f"Token {secret}"}, timeout=60)
        )

    threads = [threading.Thread(target=send) for _ in range(20)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert sorted(answer.status_code for answer in answers) == [200] * 19 + [202]
    assert len({answer.json()["id"] for answer in answers}) == 1
    assert SimulationRun.objects.count() == 1
    assert SimulationChunk.objects.count() == 2


def test_a_paused_redis_is_a_503_within_five_seconds_and_starts_nothing(
    api, alice, make_deck, own_redis
):
    deck = make_deck(alice)
    api.force_authenticate(alice)
    assert start(api, deck, seed=1).status_code == 202  # up: accepted
    SimulationRun.objects.all().delete()

    os.kill(own_redis["server"].pid, signal.SIGSTOP)  # accepts connections, answers nothing
    try:
        started = time.monotonic()
        answer = start(api, deck, seed=2)
        took = time.monotonic() - started
    finally:
        os.kill(own_redis["server"].pid, signal.SIGCONT)
    assert answer.status_code == 503, answer.content
    assert "unavailable" in answer.json()["detail"]
    assert answer["Retry-After"] == "30"
    assert took < 5, f"the answer took {took:.1f} s"
    assert SimulationRun.objects.count() == 0
    assert SimulationChunk.objects.count() == 0


@pytest.fixture
def database_proxy(postgres_required, workers):
    """The workers reach PostgreSQL through a proxy that the test can cut."""
    from django.db import connection

    from tests.simulations.conftest import database_url_for_workers

    host = connection.settings_dict.get("HOST") or "127.0.0.1"
    port = int(connection.settings_dict.get("PORT") or 5432)
    proxy = TcpProxy((host, port))
    workers.database_url = database_url_for_workers().replace(
        f"@{host}:{port}/", f"@127.0.0.1:{proxy.port}/"
    )
    assert str(proxy.port) in workers.database_url
    yield proxy
    proxy.close()


def chunks_done(run_id) -> int:
    return SimulationChunk.objects.filter(run_id=run_id, tally__isnull=False).count()


def test_a_database_outage_longer_than_ten_seconds_loses_no_chunk(
    api, alice, make_deck, broker, workers, database_proxy
):
    deck = make_deck(alice)
    api.force_authenticate(alice)
    answer = start(api, deck, games=200_000, seed=31)
    assert answer.status_code == 202
    run_id = answer.json()["id"]
    workers.start("w")
    wait_for(lambda: chunks_done(run_id) >= 2, 60, "the first chunks", workers)

    database_proxy.cut()
    time.sleep(12)
    assert chunks_done(run_id) < 20, "the run finished before the outage"
    database_proxy.restore()

    wait_for(lambda: succeeded(run_id), 90, "the run after the outage", workers)
    run = SimulationRun.objects.get(pk=run_id)
    assert run.error == ""
    assert_counted_once(run)


def test_a_database_outage_past_the_deadline_fails_the_run_saying_why(
    api, alice, make_deck, broker, workers, database_proxy, settings
):
    settings.KOTC = {**settings.KOTC, "RUN_DEADLINE_SECONDS": 6}
    deck = make_deck(alice)
    api.force_authenticate(alice)
    database_proxy.cut()
    answer = start(api, deck, games=50_000, seed=8)
    assert answer.status_code == 202
    run_id = answer.json()["id"]
    workers.start("w")
    workers.start_beat()
    time.sleep(10)  # the workers retry until the deadline, then give up
    database_proxy.restore()

    wait_for(
        lambda: SimulationRun.objects.get(pk=run_id).status == "failed",
        60,
        "the run to fail",
        workers,
    )
    run = SimulationRun.objects.get(pk=run_id)
    assert "deadline" in run.error
    assert run.start_key is None  # the same start may be tried again
    assert chunks_done(run_id) < run.chunks_total
