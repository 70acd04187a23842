"""``{% load card_tags %}``: small helpers for showing cards."""

from collections.abc import Sized
from typing import Any

from django import template
from django.urls import reverse
from django.utils.http import urlencode

from cards import rules, selectors
from cards.models import Card

register = template.Library()


# Warnings only qualify a card that may be played: on a pruned or invalid one the verdict
# already says it may not, and a count beside it would read as the lesser matter.
PLAYABLE = frozenset({rules.Verdict.LEGAL.value, rules.Verdict.REFURBISHED.value})


@register.inclusion_tag("cards/_verdict_badge.html")
def verdict_badge(verdict: object, warnings: Sized | int = 0, title: str = "") -> dict[str, Any]:
    """A verdict's badge: green Legal only when nothing is asked of the card, "Legal · 1
    warning" in amber when something is. The words say it too, so colour is never the only
    signal. `warnings` is the check's warnings or their count."""
    verdict = str(verdict)
    count = len(warnings) if isinstance(warnings, Sized) else int(warnings or 0)
    return {"verdict": verdict, "warnings": count if verdict in PLAYABLE else 0, "title": title}


@register.inclusion_tag("cards/_verdict_badge.html")
def card_verdict_badge(card: Card) -> dict[str, Any]:
    """The badge of a card in a list, under the current edition: the verdict and the number
    of warnings come from the stored table, as searches filter on it (a card whose row is
    stale is judged once and stored)."""
    row = selectors.current_verdict_row(card)
    warnings = 0 if card.withheld else row.warnings
    return verdict_badge(row.verdict, warnings, f"Verdict under the {rules.current_edition().name}")


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
