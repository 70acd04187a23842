"""``{% load glossary %}``: keyword links for card text anywhere on the site.

    {{ card.ability_text|keyword_links }}        terms of every edition
    {{ card.ability_text|keyword_links:14 }}     terms of the 14th edition only

The text is escaped, line breaks become ``<br>``, and each keyword becomes a link to its
glossary entry with the definition shown on hover and on keyboard focus.
"""

from django import template
from django.utils.safestring import SafeString

from rulebook import linking, words
from rulebook.keywords import Match, find_keywords

register = template.Library()


def _edition_number(edition: object) -> int | None:
    """An edition given as a number, a numeric string or an object with ``number``."""
    value = getattr(edition, "number", edition)
    if value is None or value == "" or isinstance(value, bool):
        return None
    try:
        return int(str(value))
    except (TypeError, ValueError):
        return None


@register.filter(name="keyword_links")
def keyword_links(value: object, edition: object = None) -> SafeString:
    return linking.keyword_links(value, _edition_number(edition))


@register.filter(name="keywords_in")
def keywords_in(value: object, edition: object = None) -> list[Match]:
    """The distinct keywords of a text, in the order they first appear."""
    seen: dict[str, Match] = {}
    for match in find_keywords("" if value is None else str(value), _edition_number(edition)):
        seen.setdefault(match.slug, match)
    return list(seen.values())


@register.simple_tag(name="rule_word")
def rule_word(word: str, shown: str = "") -> SafeString:
    """``{% rule_word "bury" "Buried" %}``: a game word linked to where the rules define it."""
    return words.word_link(word, shown)
