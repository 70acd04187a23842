"""/healthz/ and /readyz/: is the process alive, and can it serve.

/healthz/ (liveness) answers from the process alone: a process that answers it is not hung,
whatever the services do, so an orchestrator that restarts processes on its failure does not
restart every web process when the database restarts. /readyz/ (readiness) asks each service a
request needs, with django-health-check: the database, the cache, the broker (unless it is the
embedded one, which is a folder) and the storage of pictures. One that fails makes it a 503
that names it, so a load balancer sends no traffic to a process that could not serve it.

It answers within TIMEOUT_SECONDS (kotc_site.health_checks), loaded or not: the services are
asked side by side, each with short timeouts, a service that has not answered by then is named
as timed out, and a success is remembered for a few seconds (kotc_site.health_memo).
"""

from __future__ import annotations

from functools import partial

from django.db import transaction
from django.http import HttpRequest, JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe
from health_check.base import HealthCheck

from kotc_site import health_memo
from kotc_site.health_checks import (
    FIRST_TIMEOUT_SECONDS,
    TIMEOUT_SECONDS,
    Broker,
    Database,
    SharedCache,
    Storage,
    outcome,
    prepare_storage,
)

# boto3 takes tenths of a second of CPU (more on a busy machine) to make an S3 client, which the
# storage's thread keeps: it is made as soon as a process loads its URLs, in that thread, so that
# a process's first probe seldom waits for it.
health_memo.prepare("storage", prepare_storage)


def embedded_broker() -> bool:
    from kotc_site.celery import app

    return str(app.conf.broker_url).startswith("filesystem://")


def readiness_checks() -> dict[str, HealthCheck]:
    """Each service a request needs, by the name the answer gives it."""
    checks: dict[str, HealthCheck] = {"database": Database(), "cache": SharedCache()}
    if not embedded_broker():
        checks["broker"] = Broker()
    checks["storage"] = Storage()
    return checks


@never_cache
@require_safe
@transaction.non_atomic_requests
def readiness(request: HttpRequest) -> JsonResponse:
    outcomes = health_memo.ask(
        {name: partial(outcome, check) for name, check in readiness_checks().items()},
        timeout=TIMEOUT_SECONDS,
        first_timeout=FIRST_TIMEOUT_SECONDS,
    )
    answers = {name: "ok" if error is None else error for name, error in outcomes.items()}
    failed = [name for name, error in outcomes.items() if error is not None]
    body: dict[str, object] = {"status": "unavailable" if failed else "ok", "checks": answers}
    if failed:
        body["failed"] = failed
    return JsonResponse(body, status=503 if failed else 200)
