"""Celery tasks: they take ids, load rows and call a service. Each chunk is idempotent,
so acks_late redelivery after a lost worker is safe."""

from celery import shared_task
from celery.exceptions import SoftTimeLimitExceeded
from django.db import DatabaseError

from simulations import services


@shared_task(bind=True, acks_late=True, reject_on_worker_lost=True, max_retries=5)
def play_chunk(self, run_id: str, index: int) -> None:  # type: ignore[no-untyped-def]
    try:
        services.chunk_play(run_id=run_id, index=index)
    except DatabaseError as error:
        # The database restarting is not the simulation's fault: try the chunk again.
        raise self.retry(exc=error, countdown=2) from error
    except SoftTimeLimitExceeded:
        services.run_fail(run_id=run_id, error="A chunk took too long to play.")
    except Exception as error:
        services.run_fail(run_id=run_id, error=f"The simulation failed: {error}")
        raise
