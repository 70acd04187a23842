"""/readyz/workers/: a monitor's view of beat, the workers and the queue, from the sweep's marks."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from simulations import dispatch
from simulations.models import QueueMark

pytestmark = pytest.mark.django_db


def mark(**ago: int | None) -> None:
    now = timezone.now()
    QueueMark.objects.update_or_create(
        queue=dispatch.default_queue(),
        defaults={
            name: None if seconds is None else now - timedelta(seconds=seconds)
            for name, seconds in ago.items()
        },
    )


def answer(client) -> tuple[int, dict]:
    response = client.get("/readyz/workers/")
    assert response["Cache-Control"] == "no-store"
    return response.status_code, response.json()


def test_workers_at_work_are_ok(client, settings):
    settings.KOTC_RUN_SWEEP_SECONDS = 60
    mark(probe_sent=30, passed=90, reached=89)
    assert answer(client) == (200, {"status": "ok", "checks": {"sweep": "ok", "queue": "ok"}})


def test_no_sweep_means_no_beat_or_no_worker(client, settings):
    settings.KOTC_RUN_SWEEP_SECONDS = 60
    status, body = answer(client)
    assert status == 503 and body["failed"] == ["sweep"] and "ever" in body["checks"]["sweep"]
    mark(probe_sent=121, passed=181, reached=180)
    status, body = answer(client)
    assert status == 503 and "no sweep for 121 s" in body["checks"]["sweep"]


def test_a_queue_that_keeps_messages_waiting_is_reported(client, settings):
    settings.KOTC_RUN_SWEEP_SECONDS = 60
    settings.KOTC_QUEUE_ALERT_SECONDS = 300
    mark(probe_sent=10, passed=400, reached=20)  # the last probe took 380 s to reach a worker
    status, body = answer(client)
    assert status == 503 and body["failed"] == ["queue"]
    assert "waited 380 s" in body["checks"]["queue"]
    mark(probe_sent=10, passed=500, reached=499)  # probes since 490 s ago are still queued
    status, body = answer(client)
    assert status == 503 and "490 s have not reached a worker" in body["checks"]["queue"]
