"""Celery tasks of cards: re-judging the stored verdicts in chunks, and the beat's look for
a refresh that stalled (cards.verdicts)."""

from celery import shared_task
from django.db import DatabaseError

from cards import verdicts


@shared_task(
    name=verdicts.REFRESH_CHUNK,
    bind=True,
    acks_late=True,
    reject_on_worker_lost=True,
    max_retries=5,
)
def refresh_verdict_chunk(  # type: ignore[no-untyped-def]
    self, refresh_id: int, first: int, last: int, everything: bool = False, cards: int = 0
) -> int:
    """Judge a chunk of cards and count it. Idempotent (a fresh row is not judged again), so
    a chunk delivered twice after a lost worker only repeats a look-up, and counts once."""
    try:
        judged = verdicts.refresh_chunk(first, last, everything=everything)
        verdicts.refresh_chunk_done(refresh_id, cards, first)
    except DatabaseError as error:
        raise self.retry(exc=error, countdown=2) from error
    return judged


@shared_task(name=verdicts.REFRESH_SWEEP, ignore_result=True)
def refresh_sweep() -> str:
    refresh = verdicts.refresh_sweep()
    return "nothing to refresh" if refresh is None else f"queued refresh {refresh.pk}"
