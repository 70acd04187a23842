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
    # When the unfinished chunks were last sent to the queue again (see run_resume_if_stalled).
    requeued = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created"]

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

    class Meta:
        ordering = ["index"]
        constraints = [
            models.UniqueConstraint(fields=["run", "index"], name="one_chunk_per_index"),
        ]

    def __str__(self) -> str:
        return f"chunk {self.index} of {self.run_id}"
