"""`manage.py serve` (what `make run` starts): the site, a worker on the embedded broker, and
the periodic sweep of goldfish runs, with nothing else installed."""

import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.simulations.test_workers import free_port

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.slow


def test_the_embedded_worker_runs_the_sweep(tmp_path):
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in {"DJANGO_SETTINGS_MODULE", "DATABASE_URL", "CELERY_BROKER_URL", "CACHE_URL"}
    }
    env.update(KOTC_VAR_DIR=str(tmp_path), KOTC_RUN_SWEEP_SECONDS="1")
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "--noinput"],
        cwd=ROOT,
        env=env,
        check=True,
        capture_output=True,
        timeout=120,
    )
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "manage.py", "serve", "--port", str(port)],
        cwd=ROOT,
        env={**env, "DJANGO_AUTORELOAD": "0"},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    database = tmp_path / "kotc.sqlite3"
    try:
        passed = None
        # Generous: on a busy machine the server, its worker and its beat take a while to start.
        deadline = time.monotonic() + 180
        while time.monotonic() < deadline and passed is None:
            time.sleep(0.5)
            with sqlite3.connect(database, timeout=5) as db:
                row = db.execute("SELECT passed FROM simulations_queuemark").fetchone()
            passed = row[0] if row else None
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
    worker_log = (tmp_path / "worker.log").read_text(errors="replace")
    assert passed is not None, f"no sweep probed the queue:\n{worker_log[-3000:]}"
    assert "sweep_runs" in worker_log
