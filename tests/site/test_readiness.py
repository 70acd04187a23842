"""/healthz/ says the process lives, whatever the services do; /readyz/ asks each service a
request needs and names the ones that fail, within a fraction of a second, remembering a
success for a few seconds (kotc_site.health_memo)."""

import inspect
import threading
import time

import pytest
from django.db import OperationalError
from django.db.backends.base.base import BaseDatabaseWrapper

from kotc_site import health, health_checks, health_memo
from tests.simulations.test_workers import free_port

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def nothing_remembered():
    """Each test's first probe asks every service, as a process's first probe does."""
    health_memo.forget()
    yield
    health_memo.forget()


class Database:
    up = True


@pytest.fixture
def database(monkeypatch):
    """The database, which a test takes away (its connections refused) and brings back."""
    state = Database()
    original = BaseDatabaseWrapper.ensure_connection

    def ensure_connection(self):
        if not state.up:
            raise OperationalError("connection to server at 127.0.0.1, port 5432 failed")
        return original(self)

    monkeypatch.setattr(BaseDatabaseWrapper, "ensure_connection", ensure_connection)
    return state


@pytest.fixture
def database_down(database):
    database.up = False


class Clock:
    """The memo's clock, moved by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock(monkeypatch, settings):
    clock = Clock()
    monkeypatch.setattr(health_memo, "clock", clock)
    settings.KOTC_READINESS_CACHE_SECONDS = 5.0
    return clock


@pytest.fixture
def asked(monkeypatch):
    """How many times each service was asked."""
    counts = {"database": 0, "cache": 0, "storage": 0}
    for name, check in [
        ("database", health_checks.Database),
        ("cache", health_checks.SharedCache),
        ("storage", health_checks.Storage),
    ]:
        original = check.run
        if inspect.iscoroutinefunction(original):

            async def counted(self, _original=original, _name=name):
                counts[_name] += 1
                await _original(self)

        else:

            def counted(self, _original=original, _name=name):
                counts[_name] += 1
                _original(self)

        monkeypatch.setattr(check, "run", counted)
    return counts


@pytest.fixture
def hang(monkeypatch):
    """Make a service's check hang until the test is over (half a minute at most); gives the
    moments it was started."""
    released = threading.Event()
    started = []

    def hang_check(check_class):
        def hung(self):
            started.append(time.monotonic())
            released.wait(30)

        monkeypatch.setattr(check_class, "run", hung)
        return started

    yield hang_check
    released.set()


def test_everything_up_is_ready(client):
    answer = client.get("/readyz/")
    assert answer.status_code == 200
    body = answer.json()
    assert body["status"] == "ok"
    # The embedded broker is a folder of this machine: nothing to ask.
    assert body["checks"] == {"database": "ok", "cache": "ok", "storage": "ok"}
    assert "no-cache" in answer["Cache-Control"]


def test_with_the_database_down_the_process_lives_but_is_not_ready(client, database_down):
    live = client.get("/healthz/")
    assert live.status_code == 200 and live.json() == {"status": "ok"}
    ready = client.get("/readyz/")
    assert ready.status_code == 503
    body = ready.json()
    assert body["failed"] == ["database"]
    assert body["checks"]["database"].startswith("Unavailable")
    assert body["checks"]["cache"] == body["checks"]["storage"] == "ok"


def test_a_cache_that_does_not_answer_is_named(client, settings):
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": f"redis://127.0.0.1:{free_port()}/0",
            "OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 1},
        }
    }
    answer = client.get("/readyz/")
    assert answer.status_code == 503
    assert answer.json()["failed"] == ["cache"]


def test_a_broker_that_does_not_answer_is_named(client, broker):
    from kotc_site.celery import app

    app.conf.broker_url = f"redis://127.0.0.1:{free_port()}/0"
    answer = client.get("/readyz/")
    assert answer.status_code == 503
    assert answer.json()["failed"] == ["broker"]


def test_a_reachable_broker_is_asked(client, broker):
    answer = client.get("/readyz/")
    assert answer.status_code == 200
    assert answer.json()["checks"]["broker"] == "ok"


def test_storage_that_cannot_be_written_is_named(client, settings, tmp_path):
    blocked = tmp_path / "not-a-folder"
    blocked.write_text("a file where the media folder should be")
    settings.MEDIA_ROOT = blocked
    answer = client.get("/readyz/")
    assert answer.status_code == 503
    assert answer.json()["failed"] == ["storage"]


def test_a_database_that_hangs_is_named_as_timed_out_without_holding_the_answer(
    client, clock, hang
):
    assert client.get("/readyz/").status_code == 200  # each service asked once: clients made
    clock.now += 10  # the successes are old
    hang(health_checks.Database)
    start = time.monotonic()
    answer = client.get("/readyz/")
    took = time.monotonic() - start
    assert answer.status_code == 503
    body = answer.json()
    assert body["failed"] == ["database"]
    assert body["checks"]["database"] == "Unavailable: timed out after 0.4 s"
    assert body["checks"]["cache"] == body["checks"]["storage"] == "ok"
    # The check hangs for 30 s: the answer did not wait for its thread (generous, for a busy CI).
    assert took < 2


def test_a_service_that_hangs_holds_one_thread_however_often_it_is_probed(client, clock, hang):
    client.get("/readyz/")
    clock.now += 10
    started = hang(health_checks.Storage)
    for _ in range(3):
        answer = client.get("/readyz/")
        assert answer.json()["checks"]["storage"] == "Unavailable: timed out after 0.4 s"
    assert len(started) == 1  # each probe waited for the run at work instead of starting one


def test_the_first_probe_of_a_process_gives_a_service_time_to_make_its_client(
    client, clock, hang, monkeypatch
):
    monkeypatch.setattr(health, "FIRST_TIMEOUT_SECONDS", 0.6)
    hang(health_checks.Storage)
    answer = client.get("/readyz/")
    assert answer.json()["checks"]["storage"] == "Unavailable: timed out after 0.6 s"


def test_a_success_is_remembered_for_the_window_and_asked_again_after_it(client, clock, asked):
    assert client.get("/readyz/").status_code == 200
    assert asked == {"database": 1, "cache": 1, "storage": 1}
    clock.now += 2  # within the first half of the window: from memory, nothing asked
    assert client.get("/readyz/").json()["checks"] == {
        "database": "ok",
        "cache": "ok",
        "storage": "ok",
    }
    assert asked == {"database": 1, "cache": 1, "storage": 1}
    clock.now += 4  # past the window: asked again, and waited for
    assert client.get("/readyz/").status_code == 200
    assert asked == {"database": 2, "cache": 2, "storage": 2}


def test_past_half_the_window_a_probe_answers_from_memory_and_asks_again_behind_it(
    client, clock, asked, database
):
    client.get("/readyz/")
    database.up = False
    clock.now += 3
    # The database went down a moment ago: this probe answers what was last found, ...
    assert client.get("/readyz/").status_code == 200
    health_memo.settle(timeout=5)
    assert asked == {"database": 2, "cache": 2, "storage": 2}
    # ... and the next one what the background run found.
    answer = client.get("/readyz/")
    assert answer.status_code == 503
    assert answer.json()["failed"] == ["database"]


def test_a_database_that_goes_down_is_named_once_the_window_is_over(client, clock, database):
    client.get("/readyz/")
    database.up = False
    clock.now += 5
    answer = client.get("/readyz/")
    assert answer.status_code == 503
    assert answer.json()["failed"] == ["database"]


def test_a_failure_is_not_remembered_so_a_service_back_is_seen_at_once(client, clock, database):
    database.up = False
    assert client.get("/readyz/").status_code == 503
    database.up = True
    assert client.get("/readyz/").status_code == 200  # same moment: nothing kept of the failure


def test_the_database_check_does_not_touch_the_requests_connection(client):
    from django.db import connection

    connection.ensure_connection()
    before = connection.connection
    assert client.get("/readyz/").status_code == 200
    assert connection.connection is before
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        assert cursor.fetchone() == (1,)


def test_a_bucket_is_asked_with_short_timeouts_and_a_deleted_one_is_named(
    client, s3_storage, settings, monkeypatch
):
    settings.KOTC_READINESS_CACHE_SECONDS = 0  # every probe asks the bucket
    # What the bucket answers is checked here, not how fast: on a busy machine making the S3
    # client and moto's first answer may take longer than a probe waits (bench/readiness_bench.py
    # times it).
    # The bucket's client is given the checks' timeout, whatever it is.
    monkeypatch.setattr(health, "TIMEOUT_SECONDS", 30)
    monkeypatch.setattr(health, "FIRST_TIMEOUT_SECONDS", 30)
    monkeypatch.setattr(health_checks, "TIMEOUT_SECONDS", 10)
    health_checks.forget_storages()
    assert client.get("/readyz/").json()["checks"]["storage"] == "ok"
    config = health_checks.quick_storage("default").client_config
    assert config.connect_timeout == config.read_timeout == health_checks.TIMEOUT_SECONDS
    s3_storage.delete_bucket(Bucket=s3_storage.bucket)
    answer = client.get("/readyz/")
    assert answer.status_code == 503
    assert answer.json()["failed"] == ["storage"]
