"""Celery workers for the benchmarks that measure work through the site's queue."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


@contextmanager
def celery_workers(count: int, env: Mapping[str, str]) -> Iterator[None]:
    """`count` workers of one process each (solo pool, one task taken at a time), running
    until the block ends; they are given a few seconds to connect first, so that a clock
    started inside times the work, not their start."""
    workers = [
        subprocess.Popen(
            [
                sys.executable,
                "-m",
                "celery",
                "-A",
                "kotc_site",
                "worker",
                "--pool=solo",
                "--prefetch-multiplier=1",
                "--without-gossip",
                "--without-mingle",
                "--without-heartbeat",
                f"--hostname=bench{i}@%h",
                "--loglevel=WARNING",
            ],
            cwd=ROOT,
            env=dict(env),
            start_new_session=True,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        for i in range(count)
    ]
    try:
        time.sleep(4)
        yield
    finally:
        for worker in workers:
            os.killpg(worker.pid, signal.SIGTERM)
        for worker in workers:
            worker.wait(timeout=30)
