"""Celery tasks of sets: the beat's release of the sets whose chosen time has come, and the
drawing of a set's print images."""

from celery import shared_task
from django.db import DatabaseError

from sets import printing, services

RELEASE_DUE = "sets.tasks.release_due_sets"


@shared_task(name=RELEASE_DUE, ignore_result=True)
def release_due_sets() -> str:
    """Idempotent: a released set is no longer due, so a sweep sent twice releases it once."""
    released = services.sets_release_due()
    return f"released {len(released)} set(s)"


@shared_task(
    name=printing.MAKE_SET_PRINT_IMAGES,
    bind=True,
    acks_late=True,
    reject_on_worker_lost=True,
    max_retries=3,
)
def make_set_print_images(self, set_id: int, card_ids: list[int]) -> None:  # type: ignore[no-untyped-def]
    """Draw these cards' print images numbered in the set. Idempotent, as decks' are."""
    try:
        printing.set_print_images_make(set_id=set_id, card_ids=card_ids)
    except DatabaseError as error:
        raise self.retry(exc=error, countdown=2) from error
