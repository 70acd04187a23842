"""The embedded broker (`make run`'s queue in a folder): a worker takes only whole messages.

Kombu's own file-system transport creates a message's file and then writes into it; a worker
that looked in between took the empty file, failed to read it and stopped consuming, so the
goldfish runs of `make run` waited forever (seen under load: "JSONDecodeError: Expecting
value" in the worker's log)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from queue import Empty
from typing import Any

import pytest
from kombu import Connection
from kombu.exceptions import ChannelError
from kombu.transport import filesystem

from kotc_site import broker


@pytest.fixture
def channel(tmp_path: Path) -> Iterator[Any]:
    queue = tmp_path / "queue"
    queue.mkdir()
    options = {
        "data_folder_in": str(queue),
        "data_folder_out": str(queue),
        "processed_folder": str(tmp_path / "processed"),
        "control_folder": str(tmp_path / "control"),
        "store_processed": False,
    }
    with Connection(
        "filesystem://", transport="kotc_site.broker:Transport", transport_options=options
    ) as connection:
        yield connection.channel()


def test_the_site_sends_and_takes_chunks_through_it(settings, monkeypatch):
    from kombu.transport import redis

    from kotc_site.celery import app

    assert settings.CELERY_BROKER_URL == "filesystem://"
    with app.connection_for_write() as connection:
        assert isinstance(connection.transport, broker.Transport)
    # Another broker's URL still gets its own transport.
    monkeypatch.setattr(app.conf, "broker_url", "redis://127.0.0.1:6379/15")
    with app.connection_for_write() as connection:
        assert isinstance(connection.transport, redis.Transport)


def test_a_message_reads_back_whole(channel):
    channel._put("goldfish", {"body": "chunk 3 of run 7"})
    assert channel._get("goldfish") == {"body": "chunk 3 of run 7"}
    with pytest.raises(Empty):
        channel._get("goldfish")


def test_a_worker_never_takes_a_message_still_being_written(channel, monkeypatch):
    folder = Path(channel.data_folder_in)
    looks: list[str] = []
    rename = os.replace

    def while_writing(partial: str, whole: str) -> None:
        # The message is written but not yet in the queue: a worker looking now finds nothing.
        assert not Path(whole).exists()
        assert [p.name for p in folder.iterdir()] == [Path(partial).name]
        with pytest.raises(Empty):
            channel._get("goldfish")
        looks.append(Path(partial).read_text())
        rename(partial, whole)

    monkeypatch.setattr(broker.os, "replace", while_writing)
    channel._put("goldfish", {"body": "chunk 1"})
    assert looks == ['{"body": "chunk 1"}']
    assert channel._get("goldfish") == {"body": "chunk 1"}


def test_a_message_that_cannot_be_written_is_refused_and_leaves_nothing(channel, monkeypatch):
    def disk_full(partial: str, whole: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(broker.os, "replace", disk_full)
    with pytest.raises(ChannelError, match="Cannot add file"):
        channel._put("goldfish", {"body": "chunk 1"})
    assert list(Path(channel.data_folder_in).iterdir()) == []


def test_kombus_own_writer_leaves_an_empty_message_a_worker_cannot_read(channel):
    """What the fix is for: the file kombu's writer has created but not yet written."""
    folder = Path(channel.data_folder_in)
    (folder / "1_0.goldfish.msg").write_bytes(b"")
    plain = filesystem.Channel._get
    with pytest.raises(ValueError, match="Expecting value"):
        plain(channel, "goldfish")
