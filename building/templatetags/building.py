"""``{% load building %}``: links into the Card Building Guide pages.

{% building_url 14 "effect.draw-x-cards" %}     /building/14/#effect.draw-x-cards
{% building_url card.design_edition %}          the guide of the card's edition
{% building_url 14 section="level" %}           /building/14/#level
"""

from django import template

from building.links import building_url as _building_url

register = template.Library()


@register.simple_tag
def building_url(
    edition: object = None, component_id: str | None = None, section: str | None = None
) -> str:
    return _building_url(edition, component_id, section=section)
