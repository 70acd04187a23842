"""Shared fixtures: people (alice, bob), the API client, and the real services.

Tests that need Redis, PostgreSQL or a browser use them when they are found and skip
with the reason when they are not; with KOTC_REQUIRE_SERVICES=1 (set by .ci/run)
a missing service fails the test instead.

Each test is marked by what it needs, read from its fixtures and marks, so that the tiers of
the Makefile choose by it (`-m "not browser and not service"`) and CI's second database pass
leaves out what the first has already shown (`-m "not once"`):
- `browser`: it drives Chromium;
- `service`: it needs Redis, PostgreSQL, an S3 server or a mail server;
- `once`: its outcome does not depend on the database: it uses none (the pure packages,
  doctests, the schema and template checks), or is marked so by hand: the browser tests of
  accessibility and the page's own rules (the axe and phone walks, axe on pages acted on, the
  named findings, what the status region says, focus and keys, the Content-Security-Policy,
  long words in the layout),
  whose findings are the pages' markup, layout and scripts, not the rows behind them. What
  those pages do with the database is tried on both by the stories (tests/browser/test_*.py).
"""

import os
import random
import shutil
import socket
from collections.abc import Iterator
from typing import Any
from urllib.parse import urlparse

import pytest
from hypothesis import settings
from rest_framework.test import APIClient

REQUIRE_SERVICES = os.environ.get("KOTC_REQUIRE_SERVICES") == "1"

# Property tests explore new examples on every local run; CI replays the same ones, so a run
# that lands is not failed by chance (a failure found locally is fixed and kept as a test).
settings.register_profile("ci", derandomize=True, print_blob=True)
if REQUIRE_SERVICES:
    settings.load_profile("ci")
REDIS_URL = os.environ.get("KOTC_TEST_REDIS_URL", "redis://127.0.0.1:6379/15")
CHROMIUM = os.environ.get("KOTC_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
    "--disable-quic",
]


# The fixtures that give a test the database, and those that give it a service or a browser.
DATABASE_FIXTURES = {
    "db",
    "transactional_db",
    "django_db_reset_sequences",
    "django_db_serialized_rollback",
    "live_server",
}
NEEDS = {
    "browser": {"chromium"},
    "service": {"redis_url", "postgres_required", "s3_server", "smtp_sink"},
}


# The longest tests start first, so that pytest's workers share out the short ones behind
# them, and none of the long ones is left to run alone at the end of a run.
LONGEST_FIRST = ("slow", "browser")


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark each test by what it needs, before `-m` chooses (see the module's docstring), and
    put the longest first."""
    for item in items:
        fixtures = set(getattr(item, "fixturenames", ()))
        for marker, names in NEEDS.items():
            if fixtures & names and not item.get_closest_marker(marker):
                item.add_marker(marker)
        uses_database = item.get_closest_marker("django_db") or fixtures & DATABASE_FIXTURES
        if not uses_database and not item.get_closest_marker("once"):
            item.add_marker("once")
    items.sort(key=lambda item: not any(item.get_closest_marker(m) for m in LONGEST_FIRST))


def pytest_configure(config: pytest.Config) -> None:
    """The privacy walk's seed, chosen once for the run (tests/hardening/test_privacy_walk.py):
    here, before pytest-xdist starts its workers, so that they all inherit the same one."""
    if not os.environ.get("KOTC_PRIVACY_SEED"):
        os.environ["KOTC_PRIVACY_SEED"] = str(random.SystemRandom().randrange(1, 10**6))


def pytest_report_header() -> str:
    return f"privacy walk: KOTC_PRIVACY_SEED={os.environ.get('KOTC_PRIVACY_SEED')}"


def missing_service(reason: str) -> None:
    """Skip, or fail where the run promised every service (CI)."""
    if REQUIRE_SERVICES:
        pytest.fail(f"{reason} (KOTC_REQUIRE_SERVICES=1, so this is a failure)")
    pytest.skip(reason)


def port_open(url: str, default_port: int) -> bool:
    parsed = urlparse(url)
    try:
        with socket.create_connection(
            (parsed.hostname or "127.0.0.1", parsed.port or default_port), timeout=1
        ):
            return True
    except OSError:
        return False


@pytest.fixture(autouse=True)
def _media_in_tmp(settings, tmp_path_factory) -> None:
    settings.MEDIA_ROOT = tmp_path_factory.mktemp("media")


def _rulebook_rows() -> list[tuple[Any, list[dict[str, Any]]]]:
    """Every row of the rulebook's tables (the m2m ones included), as the database holds them."""
    from django.apps import apps

    return [
        (model, list(model.objects.values(*[f.attname for f in model._meta.concrete_fields])))
        for model in apps.get_app_config("rulebook").get_models(include_auto_created=True)
    ]


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker) -> Iterator[None]:
    """The test database, with its rulebook put back after every flush.

    A transactional test ends by emptying every table, and `flush` then sends post_migrate,
    whose rulebook handler loads the seven editions from their files again: 2 s a test on
    SQLite, 5 s on PostgreSQL. The suite keeps the rows that the test database's `migrate`
    loaded and puts them back after each flush instead, in one bulk insert a table; a
    `migrate` run by a test still loads from the files. (pytest-django's own fixture, extended:
    it runs only when a test uses the database, so a run with none reads no database.)"""
    from django.db import transaction
    from django.db.models.signals import post_migrate

    from rulebook import glossary_cache
    from rulebook.apps import _load_shipped_editions

    with django_db_blocker.unblock():
        rows = _rulebook_rows()
    config = rows[0][0]._meta.app_config
    uid = "rulebook-shipped-editions"

    def after_migrate_or_flush(sender: Any, using: str = "default", **kwargs: Any) -> None:
        if "plan" in kwargs:  # migrate gives its plan; flush gives none
            _load_shipped_editions(sender, using=using, **kwargs)
            return
        with transaction.atomic(using=using):
            for model, values in rows:
                model.objects.using(using).bulk_create([model(**row) for row in values])
        glossary_cache.invalidate()

    post_migrate.disconnect(sender=config, dispatch_uid=uid)
    post_migrate.connect(after_migrate_or_flush, sender=config, dispatch_uid=uid, weak=False)
    yield
    post_migrate.disconnect(sender=config, dispatch_uid=uid)
    post_migrate.connect(_load_shipped_editions, sender=config, dispatch_uid=uid)


@pytest.fixture
def inline_workers(monkeypatch) -> None:
    """Goldfish chunks played right away in this process, as a worker would play them."""
    play_chunks_inline(monkeypatch)


def play_chunks_inline(monkeypatch: pytest.MonkeyPatch) -> None:
    """Goldfish chunks played right away in this process, as a worker would play them.

    A test's transaction never commits, so a new run's chunks, queued when the run is
    committed, are queued as soon as it is saved instead."""
    from simulations import runs, services

    def enqueue(run, indexes: list[int] | None = None) -> None:
        for index in range(run.chunks_total) if indexes is None else indexes:
            runs.chunk_play(run_id=str(run.id), index=index)

    monkeypatch.setattr(services, "enqueue_chunks", enqueue)
    monkeypatch.setattr(services, "run_queue_on_commit", services.run_queue_new)


class RefreshQueue:
    """The verdict refresh's chunks as the site queues them (cards.verdicts), kept here rather
    than sent to a broker; `run()` has them played as a worker plays them. `inline` plays
    each as soon as it is queued."""

    def __init__(self, *, inline: bool = False) -> None:
        self.inline = inline
        self.calls: list[list[Any]] = []

    def send(self, name: str, calls: Any, *, queue: str | None = None) -> None:
        from cards import verdicts

        assert name == verdicts.REFRESH_CHUNK
        self.calls += [list(args) for args in calls]
        if self.inline:
            self.run()

    def run(self) -> None:
        from cards.tasks import refresh_verdict_chunk

        calls, self.calls = self.calls, []
        for args in calls:
            refresh_verdict_chunk.apply(args=args).get()


@pytest.fixture
def refresh_queue(monkeypatch) -> RefreshQueue:
    """Verdict refreshes queued, not played, until the test runs them."""
    queue = RefreshQueue()
    monkeypatch.setattr("kotc_site.celery.send_tasks", queue.send)
    return queue


@pytest.fixture
def inline_refresh(monkeypatch) -> RefreshQueue:
    """Verdict refreshes played as soon as they are queued, as a worker would play them."""
    queue = RefreshQueue(inline=True)
    monkeypatch.setattr("kotc_site.celery.send_tasks", queue.send)
    return queue


@pytest.fixture
def api() -> APIClient:
    return APIClient()


@pytest.fixture
def alice(django_user_model):
    return django_user_model.objects.create_user(
        "alice", "alice@example.com", "correct-horse-battery"
    )


@pytest.fixture
def bob(django_user_model):
    return django_user_model.objects.create_user("bob", "bob@example.com", "staple-paper-clip-42")


@pytest.fixture
def redis_url() -> str:
    if not port_open(REDIS_URL, 6379):
        missing_service(f"Redis is not reachable at {REDIS_URL}")
    return REDIS_URL


@pytest.fixture
def postgres_required(settings) -> None:
    """For tests of PostgreSQL itself: they run in the suite's PostgreSQL pass (DATABASE_URL)
    and skip in its SQLite pass, where there is nothing of the kind to test."""
    if settings.DATABASES["default"]["ENGINE"] != "django.db.backends.postgresql":
        pytest.skip("runs only on PostgreSQL (set DATABASE_URL); CI runs it in that pass")


# A module's browser tests share one browser, stopped after them: Playwright's sync API keeps its
# event loop marked as running in this thread while it is started, and a later test of this
# worker that reaches async_to_sync (the readiness view) must not find it there.
@pytest.fixture(scope="module")
def chromium():
    if not (os.path.exists(CHROMIUM) or shutil.which(CHROMIUM)):
        missing_service(f"Chromium not found at {CHROMIUM} (apt-get install chromium)")
    # Playwright's sync API runs an event loop in this thread; the live server's
    # database work happens in another thread, so Django's async guard does not apply.
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
        )
        yield browser
        browser.close()


@pytest.fixture
def page(chromium, live_server) -> Iterator:
    context = chromium.new_context(
        base_url=live_server.url, viewport={"width": 1280, "height": 900}
    )
    # Generous: a loaded two-core machine draws a card in seconds, not milliseconds.
    context.set_default_timeout(25_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    yield page
    context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


@pytest.fixture(scope="session")
def s3_server(tmp_path_factory) -> Iterator[str]:
    """moto's S3 server on a loopback port, for the whole session: S3 over HTTP, not a mock."""
    import subprocess
    import sys
    import time
    from pathlib import Path

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    server_bin = Path(sys.executable).with_name("moto_server")
    if not server_bin.exists():
        missing_service("moto_server is not installed (pip install -r requirements-dev.txt)")
    log = open(tmp_path_factory.mktemp("s3") / "moto.log", "wb")  # noqa: SIM115 - closed below
    server = subprocess.Popen(
        [str(server_bin), "-H", "127.0.0.1", "-p", str(port)], stdout=log, stderr=log
    )
    url = f"http://127.0.0.1:{port}"
    try:
        for _ in range(200):
            if port_open(url, port):
                break
            time.sleep(0.05)
        else:
            pytest.fail("moto's S3 server did not start")
        yield url
    finally:
        server.terminate()
        server.wait(timeout=10)
        log.close()


@pytest.fixture
def s3_storage(s3_server, settings) -> Iterator[Any]:
    """Pictures, renders and prints in a fresh bucket of the S3 server, as production keeps
    them with DJANGO_AWS_STORAGE_BUCKET_NAME set. Yields a boto3 client to look inside."""
    import uuid

    import boto3

    bucket = f"kotc-{uuid.uuid4().hex[:12]}"
    credentials = {
        "aws_access_key_id": "testing",
        "aws_secret_access_key": "testing",
        "region_name": "us-east-1",
        "endpoint_url": s3_server,
    }
    client = boto3.client("s3", **credentials)
    client.create_bucket(Bucket=bucket)
    settings.STORAGES = {
        **settings.STORAGES,
        "default": {
            "BACKEND": "storages.backends.s3.S3Storage",
            "OPTIONS": {
                "bucket_name": bucket,
                "access_key": "testing",
                "secret_key": "testing",
                "region_name": "us-east-1",
                "endpoint_url": s3_server,
                "default_acl": None,
                "querystring_auth": True,
                "querystring_expire": 300,
                "signature_version": "s3v4",
                "file_overwrite": True,
            },
        },
    }
    client.bucket = bucket  # type: ignore[attr-defined]
    yield client


@pytest.fixture
def smtp_sink() -> Iterator[Any]:
    """A mail server on loopback that keeps what it is sent (tests/smtp_sink.py)."""
    from tests.smtp_sink import SmtpSink

    sink = SmtpSink()
    yield sink
    sink.close()
