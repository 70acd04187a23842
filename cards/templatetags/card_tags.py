"""``{% load card_tags %}``: small helpers for showing cards."""

from django import template
from django.urls import reverse
from django.utils.http import urlencode

from cards import selectors
from cards.models import Card

register = template.Library()


@register.filter
def card_verdict(card: Card) -> str:
    """The card's verdict under the current edition."""
    return selectors.current_verdict(card)


@register.simple_tag
def card_render_url(card: Card, size: str = "", download: bool = False) -> str:
    """The address of the card's PNG; it changes whenever the card is saved. A withheld card
    shows face down."""
    if card.withheld:
        return reverse("card-back")
    params = {"v": card.render_version}
    if size:
        params["size"] = size
    if download:
        params = {"download": "1"}
    return f"{reverse('api-card-render', args=[card.pk])}?{urlencode(params)}"


@register.filter
def edition_ordinal(number: object) -> str:
    from cards.rules import ordinal

    if isinstance(number, int) and not isinstance(number, bool):
        return ordinal(number)
    return "—"


@register.filter
def field_value(value: object, field: str) -> str:
    """A stored field as the card pages show it."""
    if value is None or value == "":
        return "—"
    if field == "kind":
        return str(value).capitalize()
    if field == "design_edition":
        return f"{edition_ordinal(value)} Edition"
    return str(value)
