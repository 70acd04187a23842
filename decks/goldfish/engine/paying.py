"""Paying activation costs: resources lost, random cards from the hand, the minion itself.

The cards picked at random from a hand take the turn's pick number of each game; a second pick
in the same turn reuses it, spread by :data:`PICK_SPREAD`, so a game's picks depend on nothing
but its own numbers.

    >>> import numpy as np
    >>> from decks.goldfish import Options
    >>> from decks.goldfish.engine.batch import stacked_game
    >>> from decks.goldfish.reference import reference_deck
    >>> batch = stacked_game(reference_deck(), Options(games=1, seed=1, bury="none"))
    >>> payable(batch, Cost(hand=2), np.array([5])).tolist()  # 5 cards in hand pay twice
    [2]
    >>> pay(batch, Cost(hand=1), np.array([1]), card_type=0, turn=1)
    >>> int(batch.hand.sum())
    4
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

import numpy as np

from ..abilities import Cost
from .batch import Array, Batch

PICK_SPREAD: Final = 97.0
"""A second random pick in one turn reuses the turn's pick number, spread by this factor."""


def _next_pick(batch: Batch, turn: int, lanes: Array) -> Array:
    """The pick numbers of the games ``lanes`` for a card each picks now; theirs alone move on."""
    rows = batch.row_of[lanes]
    numbers = batch.pick_uniforms[turn - 1]
    picked: Array = numbers[rows]
    numbers[rows] = (picked * PICK_SPREAD) % 1.0
    return picked


def _put_away(batch: Batch, cards: Array, turn: int, sheathe: bool) -> None:
    """Games put ``cards`` random cards from their hand away (on top of the deck when
    ``sheathe``, else destroyed or buried).

    Only the games that put a card away are looked at (few, in a turn): their hands alone are
    summed up, and their pick numbers alone move on, a step per card picked, so that what a game
    picks depends on nothing but its own play."""
    for already in range(int(cards.max())):
        lanes = np.flatnonzero(cards > already)
        running = np.cumsum(batch.hand[:, lanes], axis=0, dtype=np.int32)
        who = running[-1] > 0  # an empty hand has nothing to put away
        if not who.any():
            break
        lanes, running = lanes[who], running[:, who]
        target = (_next_pick(batch, turn, lanes) * running[-1]).astype(np.int32)
        card_type = np.minimum((running <= target).sum(axis=0), batch.type_count - 1)
        if batch.journal is not None:
            every_type = np.zeros(batch.games, dtype=card_type.dtype)
            every_type[lanes] = card_type
            everyone = np.zeros(batch.games, dtype=np.bool_)
            everyone[lanes] = True
            batch.journal.moved(batch, "sheathe" if sheathe else "discard", every_type, everyone)
        batch.hand_flat[card_type * batch.games + lanes] -= 1
        if sheathe:
            batch.sheathed[card_type, lanes] += 1
            batch.sheathed_count[lanes] += 1
        else:
            slot = batch.level_slot[card_type]
            batch.wanted_left_flat[np.maximum(slot, 0) * batch.games + lanes] -= slot >= 0


def payable(batch: Batch, cost: Cost, uses: Array, extra_hand: int = 0) -> Array:
    """How many of ``uses`` each game can pay for (resources a spell exhausts are counted
    with its level by the plan; ``extra_hand``: the card itself leaves the hand too)."""
    if cost.lose_resources:
        uses = np.minimum(uses, batch.granary // np.int32(cost.lose_resources))
    cards = cost.hand + cost.sheathe
    if cards:
        in_hand = batch.cards_in_hand()
        uses = np.minimum(uses, in_hand // np.int32(cards + extra_hand))
    return uses


def _back_to_hand(batch: Batch, card_type: int, copies: Array) -> None:
    batch.hand[card_type] += copies
    _still_to_play(batch, card_type, copies)


def _back_on_the_deck(batch: Batch, card_type: int, copies: Array) -> None:
    batch.sheathed[card_type] += copies
    batch.sheathed_count += copies
    _still_to_play(batch, card_type, copies)


def _gone(batch: Batch, card_type: int, copies: Array) -> None:
    pass


def _still_to_play(batch: Batch, card_type: int, copies: Array) -> None:
    slot = int(batch.tables.level_slot[card_type])
    if slot >= 0:
        batch.wanted_left[slot] += copies


LEAVING: Final[dict[str, Callable[[Batch, int, Array], None]]] = {
    "hand": _back_to_hand,
    "deck": _back_on_the_deck,
    "gone": _gone,
}
"""Where a minion that pays a cost with itself goes, by ``Cost.leaves``."""


def pay(batch: Batch, cost: Cost, uses: Array, card_type: int, turn: int) -> None:
    """Games pay ``uses`` times the ``cost`` of an ability of a card of ``card_type``."""
    if cost.lose_resources:
        loss = uses * np.int32(cost.lose_resources)
        if batch.journal is not None:
            batch.journal.moved(batch, "lose", None, loss)
        exhausted = batch.granary - batch.unexhausted
        batch.granary -= loss
        # The exhausted resources go first.
        batch.unexhausted -= np.maximum(loss - exhausted, 0)
    if cost.hand:
        _put_away(batch, uses * np.int32(cost.hand), turn, sheathe=False)
    if cost.sheathe:
        _put_away(batch, uses * np.int32(cost.sheathe), turn, sheathe=True)
    if cost.leaves is not None:
        if batch.journal is not None:
            batch.journal.moved(batch, f"leave:{cost.leaves}", card_type, uses)
        sp = int(batch.tables.types[card_type].sp)
        batch.in_play_sp -= uses * np.int32(sp)
        batch.in_play_minions -= uses
        if card_type in batch.action_slot:
            batch.action_minions[batch.action_slot[card_type]] -= uses
        if card_type in batch.attack_slot:
            batch.attack_minions[batch.attack_slot[card_type]] -= uses
        LEAVING[cost.leaves](batch, card_type, uses)
