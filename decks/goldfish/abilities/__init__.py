"""A card's abilities as the goldfish plays them, from the one reader of card text.

The text is read by ``cards.rules.read_card_text`` into the Card Building Guide's components
(activation condition, activation costs, and sub-abilities of a target selection and effects).
This package only says what each component *does in a goldfish game*, by its id:

- an **activation condition** decides when the ability is used (:mod:`.conditions`);
- an **activation cost** is paid when the ability is used, and the ability is used only when
  the cost can be paid (:mod:`.costs`);
- an **effect**, on the cards its target selection picks, is either modeled (an :class:`Effect`)
  or does nothing here, with the reason (:mod:`.effects`).

A card is *unmodeled* only when its text is not made of the guide's components (the reader's
problems); it is then played for its stats only. ``POLICY.md`` lists every component.

    >>> (seek,) = read_abilities("minion", "SEEK: Draw 1 card.", 14).uses
    >>> seek.trigger, seek.cost.is_free, seek.effect == Effect(draw=1)
    ('action', True, True)
    >>> read_abilities("spell", "Not a component at all.", 14).modeled
    False
"""

from __future__ import annotations

from functools import lru_cache

from cards.rules import ComponentUse, ReadAbility, RulesError, read_card_text

from .conditions import ATTACKS, NEVER_MET, when_used
from .costs import COST_FIELDS, LEAVES, UNPAID_COSTS, read_costs
from .effects import ZONES, Outcome, effect_outcome, targets_of
from .uses import (
    FREE,
    MAX_AMOUNT,
    NOOP,
    STATS_ONLY,
    CardAbilities,
    Cost,
    Effect,
    Ignored,
    Use,
)

__all__ = [
    "ATTACKS",
    "COST_FIELDS",
    "FREE",
    "LEAVES",
    "MAX_AMOUNT",
    "NEVER_MET",
    "NOOP",
    "STATS_ONLY",
    "UNPAID_COSTS",
    "ZONES",
    "CardAbilities",
    "Cost",
    "Effect",
    "Ignored",
    "Outcome",
    "Use",
    "effect_outcome",
    "read_abilities",
]


def _ability(ability: ReadAbility, kind: str) -> tuple[Use | None, list[Ignored]]:
    """The use of one ability, if the player ever uses it, and the components that do nothing."""
    ignored: list[Ignored] = []

    def skip(use: ComponentUse, reason: str) -> None:
        ignored.append(Ignored(use.id, use.text, reason))

    def skip_all(reason: str) -> None:
        for use in ability.components():
            skip(use, reason)

    condition = ability.condition
    trigger, never = when_used(None if condition is None else condition.id, kind)
    if trigger is None:
        skip_all(never or "never met")
        return None, ignored
    cost, refused, refused_id = read_costs(
        ((use.id, use.variables.get("x", 0)) for use in ability.costs), kind
    )
    if refused is not None:
        for use in ability.components():
            skip(use, refused if use.id == refused_id else f"the ability is {refused}")
        return None, ignored
    total = NOOP
    for sub in ability.sub_abilities:
        zone, targets = targets_of(sub.target)
        for use in sub.effects:
            outcome = effect_outcome(use.id, use.variables.get("x", 0), zone, targets, kind)
            if outcome.forbids is not None:
                skip_all(outcome.forbids)
                return None, ignored
            if outcome.reason is not None:
                skip(use, outcome.reason)
            total = total + outcome.effect
    if total.is_noop:
        return None, ignored
    return Use(trigger, cost, total), ignored


@lru_cache(maxsize=4096)
def read_abilities(kind: str, ability_text: str, edition: int = 14) -> CardAbilities:
    """A card's abilities, read with the Card Building Guide of ``edition``, as that edition's
    own rulebook refurbishes them (as the check of the card reads them)."""
    if not ability_text.strip():
        return CardAbilities(modeled=True)
    try:
        reading = read_card_text(ability_text, edition)
    except RulesError:
        return STATS_ONLY
    if not reading.readable or reading.caveats:
        return STATS_ONLY
    if kind == "spell" and len(reading.abilities) != 1:
        return STATS_ONLY
    uses: list[Use] = []
    ignored: list[Ignored] = []
    for ability in reading.abilities:
        use, skipped = _ability(ability, kind)
        ignored += skipped
        if use is not None:
            uses.append(use)
    return CardAbilities(modeled=True, uses=tuple(uses), ignored=tuple(ignored))
