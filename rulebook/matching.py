"""Matching glossary terms in text by their written forms.

A term is known by its forms: the written shapes it takes in text ("bury", "buries",
"buried", "self-bury"...). Forms come from the rulebook data, not from code. In a form, ``#``
stands for a number or one of the placeholders x, y and z (``#-dice-heal`` finds
"3-dice-heal" and "x-dice-heal"), and a hyphen or a space stands for either ("in-play" finds
"in play"). Matching ignores case, reads typographic apostrophes and hyphens as plain ones, and
takes the longest form at each place ("Damage Counter", not "Damage"; "self-bury", not "bury").
A trailing "(s)", as in "Sword Counter(s)", belongs to the match.

Pure: :class:`KeywordIndex` is built from :class:`TermEntry` values and knows nothing of the
database. The site's own glossary, read from the database and kept in memory, is
:mod:`rulebook.glossary_cache`'s; :func:`rulebook.keywords.find_keywords` reads text with it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

NUMBER_TOKEN = "#"
_SEP_CHARS = " -\u2010\u2011\t\n"
_APOSTROPHES = "'\u2019\u2018\u02bc"

_SEP_RE = r"[\s\-\u2010\u2011]+"
_NUMBER_RE = r"(?:\d+|[xyz])"
_APOS_RE = r"['\u2019\u2018\u02bc]"

_SEP, _NUM, _APOS, _END = "\x00sep", "\x00num", "\x00apos", "\x00end"

# A trie of form tokens: each key is a token, _END marks where a form ends.
Trie = dict[str, "Trie"]


@dataclass(frozen=True, slots=True)
class TermEntry:
    """What the index needs to know about one glossary term."""

    slug: str
    name: str
    forms: tuple[str, ...]
    definition: str = ""
    kind: str = "keyword"
    link: bool = True


@dataclass(frozen=True, slots=True)
class Match:
    """One keyword found in a text; ``start`` and ``end`` index the original string."""

    start: int
    end: int
    text: str
    slug: str
    name: str
    definition: str
    kind: str


def form_key(text: str) -> str:
    """The shape shared by a form and every text it matches."""
    key = text.strip().lower()
    if key.endswith("(s)"):
        key = key[:-3]
    for mark in _APOSTROPHES:
        key = key.replace(mark, "'")
    key = re.sub(r"[\s\-\u2010\u2011]+", "-", key)
    return re.sub(r"(?:(?<=^)|(?<=-))(?:\d+|[xyz])(?=-)", NUMBER_TOKEN, key)


def _tokens(form: str) -> list[str]:
    tokens: list[str] = []
    for char in form.strip().lower():
        if char in _SEP_CHARS:
            if tokens and tokens[-1] == _SEP:
                continue
            tokens.append(_SEP)
        elif char == NUMBER_TOKEN:
            tokens.append(_NUM)
        elif char in _APOSTROPHES:
            tokens.append(_APOS)
        else:
            tokens.append(char)
    return tokens


def _token_re(token: str) -> str:
    return {_SEP: _SEP_RE, _NUM: _NUMBER_RE, _APOS: _APOS_RE}.get(token) or re.escape(token)


def _trie_pattern(node: Trie) -> str:
    """A regular expression for every path of the trie, longest first at each branch."""
    branches = [
        _token_re(token) + _trie_pattern(child)
        for token, child in sorted(node.items())
        if token != _END
    ]
    if not branches:
        return ""
    body = branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"
    return f"(?:{body})?" if _END in node else body


def compile_forms(forms: Iterable[str]) -> re.Pattern[str] | None:
    """One regular expression finding any of the forms as whole words."""
    trie: Trie = {}
    for form in forms:
        tokens = _tokens(form)
        if not tokens:
            continue
        node = trie
        for token in tokens:
            node = node.setdefault(token, {})
        node[_END] = {}
    if not trie:
        return None
    return re.compile(
        r"(?<![\w\-\u2010\u2011])" + _trie_pattern(trie) + r"(?:\(s\))?(?![\w\-\u2010\u2011])",
        re.IGNORECASE,
    )


class KeywordIndex:
    """Finds the terms of a glossary in text. Earlier entries win when two share a form."""

    def __init__(self, entries: Iterable[TermEntry]) -> None:
        self.entries: tuple[TermEntry, ...] = tuple(entries)
        self.by_slug: dict[str, TermEntry] = {}
        self._slug_for_key: dict[str, str] = {}
        linked_forms: list[str] = []
        for entry in self.entries:
            self.by_slug.setdefault(entry.slug, entry)
            if not entry.link:
                continue
            for form in (entry.name, *entry.forms):
                key = form_key(form)
                if key and key not in self._slug_for_key:
                    self._slug_for_key[key] = entry.slug
                    linked_forms.append(form)
        self._pattern: re.Pattern[str] | None = compile_forms(linked_forms)

    def __len__(self) -> int:
        return len(self.by_slug)

    def find(self, text: str) -> list[Match]:
        if not text or self._pattern is None:
            return []
        found = []
        for hit in self._pattern.finditer(text):
            slug = self._slug_for_key.get(form_key(hit.group()))
            if slug is None:
                continue
            entry = self.by_slug[slug]
            found.append(
                Match(
                    start=hit.start(),
                    end=hit.end(),
                    text=hit.group(),
                    slug=slug,
                    name=entry.name,
                    definition=entry.definition,
                    kind=entry.kind,
                )
            )
        return found


EMPTY_INDEX = KeywordIndex(())


def short_definition(text: str, limit: int = 240) -> str:
    """The definition cut to fit a tooltip: whole sentences, else whole words and an ellipsis."""
    text = " ".join(text.split())
    if len(text) <= limit:
        return text
    cut = text[:limit]
    sentence_end = max(cut.rfind(". "), cut.rfind(".) "))
    if sentence_end >= limit // 3:
        return cut[: sentence_end + 1]
    return cut.rsplit(" ", 1)[0].rstrip(",;:") + "…"
