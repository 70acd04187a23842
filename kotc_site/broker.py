"""The embedded broker of `make run`: Kombu's file-system transport, with whole messages only.

Kombu's own transport writes a message in place: it creates `<time>_<uuid>.<queue>.msg`, then
writes into it. A worker looking at the folder in between takes the empty file, fails to read
it as JSON and stops consuming for good, so the site's goldfish runs wait forever. Here a
message is written under a name no worker takes (`.part` after it) and renamed when whole; a
rename within a folder is atomic, so a worker sees the whole message or none of it.

`filesystem://` names this transport in every process of the site: the Celery app
(kotc_site.celery, imported with the kotc_site package) calls `name_it_filesystem()` first.
The name, not Celery's `broker_transport` setting, so that a broker URL set later (Redis's, in
the tests that start workers) still picks its own transport."""

from __future__ import annotations

import contextlib
import os
import uuid
from time import monotonic
from typing import Any

from kombu.exceptions import ChannelError
from kombu.transport import TRANSPORT_ALIASES, filesystem
from kombu.utils.encoding import str_to_bytes
from kombu.utils.json import dumps

PARTIAL = ".part"  # a message being written: a worker's look for `.<queue>.msg` skips it


class Channel(filesystem.Channel):
    def _put(self, queue: str, payload: Any, **kwargs: Any) -> None:
        """Put the message on the queue, visible to the workers only once it is whole."""
        # The name kombu gives, so its workers take messages in the order they were sent.
        name = f"{round(monotonic() * 1000)}_{uuid.uuid4()}.{queue}.msg"
        whole = os.path.join(self.data_folder_out, name)
        partial = whole + PARTIAL
        try:
            with open(partial, "wb") as out:
                out.write(str_to_bytes(dumps(payload)))
            os.replace(partial, whole)
        except OSError as error:
            # A full disk, say: the sender is told, and no piece of the message is left behind.
            with contextlib.suppress(OSError):
                os.remove(partial)
            raise ChannelError(f"Cannot add file {whole!r} to directory") from error


class Transport(filesystem.Transport):
    Channel = Channel


def name_it_filesystem() -> None:
    """Make `filesystem://` broker URLs use this transport rather than Kombu's own."""
    TRANSPORT_ALIASES["filesystem"] = f"{__name__}:Transport"
