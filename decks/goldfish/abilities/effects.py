"""Effects: what each effect does on the cards its sub-ability's target selection picks.

An effect is either modeled (an :class:`~.uses.Effect`), does nothing against a goldfish (the
reason is given), or keeps the player from using its ability at all. :data:`UNTARGETED` and
:data:`TARGETED` say it per effect, by its component id; an effect on none of the player's cards
(:func:`on_no_card_of_yours`) and effects of neither table (:func:`other_effect`) share general
rules.

    >>> effect_outcome("effect.draw-x-cards", 2, None, 0, "spell").effect.draw
    2
    >>> swords = effect_outcome(SWORDS, 1, "in_play", 3, "spell").effect
    >>> swords.swords, swords.sword_targets
    (1, 3)
    >>> effect_outcome("effect.silo-the-targets", 0, "grave", 1, "spell").reason
    'not used: this player does not take cards back from graves'
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from cards.rules import ComponentUse

from .conditions import NO_ATTACKS, NO_DAMAGE
from .uses import NOOP, Effect, amount

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

_GOLDFISH_CARDS = "the goldfish's own cards (hand, deck, grave) are not part of this game"
_NONE_OF_YOURS = "this player picks none of its own cards for it"
_NO_MINIONS = "the goldfish has no minions"
_HEAL = "the goldfish never damages you, so healing does nothing"

COUNTERS: Final[dict[str, str]] = {
    "effect.place-x-shield-counters-on-each-target": (
        f"Shield Counters only lessen damage to their host, and {NO_DAMAGE}"
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
        f"Taunt Counters act when their host's controller defends, and {NO_ATTACKS}"
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
"""Counters other than Sword Counters, with the reason they do nothing here."""

SWORDS: Final = "effect.place-x-sword-counters-on-each-target"
DRAW: Final = "effect.draw-x-cards"
HEAL: Final = "effect.x-dice-heal-yourself"
SILO: Final = "effect.silo-the-targets"
BOUNCE: Final = "effect.bounce-the-targets"
DOWN_LEVEL: Final = "effect.down-level-each-target-by-x"
REMOVE_COUNTERS: Final = "effect.remove-up-to-x-counters-from-each-target"
DEPLOY: Final = "effect.reveal-and-deploy-the-targets"
HYPNOTIZE: Final = "effect.hypnotize-the-targets-until-the-end-of-this-turn"
EXHAUST_AND_FATIGUE: Final = "effect.exhaust-and-fatigue-the-targets"

TAKES_CARDS: Final = (BOUNCE, SILO, DEPLOY)
"""Effects that take their targets into the player's hand, granary or play."""

MOVES_SELF: Final[dict[str, str]] = {
    BOUNCE: "returns the minion to your hand",
    SILO: "puts the minion into your granary",
    "effect.sheathe-the-targets": "puts the minion on top of your deck",
    "effect.destroy-the-targets": "destroys the minion",
    "effect.bury-the-targets": "buries the minion",
    EXHAUST_AND_FATIGUE: "keeps the minion exhausted next turn",
}
"""Effects that move the minion using the ability out of play, or keep it from attacking."""

PLAYER_ZONES: Final = ("in_play", "resources", "hand", "deck_top", "grave")
REMOVES_FROM_DECK: Final = (
    "effect.destroy-the-targets",
    "effect.bury-the-targets",
    "effect.sheathe-the-targets",
)


@dataclass(frozen=True)
class Outcome:
    """What an effect does here: its ``effect``, or why it does nothing (``reason``), or why
    the player never uses its ability (``forbids``)."""

    effect: Effect = NOOP
    reason: str | None = None  # does nothing here, because…
    forbids: str | None = None  # the player never uses the ability, because…


@dataclass(frozen=True)
class EffectUse:
    """An effect as written on a card: its id, its x, where its targets are (None without a
    target selection) and how many, and the kind of card using it."""

    effect_id: str
    x: int
    zone: str | None
    targets: int
    kind: str


def targets_of(target: ComponentUse | None) -> tuple[str | None, int]:
    """The zone of a sub-ability's targets and their number (0 when there is none)."""
    if target is None:
        return None, 0
    zone = ZONES.get(target.id)
    count = target.component.target_count
    if count == 1:
        number = 1
    elif isinstance(count, str):
        number = amount(target.variables.get(count, 0))
    else:
        number = 0
    return zone, number


# -- effects that need no targets -------------------------------------------------------------


def _draw(use: EffectUse) -> Outcome:
    return Outcome(Effect(draw=use.x))


def _heal(use: EffectUse) -> Outcome:
    return Outcome(reason=_HEAL)


UNTARGETED: Final[dict[str, Callable[[EffectUse], Outcome]]] = {DRAW: _draw, HEAL: _heal}


# -- effects on targets -----------------------------------------------------------------------


def on_no_card_of_yours(use: EffectUse) -> Outcome | None:
    """Why an effect on targets does nothing where its targets are, whatever the effect; None
    when the targets are the player's own cards (or this minion)."""
    if use.zone is None:
        return Outcome(reason="it acts on targets, and its sub-ability selects none")
    if use.zone == "self" and use.kind == "spell":
        return Outcome(reason="a spell is in no zone while it resolves: it is no target")
    if use.zone == "grave" and use.effect_id in TAKES_CARDS:
        return Outcome(reason="not used: this player does not take cards back from graves")
    if use.zone == "enemy_hand":
        return Outcome(reason=_GOLDFISH_CARDS)
    return None


def other_effect(use: EffectUse) -> Outcome:
    """An effect on the player's own cards that no rule of :data:`TARGETED` plays."""
    if use.zone == "self" and use.effect_id in MOVES_SELF:
        return Outcome(
            forbids=f"not used: it {MOVES_SELF[use.effect_id]}, and this player keeps its minions"
        )
    if use.effect_id.startswith("effect.") and use.zone in PLAYER_ZONES:
        if use.zone == "deck_top" and use.effect_id in REMOVES_FROM_DECK:
            return Outcome(reason=f"{_GOLDFISH_CARDS}; {_NONE_OF_YOURS}")
        return Outcome(reason=_NONE_OF_YOURS)
    return Outcome(reason="the goldfish does not play this component")


def _swords(use: EffectUse) -> Outcome:
    if use.zone == "self":
        return Outcome(Effect(self_swords=use.x))
    if use.zone == "in_play":
        return Outcome(Effect(swords=use.x, sword_targets=use.targets))
    return Outcome(reason="Sword Counters go only on minions in play")


def _counters(use: EffectUse) -> Outcome:
    if use.zone in ("self", "in_play"):
        return Outcome(reason=COUNTERS[use.effect_id])
    return Outcome(reason="counters go only on minions in play")


def _remove_counters(use: EffectUse) -> Outcome:
    return Outcome(reason="the goldfish places no counters, and this player keeps its own")


def _silo(use: EffectUse) -> Outcome:
    if use.zone == "deck_top":
        return Outcome(Effect(silo=use.targets))
    if use.zone == "hand":
        return Outcome(Effect(stash=use.targets))
    return other_effect(use)


def _bounce(use: EffectUse) -> Outcome:
    # Cards bounced from the top of the deck are drawn.
    if use.zone == "deck_top":
        return Outcome(Effect(draw=use.targets))
    return other_effect(use)


def _down_level(use: EffectUse) -> Outcome:
    if use.zone != "hand":
        return Outcome(reason="only the level of a card you are about to play matters here")
    if use.kind == "spell":
        return Outcome(Effect(down_level=use.x))
    return Outcome(reason="not used: this player down-levels cards with spells only")


def _deploy(use: EffectUse) -> Outcome:
    if use.zone in ("self", "in_play"):
        return Outcome(reason="cards in play cannot be deployed")
    if use.zone == "hand":
        return Outcome(reason="deploying a card from your hand is playing it")
    return Outcome(reason="not used: this player does not deploy cards")


def _hypnotize(use: EffectUse) -> Outcome:
    return Outcome(reason=f"{_NO_MINIONS}, and yours are yours already")


def _exhaust_and_fatigue(use: EffectUse) -> Outcome:
    if use.zone == "in_play":
        return Outcome(reason=f"{_NO_MINIONS}; {_NONE_OF_YOURS}")
    return other_effect(use)


TARGETED: Final[dict[str, Callable[[EffectUse], Outcome]]] = {
    SWORDS: _swords,
    **dict.fromkeys(COUNTERS, _counters),
    REMOVE_COUNTERS: _remove_counters,
    SILO: _silo,
    BOUNCE: _bounce,
    DOWN_LEVEL: _down_level,
    DEPLOY: _deploy,
    HYPNOTIZE: _hypnotize,
    EXHAUST_AND_FATIGUE: _exhaust_and_fatigue,
}
"""The effects on targets the goldfish knows, by component id; others are :func:`other_effect`."""


def effect_outcome(effect_id: str, x: int, zone: str | None, targets: int, kind: str) -> Outcome:
    """What the effect ``effect_id`` with ``x`` does on ``targets`` cards in ``zone``, used by
    a card of ``kind``."""
    use = EffectUse(effect_id, amount(x), zone, targets, kind)
    untargeted = UNTARGETED.get(effect_id)
    if untargeted is not None:
        return untargeted(use)
    nowhere = on_no_card_of_yours(use)
    if nowhere is not None:
        return nowhere
    return TARGETED.get(effect_id, other_effect)(use)
