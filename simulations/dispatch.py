"""Sending goldfish work to the Celery workers.

Tasks are sent by name rather than through the task functions: the tasks (simulations.tasks)
call the chunk bookkeeping and the sweep, and the sweep sends tasks, so a sender that imported
the tasks would import itself back. The names below are the tasks' own (simulations.tasks
names each task with them), so the two cannot drift apart.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.conf import settings

from kotc_site.celery import app

PLAY_CHUNK = "simulations.tasks.play_chunk"
QUEUE_PROBE = "simulations.tasks.queue_probe"
SWEEP_RUNS = "simulations.tasks.sweep_runs"  # sent by celery beat (CELERY_BEAT_SCHEDULE)


def default_queue() -> str:
    return str(app.conf.task_default_queue)


def send_tasks(name: str, calls: Iterable[list[Any]], *, queue: str | None = None) -> None:
    """Send the task ``name`` once for each list of arguments in ``calls``, on the default
    queue unless ``queue`` names another. Raises whatever the broker raises when it cannot
    take them.

    A fresh connection with retries off: when the broker is down we want to know now, not
    after Celery's default minute of retrying."""
    with app.connection_for_write() as connection:
        connection.ensure_connection(
            max_retries=1, timeout=settings.CELERY_BROKER_CONNECTION_TIMEOUT
        )
        for args in calls:
            app.send_task(
                name,
                args=args,
                connection=connection,
                queue=queue or default_queue(),
                retry=False,
            )
