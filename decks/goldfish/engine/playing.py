"""Playing cards in the Action Phase: the plan of what to play, summoning and casting, and the
effects that follow (Sword Counters, then the silos, stashes and draws they leave pending).

A plan is greedy: for each card type in the order of the policy's table, as many copies as the
resources allow and as are worth playing; a part of a card's value that needs something the
game lacks counts only where its gate holds (:data:`GATES`).

    >>> from decks.goldfish import Options
    >>> from decks.goldfish.engine.batch import stacked_game
    >>> from decks.goldfish.reference import reference_deck
    >>> batch = stacked_game(reference_deck(), Options(games=1, seed=1, bury="none"))
    >>> carry_out(batch, Effect(draw=2), np.array([1]), now=False).tolist(), batch.to_draw.tolist()
    ([0], [2])
    >>> resolve(batch, turn=1).tolist(), int(batch.hand.sum())
    ([True], 7)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final, NamedTuple

import numpy as np

from ..abilities import Effect
from ..policy import SHIFT, Step
from .batch import Array, Batch
from .draw_phase import draw_a_card
from .paying import pay, payable
from .resource_phase import sow, sow_choice


def _affordable(in_hand: Array, unexhausted: Array, step: Step) -> Array:
    """Copies of ``step``'s card that the resources pay for (at most those in hand)."""
    copies: Array
    if step.price == 0:
        copies = in_hand.astype(np.int32)
    elif step.price == 1:
        copies = np.minimum(in_hand, unexhausted)
    else:
        copies = np.minimum(in_hand, (unexhausted * np.int32(step.reciprocal)) >> SHIFT)
    return copies


class _Planned(NamedTuple):
    """What a plan reads of the games it plans for (all of the batch's, or a few)."""

    hand: Array
    unexhausted: Array
    cards_left: Array
    to_draw: Array
    granary: Array
    wanted_level: Array


def _has_a_host(games: _Planned, draw: int, host: Array) -> Array:
    return host


def _deck_keeps_a_card(games: _Planned, draw: int, host: Array) -> Array:
    keeps: Array = games.cards_left - games.to_draw > draw
    return keeps


def _granary_short(games: _Planned, draw: int, host: Array) -> Array:
    short: Array = (games.granary < games.wanted_level) & (games.cards_left > 1)
    return short


GATES: Final[dict[str, Callable[[_Planned, int, Array], Array]]] = {
    "host": _has_a_host,
    "deck": _deck_keeps_a_card,
    "ramp": _granary_short,
}
"""Per game, whether a gated part of a play's value holds (``worth.GATES`` says when), from
the play's card draw and whether a minion is in play or planned."""


def plan(
    batch: Batch, steps: tuple[Step, ...], lanes: Array | None = None
) -> tuple[dict[int, Array], Array, Array]:
    """A greedy plan: for each card type in turn, as many copies as the resources allow and
    as are worth playing. Returns the copies, the resources left and the plan's value, for
    every game of the batch or, when given, the games ``lanes`` only."""
    host = (batch.in_play_minions + batch.summoned) > 0
    games = _Planned(
        batch.hand,
        batch.unexhausted.copy(),
        batch.cards_left(),
        batch.to_draw,
        batch.granary,
        batch.wanted_level,
    )
    if lanes is not None:
        games = _Planned(
            batch.hand.take(lanes, axis=1),
            *(column[lanes] for column in games[1:]),
        )
        host = host[lanes]
    unexhausted = games.unexhausted
    value = np.zeros(len(unexhausted), dtype=np.int32)
    drawn: Array | None = None
    left: Array | None = None  # cards left to draw: a plan draws none of them itself
    plays: dict[int, Array] = {}
    for step in steps:
        copies = _affordable(games.hand[step.card_type], unexhausted, step)
        if step.draw:
            if drawn is None or left is None:
                drawn = games.to_draw.copy()
                left = games.cards_left - 1
            spare = np.maximum(left - drawn, 0)
            copies = np.minimum(copies, spare // step.draw)
        if step.gated:
            gain: Any = np.int32(step.base)  # an array once a gate adds to it
            for gate, part in step.gated:
                gain = gain + np.int32(part) * GATES[gate](games, step.draw, host)
            copies *= gain > 0
            value += copies * gain
        else:
            value += copies * np.int32(step.base)
        if step.price:
            unexhausted -= copies * np.int32(step.price)
        if drawn is not None and step.draw:
            drawn += copies * np.int32(step.draw)
        if step.minion:
            host = host | (copies > 0)
        plays[step.card_type] = copies
    return plays, unexhausted, value


def play_all(batch: Batch, plays: dict[int, Array], turn: int) -> None:
    for card_type, copies in plays.items():
        if copies.any():
            play(batch, card_type, copies, turn)


def play(batch: Batch, card_type: int, copies: Array, turn: int) -> None:
    """Summon or cast ``copies`` cards of ``card_type`` (their level is paid already)."""
    card = batch.tables.types[card_type]
    cost = card.cost
    # A cost paid earlier in the turn (a random discard) may have taken copies the plan
    # counted on: only those still in hand are played, and the rest's price is given back.
    held = np.minimum(copies, batch.hand[card_type])
    if (held < copies).any():
        price = card.level + cost.resources
        if price:
            batch.unexhausted += (copies - held) * np.int32(price)
        copies = held
        if not copies.any():
            return
    if not card.is_minion and not cost.is_free:
        paid = payable(batch, cost, copies, extra_hand=1)
        price = card.level + cost.resources
        if price:
            batch.unexhausted += (copies - paid) * np.int32(price)
        copies = paid
        if not copies.any():
            return
    if batch.journal is not None:
        batch.journal.moved(batch, "play", card_type, copies)
    batch.hand[card_type] -= copies
    slot = int(batch.tables.level_slot[card_type])
    if slot >= 0:
        batch.wanted_left[slot] -= copies
    if card.is_minion:
        if card.sp:
            batch.summoned_sp += copies * np.int32(card.sp)
        batch.summoned += copies
        if card_type in batch.action_slot:
            batch.action_summoned[batch.action_slot[card_type]] += copies
        if card_type in batch.attack_slot:
            batch.attack_summoned[batch.attack_slot[card_type]] += copies
    elif card.cast is not None:
        pay(batch, cost, copies, card_type, turn)
        carry_out(batch, card.cast.effect, copies, now=False)


def carry_out(batch: Batch, effect: Effect, uses: Array, now: bool) -> Array:
    """Carry out ``uses`` uses of ``effect``; returns the SP they add to this turn's attack
    (``now``: used during the attack)."""
    bonus = np.zeros(batch.games, dtype=np.int32)
    if effect.swords:
        targets = np.int32(effect.sword_targets)
        per_use = np.int32(effect.swords)
        on_attackers = np.minimum(targets, batch.attackers) * per_use * uses
        if now:
            bonus += on_attackers
        else:
            in_play = np.minimum(targets, batch.in_play_minions + batch.summoned) * per_use * uses
            batch.sword_counters += on_attackers
            batch.sword_counters_next_turn += in_play - on_attackers
    if effect.self_swords:
        if now:
            bonus += uses * np.int32(effect.self_swords)
        else:
            batch.sword_counters_next_turn += uses * np.int32(effect.self_swords)
    if effect.draw:
        batch.to_draw += uses * np.int32(effect.draw)
    if effect.silo:
        batch.to_silo += uses * np.int32(effect.silo)
    if effect.stash:
        batch.to_stash += uses * np.int32(effect.stash)
    return bonus


def resolve(batch: Batch, turn: int) -> Array:
    """Carry out pending silos, stashes and draws; returns, per game, whether its hand
    changed."""
    changed: Array = (batch.to_stash > 0) | (batch.to_draw > 0)
    if batch.to_silo.any():
        for already in range(int(batch.to_silo.max())):
            take = (batch.to_silo > already) & (batch.next_card < batch.deck_end)
            position = np.minimum(batch.next_card, batch.deck_slots - 1)
            card = batch.deck_flat[batch.deck_rows + position]
            slot = batch.level_slot[batch.type_of_card[card]]
            batch.wanted_left_flat[np.maximum(slot, 0) * batch.games + batch.lanes] -= take & (
                slot >= 0
            )
            if batch.journal is not None:
                batch.journal.moved(batch, "silo", card, take)
            batch.granary += take
            batch.next_card += take
        batch.to_silo[:] = 0
    if batch.to_stash.any():
        for already in range(int(batch.to_stash.max())):
            choice, rank = sow_choice(batch, batch.hand, batch.granary)
            sow(batch, choice, (batch.to_stash > already) & (rank > 0))
        batch.to_stash[:] = 0
    if batch.to_draw.any():
        for already in range(int(batch.to_draw.max())):
            batch.decked |= draw_a_card(batch, batch.to_draw > already, turn)
        batch.to_draw[:] = 0
    return changed
