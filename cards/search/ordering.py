"""The orders of the card search (by name, level, SP, HP, the newest), as the ORDER BY that
one index serves, and the indexes they need (cards.models makes them from INDEXED_ORDERS).
"""

from __future__ import annotations

from typing import Any

from django.db.models import F, Func, IntegerField, OrderBy
from django.db.models.functions import Lower


class StatOrLess(Func):
    """SP or HP, with a spell's missing value as -1: less than any. Written out, not a
    parameter, so that the index on it (cards.models) is the one the database uses. Filters on
    SP and HP compare it too, so that index serves them."""

    template = "COALESCE(%(expressions)s, -1)"
    output_field = IntegerField()


class StatOrMore(Func):
    """SP or HP, with a spell's missing value as more than any (32768 is past the largest a
    small integer column holds): sorting up, spells come last."""

    template = "COALESCE(%(expressions)s, 32768)"
    output_field = IntegerField()


def sort_expressions(order: str, descending: bool = False, prefix: str = "") -> tuple[Any, ...]:
    """What `order` sorts by, going up; the card's id settles ties. A spell, with no SP or HP,
    comes last either way. `prefix` reaches the card through a relation ("card__" for
    collection entries). cards.models indexes each of these (INDEXED_ORDERS)."""
    name = Lower(f"{prefix}name")
    pk = F(f"{prefix}id")
    stat = StatOrLess if descending else StatOrMore
    return {
        "newest": (F(f"{prefix}updated"), pk),
        "name": (name, pk),
        "level": (F(f"{prefix}level"), name, pk),
        "sp": (stat(F(f"{prefix}sp")), name, pk),
        "hp": (stat(F(f"{prefix}hp")), name, pk),
    }[order]


# The indexes the orders need: (name, order, going down?); an index serves both directions,
# but SP and HP sort by another expression going down.
INDEXED_ORDERS = (
    ("newest", "newest", False),
    ("name", "name", False),
    ("level", "level", False),
    ("sp_up", "sp", False),
    ("sp_down", "sp", True),
    ("hp_up", "hp", False),
    ("hp_down", "hp", True),
)


def ordering(order: str, descending: bool, prefix: str = "") -> list[OrderBy]:
    """The ORDER BY of an order (relevance aside), every key going the same way, so that one
    index serves it."""
    return [
        OrderBy(key, descending=descending) for key in sort_expressions(order, descending, prefix)
    ]
