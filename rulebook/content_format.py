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
in this edition's sections it is defined. The shipped files are in ``rulebook/content/editions``
(:data:`CONTENT_DIR`); a further edition is a further file there, loaded after the next
``manage.py migrate`` (:mod:`rulebook.apps`). ``manage.py import_rulebook`` loads a file kept
anywhere else.

:func:`parse_edition` checks a document against ``content.schema.json`` (beside the shipped
files: every key, its type, its length and its form), then what one value says about another,
and returns plain values with the HTML sanitized; errors are :class:`ContentError` (a
``ValueError``) naming the field at fault.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema

from cards.rules.schema_messages import schema_problems
from rulebook.htmltext import html_to_text, sanitize

# Read when the files are listed, so a test can point it at a folder of its own.
CONTENT_DIR = Path(__file__).resolve().parent / "content" / "editions"
# The shape of a content file: the code's own, whatever folder the files are read from.
SCHEMA_PATH = CONTENT_DIR / "content.schema.json"
# Glossary pages' own addresses, which no term may take.
RESERVED_SLUGS = frozenset({"download", "search", "annotate"})


@cache
def _schema() -> dict[str, Any]:
    schema: dict[str, Any] = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    return schema


# The kinds of glossary entry, as the schema lists them (the API offers them as a filter).
KINDS: tuple[str, ...] = tuple(
    _schema()["properties"]["terms"]["items"]["properties"]["kind"]["enum"]
)


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


@cache
def _validator() -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator(_schema())


def _check_schema(raw: Any) -> None:
    if not isinstance(raw, dict):
        raise ContentError("A rulebook file must hold one JSON object.")
    problems = schema_problems(_validator(), raw)
    if problems:
        raise ContentError("; ".join(problems) + ".")


def content_hash(raw: dict[str, Any]) -> str:
    canonical = json.dumps(raw, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


def parse_edition(raw: Any) -> EditionData:
    _check_schema(raw)
    source = raw["source"]
    source_data = SourceData(
        title=source["title"].strip(),
        author=source["author"].strip(),
        url=source.get("url", "").strip(),
        license=source["license"].strip(),
        license_url=source["license_url"].strip(),
        changes=source.get("changes", "").strip(),
    )

    sections: list[SectionData] = []
    anchors: set[str] = set()
    for position, item in enumerate(raw["sections"]):
        where = f"sections[{position}]"
        anchor = item["anchor"]
        if anchor in anchors:
            raise ContentError(f"{where}.anchor {anchor!r} is used twice.")
        anchors.add(anchor)
        level = item.get("level", 1)
        parent = item.get("parent") or ""
        if level == 2 and parent and parent not in anchors:
            raise ContentError(f"{where}.parent {parent!r} is not an earlier section.")
        html = sanitize(item.get("html", "").strip())
        sections.append(
            SectionData(
                anchor=anchor,
                title=item["title"].strip(),
                level=level,
                parent=parent if level == 2 else "",
                html=html,
                text=html_to_text(html),
            )
        )

    terms: list[TermData] = []
    slugs: set[str] = set()
    for position, item in enumerate(raw.get("terms", [])):
        where = f"terms[{position}]"
        slug = item["slug"]
        if slug in RESERVED_SLUGS:
            raise ContentError(f"{where}.slug {slug!r} is not a usable slug: a page has it.")
        if slug in slugs:
            raise ContentError(f"{where}.slug {slug!r} is used twice.")
        slugs.add(slug)
        anchor = item["anchor"]
        if anchor not in anchors and not any(
            f'id="{anchor}"' in section.html for section in sections
        ):
            raise ContentError(f"{where}.anchor {anchor!r} is not in this edition's sections.")
        html = sanitize(item["html"].strip())
        terms.append(
            TermData(
                slug=slug,
                name=item["name"].strip(),
                kind=item["kind"],
                anchor=anchor,
                html=html,
                text=html_to_text(html),
                forms=tuple(dict.fromkeys(f.strip().lower() for f in item.get("forms", []))),
                link=item.get("link", True),
            )
        )

    return EditionData(
        number=raw["edition"],
        name=raw["name"].strip(),
        title=raw["title"].strip(),
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
    files = [path for path in CONTENT_DIR.glob("*.json") if not path.name.endswith(".schema.json")]
    return sorted(files, key=lambda p: (len(p.stem), p.stem))
