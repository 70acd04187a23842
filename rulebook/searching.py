"""Searching the glossary: which terms a query finds, best first, and the snippet shown.

Pure: it searches :class:`SearchEntry` values (the glossary cache builds them once per
process, :mod:`rulebook.glossary_cache`) and knows nothing of the database.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from html import escape

from django.utils.safestring import SafeString, mark_safe

from rulebook.matching import form_key, short_definition

# The longest query searched: the glossary form and the API refuse longer ones, and
# normalize_query cuts what reaches the search by another way.
MAX_QUERY = 100


@dataclass(frozen=True, slots=True)
class SearchEntry:
    """One glossary term as the search sees it."""

    slug: str
    name: str
    kind: str
    editions: tuple[int, ...]
    name_key: str
    forms: tuple[str, ...]  # as matching.form_key gives them
    words: tuple[str, ...]
    body: str
    definition: str


def search_entry(
    *,
    slug: str,
    name: str,
    kind: str,
    editions: tuple[int, ...],
    forms: Iterable[str],
    body: str,
    definition: str,
) -> SearchEntry:
    """A term ready for the search: its name, forms and words in the shapes queries take."""
    name_key = name.lower()
    return SearchEntry(
        slug=slug,
        name=name,
        kind=kind,
        editions=editions,
        name_key=name_key,
        forms=tuple(sorted({form_key(form) for form in (name, *forms)})),
        words=tuple(sorted(set(name_key.replace("-", " ").split()))),
        body=body,
        definition=definition,
    )


@dataclass(frozen=True)
class SearchHit:
    slug: str
    name: str
    kind: str
    editions: tuple[int, ...]
    snippet: SafeString
    matched_in: str  # "name" or "text"


def normalize_query(query: str) -> str:
    return " ".join(query.lower().replace("\u2019", "'").split())[:MAX_QUERY]


def _snippet(text: str, patterns: list[re.Pattern[str]], width: int = 160) -> SafeString:
    """The part of the definition around the first word found, the words found marked; the
    definition's start when nothing is."""
    spans = []
    for pattern in patterns:
        hit = pattern.search(text)
        if hit:
            spans.append((hit.start(), hit.end()))
    if not spans:
        return mark_safe(escape(short_definition(text, width)))
    first = min(start for start, _ in spans)
    start = max(0, first - width // 3)
    if start:
        start = text.find(" ", start) + 1 or start
    end = min(len(text), start + width)
    if end < len(text):
        end = text.rfind(" ", start, end) if text.rfind(" ", start, end) > first else end
    window = text[start:end]
    marked = []
    position = 0
    combined = re.compile("|".join(p.pattern for p in patterns), re.IGNORECASE)
    for hit in combined.finditer(window):
        marked.append(escape(window[position : hit.start()]))
        marked.append(f"<mark>{escape(hit.group())}</mark>")
        position = hit.end()
    marked.append(escape(window[position:]))
    prefix = "…" if start else ""
    suffix = "…" if end < len(text) else ""
    return mark_safe(prefix + "".join(marked) + suffix)


def _rank(
    entry: SearchEntry, query: str, words: list[str], patterns: list[re.Pattern[str]]
) -> int | None:
    key = form_key(query)
    if entry.name_key == query or key in entry.forms:
        return 0
    if entry.name_key.startswith(query):
        return 1
    if any(form.startswith(key) for form in entry.forms):
        return 2
    if all(any(word.startswith(w) for word in entry.words) for w in words):
        return 3
    if all(pattern.search(entry.body) for pattern in patterns):
        return 4
    return None


def search_terms(
    entries: Iterable[SearchEntry],
    query: str = "",
    *,
    edition: int | None = None,
    kind: str | None = None,
) -> list[SearchHit]:
    """Terms whose name or written forms start with the query (best first), then terms whose
    definitions contain every word of it as the start of a word; A to Z within each rank.
    An empty query lists every term A to Z."""
    query = normalize_query(query)
    words = query.replace("-", " ").split()
    patterns = [re.compile(r"(?<![\w])" + re.escape(word), re.IGNORECASE) for word in words]
    ranked: list[tuple[int, str, SearchEntry]] = []
    for entry in entries:
        if edition is not None and edition not in entry.editions:
            continue
        if kind and entry.kind != kind:
            continue
        rank = _rank(entry, query, words, patterns) if query else 0
        if rank is not None:
            ranked.append((rank, entry.name_key, entry))
    ranked.sort(key=lambda item: (item[0], item[1]))
    hits = []
    for rank, _, entry in ranked:
        in_text = rank == 4
        hits.append(
            SearchHit(
                slug=entry.slug,
                name=entry.name,
                kind=entry.kind,
                editions=entry.editions,
                snippet=_snippet(entry.definition, patterns if in_text else []),
                matched_in="text" if in_text else "name",
            )
        )
    return hits


def glossary_letters(hits: list[SearchHit]) -> list[tuple[str, list[SearchHit]]]:
    """Hits grouped under their first letter, A to Z."""
    groups: dict[str, list[SearchHit]] = {}
    for hit in sorted(hits, key=lambda h: h.name.lower()):
        letter = hit.name[:1].upper()
        groups.setdefault(letter if letter.isalpha() else "#", []).append(hit)
    return sorted(groups.items())
