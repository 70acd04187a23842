"""The Celery app: configured from Django settings (CELERY_*), tasks found in each app.

Workers and beat start in the production settings unless DJANGO_SETTINGS_MODULE says
otherwise (`manage.py serve` starts its embedded worker in the development settings)."""

import logging.config
import os
from collections.abc import Iterable
from typing import Any

from celery import Celery
from celery.signals import setup_logging

from kotc_site.broker import name_it_filesystem

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "kotc_site.settings.production")

name_it_filesystem()  # before any connection: the embedded broker's whole-message writer
app = Celery("kotc_site")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@setup_logging.connect
def use_the_site_logging(**kwargs: Any) -> None:
    """Workers log as the site does (kotc_site.logs), not in Celery's own format."""
    from django.conf import settings

    logging.config.dictConfig(settings.LOGGING)


def _add_structlog_step() -> None:
    # Binds each task's id (and the request id of the request that queued it) to its lines.
    from django_structlog.celery.steps import DjangoStructLogInitStep

    app.steps["worker"].add(DjangoStructLogInitStep)


_add_structlog_step()


def default_queue() -> str:
    return str(app.conf.task_default_queue)


def send_tasks(name: str, calls: Iterable[list[Any]], *, queue: str | None = None) -> None:
    """Send the task ``name`` once for each list of arguments in ``calls``, on the default
    queue unless ``queue`` names another. Raises whatever the broker raises when it cannot
    take them.

    A fresh connection with retries off: when the broker is down the sender wants to know
    now (a request must not wait), not after Celery's default minute of retrying."""
    from django.conf import settings

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
