"""Django's `{# … #}` comment holds to one line: one that runs on to the next is not a comment,
and every visitor reads it. The privacy walk (tests/hardening/test_privacy_walk.py) renders
every page and fails on template syntax in what it sends; this finds the cause in the sources,
without the database."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.conf import settings

pytestmark = pytest.mark.once

OPEN_COMMENT = re.compile(r"\{#(?![^\n]*#\})")


def template_files() -> list[Path]:
    folders = [Path(folder) for engine in settings.TEMPLATES for folder in engine["DIRS"]]
    folders += sorted(Path(settings.BASE_DIR).glob("*/templates"))
    return sorted(path for folder in folders for path in folder.rglob("*") if path.is_file())


def test_no_comment_runs_past_its_line():
    files = template_files()
    assert len(files) > 50
    found = [
        f"{path.relative_to(settings.BASE_DIR)}:{source[: match.start()].count(chr(10)) + 1}"
        for path in files
        for source in [path.read_text(encoding="utf-8")]
        for match in OPEN_COMMENT.finditer(source)
    ]
    assert not found, "comments that run past their line (use {% comment %}):\n" + "\n".join(found)
