"""The rulebook content format: one JSON file per edition.

    {
      "format": 1,
      "edition": 14,
      "name": "14th Edition",
      "title": "Rulebook (14th Edition)",
      "source": {"title": "...", "author": "...", "url": "https://...",
                 "license": "CC BY-SA 4.0", "license_url": "https://...", "changes": "..."},
      "sections": [{"anchor": "counters", "title": "Counters", "level": 1, "parent": "",
                    "html": "<p>...</p>"}, ...],
      "terms": [{"slug": "bury", "name": "Bury", "kind": "keyword", "anchor": "kw-bury",
                 "html": "<p>...</p>", "forms": ["bury", "buries", ...], "link": true}, ...]
    }

Sections are in reading order; ``level`` 1 is a chapter and 2 a part of one (``parent`` names
its chapter). Each term is a glossary entry as this edition defines it, and ``anchor`` is where
in this edition's sections it is defined. The shipped files are in ``rulebook/content/editions``;
a further edition is a further file, imported with ``manage.py import_rulebook``.

:func:`parse_edition` checks a document and returns plain values with the HTML sanitized;
errors are :class:`ContentError` (a ``ValueError``) naming the field at fault.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rulebook.htmltext import ANCHOR_RE, html_to_text, sanitize

FORMAT_VERSION = 1
CONTENT_DIR = Path(__file__).resolve().parent / "content" / "editions"
KINDS = ("keyword", "counter", "term", "ruling")
SLUG_RE = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
RESERVED_SLUGS = frozenset({"download", "search", "annotate"})


class ContentError(ValueError):
    """A rulebook file that cannot be loaded, with the reason a person can act on."""


@dataclass(frozen=True, slots=True)
class SourceData:
    title: str
    author: str
    url: str
    license: str
    license_url: str
    changes: str


@dataclass(frozen=True, slots=True)
class SectionData:
    anchor: str
    title: str
    level: int
    parent: str
    html: str
    text: str


@dataclass(frozen=True, slots=True)
class TermData:
    slug: str
    name: str
    kind: str
    anchor: str
    html: str
    text: str
    forms: tuple[str, ...]
    link: bool


@dataclass(frozen=True, slots=True)
class EditionData:
    number: int
    name: str
    title: str
    source: SourceData
    sections: tuple[SectionData, ...]
    terms: tuple[TermData, ...]
    content_hash: str


def _str(value: Any, where: str, *, max_length: int = 200, blank: bool = False) -> str:
    if not isinstance(value, str):
        raise ContentError(f"{where} must be a string.")
    value = value.strip()
    if not value and not blank:
        raise ContentError(f"{where} must not be empty.")
    if len(value) > max_length:
        raise ContentError(f"{where} is longer than {max_length} characters.")
    return str(value)


def _url(value: Any, where: str, *, blank: bool = False) -> str:
    value = _str(value, where, blank=blank, max_length=200)
    if value and not re.match(r"^https?://[^\s\"'<>]+$", value):
        raise ContentError(f"{where} must be an http(s) address.")
    return value


def _anchor(value: Any, where: str) -> str:
    value = _str(value, where, max_length=100)
    if not ANCHOR_RE.match(value):
        raise ContentError(f"{where} {value!r} must be lowercase letters, digits and hyphens.")
    return value


def content_hash(raw: dict[str, Any]) -> str:
    canonical = json.dumps(raw, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


def parse_edition(raw: Any) -> EditionData:
    if not isinstance(raw, dict):
        raise ContentError("A rulebook file must hold one JSON object.")
    if raw.get("format") != FORMAT_VERSION:
        raise ContentError(
            f"format must be {FORMAT_VERSION}; this file says {raw.get('format')!r}."
        )
    number = raw.get("edition")
    if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= 999:
        raise ContentError("edition must be a whole number from 1 to 999.")
    source = raw.get("source")
    if not isinstance(source, dict):
        raise ContentError("source must be an object naming the source and its license.")
    source_data = SourceData(
        title=_str(source.get("title"), "source.title"),
        author=_str(source.get("author"), "source.author"),
        url=_url(source.get("url", ""), "source.url", blank=True),
        license=_str(source.get("license"), "source.license", max_length=60),
        license_url=_url(source.get("license_url"), "source.license_url"),
        changes=_str(source.get("changes", ""), "source.changes", blank=True, max_length=2000),
    )

    raw_sections = raw.get("sections")
    if not isinstance(raw_sections, list) or not raw_sections:
        raise ContentError("sections must be a non-empty list.")
    sections: list[SectionData] = []
    anchors: set[str] = set()
    for position, item in enumerate(raw_sections):
        where = f"sections[{position}]"
        if not isinstance(item, dict):
            raise ContentError(f"{where} must be an object.")
        anchor = _anchor(item.get("anchor"), f"{where}.anchor")
        if anchor in anchors:
            raise ContentError(f"{where}.anchor {anchor!r} is used twice.")
        anchors.add(anchor)
        level = item.get("level", 1)
        if level not in (1, 2):
            raise ContentError(f"{where}.level must be 1 or 2.")
        parent = item.get("parent") or ""
        if level == 2 and parent and parent not in anchors:
            raise ContentError(f"{where}.parent {parent!r} is not an earlier section.")
        html = sanitize(_str(item.get("html", ""), f"{where}.html", blank=True, max_length=200_000))
        sections.append(
            SectionData(
                anchor=anchor,
                title=_str(item.get("title"), f"{where}.title"),
                level=level,
                parent=parent if level == 2 else "",
                html=html,
                text=html_to_text(html),
            )
        )

    raw_terms = raw.get("terms", [])
    if not isinstance(raw_terms, list):
        raise ContentError("terms must be a list.")
    terms: list[TermData] = []
    slugs: set[str] = set()
    for position, item in enumerate(raw_terms):
        where = f"terms[{position}]"
        if not isinstance(item, dict):
            raise ContentError(f"{where} must be an object.")
        slug = _str(item.get("slug"), f"{where}.slug", max_length=100)
        if not SLUG_RE.match(slug) or slug in RESERVED_SLUGS:
            raise ContentError(f"{where}.slug {slug!r} is not a usable slug.")
        if slug in slugs:
            raise ContentError(f"{where}.slug {slug!r} is used twice.")
        slugs.add(slug)
        kind = item.get("kind")
        if kind not in KINDS:
            raise ContentError(f"{where}.kind must be one of {', '.join(KINDS)}.")
        anchor = _anchor(item.get("anchor"), f"{where}.anchor")
        if anchor not in anchors and not any(
            f'id="{anchor}"' in section.html for section in sections
        ):
            raise ContentError(f"{where}.anchor {anchor!r} is not in this edition's sections.")
        forms = item.get("forms", [])
        if not isinstance(forms, list) or not all(isinstance(f, str) and f.strip() for f in forms):
            raise ContentError(f"{where}.forms must be a list of words.")
        link = item.get("link", True)
        if not isinstance(link, bool):
            raise ContentError(f"{where}.link must be true or false.")
        html = sanitize(_str(item.get("html"), f"{where}.html", max_length=50_000))
        terms.append(
            TermData(
                slug=slug,
                name=_str(item.get("name"), f"{where}.name", max_length=120),
                kind=kind,
                anchor=anchor,
                html=html,
                text=html_to_text(html),
                forms=tuple(dict.fromkeys(f.strip().lower() for f in forms)),
                link=link,
            )
        )

    return EditionData(
        number=number,
        name=_str(raw.get("name"), "name", max_length=40),
        title=_str(raw.get("title"), "title"),
        source=source_data,
        sections=tuple(sections),
        terms=tuple(terms),
        content_hash=content_hash(raw),
    )


def read_edition_file(path: Path) -> EditionData:
    try:
        raw = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as exc:
        raise ContentError(f"Cannot read {path}: {exc.strerror or exc}.") from exc
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ContentError(f"{path} is not a JSON file: {exc}.") from exc
    return parse_edition(raw)


def shipped_edition_files() -> list[Path]:
    return sorted(CONTENT_DIR.glob("*.json"), key=lambda p: (len(p.stem), p.stem))
