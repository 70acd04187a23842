"""The sweep's judgement, step by step, with the queue's state set by hand: what it sends
again, what it leaves alone, what it fails."""

from datetime import timedelta

import pytest
from django.core.management import call_command
from django.utils import timezone

from simulations import runs, services, sweep
from simulations.models import QueueMark, SimulationChunk, SimulationRun
from simulations.tasks import retry_wait

pytestmark = pytest.mark.django_db

QUEUE = "kotc-sweep-test"
OPTIONS = {"games": 40_000, "seed": 3, "max_turns": 12, "going": "first", "bury": "default"}


@pytest.fixture
def sent(monkeypatch):
    """What the sweep sends: chunks (by run) and probes, instead of a broker."""
    log: dict[str, list] = {"chunks": [], "probes": []}

    def enqueue(run, indexes=None):
        chosen = list(range(run.chunks_total)) if indexes is None else list(indexes)
        log["chunks"].append((str(run.id), chosen))
        SimulationChunk.objects.filter(run=run, index__in=chosen).update(dispatched=timezone.now())

    def probe(*, queue):
        log["probes"].append(queue)
        QueueMark.objects.filter(queue=queue).update(probe_sent=timezone.now())
        return True

    monkeypatch.setattr(services, "enqueue_chunks", enqueue)
    monkeypatch.setattr(sweep, "probe_send", probe)
    return log


@pytest.fixture
def run(alice, make_deck, sent) -> SimulationRun:
    """Alice's run of four chunks, all sent to the queue a minute ago."""
    from decks.services import deck_definition

    deck = make_deck(alice)
    started, _ = services.simulation_start(
        definition=deck_definition(deck),
        options=services.options_for_edition(OPTIONS, edition=14),
        deck_id=deck.pk,
        user=alice,
    )
    minute_ago = timezone.now() - timedelta(minutes=1)
    SimulationRun.objects.filter(pk=started.pk).update(created=minute_ago)
    started.chunks.update(dispatched=minute_ago)
    sent["chunks"].clear()
    return SimulationRun.objects.get(pk=started.pk)


def queue_read_up_to(moment, *, reached_ago: float = 30) -> None:
    """The last probe, sent at `moment`, reached a worker `reached_ago` seconds ago."""
    QueueMark.objects.update_or_create(
        queue=QUEUE,
        defaults={
            "passed": moment,
            "reached": timezone.now() - timedelta(seconds=reached_ago),
        },
    )


def test_chunks_the_queue_passed_without_a_worker_holding_them_are_sent_again(run, sent):
    queue_read_up_to(timezone.now() - timedelta(seconds=10))
    report = sweep.runs_sweep(queue=QUEUE)
    assert sent["chunks"] == [(str(run.id), [0, 1, 2, 3])]
    assert (report.requeued_runs, report.requeued_chunks) == (1, 4)
    assert SimulationRun.objects.get(pk=run.pk).requeued is not None
    # Sent again just now: the next sweep waits for a probe sent after that.
    sent["chunks"].clear()
    sweep.runs_sweep(queue=QUEUE)
    assert sent["chunks"] == []


def test_chunks_still_waiting_behind_the_probe_are_left_alone(run, sent):
    """A backlog: the last probe through the queue was sent before the chunks were."""
    queue_read_up_to(run.created - timedelta(seconds=5))
    sweep.runs_sweep(queue=QUEUE)
    assert sent["chunks"] == []
    assert SimulationRun.objects.get(pk=run.pk).requeued is None


def test_nothing_is_judged_before_a_probe_came_through(run, sent):
    report = sweep.runs_sweep(queue=QUEUE)
    assert sent["chunks"] == [] and report.requeued_chunks == 0
    assert sent["probes"] == [QUEUE]
    assert QueueMark.objects.get(queue=QUEUE).probe_sent is not None


def test_a_probe_that_just_arrived_gives_the_chunks_taken_with_it_time_to_start(run, sent):
    queue_read_up_to(timezone.now() - timedelta(seconds=10), reached_ago=0.1)
    sweep.runs_sweep(queue=QUEUE)
    assert sent["chunks"] == []


def test_chunks_held_by_a_worker_or_played_are_not_sent_again(run, sent):
    run.chunks.filter(index=0).update(leased_until=timezone.now() + timedelta(seconds=60))
    run.chunks.filter(index=1).update(tally={"played": True}, done=timezone.now())
    # A lease that ran out: the worker holding it is gone, and so is the chunk.
    run.chunks.filter(index=2).update(leased_until=timezone.now() - timedelta(seconds=1))
    queue_read_up_to(timezone.now() - timedelta(seconds=10))
    sweep.runs_sweep(queue=QUEUE)
    assert sent["chunks"] == [(str(run.id), [2, 3])]


def test_a_run_never_sent_is_sent_once_the_queue_has_passed_its_making(run, sent):
    run.chunks.update(dispatched=None)
    queue_read_up_to(run.created - timedelta(seconds=1))
    sweep.runs_sweep(queue=QUEUE)
    assert sent["chunks"] == []  # made after the probe was sent: maybe still being sent
    queue_read_up_to(timezone.now() - timedelta(seconds=10))
    sweep.runs_sweep(queue=QUEUE)
    assert sent["chunks"] == [(str(run.id), [0, 1, 2, 3])]


def test_a_run_past_its_deadline_fails_saying_why(run, sent):
    SimulationRun.objects.filter(pk=run.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    queue_read_up_to(timezone.now() - timedelta(seconds=10))
    report = sweep.runs_sweep(queue=QUEUE)
    failed = SimulationRun.objects.get(pk=run.pk)
    assert failed.status == "failed"
    assert "deadline" in failed.error and "4 of its 4 chunks" in failed.error
    assert failed.start_key is None
    assert report.failed_runs == 1
    assert sent["chunks"] == []


def test_a_run_whose_last_chunk_was_played_but_not_counted_is_finished(run, sent):
    """The worker that played the last chunk stopped before it could finish the run."""
    deck = runs.goldfish_deck(run.deck_snapshot)
    options = runs.options_from_json(run.options)
    for chunk in run.chunks.all():
        tally = services.goldfish.play_chunk(deck, options, chunk.first_block, chunk.end_block)
        SimulationChunk.objects.filter(pk=chunk.pk).update(tally=tally.to_json())
    report = sweep.runs_sweep(queue=QUEUE)
    finished = SimulationRun.objects.get(pk=run.pk)
    assert finished.status == "succeeded"
    assert finished.result["games"] == 40_000
    assert report.finished_runs == 1


def test_a_probe_moves_the_mark_forward_only():
    now = timezone.now()
    QueueMark.objects.create(queue=QUEUE)
    sweep.queue_passed(queue=QUEUE, sent=now)
    sweep.queue_passed(queue=QUEUE, sent=now - timedelta(seconds=30))  # a late, older probe
    assert QueueMark.objects.get(queue=QUEUE).passed == now


def test_a_worker_taking_a_chunk_holds_it_and_counts_the_delivery(run):
    runs.chunk_play(run_id=str(run.id), index=0)
    runs.chunk_play(run_id=str(run.id), index=0)  # delivered twice: played once
    chunk = run.chunks.get(index=0)
    assert chunk.tally is not None and chunk.deliveries == 2
    assert chunk.leased_until is None  # played: nothing left to hold


def test_the_command_sweeps_or_sends_everything_again(run, sent):
    from io import StringIO

    out = StringIO()
    call_command("goldfish_resume", stdout=out)
    assert "0 chunk(s)" in out.getvalue()
    call_command("goldfish_resume", "--all", stdout=out)
    assert sent["chunks"] == [(str(run.id), [0, 1, 2, 3])]
    assert "4 chunk(s) of 1 run(s) queued again" in out.getvalue()


def test_waits_between_tries_grow_and_stop_at_the_deadline(settings):
    settings.CELERY_BROKER_TRANSPORT_OPTIONS = {"visibility_timeout": 60}
    far = timezone.now() + timedelta(hours=1)
    assert [retry_wait(n, far) for n in range(7)] == [1, 2, 4, 8, 16, 30, 30]
    assert 0 < retry_wait(5, timezone.now() + timedelta(seconds=3)) <= 3
    assert retry_wait(0, timezone.now() - timedelta(seconds=1)) is None
    # Never as long as the broker's visibility timeout: the chunk would be handed out twice.
    settings.CELERY_BROKER_TRANSPORT_OPTIONS = {"visibility_timeout": 6}
    assert retry_wait(6, far) == 3
