"""The small HTML dialect rulebook content is written in, and what the site does with it.

Rulebook sections and glossary definitions are stored as HTML so that lists, tables, emphasis
and the inserted/deleted marks of the source survive. Every piece of HTML that enters the
database passes through :func:`sanitize` first (shipped data and imported files alike), so
templates may show stored HTML as it is. Only the tags and attributes below survive; any other
tag is dropped with its text kept, and the contents of active elements are dropped entirely.

Sanitizing is nh3's (the ammonia sanitizer), which reads the markup as a browser does; reading
sanitized HTML back, for its text or its keyword links, is lxml's.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from html import escape

import lxml.html
import nh3
from lxml.etree import _Element

ALLOWED_TAGS: dict[str, frozenset[str]] = {
    "p": frozenset(),
    "br": frozenset(),
    "ul": frozenset(),
    "ol": frozenset({"type"}),
    "li": frozenset({"id"}),
    "b": frozenset(),
    "strong": frozenset(),
    "em": frozenset(),
    "i": frozenset(),
    "dfn": frozenset(),
    "abbr": frozenset({"title"}),
    "var": frozenset(),
    "sup": frozenset(),
    "sub": frozenset(),
    "code": frozenset(),
    "table": frozenset(),
    "thead": frozenset(),
    # No "tbody": a browser's parser puts one in every table, so a table's rows are stored
    # as written (the shipped files have none) and the browser adds it back when it reads them.
    "tr": frozenset(),
    "th": frozenset(),
    "td": frozenset(),
    "ins": frozenset(),
    "del": frozenset(),
    "a": frozenset({"href"}),
    "figure": frozenset({"class"}),
    "figcaption": frozenset(),
    "blockquote": frozenset(),
}
VOID_TAGS = frozenset({"br"})
# Elements whose content is never text a reader should see.
DROP_CONTENT_TAGS = frozenset(
    {"script", "style", "template", "iframe", "object", "embed", "noscript", "svg", "math"}
)
BLOCK_TAGS = frozenset(
    {"p", "ul", "ol", "li", "table", "tr", "figure", "figcaption", "blockquote", "div"}
)

ANCHOR_RE = re.compile(r"^[a-z0-9][a-z0-9-]{0,99}$")
_SAFE_HREF = re.compile(r"^(#[a-z0-9][a-z0-9-]{0,99}|https?://[^\s\"'<>]+)$", re.IGNORECASE)
_SAFE_CLASS = re.compile(r"^[a-z][a-z0-9 -]{0,60}$")


def _clean_attr(tag: str, name: str, value: str | None) -> str | None:
    """The attribute's value as stored, or None to leave the attribute out."""
    if value is None:
        return None
    value = value.strip()
    if tag == "a" and name == "href":
        return value if _SAFE_HREF.match(value) else None
    if name == "id":
        return value if ANCHOR_RE.match(value) else None
    if name == "type":
        return value if value in {"1", "a", "A", "i", "I"} else None
    if name == "class":
        return value if _SAFE_CLASS.match(value) else None
    return value[:300]


_CLEANER = nh3.Cleaner(
    tags=set(ALLOWED_TAGS),
    clean_content_tags=set(DROP_CONTENT_TAGS),
    attributes={tag: set(names) for tag, names in ALLOWED_TAGS.items() if names},
    attribute_filter=_clean_attr,
    # The links the dialect allows are checked by _SAFE_HREF above; nh3's own scheme check
    # comes first and agrees with it.
    url_schemes={"http", "https"},
    link_rel=None,
    strip_comments=True,
)

# A tag of nh3's output, whose attribute values are always double-quoted (a quote inside one
# is escaped), so a "<" inside a value is never taken for a tag of its own. Text has no "<".
_TAG = re.compile(r'(<[a-z/][^>"]*(?:"[^"]*"[^>"]*)*>)')


def _tidy(html: str) -> str:
    """nh3's output without what its browser-like reading adds or leaves that says nothing:
    a link that points nowhere we can serve is just its text (its ``<a>`` lost its href), and
    an empty paragraph is dropped (a stray ``</p>`` makes one)."""
    out: list[str] = []
    in_bare_link = False  # links never nest once parsed, so one flag is enough
    for position, part in enumerate(_TAG.split(html)):
        if position % 2 == 0:  # text between tags
            if part:
                out.append(part)
        elif part == "<a>":
            in_bare_link = True
        elif part == "</a>" and in_bare_link:
            in_bare_link = False
        elif part == "</p>" and out and out[-1] == "<p>":
            out.pop()
        else:
            out.append(part)
    return "".join(out)


def sanitize(html: str) -> str:
    """The HTML with only the allowed tags and attributes, balanced and escaped."""
    return _tidy(_CLEANER.clean(html)).strip()


def _fragment(html: str) -> _Element:
    """The HTML read by lxml into one <div> that holds it."""
    return lxml.html.fragment_fromstring(html, create_parent="div")


def _events(element: _Element) -> Iterator[tuple[str, str, dict[str, str]]]:
    """("start", tag, attributes), ("text", text, {}) and ("end", tag, {}) in reading order,
    the way a streaming parser reports the element's content. Comments give only their tail."""
    for child in element:
        if isinstance(child.tag, str):
            yield "start", child.tag, dict(child.attrib)
            if child.text:
                yield "text", child.text, {}
            yield from _events(child)
            if child.tag not in VOID_TAGS:
                yield "end", child.tag, {}
        if child.tail:
            yield "text", child.tail, {}


def _content_events(html: str) -> Iterator[tuple[str, str, dict[str, str]]]:
    root = _fragment(html)
    if root.text:
        yield "text", root.text, {}
    yield from _events(root)


def html_to_text(html: str) -> str:
    """Readable plain text: one line per paragraph, list item or table row.
    Figures are left out: their notes describe pictures, they are not rules text."""
    parts: list[str] = []
    list_depth = cell = in_figure = 0
    for kind, value, _ in _content_events(html):
        if kind == "text":
            if not in_figure:
                parts.append(value)
        elif kind == "start":
            if value == "figure":
                in_figure += 1
            if value in {"ul", "ol"}:
                list_depth += 1
            if value == "li":
                parts.append("\n" + "  " * max(0, list_depth - 1) + "- ")
            elif value == "tr":
                parts.append("\n")
                cell = 0
            elif value in {"td", "th"}:
                if cell:
                    parts.append(" | ")
                cell += 1
            elif value == "br" or value in BLOCK_TAGS:
                parts.append("\n")
        else:
            if value == "figure":
                in_figure = max(0, in_figure - 1)
            if value in {"ul", "ol"}:
                list_depth = max(0, list_depth - 1)
            if value in BLOCK_TAGS:
                parts.append("\n")
    lines = []
    for raw in "".join(parts).split("\n"):
        indent = len(raw) - len(raw.lstrip(" "))
        line = re.sub(r"\s+", " ", raw).strip()
        if line:
            lines.append(" " * indent + line if line.startswith("- ") else line)
    return "\n".join(lines)


# Text inside these is never given keyword links: links do not nest, and headings and
# abbreviations read better untouched.
_NO_LINK_INSIDE = frozenset({"a", "abbr", "code", "var"})


def transform_text_nodes(html: str, link_text: Callable[[str], str]) -> str:
    """Sanitized HTML with each text node (outside links) replaced by ``link_text(node)``,
    which receives raw text and must return escaped HTML."""
    out: list[str] = []
    blocked = 0
    for kind, value, attrs in _content_events(html):
        if kind == "text":
            out.append(escape(value, quote=False) if blocked else link_text(value))
        elif kind == "start":
            rendered = "".join(f' {name}="{escape(v, quote=True)}"' for name, v in attrs.items())
            out.append(f"<{value}{rendered}>")
            if value in _NO_LINK_INSIDE:
                blocked += 1
        else:
            out.append(f"</{value}>")
            if value in _NO_LINK_INSIDE:
                blocked = max(0, blocked - 1)
    return "".join(out)
