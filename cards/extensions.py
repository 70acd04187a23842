"""What the apps above cards add to its pages and its search. Cards may not import them, so
each registers here when it starts (its AppConfig.ready) and cards calls what is registered.

- A card page panel: a function of (card, viewer) giving HTML to show on the card's page, or ""
  for nothing; it reads through its own app's gate (the sets app: the sets holding the card
  that the viewer may see).
- The `set:` filter of the card search: a function of (code, designer name or None, viewer id
  or None) giving a Q of the cards in such sets that the viewer may know are in them. With no
  app registered, `set:` finds nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.db.models import Q
from django.utils.safestring import SafeString, mark_safe

CardPanel = Callable[[Any, Any], str]
SetFilter = Callable[[str, str | None, int | None], Q]

_card_panels: list[CardPanel] = []
_set_filter: list[SetFilter] = []


def register_card_panel(panel: CardPanel) -> None:
    if panel not in _card_panels:
        _card_panels.append(panel)


def card_panels(card: Any, viewer: Any) -> list[SafeString]:
    # Each panel renders its own template, escaped there: what it gives is safe HTML.
    return [mark_safe(html) for panel in _card_panels if (html := panel(card, viewer))]


def register_set_filter(filter_q: SetFilter) -> None:
    _set_filter[:] = [filter_q]


def set_filter_q(code: str, designer: str | None, viewer: int | None) -> Q:
    if not _set_filter:
        return Q(pk__in=[])
    return _set_filter[0](code, designer, viewer)
