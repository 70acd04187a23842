"""The Celery workers and beat: the broker, how workers take and hold chunks, and the
periodic sweep of goldfish runs (simulations.sweep)."""

import os

from .environment import VAR_DIR, env_int

# Celery: with no broker configured, the site uses an embedded file-system broker
# so `make run` runs simulations in the background with nothing more to install.
CELERY_BROKER_URL = os.environ.get("CELERY_BROKER_URL", "filesystem://")
# A chunk a worker took but never acknowledged (it died) goes back to the queue once it is
# older than the visibility timeout; workers look for such chunks every restore interval.
# A chunk takes well under a second, so both can be short.
KOTC_BROKER_TIMEOUT = env_int("KOTC_BROKER_TIMEOUT", 3, minimum=2)
_restore_interval = env_int("KOTC_BROKER_RESTORE_INTERVAL", 5, minimum=1)
CELERY_BROKER_TRANSPORT_OPTIONS: dict[str, object] = {
    "visibility_timeout": env_int("KOTC_BROKER_VISIBILITY_TIMEOUT", 60, minimum=1),
    "unacked_restore_interval": _restore_interval,
    "unacked_restore_throttle": 1,
    # Workers take turns at that look, under a lock in Redis. A worker killed while it holds
    # the lock would leave it for Kombu's default of five minutes, and no worker would look
    # meanwhile; the look takes milliseconds, so the lock lapses after two intervals.
    "unacked_mutex_expire": 2 * _restore_interval,
    # A broker that accepts the connection but does not answer (a paused Redis) is an error
    # after this many seconds, for the site (which then answers 503) and for the workers.
    "socket_connect_timeout": 2,
    "socket_timeout": KOTC_BROKER_TIMEOUT,
}
CELERY_BROKER_CONNECTION_TIMEOUT = 2
if CELERY_BROKER_URL.startswith("filesystem://"):
    _broker_dir = VAR_DIR / "broker"
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        "data_folder_in": str(_broker_dir / "queue"),
        "data_folder_out": str(_broker_dir / "queue"),
        "processed_folder": str(_broker_dir / "processed"),
        "control_folder": str(_broker_dir / "control"),  # Kombu's default is ./control
        "store_processed": False,
    }
CELERY_TASK_DEFAULT_QUEUE = os.environ.get("KOTC_CELERY_QUEUE", "celery")
CELERY_TASK_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_RESULT_BACKEND = None
CELERY_TASK_IGNORE_RESULT = True
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_TIME_LIMIT = 300
CELERY_TASK_SOFT_TIME_LIMIT = 240
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_WORKER_HIJACK_ROOT_LOGGER = False  # the site's logging, set up below, stays in charge
# The periodic sweep that finds goldfish runs whose chunks were lost and queues them again
# (simulations.sweep). Celery beat sends it; the embedded worker of `manage.py serve` runs
# beat too. One beat for the whole site: several would only sweep more often.
KOTC_RUN_SWEEP_SECONDS = env_int("KOTC_RUN_SWEEP_SECONDS", 60, minimum=1)
# /readyz/workers/ fails when a message waited longer than this in the queue (simulations.watch).
KOTC_QUEUE_ALERT_SECONDS = env_int("KOTC_QUEUE_ALERT_SECONDS", 300, minimum=1)
CELERY_BEAT_SCHEDULE = {
    "goldfish-sweep": {
        "task": "simulations.tasks.sweep_runs",
        "schedule": float(KOTC_RUN_SWEEP_SECONDS),
        # A sweep not taken before the next one is due is dropped, so a queue that was down
        # does not wake up to a pile of them.
        "options": {"expires": float(KOTC_RUN_SWEEP_SECONDS)},
    }
}
# The look for stored verdicts left stale by a refresh that could not be queued or stalled
# (cards.verdicts.refresh_sweep).
KOTC_VERDICT_SWEEP_SECONDS = env_int("KOTC_VERDICT_SWEEP_SECONDS", 300, minimum=1)
CELERY_BEAT_SCHEDULE["verdict-sweep"] = {
    "task": "cards.tasks.refresh_sweep",
    "schedule": float(KOTC_VERDICT_SWEEP_SECONDS),
    "options": {"expires": float(KOTC_VERDICT_SWEEP_SECONDS)},
}
# The release of sets at their chosen time (sets.services.sets_release_due): a set is
# released within this many seconds of it.
KOTC_SET_RELEASE_SECONDS = env_int("KOTC_SET_RELEASE_SECONDS", 30, minimum=1)
CELERY_BEAT_SCHEDULE["set-release"] = {
    "task": "sets.tasks.release_due_sets",
    "schedule": float(KOTC_SET_RELEASE_SECONDS),
    "options": {"expires": float(KOTC_SET_RELEASE_SECONDS)},
}
CELERY_BEAT_SCHEDULE_FILENAME = str(VAR_DIR / "celerybeat-schedule")
