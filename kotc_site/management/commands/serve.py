"""`manage.py serve`: the development server plus a simulation worker, in one command.

With no CELERY_BROKER_URL the broker is the embedded file-system one under var/broker,
so the worker started here is all `make run` needs to run simulations in the background.
The worker also runs celery beat, which sends the periodic sweep of goldfish runs
(simulations.sweep), as a production site's beat process does.
With a real broker (Redis) set, start workers and beat yourself and pass --no-worker."""

import atexit
import os
import signal
import subprocess
import sys
from pathlib import Path

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandParser


class Command(BaseCommand):
    help = "Serve the site on HOST:PORT with a background simulation worker."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--host", default="127.0.0.1")
        parser.add_argument("--port", default="8000")
        parser.add_argument("--no-worker", action="store_true", help="Do not start a worker.")
        parser.add_argument(
            "--noreload", action="store_true", help="Do not restart when the code changes."
        )

    def handle(self, *args: object, **options: object) -> None:
        # The autoreloader runs this command again in a child process (RUN_MAIN=true):
        # only the first process starts the worker.
        if not options["no_worker"] and os.environ.get("RUN_MAIN") != "true":
            self.start_worker()
        call_command(
            "runserver",
            f"{options['host']}:{options['port']}",
            use_reloader=not options["noreload"],
        )

    def start_worker(self) -> None:
        for folder in ("queue", "processed"):
            (Path(settings.VAR_DIR) / "broker" / folder).mkdir(parents=True, exist_ok=True)
        log = open(Path(settings.VAR_DIR) / "worker.log", "ab")  # noqa: SIM115 - lives as long as the worker
        worker = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "celery",
                "-A",
                "kotc_site",
                "worker",
                "--pool=threads",
                "--concurrency=2",
                "--loglevel=INFO",
                # Beat inside the worker: the sweep every KOTC_RUN_SWEEP_SECONDS.
                "--beat",
                f"--schedule={Path(settings.VAR_DIR) / 'celerybeat-schedule'}",
            ],
            stdout=log,
            stderr=subprocess.STDOUT,
            env={**os.environ},
        )
        self.stdout.write(
            f"Simulation worker started (pid {worker.pid}); its log is var/worker.log"
        )

        def stop() -> None:
            worker.terminate()
            try:
                worker.wait(timeout=10)
            except subprocess.TimeoutExpired:
                worker.kill()

        atexit.register(stop)
        # `kill` (SIGTERM) should stop the worker too: exit normally so atexit runs.
        signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
