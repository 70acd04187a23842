"""A goldfish run and its chunks. A run is split into chunks that any number of workers
share; each chunk's tally is written once, so a redelivered chunk changes nothing."""

import uuid

from django.conf import settings
from django.db import models


class SimulationRun(models.Model):
    class Status(models.TextChoices):
        QUEUED = "queued"
        RUNNING = "running"
        SUCCEEDED = "succeeded"
        FAILED = "failed"

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    deck = models.ForeignKey(
        "decks.Deck", on_delete=models.CASCADE, related_name="simulations", null=True, blank=True
    )
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True
    )
    # The deck's version current when the run started (see decks.versions.version_for_run).
    deck_version = models.ForeignKey(
        "decks.DeckVersion",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="simulations",
    )
    # The deck as it was when the run started: later edits to the deck do not change it.
    deck_snapshot = models.JSONField()
    options = models.JSONField()
    cache_key = models.CharField(max_length=64, db_index=True)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.QUEUED)
    chunks_total = models.PositiveIntegerField()
    result = models.JSONField(null=True, blank=True)
    error = models.TextField(blank=True)
    created = models.DateTimeField(auto_now_add=True)
    finished = models.DateTimeField(null=True, blank=True)
    # When the unfinished chunks were last sent to the queue again (see simulations.sweep).
    requeued = models.DateTimeField(null=True, blank=True)
    # One unfinished or finished run per person, deck content and options: a hash of the three,
    # unique, so starts sent together (a double click, a retried request) all get the same run.
    # Cleared when the run fails, so the same start can be tried again.
    start_key = models.CharField(max_length=64, null=True, blank=True, unique=True)
    # When the run gives up: chunks the database or the queue kept from being played by then
    # are not waited for any longer, and the run fails saying why.
    deadline = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created"]
        indexes = [models.Index(fields=["status", "created"], name="run_status_created")]

    def __str__(self) -> str:
        return f"Goldfish run {self.id} ({self.status})"

    @property
    def finished_ok(self) -> bool:
        return self.status == self.Status.SUCCEEDED


class SimulationChunk(models.Model):
    run = models.ForeignKey(SimulationRun, on_delete=models.CASCADE, related_name="chunks")
    index = models.PositiveIntegerField()
    first_block = models.PositiveIntegerField()
    end_block = models.PositiveIntegerField()
    tally = models.JSONField(null=True, blank=True)
    done = models.DateTimeField(null=True, blank=True)
    # The chunk's place in the queue, which is how the sweep tells a lost chunk from one still
    # waiting its turn (see simulations.sweep): when it was last sent to the queue, and until
    # when the worker that took it holds it (its lease).
    dispatched = models.DateTimeField(null=True, blank=True)
    leased_until = models.DateTimeField(null=True, blank=True)
    # How many times a worker took the chunk: more than once means it was sent again or
    # redelivered (its tally is still written once).
    deliveries = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["index"]
        constraints = [
            models.UniqueConstraint(fields=["run", "index"], name="one_chunk_per_index"),
        ]

    def __str__(self) -> str:
        return f"chunk {self.index} of {self.run_id}"


class QueueMark(models.Model):
    """How far a queue has been read: every message sent to it before `passed` has reached a
    worker. The sweep learns it by sending a probe through the queue, which is first in, first
    out, and noting the probe's send time when a worker takes it (`reached`)."""

    queue = models.CharField(max_length=200, unique=True)
    probe_sent = models.DateTimeField(null=True, blank=True)
    passed = models.DateTimeField(null=True, blank=True)
    reached = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return f"queue {self.queue} read up to {self.passed}"
