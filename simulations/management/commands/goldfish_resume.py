"""`manage.py goldfish_resume`: heal goldfish runs now, rather than at the next periodic sweep.

Without options it runs one sweep (simulations.sweep), as celery beat does every
KOTC_RUN_SWEEP_SECONDS. With --all it queues again every unplayed chunk of every unfinished
run that no worker holds, without waiting for the queue to be probed: for right after the
broker lost its queue (a Redis restart without persistence). A chunk that was still queued is
then played twice, which changes nothing but the time it takes."""

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from simulations import services, sweep
from simulations.models import SimulationRun


class Command(BaseCommand):
    help = "Queue again the lost chunks of unfinished goldfish runs."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--all",
            action="store_true",
            help="Queue every unplayed chunk of every unfinished run again, now.",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        if not options["all"]:
            self.stdout.write(str(sweep.runs_sweep()))
            return
        runs = chunks = 0
        for run in SimulationRun.objects.filter(status__in=sweep.ACTIVE):
            queued = services.run_requeue(run)
            runs += bool(queued)
            chunks += queued
        self.stdout.write(f"{chunks} chunk(s) of {runs} run(s) queued again.")
