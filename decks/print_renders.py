"""The cards' print images, made before a PDF is put together, so no request draws a deck.

Drawing a card takes about 50 ms: a 200-card deck never drawn before took over ten seconds
inside one request, and anyone could keep the web workers busy by asking for new prints. A PDF
is now put together only once every card on it has its print image (its render as the JPEG a
PDF embeds, stored under the render's key). Until then a request draws at most
RENDERS_PER_REQUEST of the missing cards itself, queues the others for the Celery workers, and
answers with how far along the print is (the API: 202 with Retry-After; the print page: a
progress bar that asks again every second). A PDF of cards already drawn is a concatenation of
stored JPEGs and stays in the request: a 200-card print takes a fraction of a second.

Why a cap with background renders rather than a print job that writes the PDF on a worker: the
render cache already is the durable, idempotent state of the work (a card drawn twice lands under
the same key), so how far a print is along is simply how many of its images exist. There is no
job row to create, sweep or resume when a worker dies or the broker loses its queue: the next
request queues again what is missing and draws its own share. That share also means a print
finishes with no worker at all, each request bringing it RENDERS_PER_REQUEST cards closer, and
with workers on other machines that do not share the media storage (their renders land there).
"""

from __future__ import annotations

import io
import logging
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.core.cache import cache
from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.db import transaction
from PIL import Image

from cards.models import Card
from cards.render import SetMark
from cards.renders import card_render, card_render_key
from decks import printing

logger = logging.getLogger(__name__)

# Under a second of drawing: the most one request does before it answers with progress.
RENDERS_PER_REQUEST = 12
# Cards a task draws; several tasks let several workers share a deck.
RENDERS_PER_TASK = 10
# A card queued this recently is not queued again by the next poll of the same print.
QUEUED_SECONDS = 60
# What the API tells a client to wait before asking again.
RETRY_AFTER_SECONDS = 2
# The task that draws print images (decks.tasks names it so), sent by name: decks.tasks calls
# this module, so importing the task here would make each module import the other.
MAKE_PRINT_IMAGES = "decks.tasks.make_print_images"


JPEG_END = b"\xff\xd9"


class PrintNotReady(Exception):
    """Some cards of the print are still being drawn; ask again shortly."""

    def __init__(self, *, ready: int, total: int) -> None:
        self.ready = ready
        self.total = total
        super().__init__(
            f"Drawing the cards: {ready} of {total} ready. The PDF is made once every card is"
            " drawn; ask again in a moment."
        )


def _image_name(key: str) -> str:
    return f"renders/{key}-print.jpg"


def print_image(*, card: Card, set_mark: SetMark | None = None) -> tuple[str, bytes]:
    """The card's print image and its key, drawn and stored now if it is not yet; with
    `set_mark`, with its number in a set printed on it."""
    key = card_render_key(card=card, set_mark=set_mark)
    name = _image_name(key)
    try:
        with default_storage.open(name, "rb") as handle:
            content = handle.read()
    except OSError:
        content = b""
    # A JPEG ends with its end-of-image marker; one without is still being written (a worker
    # is saving it now), and is drawn again here rather than printed half.
    if content.endswith(JPEG_END):
        return key, content
    rendered = card_render(card=card, set_mark=set_mark)
    with Image.open(io.BytesIO(rendered.content)) as image:
        content = printing.jpeg_bytes(image)
    if not default_storage.exists(name):
        default_storage.save(name, ContentFile(content))
    return key, content


@dataclass(frozen=True)
class MarkedPrint:
    """A print whose cards carry a mark of their own (their number in a set): the marks by
    card id, and the task that draws them so on the workers, sent its `args` then the ids."""

    marks: Mapping[int, SetMark]
    task: str
    args: tuple[Any, ...] = field(default=())


def print_images_missing(
    cards: Sequence[Card], marks: Mapping[int, SetMark] | None = None
) -> list[Card]:
    """The cards (each once) that have no print image yet (with its mark, if it has one)."""
    distinct = {card.pk: card for card in cards}.values()
    marks = marks or {}
    return [
        card
        for card in distinct
        if not default_storage.exists(
            _image_name(card_render_key(card=card, set_mark=marks.get(card.pk)))
        )
    ]


def print_prepare(*, cards: Sequence[Card], marked: MarkedPrint | None = None) -> None:
    """Return when every card has its print image; else draw a few, queue the rest for the
    workers and raise PrintNotReady with the progress. With `marked`, each card is drawn with
    its mark and queued to that print's task.

    The request draws the last of the missing cards while the workers take them from the
    front, so the two seldom draw the same card."""
    marks = marked.marks if marked else {}
    total = len({card.pk for card in cards})
    missing = print_images_missing(cards, marks)
    if not missing:
        return
    if len(missing) > RENDERS_PER_REQUEST:
        _queue(missing[:-RENDERS_PER_REQUEST], marked)
    for card in missing[-RENDERS_PER_REQUEST:]:
        print_image(card=card, set_mark=marks.get(card.pk))
    left = len(missing) - min(len(missing), RENDERS_PER_REQUEST)
    if left:
        raise PrintNotReady(ready=total - left, total=total)


def print_images_make(*, card_ids: Sequence[int]) -> None:
    """Draw the print images of these cards (the workers' side). Safe to repeat: a card that
    has its image is skipped, and one that was deleted meanwhile is left out."""
    for card in Card.objects.filter(pk__in=card_ids):
        print_image(card=card)


def _queue(cards: Sequence[Card], marked: MarkedPrint | None = None) -> None:
    memos = {_queued_memo(card.pk, marked): card.pk for card in cards}
    already = cache.get_many(list(memos))
    fresh = [pk for memo, pk in memos.items() if memo not in already]
    if not fresh:
        return
    cache.set_many({memo: True for memo, pk in memos.items() if pk in fresh}, QUEUED_SECONDS)
    if marked is None:
        transaction.on_commit(lambda: _send(fresh))
    else:
        transaction.on_commit(lambda: _send(fresh, marked))


def _send(card_ids: list[int], marked: MarkedPrint | None = None) -> None:
    from kotc_site.celery import send_tasks

    task, args = (marked.task, list(marked.args)) if marked else (MAKE_PRINT_IMAGES, [])
    try:
        # Retries off (send_tasks): a broker that is down must not hold the request; the
        # request's own share of drawing still moves the print along.
        send_tasks(
            task,
            (
                [*args, card_ids[start : start + RENDERS_PER_TASK]]
                for start in range(0, len(card_ids), RENDERS_PER_TASK)
            ),
        )
    except Exception as error:
        logger.warning("Could not queue %d print images: %s", len(card_ids), error)
        cache.delete_many([_queued_memo(pk, marked) for pk in card_ids])


def _queued_memo(card_id: int, marked: MarkedPrint | None = None) -> str:
    if marked is None:
        return f"print-image-queued:{card_id}"
    mark = marked.marks.get(card_id)
    where = f"{mark.code}:{mark.number}/{mark.total}" if mark else ""
    args = ":".join(map(str, marked.args))
    return f"print-image-queued:{marked.task}:{args}:{card_id}:{where}"
