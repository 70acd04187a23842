"""A TCP proxy on loopback that a test can cut and restore: a database outage for the
processes that connect through it, while the database server itself (shared with others)
keeps running."""

from __future__ import annotations

import contextlib
import random
import select
import socket
import threading
import time

# Below Linux's ephemeral range (32768 and up): while the proxy is cut, its port is free, and an
# outgoing connection of any other process could be given it if it were an ephemeral port.
PORTS = range(20_000, 32_000)


class TcpProxy:
    def __init__(self, upstream: tuple[str, int]) -> None:
        self.upstream = upstream
        self.port = 0
        self._listener: socket.socket | None = None
        self._links: list[socket.socket] = []
        self._lock = threading.Lock()
        for _ in range(100):
            self.port = random.choice(PORTS)
            try:
                self.listen()
                return
            except OSError:
                continue
        raise OSError("no free port for the proxy")

    @property
    def address(self) -> tuple[str, int]:
        return ("127.0.0.1", self.port)

    def listen(self) -> None:
        listener = socket.socket()
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            listener.bind(("127.0.0.1", self.port))
        except OSError:
            listener.close()
            raise
        listener.listen(64)
        self.port = listener.getsockname()[1]
        self._listener = listener
        threading.Thread(target=self._accept, args=(listener,), daemon=True).start()

    def cut(self) -> None:
        """Close every connection and refuse new ones, as a database that went away."""
        with self._lock:
            listener, self._listener = self._listener, None
            links, self._links = self._links, []
        if listener is not None:
            listener.close()
        for link in links:
            with contextlib.suppress(OSError):
                link.shutdown(socket.SHUT_RDWR)
            link.close()

    def restore(self) -> None:
        # The port was just closed; another listener may hold it for a moment.
        for _ in range(50):
            try:
                self.listen()
                return
            except OSError:
                time.sleep(0.1)
        self.listen()

    def close(self) -> None:
        self.cut()

    def _accept(self, listener: socket.socket) -> None:
        while True:
            try:
                client, _ = listener.accept()
            except OSError:
                return  # cut
            try:
                server = socket.create_connection(self.upstream, timeout=5)
            except OSError:
                client.close()
                continue
            with self._lock:
                if self._listener is not listener:
                    client.close()
                    server.close()
                    return
                self._links += [client, server]
            threading.Thread(target=self._pump, args=(client, server), daemon=True).start()

    def _pump(self, a: socket.socket, b: socket.socket) -> None:
        peers = {a: b, b: a}
        try:
            while True:
                readable, _, _ = select.select([a, b], [], [], 1.0)
                for sock in readable:
                    data = sock.recv(65536)
                    if not data:
                        return
                    peers[sock].sendall(data)
        except (OSError, ValueError):
            return
        finally:
            for sock in (a, b):
                with contextlib.suppress(OSError):
                    sock.close()
