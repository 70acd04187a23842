"""Celery tasks: they take ids, load rows and call a service. Each chunk is idempotent,
so acks_late redelivery after a lost worker is safe.

Each task is named with its name in simulations.dispatch, which sends them by that name."""

from __future__ import annotations

import contextlib
import logging
from datetime import datetime

from celery import shared_task
from celery.exceptions import SoftTimeLimitExceeded
from django.conf import settings
from django.db import DatabaseError, InterfaceError
from django.utils import timezone

from simulations import runs, sweep
from simulations.dispatch import PLAY_CHUNK, QUEUE_PROBE, SWEEP_RUNS

logger = logging.getLogger(__name__)

# Waits between tries while the database is away: 1, 2, 4 … seconds, at most half a minute,
# and under the broker's visibility timeout (a chunk waiting longer would be handed to a second
# worker meanwhile).
MAX_RETRY_WAIT = 30
DATABASE_AWAY = (
    "The database was unavailable until the run's deadline, so some of its chunks could not "
    "be played. Start it again."
)


def retry_wait(retries: int, deadline: datetime | None) -> float | None:
    """Seconds to wait before the next try, or None when the run's deadline comes first."""
    visibility = int(settings.CELERY_BROKER_TRANSPORT_OPTIONS.get("visibility_timeout", 60))  # type: ignore[call-overload]
    wait = float(min(2**retries, MAX_RETRY_WAIT, max(1, visibility // 2)))
    if deadline is None:
        return wait
    left = (deadline - timezone.now()).total_seconds()
    if left <= 0:
        return None
    return min(wait, left)


@shared_task(
    name=PLAY_CHUNK, bind=True, acks_late=True, reject_on_worker_lost=True, max_retries=None
)
def play_chunk(self, run_id: str, index: int, deadline: str | None = None) -> None:  # type: ignore[no-untyped-def]
    try:
        runs.chunk_play(run_id=run_id, index=index)
    except (DatabaseError, InterfaceError) as error:
        # The database restarting is not the simulation's fault: try again, waiting longer
        # each time, until the run's deadline; then say why the run failed.
        wait = retry_wait(
            self.request.retries, datetime.fromisoformat(deadline) if deadline else None
        )
        if wait is not None:
            raise self.retry(exc=error, countdown=wait) from error
        logger.warning("Chunk %s of run %s gave up at the deadline: %s", index, run_id, error)
        # Still away: the sweep fails the run past its deadline when it is back.
        with contextlib.suppress(DatabaseError, InterfaceError):
            runs.run_fail(run_id=run_id, error=DATABASE_AWAY)
    except SoftTimeLimitExceeded:
        runs.run_fail(run_id=run_id, error="A chunk took too long to play.")
    except Exception as error:
        runs.run_fail(run_id=run_id, error=f"The simulation failed: {error}")
        raise


@shared_task(name=SWEEP_RUNS, ignore_result=True)
def sweep_runs() -> str:
    """The periodic sweep (CELERY_BEAT_SCHEDULE): see simulations.sweep."""
    return str(sweep.runs_sweep())


@shared_task(name=QUEUE_PROBE, ignore_result=True, acks_late=False)
def queue_probe(queue: str, sent: str) -> None:
    sweep.queue_passed(queue=queue, sent=datetime.fromisoformat(sent))
