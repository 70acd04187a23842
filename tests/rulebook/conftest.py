"""Rulebook fixtures: the shipped editions, the seed files, and a fresh glossary cache."""

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.conf import settings

from rulebook import glossary_cache
from rulebook.content_format import shipped_edition_files
from rulebook.services import edition_import

# The published rulebooks ship with the project (rulebook/content/sources/); KOTC_SEEDS
# points the tests at another copy.
SEEDS = Path(
    os.environ.get("KOTC_SEEDS", Path(settings.BASE_DIR) / "rulebook" / "content" / "sources")
)


@pytest.fixture(autouse=True)
def _fresh_glossary_cache() -> Iterator[None]:
    # A test's database changes are rolled back without any signal, so the in-memory
    # glossary is forgotten on both sides of every test.
    glossary_cache.invalidate()
    yield
    glossary_cache.invalidate()


@pytest.fixture
def rulebook(db) -> None:
    """The shipped editions, as the data migration loads them (a no-op when present)."""
    for path in shipped_edition_files():
        edition_import(path=path)
    glossary_cache.invalidate()


@pytest.fixture
def seeds() -> Path:
    if not (SEEDS / "rulebook-14th-edition.html").exists():
        pytest.skip(f"The published rulebooks are not at {SEEDS} (set KOTC_SEEDS)")
    return SEEDS
