"""``{% load goldfish_tags %}``: the goldfish runs a deck page may list."""

from typing import Any

from django import template

from simulations.selectors import recent_runs as recent_runs_of

register = template.Library()


@register.simple_tag
def recent_runs(deck: Any, user: Any, limit: int = 3) -> list[Any]:
    """The viewer's own latest runs of the deck: a run belongs to whoever started it."""
    return recent_runs_of(deck=deck, user=user, limit=limit)
