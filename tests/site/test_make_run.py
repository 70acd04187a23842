"""`make run` serves the site as its users see it (its own 404 and 500 pages, static files as
in production), and `make dev` with Django's debug pages and the reloader."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

pytestmark = pytest.mark.once

ROOT = Path(__file__).resolve().parents[2]


def serve_line(target: str) -> str:
    """The command `make TARGET` serves with, as make would run it (nothing is run)."""
    shown = subprocess.run(
        ["make", "-n", target], cwd=ROOT, capture_output=True, text=True, timeout=60
    ).stdout
    return next(line for line in shown.splitlines() if "manage.py serve" in line)


def test_make_run_serves_without_debug_pages_and_make_dev_with_them():
    run = serve_line("run")
    assert "DJANGO_DEBUG=false" in run and "--noreload" in run
    dev = serve_line("dev")
    assert "DJANGO_DEBUG=true" in dev and "--noreload" not in dev
