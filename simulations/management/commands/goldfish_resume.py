"""`manage.py goldfish_resume`: queue again the chunks of every stalled goldfish run.

Pages and the API already do this for the run they show; this command is for operators,
for instance right after the broker came back from a restart."""

from typing import Any

from django.core.management.base import BaseCommand

from simulations import services
from simulations.models import SimulationRun


class Command(BaseCommand):
    help = "Queue again the unfinished chunks of goldfish runs that have stalled."

    def handle(self, *args: Any, **options: Any) -> None:
        resumed = 0
        unfinished = SimulationRun.objects.filter(
            status__in=[SimulationRun.Status.QUEUED, SimulationRun.Status.RUNNING]
        )
        for run in unfinished:
            resumed += services.run_resume_if_stalled(run)
        self.stdout.write(f"{resumed} stalled run(s) queued again.")
