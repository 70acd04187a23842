"""What sets adds to the cards' pages and search (cards.extensions), through the sets' gate."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.db.models import Q
from django.template.loader import render_to_string

from sets import selectors
from sets.models import CardSet, SetEntry


def card_sets_panel(card: Any, viewer: Any) -> str:
    """The sets holding the card that the viewer may see, with its number in each."""
    if getattr(card, "withheld", False):
        return ""
    holding = selectors.sets_holding(card, viewer)
    if not holding:
        return ""
    rows = [{"set": s, "number": n, "total": t, "label": _label(n, t)} for s, n, t in holding]
    return render_to_string("sets/_card_sets.html", {"holding": rows})


def _label(number: int, total: int) -> str:
    width = max(3, len(str(total)))
    return f"{number:0{width}d}/{total:0{width}d}"


def set_filter_q(code: str, designer: str | None, viewer_id: int | None) -> Q:
    """`set:CODE` (or `set:alice/CODE`): the cards of such sets that the searcher may know are
    in them: released sets that are not private, and the searcher's own."""
    viewer = get_user_model()(pk=viewer_id) if viewer_id is not None else None
    sets = CardSet.objects.filter(selectors.set_viewable_q(viewer), code=code.upper())
    if designer is not None:
        sets = sets.filter(owner__username__iexact=designer)
    return Q(pk__in=SetEntry.objects.filter(card_set__in=sets).values("card_id"))
