"""A card's abilities as the goldfish plays them, from the one reader of card text.

The text is read by ``cards.rules.read_card_text`` into the Card Building Guide's components
(activation condition, activation costs, and sub-abilities of a target selection and effects).
This module only says what each component *does in a goldfish game*, by its id:

- an **activation condition** decides when the ability is used: without one, in the Action
  Phase (a minion is exhausted to use it, so it does not attack); "When this card attacks, after
  Attack Formation (ghost-play)" on each attack of the minion; every other condition is never
  met against a goldfish (the reason is given);
- an **activation cost** is paid when the ability is used, and the ability is used only when the
  cost can be paid;
- an **effect**, on the cards its target selection picks, is either modeled (an :class:`Effect`)
  or does nothing here, with the reason (``ignored``).

A card is *unmodeled* only when its text is not made of the guide's components (the reader's
problems); it is then played for its stats only. ``POLICY.md`` lists every component.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from functools import lru_cache
from typing import Final

from cards.rules import ComponentUse, ReadAbility, RulesError, design_text, read_card_text

MAX_AMOUNT: Final = 999
"""Larger numbers in card text are read as this: more than any deck, HP or level."""


@dataclass(frozen=True)
class Effect:
    """What one use of an ability does for a player facing a goldfish.

    ``swords`` Sword Counters go on each of up to ``sword_targets`` of your minions in play;
    ``self_swords`` on the minion using the ability; ``silo`` puts cards from the top of your
    deck into the granary, ``stash`` cards from your hand (both exhausted); ``down_level``
    lowers the level of a card in your hand this turn."""

    draw: int = 0
    swords: int = 0
    sword_targets: int = 0
    self_swords: int = 0
    silo: int = 0
    stash: int = 0
    down_level: int = 0

    def __add__(self, other: Effect) -> Effect:
        # Sword Counters of two sub-abilities: their counters pooled, on the wider reach.
        return Effect(
            **{
                f.name: (
                    max(self.sword_targets, other.sword_targets)
                    if f.name == "sword_targets"
                    else getattr(self, f.name) + getattr(other, f.name)
                )
                for f in fields(self)
            }
        )

    @property
    def is_noop(self) -> bool:
        return all(getattr(self, f.name) == 0 for f in fields(self))


NOOP: Final = Effect()


@dataclass(frozen=True)
class Cost:
    """What using an ability costs: ``resources`` exhausted this turn; ``lose_resources``
    destroyed or buried from the granary; ``hand`` random cards from your hand destroyed or
    buried, ``sheathe`` random cards from your hand put back on top of your deck; ``leaves``
    where the minion itself goes when it pays "x in-play cards" with itself ("hand", "deck"
    or "gone")."""

    resources: int = 0
    lose_resources: int = 0
    hand: int = 0
    sheathe: int = 0
    leaves: str | None = None

    @property
    def is_free(self) -> bool:
        return self == FREE


FREE: Final = Cost()


@dataclass(frozen=True)
class Use:
    """An ability the goldfish player may use: when (``trigger``), at what cost, to what effect."""

    trigger: str  # "action" (the Action Phase) or "attack" (when the minion attacks)
    cost: Cost
    effect: Effect


@dataclass(frozen=True)
class Ignored:
    """A component that does nothing in a goldfish game, with the reason."""

    component: str  # the component's id
    text: str  # as written on the card
    reason: str

    def as_dict(self) -> dict[str, str]:
        return {"component": self.component, "text": self.text, "reason": self.reason}


@dataclass(frozen=True)
class CardAbilities:
    """A card's abilities as the goldfish plays them.

    ``modeled`` is False when the text is not made of the guide's components; the card is then
    played for its stats only. ``uses`` are the abilities the player may use; ``ignored`` the
    components that do nothing here."""

    modeled: bool
    uses: tuple[Use, ...] = ()
    ignored: tuple[Ignored, ...] = ()


STATS_ONLY: Final = CardAbilities(modeled=False)

# -- conditions ---------------------------------------------------------------------------------

ATTACKS: Final = "condition.when-this-card-attacks-after-attack-formation-ghost-play"

_NO_ATTACKS = "the goldfish never attacks"
_NO_DAMAGE = "the goldfish deals no damage"
_NO_DESTROY = (
    "the goldfish destroys nothing, and this player does not destroy its own cards to set"
    " an ability off"
)
NEVER_MET: Final[dict[str, str]] = {
    "condition.when-this-card-defends-after-defense-formation-ghost-play": (
        f"never met: {_NO_ATTACKS}, so your minions never defend"
    ),
    "condition.when-this-in-play-card-is-ability-targeted": (
        "never met: the goldfish targets nothing, and this player does not target its own"
        " minions to set an ability off"
    ),
    "condition.when-this-in-play-card-is-damaged": f"never met: {_NO_DAMAGE}",
    "condition.when-your-in-play-card-s-excluding-this-card-is-damaged": (
        f"never met: {_NO_DAMAGE}"
    ),
    "condition.when-you-take-damage": f"never met: {_NO_DAMAGE}",
    "condition.when-enemy-attacks-after-attack-formation": f"never met: {_NO_ATTACKS}",
    "condition.when-this-in-play-card-is-destroyed-ghost-play": f"never met: {_NO_DESTROY}",
    "condition.when-this-card-as-a-resource-is-destroyed-hex-play": f"never met: {_NO_DESTROY}",
    "condition.when-this-card-in-your-hand-is-destroyed-hex-play": f"never met: {_NO_DESTROY}",
    "condition.when-this-card-in-your-deck-is-destroyed-hex-play": f"never met: {_NO_DESTROY}",
    "condition.when-your-in-play-card-s-is-destroyed": f"never met: {_NO_DESTROY}",
    "condition.when-a-card-s-in-your-hand-is-destroyed": f"never met: {_NO_DESTROY}",
    "condition.when-a-card-s-in-your-deck-is-destroyed": f"never met: {_NO_DESTROY}",
    # The 11th Edition's guide
    "condition.when-this-card-is-damaged-but-not-destroyed": f"never met: {_NO_DAMAGE}",
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
    "-destroyed": f"never met: {_NO_DAMAGE}",
    "condition.when-at-least-x-of-your-in-play-cards-excluding-this-card-are-destroyed": (
        f"never met: {_NO_DESTROY}"
    ),
    "condition.when-at-least-x-cards-in-your-hand-are-destroyed": f"never met: {_NO_DESTROY}",
    "condition.when-at-least-x-cards-in-your-deck-are-destroyed": f"never met: {_NO_DESTROY}",
    "condition.when-your-in-play-cards-take-at-least-x-total-damage": f"never met: {_NO_DAMAGE}",
    "condition.when-you-take-at-least-x-damage": f"never met: {_NO_DAMAGE}",
}
"""Activation conditions a goldfish game never meets, with the reason."""

# -- costs ----------------------------------------------------------------------------------------

_COST_FIELDS: Final[dict[str, str]] = {
    "cost.self-exhaust-x-resources": "resources",
    "cost.self-destroy-x-resources": "lose_resources",
    "cost.self-bury-x-resources": "lose_resources",
    "cost.self-destroy-x-random-cards-in-your-hand": "hand",
    "cost.self-bury-x-random-cards-in-your-hand": "hand",
    "cost.self-sheathe-x-random-cards-in-your-hand": "sheathe",
}
_LEAVES: Final[dict[str, str]] = {
    "cost.self-bounce-x-in-play-cards": "hand",
    "cost.self-sheathe-x-in-play-cards": "deck",
    "cost.self-destroy-x-in-play-cards": "gone",
    "cost.self-bury-x-in-play-cards": "gone",
}
UNPAID_COSTS: Final[dict[str, str]] = {
    "cost.self-exhaust-x-minions": (
        "not used: this player does not keep its other minions from attacking to pay for an ability"
    ),
}

# -- target selections ---------------------------------------------------------------------------

ZONES: Final[dict[str, str]] = {
    "target.target-this-card": "self",
    "target.target-up-to-x-in-play-cards": "in_play",
    "target.target-up-to-x-of-your-resources": "resources",
    "target.target-up-to-x-cards-in-any-grave-randomly": "grave",
    "target.target-up-to-x-cards-in-any-hand-randomly": "enemy_hand",
    "target.see-enemys-hand-and-target-up-to-x-cards-therein": "enemy_hand",
    "target.target-up-to-x-cards-on-the-top-of-any-deck": "deck_top",
    "target.target-up-to-x-cards-in-your-hand": "hand",
    "target.excavate-x-cards-and-target-up-to-y-excavated-cards": "deck_top",
}
"""Where a target selection's targets are, as the goldfish player uses it ("in any hand" is
the goldfish's hand: the player gains nothing from picking random cards of its own)."""

# -- effects --------------------------------------------------------------------------------------

_GOLDFISH_CARDS = "the goldfish's own cards (hand, deck, grave) are not part of this game"
_NONE_OF_YOURS = "this player picks none of its own cards for it"
_NO_MINIONS = "the goldfish has no minions"
_HEAL = "the goldfish never damages you, so healing does nothing"

COUNTERS: Final[dict[str, str]] = {
    "effect.place-x-shield-counters-on-each-target": (
        f"Shield Counters only lessen damage to their host, and {_NO_DAMAGE}"
    ),
    "effect.place-x-weakness-counters-on-each-target": (
        f"{_NO_MINIONS}, and a Weakness Counter acts only when the player who placed it"
        " removes it: this player never does on its own minions"
    ),
    "effect.place-x-damage-counters-on-each-target": (
        f"{_NO_MINIONS}, and a Damage Counter acts only when the player who placed it removes"
        " it: this player never does on its own minions"
    ),
    "effect.place-x-exhaustion-counters-on-each-target": (
        f"{_NO_MINIONS}, and an Exhaustion Counter acts only when the player who placed it"
        " removes it: this player never does on its own minions"
    ),
    "effect.place-x-taunt-counters-on-each-target": (
        f"Taunt Counters act when their host's controller defends, and {_NO_ATTACKS}"
    ),
    "effect.place-x-berzerk-counters-on-each-target": (
        "not used: a Berzerk attack needs a victim, and the goldfish may be the victim of only"
        " one battle a turn, the Battle Phase's"
    ),
    "effect.place-x-dice-counters-on-each-target": (
        "not used: this player does not re-roll dice with Dice Counters"
    ),
    "effect.place-x-trap-counters-on-each-target": (
        "not used: this player uses its minions' abilities in its Action Phase, not through"
        " Trap Counters"
    ),
}

_SWORDS = "effect.place-x-sword-counters-on-each-target"
_DRAW = "effect.draw-x-cards"
_HEAL_ID = "effect.x-dice-heal-yourself"
_SILO = "effect.silo-the-targets"
_BOUNCE = "effect.bounce-the-targets"
_DOWN_LEVEL = "effect.down-level-each-target-by-x"
_REMOVE = "effect.remove-up-to-x-counters-from-each-target"
_DEPLOY = "effect.reveal-and-deploy-the-targets"

_MOVES_SELF: Final[dict[str, str]] = {
    "effect.bounce-the-targets": "returns the minion to your hand",
    "effect.silo-the-targets": "puts the minion into your granary",
    "effect.sheathe-the-targets": "puts the minion on top of your deck",
    "effect.destroy-the-targets": "destroys the minion",
    "effect.bury-the-targets": "buries the minion",
    "effect.exhaust-and-fatigue-the-targets": "keeps the minion exhausted next turn",
}


@dataclass(frozen=True)
class _Outcome:
    effect: Effect = NOOP
    reason: str | None = None  # does nothing here, because…
    forbids: str | None = None  # the player never uses the ability, because…


def _number(value: int) -> int:
    return min(value, MAX_AMOUNT)


def _targets(target: ComponentUse | None) -> tuple[str | None, int]:
    """The zone of a sub-ability's targets and their number (0 when there is none)."""
    if target is None:
        return None, 0
    zone = ZONES.get(target.id)
    count = target.component.target_count
    if count == 1:
        number = 1
    elif isinstance(count, str):
        number = _number(target.variables.get(count, 0))
    else:
        number = 0
    return zone, number


def _effect(use: ComponentUse, zone: str | None, targets: int, kind: str) -> _Outcome:
    """What one effect does, on the targets of its sub-ability."""
    effect_id = use.id
    x = _number(use.variables.get("x", 0))
    if effect_id == _DRAW:
        return _Outcome(Effect(draw=x))
    if effect_id == _HEAL_ID:
        return _Outcome(reason=_HEAL)
    if zone is None:
        return _Outcome(reason="it acts on targets, and its sub-ability selects none")
    if zone == "self" and kind == "spell":
        return _Outcome(reason="a spell is in no zone while it resolves: it is no target")
    if zone in ("enemy_hand", "grave") and effect_id in (_BOUNCE, _SILO, _DEPLOY):
        if zone == "grave":
            return _Outcome(reason="not used: this player does not take cards back from graves")
        return _Outcome(reason=_GOLDFISH_CARDS)
    if zone == "enemy_hand":
        return _Outcome(reason=_GOLDFISH_CARDS)
    if effect_id == _SWORDS:
        if zone == "self":
            return _Outcome(Effect(self_swords=x))
        if zone == "in_play":
            return _Outcome(Effect(swords=x, sword_targets=targets))
        return _Outcome(reason="Sword Counters go only on minions in play")
    if effect_id in COUNTERS:
        if zone in ("self", "in_play"):
            return _Outcome(reason=COUNTERS[effect_id])
        return _Outcome(reason="counters go only on minions in play")
    if effect_id == _REMOVE:
        return _Outcome(reason="the goldfish places no counters, and this player keeps its own")
    if effect_id == _SILO and zone == "deck_top":
        return _Outcome(Effect(silo=targets))
    if effect_id == _SILO and zone == "hand":
        return _Outcome(Effect(stash=targets))
    if effect_id == _BOUNCE and zone == "deck_top":
        return _Outcome(Effect(draw=targets))
    if effect_id == _DOWN_LEVEL and zone == "hand":
        if kind == "spell":
            return _Outcome(Effect(down_level=x))
        return _Outcome(reason="not used: this player down-levels cards with spells only")
    if effect_id == _DOWN_LEVEL:
        return _Outcome(reason="only the level of a card you are about to play matters here")
    if effect_id == _DEPLOY:
        if zone in ("self", "in_play"):
            return _Outcome(reason="cards in play cannot be deployed")
        if zone == "hand":
            return _Outcome(reason="deploying a card from your hand is playing it")
        return _Outcome(reason="not used: this player does not deploy cards")
    if zone == "self" and effect_id in _MOVES_SELF:
        return _Outcome(
            forbids=f"not used: it {_MOVES_SELF[effect_id]}, and this player keeps its minions"
        )
    if effect_id == "effect.hypnotize-the-targets-until-the-end-of-this-turn":
        return _Outcome(reason=f"{_NO_MINIONS}, and yours are yours already")
    if effect_id == "effect.exhaust-and-fatigue-the-targets" and zone == "in_play":
        return _Outcome(reason=f"{_NO_MINIONS}; {_NONE_OF_YOURS}")
    if effect_id.startswith("effect.") and zone in (
        "in_play",
        "resources",
        "hand",
        "deck_top",
        "grave",
    ):
        if zone == "deck_top" and effect_id in (
            "effect.destroy-the-targets",
            "effect.bury-the-targets",
            "effect.sheathe-the-targets",
        ):
            return _Outcome(reason=f"{_GOLDFISH_CARDS}; {_NONE_OF_YOURS}")
        return _Outcome(reason=_NONE_OF_YOURS)
    return _Outcome(reason="the goldfish does not play this component")


def _cost(uses: tuple[ComponentUse, ...], kind: str) -> tuple[Cost, str | None, str]:
    """The costs of an ability, or the reason the player never pays them (and the id)."""
    totals = {"resources": 0, "lose_resources": 0, "hand": 0, "sheathe": 0}
    leaves: str | None = None
    for use in uses:
        x = _number(use.variables.get("x", 0))
        if use.id in _COST_FIELDS:
            totals[_COST_FIELDS[use.id]] += x
        elif use.id in _LEAVES:
            if kind != "minion" or x != 1 or leaves is not None:
                return FREE, "not used: paying it would take other minions out of play", use.id
            leaves = _LEAVES[use.id]
        else:
            reason = UNPAID_COSTS.get(use.id, "not used: the goldfish does not pay this cost")
            return FREE, reason, use.id
    return Cost(leaves=leaves, **totals), None, ""


def _ability(ability: ReadAbility, kind: str) -> tuple[Use | None, list[Ignored]]:
    ignored: list[Ignored] = []

    def skip(use: ComponentUse, reason: str) -> None:
        ignored.append(Ignored(use.id, use.text, reason))

    def skip_all(reason: str) -> None:
        for use in ability.components():
            skip(use, reason)

    condition = ability.condition
    if condition is None:
        trigger = "action"
    elif condition.id == ATTACKS and kind == "minion":
        trigger = "attack"
    else:
        if condition.id == ATTACKS:
            reason = "never met: a spell never attacks"
        else:
            reason = NEVER_MET.get(condition.id, "never met: the goldfish does not model it")
        skip_all(reason)
        return None, ignored
    cost, refused, refused_id = _cost(ability.costs, kind)
    if refused is not None:
        for use in ability.components():
            skip(use, refused if use.id == refused_id else f"the ability is {refused}")
        return None, ignored
    total = NOOP
    for sub in ability.sub_abilities:
        zone, targets = _targets(sub.target)
        for use in sub.effects:
            outcome = _effect(use, zone, targets, kind)
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
        reading = read_card_text(design_text(ability_text, edition), edition)
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
