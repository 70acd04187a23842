"""The game's words explained where the site uses them ("bury", "granary", "sow"): a link to
where the current rulebook defines the word, with its definition on hover and focus.

A word the glossary lists links to its glossary entry. Other words of the game are defined in
the rulebook's own sections: where the current edition writes the word as a definition
(``<dfn>sowed</dfn>``) or opens a list item with it ("Granary: Typically below the
battlefield…"), the link goes to that section and the definition is its sentence or item. Nothing
here is typed by hand: a word the rulebook stops defining is shown as plain text."""

from __future__ import annotations

import re
from dataclasses import dataclass

from django.db import DatabaseError
from django.urls import reverse
from django.utils.html import escape, strip_tags
from django.utils.safestring import SafeString, mark_safe

from rulebook.glossary_cache import memoized
from rulebook.keywords import find_keywords
from rulebook.linking import kw_anchor, tooltip
from rulebook.models import Edition, Section

SENTENCE_END = re.compile(r"(?<=[.!?])\s+")
MARK = "\u2063"  # an invisible separator, never in rules text


@dataclass(frozen=True)
class Explanation:
    url: str
    definition: str


def forms_of(word: str) -> list[str]:
    """The written forms a definition may use: sow, sows, sowed, sowing, sown.

    >>> forms_of("sow")
    ['sow', 'sows', 'sowed', 'sowing', 'sown']
    """
    return [word, f"{word}s", f"{word}ed", f"{word}ing", f"{word}n"]


def _from_glossary(word: str) -> Explanation | None:
    for match in find_keywords(word, None):
        if match.text.lower() == word.lower():
            url = reverse("glossary-term", args=[match.slug])
            return Explanation(url=url, definition=tooltip(match))
    return None


def _defined_in(section: Section, word: str) -> str:
    """The sentence or list item of `section` that defines `word`, as plain text; "" if none."""
    html = section.html
    for form in forms_of(word):
        marked = re.search(rf"<dfn>({re.escape(form)})</dfn>", html, re.IGNORECASE)
        if marked:
            # The defining sentence is the one that holds the marked word.
            text = strip_tags(html[: marked.start()] + MARK + html[marked.end() :])
            for sentence in SENTENCE_END.split(" ".join(text.split())):
                if MARK in sentence:
                    return sentence.replace(MARK, marked.group(1))
    item = re.search(rf"<li>\s*({re.escape(word)}:.*?)</li>", html, re.IGNORECASE | re.DOTALL)
    if item:
        return " ".join(strip_tags(item.group(1)).split())
    return ""


def _from_rulebook(word: str) -> Explanation | None:
    edition = Edition.objects.order_by("-number").first()
    if edition is None:
        return None
    for section in edition.sections.filter(html__icontains=word).order_by("position"):
        definition = _defined_in(section, word)
        if definition:
            url = f"{reverse('rulebook-edition', args=[edition.number])}#{section.anchor}"
            return Explanation(url=url, definition=f"{section.title}: {definition}")
    return None


def explain(word: str) -> Explanation | None:
    """Where the current rules define `word`, and how; None when they do not."""

    def build() -> Explanation | None:
        try:
            return _from_glossary(word) or _from_rulebook(word)
        except DatabaseError:
            return None

    return memoized(("word", word.lower()), build)


def word_link(word: str, shown: str = "") -> SafeString:
    """`shown` (the word itself by default) as a link to its definition, or as plain text."""
    text = shown or word
    found = explain(word)
    if found is None:
        return mark_safe(escape(text))
    return mark_safe(kw_anchor(found.url, found.definition, text))
