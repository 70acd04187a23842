"""Activation conditions: when the goldfish player uses an ability, if ever.

Without a condition, an ability is used in the Action Phase (a minion is exhausted to use it,
so it does not attack); "When this card attacks, after Attack Formation (ghost-play)" on each
attack of the minion; every other condition is never met against a goldfish, for the reason
given.

    >>> when_used(None, "minion")
    ('action', None)
    >>> when_used(ATTACKS, "spell")
    (None, 'never met: a spell never attacks')
    >>> when_used("condition.when-you-take-damage", "minion")
    (None, 'never met: the goldfish deals no damage')
"""

from __future__ import annotations

from typing import Final

ATTACKS: Final = "condition.when-this-card-attacks-after-attack-formation-ghost-play"

NO_ATTACKS = "the goldfish never attacks"
NO_DAMAGE = "the goldfish deals no damage"
_NO_DESTROY = (
    "the goldfish destroys nothing, and this player does not destroy its own cards to set"
    " an ability off"
)
NEVER_MET: Final[dict[str, str]] = {
    "condition.when-this-card-defends-after-defense-formation-ghost-play": (
        f"never met: {NO_ATTACKS}, so your minions never defend"
    ),
    "condition.when-this-in-play-card-is-ability-targeted": (
        "never met: the goldfish targets nothing, and this player does not target its own"
        " minions to set an ability off"
    ),
    "condition.when-this-in-play-card-is-damaged": f"never met: {NO_DAMAGE}",
    "condition.when-your-in-play-card-s-excluding-this-card-is-damaged": (
        f"never met: {NO_DAMAGE}"
    ),
    "condition.when-you-take-damage": f"never met: {NO_DAMAGE}",
    "condition.when-enemy-attacks-after-attack-formation": f"never met: {NO_ATTACKS}",
    "condition.when-this-in-play-card-is-destroyed-ghost-play": f"never met: {_NO_DESTROY}",
    "condition.when-this-card-as-a-resource-is-destroyed-hex-play": f"never met: {_NO_DESTROY}",
    "condition.when-this-card-in-your-hand-is-destroyed-hex-play": f"never met: {_NO_DESTROY}",
    "condition.when-this-card-in-your-deck-is-destroyed-hex-play": f"never met: {_NO_DESTROY}",
    "condition.when-your-in-play-card-s-is-destroyed": f"never met: {_NO_DESTROY}",
    "condition.when-a-card-s-in-your-hand-is-destroyed": f"never met: {_NO_DESTROY}",
    "condition.when-a-card-s-in-your-deck-is-destroyed": f"never met: {_NO_DESTROY}",
    # The 11th Edition's guide
    "condition.when-this-card-is-damaged-but-not-destroyed": f"never met: {NO_DAMAGE}",
    "condition.when-this-in-play-card-is-destroyed": f"never met: {_NO_DESTROY}",
    "condition.when-this-card-as-a-resource-is-destroyed-must-pay-resource-cost": (
        f"never met: {_NO_DESTROY}"
    ),
    "condition.when-this-card-in-your-hand-is-destroyed-must-pay-resource-cost": (
        f"never met: {_NO_DESTROY}"
    ),
    "condition.when-this-card-in-your-deck-is-destroyed-must-pay-resource-cost": (
        f"never met: {_NO_DESTROY}"
    ),
    "condition.when-at-least-x-of-your-in-play-cards-excluding-this-card-are-damaged-but-not"
    "-destroyed": f"never met: {NO_DAMAGE}",
    "condition.when-at-least-x-of-your-in-play-cards-excluding-this-card-are-destroyed": (
        f"never met: {_NO_DESTROY}"
    ),
    "condition.when-at-least-x-cards-in-your-hand-are-destroyed": f"never met: {_NO_DESTROY}",
    "condition.when-at-least-x-cards-in-your-deck-are-destroyed": f"never met: {_NO_DESTROY}",
    "condition.when-your-in-play-cards-take-at-least-x-total-damage": f"never met: {NO_DAMAGE}",
    "condition.when-you-take-at-least-x-damage": f"never met: {NO_DAMAGE}",
}
"""Activation conditions a goldfish game never meets, with the reason."""


TRIGGERS: Final[dict[str, str]] = {"minion": "attack"}
"""Who uses an ability set off by :data:`ATTACKS`, and when: a minion, on its attacks."""


def when_used(condition: str | None, kind: str) -> tuple[str | None, str | None]:
    """When a card of ``kind`` uses an ability with the ``condition`` (a component id, or
    None): ``("action" or "attack", None)``, or ``(None, the reason it is never met)``."""
    if condition is None:
        return "action", None
    if condition == ATTACKS:
        trigger = TRIGGERS.get(kind)
        return (trigger, None) if trigger else (None, f"never met: a {kind} never attacks")
    return None, NEVER_MET.get(condition, "never met: the goldfish does not model it")
