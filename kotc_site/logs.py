"""Logs and error reports.

Every log line, the site's own (structlog) and its libraries' (the standard library's logging:
Django, Celery, gunicorn's workers), goes through one formatter: the time, the level, the
logger, the event, and what the context has bound. django-structlog binds a request's id and
user for the length of the request and writes one line when it ends, to which the receivers
below add its duration and the answer's `X-Request-ID` header; a Celery task's lines carry the
task's id and, for goldfish work, the run's id. KOTC_LOG_FORMAT=json writes each line as one
JSON object, for a log collector; the default is key=value text for people.

Errors go to Sentry (or a service that speaks its protocol) when SENTRY_DSN is set."""

from __future__ import annotations

import time
from typing import Any

import structlog

# The processors every line goes through, whether it was written through structlog or the
# standard library's logging.
_SHARED: list[Any] = [
    structlog.contextvars.merge_contextvars,
    structlog.stdlib.add_log_level,
    structlog.stdlib.add_logger_name,
    structlog.processors.TimeStamper(fmt="iso", utc=True),
]


def logging_config(*, level: str, json: bool) -> dict[str, Any]:
    """The LOGGING setting: one handler on standard error, formatted by structlog."""
    renderer: Any = (
        structlog.processors.JSONRenderer(sort_keys=False)
        if json
        else structlog.dev.ConsoleRenderer(colors=False, pad_event_to=0)
    )
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "formatters": {
            "structured": {
                "()": structlog.stdlib.ProcessorFormatter,
                "processors": [
                    structlog.stdlib.ProcessorFormatter.remove_processors_meta,
                    structlog.processors.format_exc_info,
                    renderer,
                ],
                "foreign_pre_chain": _SHARED,
            }
        },
        "filters": {"outages": {"()": "kotc_site.outages.DropOutageTracebacks"}},
        "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "structured"}},
        "root": {"handlers": ["console"], "level": level},
        "loggers": {
            "django.db.backends": {"level": "INFO"},
            # django-structlog's line per request replaces Django's own for 4xx and 5xx.
            # An outage is one line a minute of kotc_site.outages, not a traceback a request.
            "django.request": {"level": "ERROR", "filters": ["outages"]},
            "django.server": {"level": "WARNING"},
            # django-axes notes every login at INFO; failures and lockouts are warnings.
            "axes": {"level": "WARNING"},
            # Each probe of /readyz/ that fails is already in its answer and its request line.
            "health_check": {"level": "ERROR"},
            # A task's line is django-structlog's task_succeeded (or _retrying, _failed), with
            # its duration and run; Celery's own received/succeeded lines would repeat it.
            "celery.worker.strategy": {"level": "WARNING"},
            "celery.app.trace": {"level": "WARNING"},
        },
    }


def structlog_configure() -> None:
    """structlog hands its events to the standard library's logging, formatted as above."""
    structlog.configure(
        processors=[
            structlog.stdlib.filter_by_level,
            *_SHARED,
            structlog.stdlib.PositionalArgumentsFormatter(),
            structlog.processors.StackInfoRenderer(),
            structlog.processors.UnicodeDecoder(),
            structlog.stdlib.ProcessorFormatter.wrap_for_formatter,
        ],
        logger_factory=structlog.stdlib.LoggerFactory(),
        wrapper_class=structlog.stdlib.BoundLogger,
        cache_logger_on_first_use=True,
    )


def sentry_init(*, dsn: str, environment: str, traces_sample_rate: float) -> None:
    """Report unhandled errors (and errors logged) of requests and tasks to Sentry. Personal
    data (addresses, cookies, users' names) is not sent."""
    import sentry_sdk
    from sentry_sdk.integrations.celery import CeleryIntegration
    from sentry_sdk.integrations.django import DjangoIntegration

    sentry_sdk.init(
        dsn=dsn,
        environment=environment,
        traces_sample_rate=traces_sample_rate,
        send_default_pii=False,
        integrations=[DjangoIntegration(), CeleryIntegration()],
    )


# -- django-structlog's request line ---------------------------------------------------------


def request_started(request: Any, **kwargs: Any) -> None:
    request._kotc_started = time.monotonic()


def _duration_ms(request: Any) -> float | None:
    started = getattr(request, "_kotc_started", None)
    return None if started is None else round((time.monotonic() - started) * 1000, 1)


def request_finished(
    request: Any, response: Any, log_kwargs: dict[str, Any], **kwargs: Any
) -> None:
    log_kwargs["duration_ms"] = _duration_ms(request)
    request_id = structlog.contextvars.get_contextvars().get("request_id")
    if request_id:
        # So a person who reports a problem can name the request, and it can be found.
        response["X-Request-ID"] = request_id


def request_failed(request: Any, log_kwargs: dict[str, Any], **kwargs: Any) -> None:
    log_kwargs["duration_ms"] = _duration_ms(request)


def failure_response(request: Any, response: Any, **kwargs: Any) -> None:
    request_id = structlog.contextvars.get_contextvars().get("request_id")
    if request_id:
        response["X-Request-ID"] = request_id


def connect_request_receivers() -> None:
    from django_structlog import signals

    signals.bind_extra_request_metadata.connect(request_started, dispatch_uid="kotc-started")
    signals.bind_extra_request_finished_metadata.connect(
        request_finished, dispatch_uid="kotc-finished"
    )
    signals.bind_extra_request_failed_metadata.connect(request_failed, dispatch_uid="kotc-failed")
    signals.update_failure_response.connect(failure_response, dispatch_uid="kotc-failure")


# -- Celery ----------------------------------------------------------------------------------


def bind_task_metadata(task: Any = None, **kwargs: Any) -> None:
    """A goldfish task's lines name its run (and chunk): the first argument of each."""
    if task is None or not task.name.startswith("simulations.tasks."):
        return
    args = list(getattr(task.request, "args", None) or [])
    run_kwargs = getattr(task.request, "kwargs", None) or {}
    run_id = run_kwargs.get("run_id") or (args[0] if args else None)
    if task.name.endswith(".play_chunk") and run_id is not None:
        structlog.contextvars.bind_contextvars(run_id=str(run_id))
        if len(args) > 1:
            structlog.contextvars.bind_contextvars(chunk=args[1])


def task_finished(**kwargs: Any) -> None:
    """A task's context ends with it. django-structlog sets it afresh when the next task starts,
    but a message the worker discards without starting it (a sweep that waited behind a backlog
    past its expiry) would otherwise be logged with the last chunk's run and request."""
    structlog.contextvars.clear_contextvars()


def connect_task_receivers() -> None:
    from celery.signals import task_postrun
    from django_structlog.celery import signals

    signals.bind_extra_task_metadata.connect(bind_task_metadata, dispatch_uid="kotc-task")
    # After task_succeeded (or _failed) has been written with the task's context.
    task_postrun.connect(task_finished, dispatch_uid="kotc-task-finished")
