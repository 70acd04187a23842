"""/healthz/ and /readyz/: is the process alive, and can it serve.

/healthz/ (liveness) answers from the process alone: a process that answers it is not hung,
whatever the services do, so an orchestrator that restarts processes on its failure does not
restart every web process when the database restarts. /readyz/ (readiness) asks each service a
request needs, with django-health-check: the database, the cache, the broker (unless it is the
embedded one, which is a folder) and the storage of pictures. One that fails makes it a 503
that names it, so a load balancer sends no traffic to a process that could not serve it."""

from __future__ import annotations

import dataclasses
import datetime
from typing import Any

from django.conf import settings
from django.http import HttpRequest, JsonResponse
from health_check.base import HealthCheck
from health_check.checks import Cache, Database, Storage
from health_check.exceptions import ServiceUnavailable
from health_check.views import HealthCheckView


@dataclasses.dataclass
class Broker(HealthCheck):
    """The broker takes connections (the queue the web processes send goldfish chunks to)."""

    timeout: datetime.timedelta = dataclasses.field(
        default=datetime.timedelta(seconds=3), repr=False
    )

    def run(self) -> None:
        from kotc_site.celery import app

        try:
            with app.connection_for_write() as connection:
                connection.ensure_connection(
                    max_retries=1, timeout=settings.CELERY_BROKER_CONNECTION_TIMEOUT
                )
                # A paused broker takes the connection and answers nothing: ask it something.
                connection.default_channel.client.ping()  # type: ignore[attr-defined]
        except AttributeError:
            pass  # a transport without a client to ping: the connection was the check
        except Exception as error:
            raise ServiceUnavailable(f"{type(error).__name__}: {error}") from error


@dataclasses.dataclass
class SharedCache(Cache):
    """The cache takes a value and gives it back; in production, Redis itself answers, though
    the site's cache carries on in memory while it is away (kotc_site.cache)."""

    async def run(self) -> None:
        from asgiref.sync import sync_to_async
        from django.core.cache import caches

        reachable = getattr(caches[self.alias], "reachable", None)
        if reachable is not None:
            try:
                await sync_to_async(reachable)()
            except Exception as error:
                raise ServiceUnavailable(f"{type(error).__name__}: {error}") from error
        await super().run()


def embedded_broker() -> bool:
    from kotc_site.celery import app

    return str(app.conf.broker_url).startswith("filesystem://")


# How each check is named in the answer.
NAMES = {Database: "database", SharedCache: "cache", Broker: "broker", Storage: "storage"}


class ReadinessView(HealthCheckView):
    def get_checks(self) -> Any:
        checks: list[HealthCheck] = [Database(), SharedCache(), Storage()]
        if not embedded_broker():
            checks.insert(2, Broker())
        return checks

    async def get(self, request: HttpRequest, *args: Any, **kwargs: Any) -> JsonResponse:
        import asyncio

        self.results = await asyncio.gather(
            *(check.get_result(None) for check in self.get_checks())
        )
        answers = {
            NAMES.get(type(result.check), type(result.check).__name__.lower()): (
                "ok" if result.error is None else str(result.error)
            )
            for result in self.results
        }
        failed = [name for name, answer in answers.items() if answer != "ok"]
        body = {"status": "unavailable" if failed else "ok", "checks": answers}
        if failed:
            body["failed"] = failed
        return JsonResponse(body, status=503 if failed else 200)


readiness = ReadinessView.as_view()
