"""Player-written Markdown in templates (cards.markup): rendered for the one reading the page."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.safestring import SafeString

from cards import markup

register = template.Library()

# A table of contents is shown when a text has at least this many sections.
TOC_MIN_SECTIONS = 2


@register.simple_tag(takes_context=True)
def render_markup(context: template.Context, text: str) -> SafeString:
    """``{% render_markup text %}``: the text as HTML, its card links for the viewer."""
    return markup.render_markup(text or "", viewer=_viewer(context))


@register.simple_tag(takes_context=True)
def primer(context: template.Context, text: str, anchor_prefix: str = "primer") -> dict:
    """``{% primer deck.description as primer %}``: the rendered text and, when it has several
    sections, the table of contents (its two top levels)."""
    rendered = markup.render_document(
        text or "", viewer=_viewer(context), anchor_prefix=anchor_prefix
    )
    top = min((heading.level for heading in rendered.headings), default=2)
    contents = [heading for heading in rendered.headings if heading.level <= top + 1]
    sections = [heading for heading in rendered.headings if heading.level == top]
    return {
        "html": rendered.html,
        "contents": contents if len(sections) >= TOC_MIN_SECTIONS else [],
        "top": top,
    }


@register.filter
def markup_plain(text: str, limit: int = 200) -> str:
    """``{{ text|markup_plain:200 }}``: the words without their Markdown, for a preview."""
    return markup.plain_text(text or "", limit=int(limit))


def _viewer(context: template.Context) -> Any:
    request = context.get("request")
    return getattr(request, "user", None) if request is not None else context.get("user")
