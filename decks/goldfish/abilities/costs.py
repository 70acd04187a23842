"""Activation costs: what the goldfish player pays to use an ability, or why it never does.

Each cost the player pays adds to one part of a :class:`~.uses.Cost`; a minion may also pay
"x in-play cards" with itself alone, and then leaves play. Every other cost is refused, and the
ability is never used.

    >>> read_costs([("cost.self-exhaust-x-resources", 2)], "minion")
    (Cost(resources=2, lose_resources=0, hand=0, sheathe=0, leaves=None), None, '')
    >>> read_costs([("cost.self-bounce-x-in-play-cards", 1)], "minion")[0].leaves
    'hand'
    >>> read_costs([("cost.self-exhaust-x-minions", 1)], "minion")[1]
    'not used: this player does not keep its other minions from attacking to pay for an ability'
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from .uses import FREE, Cost, amount

COST_FIELDS: Final[dict[str, str]] = {
    "cost.self-exhaust-x-resources": "resources",
    "cost.self-destroy-x-resources": "lose_resources",
    "cost.self-bury-x-resources": "lose_resources",
    "cost.self-destroy-x-random-cards-in-your-hand": "hand",
    "cost.self-bury-x-random-cards-in-your-hand": "hand",
    "cost.self-sheathe-x-random-cards-in-your-hand": "sheathe",
}
"""Costs the player pays, by the part of :class:`~.uses.Cost` they add to."""

LEAVES: Final[dict[str, str]] = {
    "cost.self-bounce-x-in-play-cards": "hand",
    "cost.self-sheathe-x-in-play-cards": "deck",
    "cost.self-destroy-x-in-play-cards": "gone",
    "cost.self-bury-x-in-play-cards": "gone",
}
"""Costs a minion pays with itself, by where it goes."""

UNPAID_COSTS: Final[dict[str, str]] = {
    "cost.self-exhaust-x-minions": (
        "not used: this player does not keep its other minions from attacking to pay for an ability"
    ),
}
"""Costs the player never pays, with the reason (others get a general one)."""


def read_costs(costs: Iterable[tuple[str, int]], kind: str) -> tuple[Cost, str | None, str]:
    """The cost of an ability from its costs (``(component id, x)``), or the reason the player
    never pays it and the id of the cost refused: ``(cost, None, "")`` or
    ``(FREE, reason, id)``."""
    totals = {"resources": 0, "lose_resources": 0, "hand": 0, "sheathe": 0}
    leaves: str | None = None
    for cost_id, x in costs:
        x = amount(x)
        if cost_id in COST_FIELDS:
            totals[COST_FIELDS[cost_id]] += x
        elif cost_id in LEAVES:
            if kind != "minion" or x != 1 or leaves is not None:
                return FREE, "not used: paying it would take other minions out of play", cost_id
            leaves = LEAVES[cost_id]
        else:
            reason = UNPAID_COSTS.get(cost_id, "not used: the goldfish does not pay this cost")
            return FREE, reason, cost_id
    return Cost(leaves=leaves, **totals), None, ""
