"""Sending goldfish work to the Celery workers.

Tasks are sent by name rather than through the task functions: the tasks (simulations.tasks)
call the chunk bookkeeping and the sweep, and the sweep sends tasks, so a sender that imported
the tasks would import itself back. The names below are the tasks' own (simulations.tasks
names each task with them), so the two cannot drift apart.
"""

from __future__ import annotations

from kotc_site.celery import default_queue, send_tasks

__all__ = ["PLAY_CHUNK", "QUEUE_PROBE", "SWEEP_RUNS", "default_queue", "send_tasks"]

PLAY_CHUNK = "simulations.tasks.play_chunk"
QUEUE_PROBE = "simulations.tasks.queue_probe"
SWEEP_RUNS = "simulations.tasks.sweep_runs"  # sent by celery beat (CELERY_BEAT_SCHEDULE)
