"""The periodic sweep: goldfish runs heal themselves, with nobody watching.

A chunk waits in the broker until a worker takes it. A broker that restarts without
persistence forgets what it held, a web process stopped between saving a run and queueing it
never sends its chunks, and a chunk can outlive every retry of a database that stayed away.
The chunk rows still say what is missing, and a chunk played twice changes nothing, so such
chunks are sent again. The hard part is telling a lost chunk from one that is only waiting its
turn behind a long queue: time since the last finished chunk cannot, since a backlog of big
runs looks the same as a lost queue for as long as it lasts.

So the sweep judges by the queue itself. The queue is first in, first out, and each sweep
sends a probe through it (`queue_probe`); the worker that takes the probe notes when it was
sent (QueueMark.passed). Every message sent before then has reached a worker. A chunk sent
before that mark (or never sent, from a run made before it) that is neither played nor leased
by a worker playing it now was lost on the way, and is sent again. A backlog only delays the
probe, and with it the judgement: chunks still in the queue are never sent twice.

Each sweep also fails runs past their deadline, saying why, and finishes runs whose last
chunk was played by a worker that stopped before it could finish the run."""

from __future__ import annotations

import logging
from collections import defaultdict
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import transaction
from django.db.models import Count, Q
from django.utils import timezone

from simulations import dispatch, runs, services
from simulations.models import QueueMark, SimulationChunk, SimulationRun

logger = logging.getLogger(__name__)

# A worker that takes several messages at once (one per process) starts the ones it took with
# the probe at most a chunk's time after the probe: they get this long to take their leases.
PREFETCH_GRACE_SECONDS = 5
ACTIVE = (SimulationRun.Status.QUEUED, SimulationRun.Status.RUNNING)


@dataclass
class SweepReport:
    requeued_runs: int = 0
    requeued_chunks: int = 0
    failed_runs: int = 0
    finished_runs: int = 0
    probe_sent: bool = False

    def __str__(self) -> str:
        return (
            f"{self.requeued_chunks} chunk(s) of {self.requeued_runs} run(s) queued again, "
            f"{self.failed_runs} run(s) failed at their deadline, "
            f"{self.finished_runs} run(s) finished"
            + ("" if self.probe_sent else "; the queue could not be probed")
        )


def default_queue() -> str:
    return dispatch.default_queue()


def queue_passed(*, queue: str, sent: datetime) -> None:
    """A worker took the probe sent at `sent`: everything sent before it has been taken."""
    QueueMark.objects.filter(queue=queue).filter(
        Q(passed__isnull=True) | Q(passed__lt=sent)
    ).update(passed=sent, reached=timezone.now())


def runs_sweep(*, queue: str | None = None, probe: bool = True) -> SweepReport:
    """One sweep: fail runs past their deadline, finish complete ones, queue lost chunks again,
    and send the next probe through the queue."""
    queue = queue or default_queue()
    report = SweepReport()
    now = timezone.now()
    grace = prefetch_grace()
    mark, _ = QueueMark.objects.get_or_create(queue=queue)

    for run in SimulationRun.objects.filter(status__in=ACTIVE, deadline__lt=now):
        if run_fail_at_deadline(run):
            report.failed_runs += 1

    complete = (
        SimulationRun.objects.filter(status__in=ACTIVE)
        .annotate(unplayed=Count("chunks", filter=Q(chunks__tally__isnull=True)))
        .filter(unplayed=0)
    )
    for run_id in complete.values_list("pk", flat=True):
        runs.run_finish_if_complete(run_id=run_id)
        report.finished_runs += 1

    if mark.passed is not None and mark.reached is not None and mark.reached <= now - grace:
        lost = lost_chunks(passed=mark.passed, now=now, grace=grace)
        for run, indexes in lost.items():
            # Sent now, not on commit: the sweep runs in a worker outside any transaction, and
            # the chunks were claimed in lost_chunks' own transaction, committed by now.
            try:
                services.enqueue_chunks(run, indexes=indexes)
            except Exception as error:  # noqa: BLE001 - the broker is down: the next sweep retries
                logger.warning("Could not queue run %s again: %s", run.id, error)
                continue
            SimulationRun.objects.filter(pk=run.pk).update(requeued=now)
            # An error: the queue lost messages (a broker restarted without persistence).
            logger.error(
                "The queue lost %d chunks of goldfish run %s; queued them again",
                len(indexes),
                run.id,
            )
            report.requeued_runs += 1
            report.requeued_chunks += len(indexes)

    if probe:
        report.probe_sent = probe_send(queue=queue)
    return report


def prefetch_grace() -> timedelta:
    """Shorter when the sweep runs more often than that (in tests, every second): each
    sweep's probe comes through just after it, so the grace must be shorter than the time
    between two sweeps for the next sweep to judge."""
    return timedelta(seconds=min(PREFETCH_GRACE_SECONDS, settings.KOTC_RUN_SWEEP_SECONDS / 2))


def lost_chunks(
    *, passed: datetime, now: datetime, grace: timedelta
) -> dict[SimulationRun, list[int]]:
    """The unplayed chunks of unfinished runs that the queue has passed without a worker
    holding them, each claimed (its send time moved to now) so that a second sweep at the same
    moment does not send it too."""
    unheld = Q(leased_until__isnull=True) | Q(leased_until__lt=now)
    sent_before = Q(dispatched__lt=passed)
    never_sent = Q(dispatched__isnull=True, run__created__lt=min(passed, now - grace))
    candidates = SimulationChunk.objects.filter(
        unheld & (sent_before | never_sent),
        tally__isnull=True,
        run__status__in=ACTIVE,
    )
    with transaction.atomic():
        chosen = list(
            candidates.select_for_update(skip_locked=True, of=("self",)).values_list(
                "pk", "run_id", "index"
            )
        )
        SimulationChunk.objects.filter(pk__in=[pk for pk, _, _ in chosen]).update(dispatched=now)
    by_run: dict[Any, list[int]] = defaultdict(list)
    for _pk, run_id, index in chosen:
        by_run[run_id].append(index)
    found = SimulationRun.objects.in_bulk(list(by_run))
    return {found[run_id]: sorted(indexes) for run_id, indexes in by_run.items() if run_id in found}


def run_fail_at_deadline(run: SimulationRun) -> bool:
    missing = run.chunks.filter(tally__isnull=True).count()
    return runs.run_fail(
        run_id=run.pk,
        error=(
            f"The run did not finish by its deadline: {missing} of its {run.chunks_total} "
            "chunks could not be played in time (the database or the queue was unavailable, "
            "or the queue was too long). Start it again."
        ),
    )


def probe_send(*, queue: str) -> bool:
    """Send the next probe through the queue; False when the broker would not take it."""
    sent = timezone.now()
    # Sent now, not on commit: the sweep runs outside any transaction, and the probe's send
    # time is noted only once the broker has taken it.
    try:
        dispatch.send_tasks(dispatch.QUEUE_PROBE, [[queue, sent.isoformat()]], queue=queue)
    except Exception as error:  # noqa: BLE001 - the broker is down; the next sweep probes again
        logger.warning("Could not probe the queue %s: %s", queue, error)
        return False
    QueueMark.objects.filter(queue=queue).update(probe_sent=sent)
    return True
