"""The glossary kept in memory: the keyword index and the search entries.

Both are read on nearly every page that shows card text, so they are built once per process
from the database and rebuilt when the glossary changes. A version token in the shared cache
says when that is, so every process (and every worker behind a shared cache) notices an import.
"""

from __future__ import annotations

import logging
import threading
import uuid
from collections.abc import Callable
from typing import TypeVar, cast

from django.core.cache import cache
from django.db import DatabaseError

from rulebook.matching import EMPTY_INDEX, KeywordIndex, TermEntry, short_definition
from rulebook.searching import SearchEntry, search_entry

logger = logging.getLogger(__name__)

VERSION_KEY = "rulebook:glossary-version"
T = TypeVar("T")


class _State:
    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.version: str | None = None
        self.indexes: dict[int | None, KeywordIndex] = {}
        self.search: tuple[SearchEntry, ...] | None = None
        self.rendered: dict[tuple[str, object], object] = {}


_state = _State()


def _version() -> str:
    try:
        version = cache.get(VERSION_KEY)
        if version is None:
            cache.add(VERSION_KEY, uuid.uuid4().hex, None)
            version = cache.get(VERSION_KEY)
    except Exception:  # a shared cache that is down must not take pages with it
        logger.warning("Cache unavailable; the glossary is rebuilt per request", exc_info=True)
        return uuid.uuid4().hex
    return str(version)


def _current() -> _State:
    version = _version()
    with _state.lock:
        if _state.version != version:
            _state.version = version
            _state.indexes = {}
            _state.search = None
            _state.rendered = {}
    return _state


def invalidate() -> None:
    """Forget the glossary everywhere: call after any change to terms or definitions."""
    try:
        cache.set(VERSION_KEY, uuid.uuid4().hex, None)
    except Exception:
        logger.warning("Cache unavailable while invalidating the glossary", exc_info=True)
    with _state.lock:
        _state.version = None
        _state.indexes = {}
        _state.search = None
        _state.rendered = {}


def _load_entries(edition: int | None) -> list[TermEntry]:
    from rulebook.models import Definition

    definitions = Definition.objects.select_related("term", "edition").order_by(
        "-edition__number", "term__slug"
    )
    if edition is not None:
        definitions = definitions.filter(edition__number=edition)
    entries: list[TermEntry] = []
    seen: set[str] = set()
    # Newest edition first, so a form shared by two terms goes to the newer one.
    for definition in definitions:
        term = definition.term
        if term.slug in seen:
            continue
        seen.add(term.slug)
        entries.append(
            TermEntry(
                slug=term.slug,
                name=term.name,
                forms=tuple(term.forms),
                definition=short_definition(definition.text),
                kind=definition.kind,
                link=term.link,
            )
        )
    return entries


def keyword_index(edition: int | None = None) -> KeywordIndex:
    """The index of every term of ``edition`` (every edition when None)."""
    state = _current()
    index = state.indexes.get(edition)
    if index is None:
        try:
            index = KeywordIndex(_load_entries(edition))
        except DatabaseError:
            # Before migrations have run there is no glossary; text is shown unlinked.
            logger.warning("Glossary tables unavailable; keywords are not linked", exc_info=True)
            return EMPTY_INDEX
        with state.lock:
            state.indexes[edition] = index
    return index


def search_entries() -> tuple[SearchEntry, ...]:
    """Every term, ready for the glossary search, A to Z."""
    from rulebook.models import Term

    state = _current()
    entries = state.search
    if entries is None:
        built = []
        for term in Term.objects.prefetch_related("definitions__edition"):
            definitions = sorted(term.definitions.all(), key=lambda d: d.edition.number)
            latest = definitions[-1].text if definitions else ""
            built.append(
                search_entry(
                    slug=term.slug,
                    name=term.name,
                    kind=definitions[-1].kind if definitions else term.kind,
                    editions=tuple(d.edition.number for d in definitions),
                    forms=term.forms,
                    body=term.search_text,
                    definition=latest,
                )
            )
        entries = tuple(sorted(built, key=lambda e: (e.name_key, e.slug)))
        with state.lock:
            state.search = entries
    return entries


def memoized(key: tuple[str, object], build: Callable[[], T]) -> T:
    """A value computed from the glossary, kept until the glossary changes."""
    state = _current()
    if key in state.rendered:
        return cast(T, state.rendered[key])
    value = build()
    with state.lock:
        state.rendered[key] = value
    return value
