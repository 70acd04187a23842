"""Shared fixtures: people (alice, bob), the API client, and the real services.

Tests that need Redis, PostgreSQL or a browser use them when they are found and skip
with the reason when they are not; with KOTC_REQUIRE_SERVICES=1 (set by .ci/run)
a missing service fails the test instead."""

import os
import shutil
import socket
from collections.abc import Iterator
from urllib.parse import urlparse

import pytest
from rest_framework.test import APIClient

REQUIRE_SERVICES = os.environ.get("KOTC_REQUIRE_SERVICES") == "1"
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


@pytest.fixture(autouse=True)
def _rulebook_after_flush(request) -> None:
    """Transactional tests empty every table after each test, the rulebook that the data
    migration loaded included; load it again for the tests that come after."""
    marker = request.node.get_closest_marker("django_db")
    transactional = (marker is not None and marker.kwargs.get("transaction")) or bool(
        {"live_server", "transactional_db"} & set(request.fixturenames)
    )
    if not transactional:
        return
    request.getfixturevalue("transactional_db")
    from rulebook.content_format import shipped_edition_files
    from rulebook.models import Edition
    from rulebook.services import edition_import

    if not Edition.objects.exists():
        for path in shipped_edition_files():
            edition_import(path=path)


@pytest.fixture
def inline_workers(monkeypatch) -> None:
    """Goldfish chunks played right away in this process, as a worker would play them."""
    from simulations import services

    def enqueue(run, indexes: list[int] | None = None) -> None:
        for index in range(run.chunks_total) if indexes is None else indexes:
            services.chunk_play(run_id=str(run.id), index=index)

    monkeypatch.setattr(services, "enqueue_chunks", enqueue)


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
    if settings.DATABASES["default"]["ENGINE"] != "django.db.backends.postgresql":
        missing_service("this test runs only on PostgreSQL (set DATABASE_URL)")


@pytest.fixture(scope="session")
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
    context.set_default_timeout(10_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    yield page
    context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"
