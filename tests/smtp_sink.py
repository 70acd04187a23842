"""A mail server on loopback that keeps what it is sent: enough SMTP for Django's backend
(EHLO, MAIL, RCPT, DATA, QUIT; no TLS, no login), so a test reads the email a person would get."""

from __future__ import annotations

import socket
import socketserver
import threading
import time
from typing import Any


class _Session(socketserver.StreamRequestHandler):
    def handle(self) -> None:
        sink: SmtpSink = self.server.sink  # type: ignore[attr-defined]
        self._send("220 kotc-test-smtp ready")
        sender, recipients = "", []
        while True:
            line = self.rfile.readline()
            if not line:
                return
            command = line.decode("utf-8", "replace").strip()
            verb = command.split(" ", 1)[0].upper()
            if verb in {"EHLO", "HELO"}:
                self._send("250 kotc-test-smtp")
            elif verb == "MAIL":
                sender, recipients = command.split(":", 1)[1].strip(" <>"), []
                self._send("250 OK")
            elif verb == "RCPT":
                recipients.append(command.split(":", 1)[1].strip(" <>"))
                self._send("250 OK")
            elif verb == "DATA":
                self._send("354 End data with <CR><LF>.<CR><LF>")
                data = []
                for raw in self.rfile:
                    if raw in (b".\r\n", b".\n"):
                        break
                    data.append(raw.decode("utf-8", "replace"))
                sink.keep({"from": sender, "to": recipients, "data": "".join(data)})
                self._send("250 OK: queued")
            elif verb == "QUIT":
                self._send("221 Bye")
                return
            else:  # RSET, NOOP and the rest
                self._send("250 OK")

    def _send(self, reply: str) -> None:
        self.wfile.write(reply.encode() + b"\r\n")


class SmtpSink:
    def __init__(self) -> None:
        self.messages: list[dict[str, Any]] = []
        self._lock = threading.Lock()
        self._server = socketserver.ThreadingTCPServer(("127.0.0.1", 0), _Session)
        self._server.daemon_threads = True
        self._server.sink = self  # type: ignore[attr-defined]
        threading.Thread(target=self._server.serve_forever, daemon=True).start()

    @property
    def address(self) -> tuple[str, int]:
        host, port = self._server.server_address[:2]
        return str(host), int(port)

    def keep(self, message: dict[str, Any]) -> None:
        with self._lock:
            self.messages.append(message)

    def wait_for_messages(self, count: int, timeout: float = 10) -> list[dict[str, Any]]:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            with self._lock:
                if len(self.messages) >= count:
                    return list(self.messages)
            time.sleep(0.05)
        raise AssertionError(f"expected {count} email(s), got {len(self.messages)}")

    def close(self) -> None:
        self._server.shutdown()
        self._server.server_close()


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])
