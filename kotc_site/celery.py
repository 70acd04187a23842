"""The Celery app: configured from Django settings (CELERY_*), tasks found in each app.

Workers and beat start in the production settings unless DJANGO_SETTINGS_MODULE says
otherwise (`manage.py serve` starts its embedded worker in the development settings)."""

import logging.config
import os
from typing import Any

from celery import Celery
from celery.signals import setup_logging

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "kotc_site.settings.production")

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
