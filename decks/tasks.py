"""Celery tasks of decks: they take ids, load rows and call a service."""

from celery import shared_task
from django.db import DatabaseError

from decks import print_renders


@shared_task(
    name=print_renders.MAKE_PRINT_IMAGES,
    bind=True,
    acks_late=True,
    reject_on_worker_lost=True,
    max_retries=3,
)
def make_print_images(self, card_ids: list[int]) -> None:  # type: ignore[no-untyped-def]
    """Draw the print images of these cards. Idempotent (a drawn card is skipped), so a
    redelivered task after a lost worker only repeats a look-up."""
    try:
        print_renders.print_images_make(card_ids=card_ids)
    except DatabaseError as error:
        raise self.retry(exc=error, countdown=2) from error
