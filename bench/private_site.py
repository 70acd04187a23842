"""The site a benchmark measures, on its own: a temporary folder for its SQLite database and
its files, production-like settings without debug bookkeeping, no throttles (a benchmark is
one client sending many requests: on a quick machine, more than an anonymous visitor may send
in a minute), and the project importable.

Call it before Django is imported: the settings read these variables when they are imported.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path


def private_site(prefix: str) -> tempfile.TemporaryDirectory[str]:
    """The folder (remove it with .cleanup() at the end)."""
    folder = tempfile.TemporaryDirectory(prefix=prefix)
    os.environ["KOTC_VAR_DIR"] = folder.name
    os.environ["DATABASE_URL"] = f"sqlite:///{Path(folder.name) / 'bench.sqlite3'}"
    os.environ["DJANGO_DEBUG"] = "0"
    os.environ["DJANGO_SETTINGS_MODULE"] = "kotc_site.settings.base"
    os.environ.setdefault("KOTC_LOG_LEVEL", "ERROR")
    for scope in ("ANON", "USER", "CHECK", "TOKEN", "SIMULATION"):
        os.environ.setdefault(f"KOTC_THROTTLE_{scope}", "off")
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    return folder
