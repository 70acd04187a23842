"""Changing the rulebook: importing an edition file, and loading the content folder."""

from __future__ import annotations

from pathlib import Path

from django.db import DEFAULT_DB_ALIAS, transaction

from rulebook import glossary_cache
from rulebook.content_format import (
    ContentError,
    EditionData,
    read_edition_file,
    shipped_edition_files,
)
from rulebook.loader import LoadResult, RulebookModels, load_edition
from rulebook.models import Definition, Edition, Section, Term

MODELS = RulebookModels(Edition=Edition, Section=Section, Term=Term, Definition=Definition)


def edition_import(*, path: Path | None = None, data: EditionData | None = None) -> LoadResult:
    """Load an edition file (or parsed data). Importing the same file again changes nothing.

    Raises :class:`rulebook.content_format.ContentError` when the file cannot be used.
    """
    if data is None:
        if path is None:
            raise ValueError("edition_import needs a path or parsed data.")
        data = read_edition_file(path)
    with transaction.atomic():
        result = load_edition(data, MODELS)
        if result.changed:
            transaction.on_commit(glossary_cache.invalidate)
    return result


def shipped_editions_load(
    *, models: RulebookModels = MODELS, using: str = DEFAULT_DB_ALIAS
) -> list[LoadResult]:
    """Load every edition file of the content folder (``content_format.CONTENT_DIR``), so a
    release that adds ``18.json`` is served once ``migrate`` has run. A file loaded before and
    unchanged since (same content hash) is left as it is, so this is cheap to repeat.

    Each edition is loaded in its own transaction: the good files are loaded even when one is
    not, and then :class:`ContentError` names every file that could not be used.
    ``models`` are the historical models the migrations left, when ``post_migrate`` calls.
    """
    results: list[LoadResult] = []
    problems: list[str] = []
    files_by_edition: dict[int, Path] = {}
    for path in shipped_edition_files():
        try:
            data = read_edition_file(path)
        except ContentError as exc:
            problems.append(f"{path.name}: {exc}")
            continue
        other = files_by_edition.setdefault(data.number, path)
        if other != path:
            # Two files for one edition would replace each other on every migrate.
            problems.append(f"{path.name}: edition {data.number} is already in {other.name}.")
            continue
        with transaction.atomic(using=using):
            result = load_edition(data, models)
            if result.changed:
                transaction.on_commit(glossary_cache.invalidate, using=using)
        results.append(result)
    if problems:
        raise ContentError("Rulebook files that could not be loaded: " + " ".join(problems))
    return results
