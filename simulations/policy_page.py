"""The goldfish policy page: ``decks/goldfish/POLICY.md`` as a web page.

The policy is written in Markdown beside the engine it describes, so the two change together.
Here it is rendered (CommonMark and its tables, by markdown-it-py) and the HTML cleaned by nh3
before the page shows it: a heading, a list or a table in the file becomes one on the page,
and nothing the file could hold (raw HTML included) runs in a reader's browser.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import nh3
from django.utils.safestring import SafeString, mark_safe
from markdown_it import MarkdownIt
from markdown_it.token import Token

from decks import goldfish

POLICY_PATH = Path(goldfish.__path__[0]) / "POLICY.md"
# The page's title when the file has no heading to give it.
DEFAULT_TITLE = "How the goldfish plays"

# What a policy written in Markdown can show: its blocks, emphasis, code, links and tables.
_TAGS = {
    *(f"h{level}" for level in range(1, 7)),
    *("p", "br", "hr", "blockquote", "pre", "code", "em", "strong", "del", "a"),
    *("ul", "ol", "li", "table", "thead", "tbody", "tr", "th", "td"),
}
_ATTRIBUTES = {
    "a": {"href", "title"},
    "ol": {"start"},
    # A table column's alignment (":---:") is written as a style; only that one survives.
    "th": {"style"},
    "td": {"style"},
}


@dataclass(frozen=True)
class PolicyPage:
    title: str  # the document's first heading, as plain text
    html: SafeString  # the rest of the document, cleaned


def policy_source() -> str:
    return POLICY_PATH.read_text(encoding="utf-8")


def _plain_text(inline: Token) -> str:
    """A heading's words without their Markdown: "How *the* goldfish" is "How the goldfish"."""
    return "".join(
        child.content for child in inline.children or () if child.type in {"text", "code_inline"}
    ).strip()


@lru_cache(maxsize=4)
def render_policy(markdown: str) -> PolicyPage:
    """The policy as a page: its first heading becomes the page's title (its h1), whatever
    its level in the file, and the rest is rendered below it. Cached by the text, so the
    file is rendered once however often the page is read, and again only when it changes."""
    parser = MarkdownIt("commonmark", {"html": True}).enable("table")
    tokens = parser.parse(markdown)
    title = DEFAULT_TITLE
    for position, token in enumerate(tokens):
        if token.type == "heading_open":
            title = _plain_text(tokens[position + 1]) or DEFAULT_TITLE
            del tokens[position : position + 3]  # heading_open, inline, heading_close
            break
    html = parser.renderer.render(tokens, parser.options, {})
    clean = nh3.clean(
        html,
        tags=_TAGS,
        attributes=_ATTRIBUTES,
        filter_style_properties={"text-align"},
        url_schemes={"http", "https", "mailto"},
    )
    # Safe to show as it is: nh3 has just kept only the tags and attributes above.
    return PolicyPage(title=title, html=mark_safe(clean))
