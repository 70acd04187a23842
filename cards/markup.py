"""Markdown written by players (deck primers, descriptions), with links to cards.

The text is CommonMark with tables and strikethrough, read by markdown-it-py, plus card links:
``[[Card Name]]`` or ``[[Card Name|shown text]]``. A card link becomes a link to the card's page
only when the reader may find that card by its name (their own cards and public ones:
cards.selectors.cards_visible_to); any other name, a private card of someone else's included,
stays plain text, so a link never tells a reader that a card they may not see exists.

Nothing the writer types runs in a reader's browser: raw HTML is shown as text, pictures
become links (a remote picture would tell another site who reads the page), and the result is
cleaned by nh3, which keeps only the tags below and http(s)/mailto links.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import nh3
from django.db.models import Case, IntegerField, Q, Value, When
from django.urls import reverse
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.text import slugify
from markdown_it import MarkdownIt
from markdown_it.rules_inline import StateInline
from markdown_it.token import Token

from cards.addresses import outside_host
from cards.addresses import written_addresses as written_addresses  # one home, read from here too
from cards.limits import MAX_NAME
from cards.selectors import cards_visible_to, signed_in_user

# A text is read up to this many characters: far beyond any primer, and a bound on the work
# one request can ask for.
MAX_MARKUP_CHARS = 60_000
# At most this many different card names are looked up per text (in one query); the names
# after them read as plain text.
MAX_CARD_LINKS = 200
# The shown text of a card link, like a name, is short.
MAX_SHOWN = 200

_TAGS = {
    *(f"h{level}" for level in range(2, 7)),
    *("p", "br", "hr", "blockquote", "pre", "code", "em", "strong", "s", "del", "a"),
    *("ul", "ol", "li", "table", "thead", "tbody", "tr", "th", "td", "span"),
}
_ATTRIBUTES = {
    "a": {"href", "title", "class", "data-card-id"},
    "ol": {"start"},
    "th": {"style"},
    "td": {"style"},
    **{f"h{level}": {"id"} for level in range(2, 7)},
}
_HEADING_ID = re.compile(r"^[a-z][a-z0-9-]{0,120}$")
_CARD_ID = re.compile(r"^[0-9]{1,12}$")
# The one class the renderer gives a link; any other class a text could smuggle is dropped.
CARD_LINK_CLASS = "card-link"


def _clean_attribute(tag: str, name: str, value: str | None) -> str | None:
    if value is None:
        return None
    if name == "id":
        return value if _HEADING_ID.match(value) else None
    if name == "class":
        return value if value == CARD_LINK_CLASS else None
    if name == "data-card-id":
        return value if _CARD_ID.match(value) else None
    return value


_CLEANER = nh3.Cleaner(
    tags=_TAGS,
    attributes=_ATTRIBUTES,
    attribute_filter=_clean_attribute,
    clean_content_tags={"script", "style", "template", "iframe", "object", "embed", "svg"},
    filter_style_properties={"text-align"},
    url_schemes={"http", "https", "mailto"},
    link_rel="nofollow ugc noopener",
    strip_comments=True,
)


@dataclass(frozen=True)
class CardLinkTarget:
    pk: int
    name: str


@dataclass(frozen=True)
class Heading:
    level: int  # as shown: 2 to 6
    text: str
    anchor: str


@dataclass(frozen=True)
class RenderedMarkup:
    html: SafeString
    headings: tuple[Heading, ...]


# -- the card link syntax -------------------------------------------------------------------


def _split_card_link(inner: str) -> tuple[str, str] | None:
    """The name and shown text of a card link's inside, or None when it is not one."""
    name, _, shown = inner.partition("|")
    name = " ".join(name.split())
    shown = " ".join(shown.split()) or name
    if not name or len(name) > MAX_NAME or len(shown) > MAX_SHOWN:
        return None
    return name, shown


def _card_link_rule(state: StateInline, silent: bool) -> bool:
    """``[[name]]`` or ``[[name|shown]]`` on one line, without brackets inside."""
    start = state.pos
    src = state.src
    if not src.startswith("[[", start):
        return False
    end = src.find("]]", start + 2, start + 2 + MAX_NAME + MAX_SHOWN + 2)
    if end < 0:
        return False
    inner = src[start + 2 : end]
    if "[" in inner or "]" in inner or "\n" in inner:
        return False
    parts = _split_card_link(inner)
    if parts is None:
        return False
    if not silent:
        token = state.push("card_link", "", 0)
        token.meta = {"name": parts[0], "shown": parts[1]}
        token.content = src[start : end + 2]
    state.pos = end + 2
    return True


def _parser() -> MarkdownIt:
    # A line break is kept as one (descriptions written before Markdown read as they did).
    options = {"html": False, "breaks": True}
    parser = MarkdownIt("commonmark", options).enable(["table", "strikethrough"])
    parser.inline.ruler.before("link", "card_link", _card_link_rule)
    return parser


_PARSER = _parser()


def _render_card_link(self: Any, tokens: Sequence[Token], idx: int, options: Any, env: dict) -> str:
    meta = tokens[idx].meta
    target: CardLinkTarget | None = env.get("card_links", {}).get(meta["name"].lower())
    if target is None:
        return escape(meta["shown"])
    href = reverse("card-detail", kwargs={"pk": target.pk})
    return (
        f'<a href="{escape(href)}" class="{CARD_LINK_CLASS}" data-card-id="{target.pk}">'
        f"{escape(meta['shown'])}</a>"
    )


def _render_image(self: Any, tokens: Sequence[Token], idx: int, options: Any, env: dict) -> str:
    """A picture is shown as a link to it, named by its description: no remote images."""
    token = tokens[idx]
    alt = "".join(child.content for child in token.children or ()) or token.attrGet("src") or ""
    src = str(token.attrGet("src") or "")
    return f'<a href="{escape(src)}">{escape(alt)}</a>'


def _render_heading_open(
    self: Any, tokens: Sequence[Token], idx: int, options: Any, env: dict
) -> str:
    token = tokens[idx]
    anchor = token.meta.get("anchor")
    attribute = f' id="{escape(anchor)}"' if anchor else ""
    return f"<{token.tag}{attribute}>"


_PARSER.add_render_rule("card_link", _render_card_link)
_PARSER.add_render_rule("image", _render_image)
_PARSER.add_render_rule("heading_open", _render_heading_open)


# -- reading a text -------------------------------------------------------------------------


def _inline_children(tokens: Iterable[Token]) -> Iterable[Token]:
    for token in tokens:
        if token.type == "inline":
            yield from token.children or ()


def card_link_names(tokens: Iterable[Token]) -> list[str]:
    """The different names the text links to (lowercased), in order, up to MAX_CARD_LINKS."""
    names: dict[str, None] = {}
    for child in _inline_children(tokens):
        if child.type == "card_link":
            names.setdefault(child.meta["name"].lower(), None)
            if len(names) >= MAX_CARD_LINKS:
                break
    return list(names)


def resolve_card_names(names: Sequence[str], *, viewer: Any) -> dict[str, CardLinkTarget]:
    """Which card each name (lowercased) links to for `viewer`, in one query: among the cards
    they may find (their own and public ones), their own first, then the oldest public one."""
    names = list(dict.fromkeys(name.lower() for name in names))[:MAX_CARD_LINKS]
    if not names:
        return {}
    condition = Q()
    for name in names:
        condition |= Q(name__iexact=name)
    cards = cards_visible_to(viewer).filter(condition)
    user = signed_in_user(viewer)
    if user is not None:
        theirs = Case(
            When(owner=user, then=Value(0)), default=Value(1), output_field=IntegerField()
        )
        cards = cards.annotate(_theirs=theirs).order_by("_theirs", "pk")
    else:
        cards = cards.order_by("pk")
    # Many cards may share a name; enough rows to find every name's first.
    rows = cards.values_list("pk", "name")[: MAX_CARD_LINKS * 20]
    wanted = set(names)
    found: dict[str, CardLinkTarget] = {}
    for pk, name in rows:
        key = " ".join(name.split()).lower()
        if key in wanted and key not in found:
            found[key] = CardLinkTarget(pk=pk, name=name)
    return found


def _heading_text(inline: Token) -> str:
    parts = []
    for child in inline.children or ():
        if child.type in {"text", "code_inline"}:
            parts.append(child.content)
        elif child.type == "card_link":
            parts.append(child.meta["shown"])
    return "".join(parts).strip()


def _mark_headings(tokens: list[Token], anchor_prefix: str) -> tuple[Heading, ...]:
    """Shift headings one level down (the page's own title is its h1) and give each an anchor
    for a table of contents."""
    headings: list[Heading] = []
    used: set[str] = set()
    for position, token in enumerate(tokens):
        if token.type not in {"heading_open", "heading_close"}:
            continue
        level = min(int(token.tag[1]) + 1, 6)
        token.tag = f"h{level}"
        if token.type == "heading_close":
            continue
        text = _heading_text(tokens[position + 1])
        base = f"{anchor_prefix}-{slugify(text)[:80]}".rstrip("-") or anchor_prefix
        anchor, number = base, 2
        while anchor in used:
            anchor, number = f"{base}-{number}", number + 1
        used.add(anchor)
        token.meta = {**(token.meta or {}), "anchor": anchor}
        headings.append(Heading(level=level, text=text, anchor=anchor))
    return tuple(headings)


def render_document(text: str, *, viewer: Any, anchor_prefix: str = "section") -> RenderedMarkup:
    """The text rendered for `viewer`, with its headings (shifted below the page's title and
    given anchors made with `anchor_prefix`) for a table of contents."""
    text = (text or "")[:MAX_MARKUP_CHARS]
    env: dict[str, Any] = {}
    tokens = _PARSER.parse(text, env)
    env["card_links"] = resolve_card_names(card_link_names(tokens), viewer=viewer)
    headings = _mark_headings(tokens, slugify(anchor_prefix) or "section")
    html = _PARSER.renderer.render(tokens, _PARSER.options, env)
    # Safe to show as it is: nh3 has just kept only the tags and attributes above.
    return RenderedMarkup(html=mark_safe(_CLEANER.clean(html)), headings=headings)


def render_markup(text: str, *, viewer: Any) -> SafeString:
    """The text as sanitised HTML for `viewer`, its card links resolved for them."""
    return render_document(text, viewer=viewer).html


def outside_links(text: str) -> list[str]:
    """The addresses of the links to other sites the text would render (``[x](url)``,
    ``<https://…>`` autolinks, pictures, which render as links), in order, each once, wherever
    a browser would take its reader (cards.addresses.link_host: ``//host`` too). Links to this
    site's own pages (relative, or to one of its hosts) are not counted."""
    tokens = _PARSER.parse((text or "")[:MAX_MARKUP_CHARS], {})
    urls: dict[str, None] = {}
    for child in _inline_children(tokens):
        if child.type == "link_open":
            href = str(child.attrGet("href") or "")
        elif child.type == "image":
            href = str(child.attrGet("src") or "")
        else:
            continue
        if outside_host(href):
            urls.setdefault(href, None)
    return list(urls)


def plain_text(text: str, *, limit: int = 200) -> str:
    """The words of the text without its Markdown, on one line, cut at `limit` characters:
    for a link preview's description. Card links are their shown text."""
    tokens = _PARSER.parse((text or "")[:MAX_MARKUP_CHARS], {})
    words: list[str] = []
    for token in tokens:
        if token.type != "inline":
            continue
        for child in token.children or ():
            if child.type in {"text", "code_inline"}:
                words.append(child.content)
            elif child.type == "card_link":
                words.append(child.meta["shown"])
            elif child.type in {"softbreak", "hardbreak"}:
                words.append(" ")
        words.append(" ")  # between blocks
    line = " ".join("".join(words).split())
    return line if len(line) <= limit else line[: limit - 1].rstrip() + "…"
