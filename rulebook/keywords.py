"""Finding glossary keywords in card text and rules text, with the site's glossary.

How a term's written forms are matched in text is :mod:`rulebook.matching` (pure, it knows
nothing of the database); its names are also importable from here. :func:`find_keywords`
adds the site's glossary, kept in memory by :mod:`rulebook.glossary_cache`, for the callers
that give no index of their own.
"""

from __future__ import annotations

from rulebook.glossary_cache import keyword_index
from rulebook.matching import (
    EMPTY_INDEX,
    NUMBER_TOKEN,
    KeywordIndex,
    Match,
    TermEntry,
    compile_forms,
    form_key,
    short_definition,
)

__all__ = [
    "EMPTY_INDEX",
    "NUMBER_TOKEN",
    "KeywordIndex",
    "Match",
    "TermEntry",
    "compile_forms",
    "find_keywords",
    "form_key",
    "short_definition",
]


def find_keywords(
    text: str, edition: int | None = None, *, index: KeywordIndex | None = None
) -> list[Match]:
    """Every keyword in ``text``, in order. Without an index, the site's glossary is used:
    the terms of ``edition``, or of every edition when it is None."""
    if index is None:
        index = keyword_index(edition)
    return index.find(text)
