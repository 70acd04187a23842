"""The small HTML dialect rulebook content is written in, and what the site does with it.

Rulebook sections and glossary definitions are stored as HTML so that lists, tables, emphasis
and the inserted/deleted marks of the source survive. Every piece of HTML that enters the
database passes through :func:`sanitize` first (shipped data and imported files alike), so
templates may show stored HTML as it is. Only the tags and attributes below survive; any other
tag is dropped with its text kept, and the contents of active elements are dropped entirely.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from html import escape
from html.parser import HTMLParser

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
    "tbody": frozenset(),
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


class _Sanitizer(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.out: list[str] = []
        self.stack: list[str] = []
        self.dropping = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in DROP_CONTENT_TAGS:
            self.dropping += 1
            return
        if self.dropping or tag not in ALLOWED_TAGS:
            return
        kept = []
        for name, value in attrs:
            if name in ALLOWED_TAGS[tag]:
                clean = _clean_attr(tag, name, value)
                if clean is not None:
                    kept.append(f' {name}="{escape(clean, quote=True)}"')
        if tag == "a" and not kept:
            # A link that points nowhere we can serve is just its text.
            self.stack.append("a-dropped")
            return
        self.out.append(f"<{tag}{''.join(kept)}>")
        if tag not in VOID_TAGS:
            self.stack.append(tag)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in VOID_TAGS and not self.dropping:
            self.out.append(f"<{tag}>")

    def handle_endtag(self, tag: str) -> None:
        if tag in DROP_CONTENT_TAGS:
            self.dropping = max(0, self.dropping - 1)
            return
        if self.dropping or tag not in ALLOWED_TAGS or tag in VOID_TAGS:
            return
        name = "a-dropped" if tag == "a" and "a-dropped" in self.stack[-1:] else tag
        if name not in self.stack:
            return
        while self.stack:
            open_tag = self.stack.pop()
            if open_tag != "a-dropped":
                self.out.append(f"</{open_tag}>")
            if open_tag == name:
                break

    def handle_data(self, data: str) -> None:
        if not self.dropping:
            self.out.append(escape(data, quote=False))

    def close(self) -> None:
        super().close()
        while self.stack:
            open_tag = self.stack.pop()
            if open_tag != "a-dropped":
                self.out.append(f"</{open_tag}>")


def sanitize(html: str) -> str:
    """The HTML with only the allowed tags and attributes, balanced and escaped."""
    parser = _Sanitizer()
    parser.feed(html)
    parser.close()
    return "".join(parser.out).strip()


class _TextExtractor(HTMLParser):
    """Figures are left out: their notes describe pictures, they are not rules text."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.list_depth = 0
        self.cell = 0
        self.in_figure = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "figure":
            self.in_figure += 1
        if tag in {"ul", "ol"}:
            self.list_depth += 1
        if tag == "li":
            self.parts.append("\n" + "  " * max(0, self.list_depth - 1) + "- ")
        elif tag == "tr":
            self.parts.append("\n")
            self.cell = 0
        elif tag in {"td", "th"}:
            if self.cell:
                self.parts.append(" | ")
            self.cell += 1
        elif tag == "br" or tag in BLOCK_TAGS:
            self.parts.append("\n")

    def handle_endtag(self, tag: str) -> None:
        if tag == "figure":
            self.in_figure = max(0, self.in_figure - 1)
        if tag in {"ul", "ol"}:
            self.list_depth = max(0, self.list_depth - 1)
        if tag in BLOCK_TAGS:
            self.parts.append("\n")

    def handle_data(self, data: str) -> None:
        if not self.in_figure:
            self.parts.append(data)


def html_to_text(html: str) -> str:
    """Readable plain text: one line per paragraph, list item or table row."""
    parser = _TextExtractor()
    parser.feed(html)
    parser.close()
    lines = []
    for raw in "".join(parser.parts).split("\n"):
        indent = len(raw) - len(raw.lstrip(" "))
        line = re.sub(r"\s+", " ", raw).strip()
        if line:
            lines.append(" " * indent + line if line.startswith("- ") else line)
    return "\n".join(lines)


# Text inside these is never given keyword links: links do not nest, and headings and
# abbreviations read better untouched.
_NO_LINK_INSIDE = frozenset({"a", "abbr", "code", "var"})


class _Linker(HTMLParser):
    def __init__(self, link_text: Callable[[str], str]) -> None:
        super().__init__(convert_charrefs=True)
        self.link_text = link_text
        self.out: list[str] = []
        self.blocked = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        rendered = "".join(
            f' {name}="{escape(value, quote=True)}"' for name, value in attrs if value is not None
        )
        self.out.append(f"<{tag}{rendered}>")
        if tag in _NO_LINK_INSIDE:
            self.blocked += 1

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        if tag in _NO_LINK_INSIDE:
            self.blocked -= 1

    def handle_endtag(self, tag: str) -> None:
        self.out.append(f"</{tag}>")
        if tag in _NO_LINK_INSIDE:
            self.blocked = max(0, self.blocked - 1)

    def handle_data(self, data: str) -> None:
        self.out.append(escape(data, quote=False) if self.blocked else self.link_text(data))


def transform_text_nodes(html: str, link_text: Callable[[str], str]) -> str:
    """Sanitized HTML with each text node (outside links) replaced by ``link_text(node)``,
    which receives raw text and must return escaped HTML."""
    parser = _Linker(link_text)
    parser.feed(html)
    parser.close()
    return "".join(parser.out)
