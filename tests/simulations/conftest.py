"""Decks to goldfish, and real Celery workers on a real Redis."""

import os
import signal
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from django.db import connection

ROOT = Path(__file__).resolve().parents[2]


def minion(name: str, level: int, sp: int, hp: int = 1, text: str = "") -> dict:
    return {
        "name": name,
        "kind": "minion",
        "design_edition": 14,
        "level": level,
        "sp": sp,
        "hp": hp,
        "ability_text": text,
        "flavor_text": "",
    }


def spell(name: str, level: int, text: str) -> dict:
    return {
        "name": name,
        "kind": "spell",
        "design_edition": 14,
        "level": level,
        "sp": None,
        "hp": None,
        "ability_text": text,
        "flavor_text": "",
    }


STARTER = [
    (12, minion("Ember Whelp", 0, 1)),
    (12, minion("Cinder Hound", 1, 2, 2)),
    (10, minion("Ash Golem", 2, 3, 4)),
    (6, spell("Spark", 0, "Draw 1 card.")),
]


@pytest.fixture
def make_deck(django_user_model) -> Callable:
    from cards.services import card_create
    from decks.models import Deck, DeckEntry

    def make(owner, entries=STARTER, visibility="private", name="Starter"):
        deck = Deck.objects.create(owner=owner, name=name, edition=14, visibility=visibility)
        for count, definition in entries:
            # The cards are shared as the deck is, so whoever may see the deck sees them.
            card = card_create(owner=owner, definition=definition, visibility=visibility)
            DeckEntry.objects.create(deck=deck, card=card, count=count)
        return deck

    return make


@pytest.fixture
def broker(redis_url, settings) -> Iterator[str]:
    """Point the Celery app at Redis, on a queue of this test's own, with quick redelivery."""
    from kotc_site.celery import app

    # Reading the configuration loads it from Django's settings first; a value set before
    # that would be overwritten by the settings when Celery loads them.
    saved = (app.conf.broker_url, app.conf.broker_transport_options, app.conf.task_default_queue)
    app.conf.broker_url = redis_url
    app.conf.broker_transport_options = {
        **app.conf.broker_transport_options,
        "visibility_timeout": 3,
        "unacked_restore_interval": 1,
        # As the settings give a Redis broker (the suite's own default broker is a folder).
        "socket_connect_timeout": 2,
        "socket_timeout": settings.KOTC_BROKER_TIMEOUT,
    }
    app.conf.task_default_queue = f"kotc-test-{uuid.uuid4().hex}"
    yield redis_url
    app.conf.broker_url, app.conf.broker_transport_options, app.conf.task_default_queue = saved


def database_url_for_workers() -> str:
    settings = connection.settings_dict
    if settings["ENGINE"].endswith("sqlite3"):
        name = str(settings["NAME"])
        assert "memory" not in name, "workers need the test database in a file"
        return f"sqlite:///{name}"
    user = settings.get("USER") or ""
    password = f":{settings['PASSWORD']}" if settings.get("PASSWORD") else ""
    host = settings.get("HOST") or "127.0.0.1"
    port = settings.get("PORT") or 5432
    return f"postgres://{user}{password}@{host}:{port}/{settings['NAME']}"


class Workers:
    """Celery worker processes (and celery beat) started for one test and always stopped
    after it. `database_url` and `env` change what the next ones started are given."""

    def __init__(self, broker_url: str, log_dir: Path) -> None:
        self.broker_url = broker_url
        self.log_dir = log_dir
        self.processes: list[subprocess.Popen] = []
        self.database_url: str | None = None
        # The sweep every second (beat sends it; the workers run it), not every minute.
        self.env: dict[str, str] = {"KOTC_RUN_SWEEP_SECONDS": "1"}

    def environment(self, name: str) -> dict[str, str]:
        from kotc_site.celery import app

        return {
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "kotc_site.settings.base",
            "DATABASE_URL": self.database_url or database_url_for_workers(),
            "CELERY_BROKER_URL": self.broker_url,
            "KOTC_BROKER_VISIBILITY_TIMEOUT": "3",
            "KOTC_BROKER_RESTORE_INTERVAL": "1",
            "KOTC_CELERY_QUEUE": app.conf.task_default_queue,
            "KOTC_VAR_DIR": str(self.log_dir / f"var-{name}"),
            "OMP_NUM_THREADS": "1",
            "OPENBLAS_NUM_THREADS": "1",
            **self.env,
        }

    def _spawn(self, name: str, arguments: list[str]) -> subprocess.Popen:
        log = open(self.log_dir / f"{name}.log", "wb")  # noqa: SIM115 - closed with the process
        process = subprocess.Popen(
            [sys.executable, "-m", "celery", "-A", "kotc_site", *arguments],
            cwd=ROOT,
            env=self.environment(name),
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        self.processes.append(process)
        return process

    def start(self, name: str, concurrency: int = 1) -> subprocess.Popen:
        return self._spawn(
            name,
            [
                "worker",
                "--pool=solo" if concurrency == 1 else "--pool=prefork",
                f"--concurrency={concurrency}",
                "--prefetch-multiplier=1",
                "--without-gossip",
                "--without-mingle",
                "--without-heartbeat",
                f"--hostname={name}@%h",
                "--loglevel=INFO",
            ],
        )

    def start_beat(self) -> subprocess.Popen:
        """celery beat, sending the goldfish sweep (every KOTC_RUN_SWEEP_SECONDS)."""
        return self._spawn("beat", ["beat", "--loglevel=INFO"])

    def kill(self, process: subprocess.Popen) -> None:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait(timeout=10)

    def stop_all(self) -> None:
        for process in self.processes:
            if process.poll() is None:
                os.killpg(process.pid, signal.SIGTERM)
                try:
                    process.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    os.killpg(process.pid, signal.SIGKILL)

    def logs(self) -> str:
        return "\n".join(p.read_text(errors="replace")[-3000:] for p in self.log_dir.glob("*.log"))


@pytest.fixture
def workers(broker, tmp_path) -> Iterator[Workers]:
    pool = Workers(broker, tmp_path)
    yield pool
    pool.stop_all()


def wait_for(
    condition: Callable[[], bool], timeout: float, what: str, workers: Workers | None = None
) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.2)
    logs = workers.logs() if workers else ""
    raise AssertionError(f"timed out after {timeout}s waiting for {what}\n{logs}")
