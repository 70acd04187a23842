"""Keyword links in card text and rules text: the markup every page shares.

A keyword becomes ``<a class="kw" href="/glossary/<slug>/" data-definition="..." title="...">``.
The stylesheet shows ``data-definition`` as a tooltip on hover and on keyboard focus; the
``title`` gives the same text to assistive technology. Text is escaped before anything is
added, so user text never reaches a page unescaped.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.urls import NoReverseMatch, reverse
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from rulebook.glossary_cache import keyword_index, memoized
from rulebook.htmltext import transform_text_nodes
from rulebook.matching import KeywordIndex, Match


def term_url(slug: str) -> str:
    try:
        return reverse("glossary-term", args=[slug])
    except NoReverseMatch:
        return f"/glossary/{slug}/"


def tooltip(match: Match) -> str:
    """The definition, led by the term's name unless the definition already starts with it."""
    if not match.definition:
        return match.name
    if match.definition.lower().startswith(match.name.lower()):
        return match.definition
    return f"{match.name}: {match.definition}"


def kw_anchor(href: str, definition: str, text: str) -> str:
    """A link with its definition shown on hover and focus (the stylesheet's ``a.kw``)."""
    shown = escape(definition)
    return (
        f'<a class="kw" href="{escape(href)}" data-definition="{shown}" title="{shown}">'
        f"{escape(text)}</a>"
    )


def link_markup(match: Match, *, fragment: str = "") -> str:
    return kw_anchor(term_url(match.slug) + fragment, tooltip(match), match.text)


def _linked(
    text: str,
    matches: Iterable[Match],
    *,
    fragment: str = "",
    exclude: frozenset[str] = frozenset(),
    seen: set[str] | None = None,
) -> str:
    """The text escaped, with links for the matches. Excluded terms stay plain text (their
    words are not searched again for shorter terms), and with ``seen`` each term is linked
    once."""
    parts: list[str] = []
    position = 0
    for match in matches:
        if match.slug in exclude or (seen is not None and match.slug in seen):
            continue
        if seen is not None:
            seen.add(match.slug)
        parts.append(escape(text[position : match.start]))
        parts.append(link_markup(match, fragment=fragment))
        position = match.end
    parts.append(escape(text[position:]))
    return "".join(parts)


def keyword_links(text: object, edition: int | None = None) -> SafeString:
    """Card text as safe HTML: escaped, line breaks kept, keywords linked to the glossary."""
    raw = "" if text is None else str(text)
    if not raw:
        return mark_safe("")
    raw = raw.replace("\r\n", "\n").replace("\r", "\n")
    index = keyword_index(edition)
    lines = [_linked(line, index.find(line)) for line in raw.split("\n")]
    return mark_safe("<br>".join(lines))


def link_rules_html(
    html: str,
    *,
    edition: int,
    index: KeywordIndex | None = None,
    first_only: bool = True,
    exclude: Iterable[str] = (),
) -> str:
    """Sanitized rulebook HTML with the glossary terms in its text linked.

    With ``first_only``, each term is linked where it first appears in the fragment, as an
    encyclopedia does, so a paragraph is not a wall of links. Terms in ``exclude`` (an entry's
    own term, on its page) are not linked.
    """
    index = index or keyword_index(edition)
    seen: set[str] | None = set() if first_only else None
    fragment = f"#edition-{edition}"
    excluded = frozenset(exclude)

    def link_text(text: str) -> str:
        return _linked(text, index.find(text), fragment=fragment, exclude=excluded, seen=seen)

    return transform_text_nodes(html, link_text)


def linked_section_html(section_id: int, html: str, edition: int) -> SafeString:
    """A section's HTML with keyword links, kept until the glossary changes."""
    value = memoized(("section", section_id), lambda: link_rules_html(html, edition=edition))
    return mark_safe(value)
