"""/readyz/workers/: are the goldfish workers and beat at work, and how long does the queue keep
a message waiting. For a monitor to watch and alert on; a load balancer watches /readyz/, which
this does not touch, since no web process can serve better by being taken out when workers stop.

Both answers come from what the sweep leaves in the database (simulations.sweep): beat sends a
sweep every KOTC_RUN_SWEEP_SECONDS, a worker runs it and sends a probe through the queue, and the
worker that takes the probe notes how long it waited. So:

- `sweep`: a sweep ran within two intervals, so beat sends them and some worker takes them. It
  fails when every worker or the beat is down (or the broker is: /readyz/ says which).
- `queue`: the last probe waited less than KOTC_QUEUE_ALERT_SECONDS in the queue (a backlog of
  runs longer than that, or workers too few for the load), and the probe sent before the last
  reached a worker at all.
"""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.http import HttpRequest, JsonResponse
from django.utils import timezone
from django.views.decorators.http import require_GET

from simulations import dispatch
from simulations.models import QueueMark


def worker_checks() -> dict[str, str]:
    """Each check's answer: "ok", or what is wrong, in words."""
    interval = timedelta(seconds=settings.KOTC_RUN_SWEEP_SECONDS)
    alert = timedelta(seconds=settings.KOTC_QUEUE_ALERT_SECONDS)
    now = timezone.now()
    mark = QueueMark.objects.filter(queue=dispatch.default_queue()).first()
    sent = mark.probe_sent if mark is not None else None
    if sent is None or now - sent > 2 * interval:
        since = "ever" if sent is None else f"{int((now - sent).total_seconds())} s"
        sweep = (
            f"no sweep for {since} (one is due every {interval.seconds} s): the beat, or every"
            " worker, is not running"
        )
    else:
        sweep = "ok"
    queue = "ok"
    if mark is not None and mark.passed is not None and mark.reached is not None:
        waited = mark.reached - mark.passed
        if waited > alert:
            queue = f"the last probe waited {int(waited.total_seconds())} s in the queue"
        elif sent is not None and sent - mark.passed > interval + alert:
            # The probe before the last one has not reached a worker yet.
            waiting = int((sent - mark.passed).total_seconds())
            queue = f"the probes sent over the last {waiting} s have not reached a worker"
    return {"sweep": sweep, "queue": queue}


@require_GET
def workers_ready(request: HttpRequest) -> JsonResponse:
    checks = worker_checks()
    failed = [name for name, answer in checks.items() if answer != "ok"]
    body: dict[str, object] = {"status": "unavailable" if failed else "ok", "checks": checks}
    if failed:
        body["failed"] = failed
    response = JsonResponse(body, status=503 if failed else 200)
    response["Cache-Control"] = "no-store"
    return response
