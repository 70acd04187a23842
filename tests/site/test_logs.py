"""Logs a person (or a log collector) can read: one line per request with its time, level, id,
user, status and duration, as key=value text or JSON; error reports to Sentry when asked."""

import json
import subprocess
import sys
import threading
from http.server import BaseHTTPRequestHandler, HTTPServer
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
# Each test starts a Python process of its own, seconds each: in `make test`, not `make check`.
pytestmark = pytest.mark.slow

# A request through the whole stack, logged by the settings' own handler on standard error.
REQUEST = """
import django
django.setup()
from django.test.utils import setup_test_environment
setup_test_environment()
from django.test import Client
answer = Client().get("/healthz/")
print("REQUEST-ID", answer["X-Request-ID"])
"""


def run(script: str, tmp_path, **env: str) -> subprocess.CompletedProcess[str]:
    import os

    clean = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "SENTRY_"))}
    return subprocess.run(
        [sys.executable, "-c", script],
        cwd=ROOT,
        env={
            **clean,
            "DJANGO_SETTINGS_MODULE": "kotc_site.settings.base",
            "KOTC_VAR_DIR": str(tmp_path),
            **env,
        },
        capture_output=True,
        text=True,
        timeout=120,
    )


def request_lines(stderr: str) -> list[str]:
    return [line for line in stderr.splitlines() if "request_" in line]


def test_one_json_line_per_request(tmp_path):
    done = run(REQUEST, tmp_path, KOTC_LOG_FORMAT="json")
    assert done.returncode == 0, done.stderr
    (line,) = request_lines(done.stderr)
    entry = json.loads(line)
    assert entry["event"] == "request_finished"
    assert entry["level"] == "info"
    assert entry["timestamp"].endswith("Z")
    assert entry["code"] == 200
    assert entry["request"] == "GET /healthz/"
    assert entry["user_id"] is None
    assert isinstance(entry["duration_ms"], float)
    # The answer names the request, so a person reporting a problem can point at its line.
    assert done.stdout.split()[-1] == entry["request_id"]
    assert "ip" not in entry  # addresses are not kept


def test_text_lines_say_the_same_for_people(tmp_path):
    done = run(REQUEST, tmp_path)
    assert done.returncode == 0, done.stderr
    (line,) = request_lines(done.stderr)
    request_id = done.stdout.split()[-1]
    assert line.startswith("20") and "[info" in line and "request_finished" in line
    for part in ("code=200", f"request_id={request_id}", "user_id=None", "duration_ms="):
        assert part in line


def test_a_bad_log_format_is_refused(tmp_path):
    done = run("import django; django.setup()", tmp_path, KOTC_LOG_FORMAT="xml")
    assert done.returncode != 0
    assert "KOTC_LOG_FORMAT" in done.stderr


class _Ingest(BaseHTTPRequestHandler):
    received: list[bytes] = []

    def do_POST(self) -> None:  # noqa: N802 - the standard library's name
        length = int(self.headers.get("Content-Length", 0))
        body = self.rfile.read(length)
        encoding = self.headers.get("Content-Encoding")
        if encoding == "gzip":
            import gzip

            body = gzip.decompress(body)
        elif encoding == "br":
            # sentry-sdk compresses with Brotli whenever the module is installed.
            import brotli

            body = brotli.decompress(body)
        _Ingest.received.append(body)
        self.send_response(200)
        self.end_headers()
        self.wfile.write(b"{}")

    def log_message(self, *args: object) -> None:
        pass


def test_errors_go_to_sentry_when_a_dsn_is_set_and_nowhere_otherwise(tmp_path):
    server = HTTPServer(("127.0.0.1", 0), _Ingest)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    failing = """
import django
django.setup()
import sentry_sdk
print("ACTIVE", sentry_sdk.get_client().is_active())
try:
    raise RuntimeError("the card printer caught fire")
except RuntimeError:
    import logging
    logging.getLogger("kotc").exception("printing failed")
sentry_sdk.flush(timeout=10)
"""
    try:
        dsn = f"http://public@127.0.0.1:{server.server_port}/1"
        done = run(failing, tmp_path, SENTRY_DSN=dsn, SENTRY_ENVIRONMENT="staging")
        assert done.returncode == 0, done.stderr
        assert "ACTIVE True" in done.stdout
        sent = b"".join(_Ingest.received)
        assert b"the card printer caught fire" in sent
        assert b"staging" in sent

        _Ingest.received.clear()
        quiet = run(failing, tmp_path)
        assert "ACTIVE False" in quiet.stdout
        assert _Ingest.received == []
    finally:
        server.shutdown()
        server.server_close()
