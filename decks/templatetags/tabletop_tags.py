"""The deck page's word on its Tabletop Simulator export (decks.tabletop_keys)."""

from __future__ import annotations

from django import template

from decks.tabletop_keys import KEY_DAYS

register = template.Library()


@register.simple_tag
def tabletop_key_days() -> int:
    """``{% tabletop_key_days %}``: how many days the sheets of a signed-in export work."""
    return KEY_DAYS
