"""/healthz/ says the process lives, whatever the services do; /readyz/ asks each service a
request needs and names the ones that fail."""

import pytest
from django.db import OperationalError
from django.db.backends.base.base import BaseDatabaseWrapper

from tests.simulations.test_workers import free_port

pytestmark = pytest.mark.django_db


@pytest.fixture
def database_down(monkeypatch):
    def refuse(self):
        raise OperationalError("connection to server at 127.0.0.1, port 5432 failed")

    monkeypatch.setattr(BaseDatabaseWrapper, "ensure_connection", refuse)


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
