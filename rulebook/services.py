"""Changing the rulebook: importing an edition file."""

from __future__ import annotations

from pathlib import Path

from django.db import transaction

from rulebook import glossary_cache
from rulebook.content_format import EditionData, read_edition_file
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
