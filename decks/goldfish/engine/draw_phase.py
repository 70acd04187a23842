"""Drawing cards: in the Draw Phase, and when an effect says so.

A sheathed card lies on top of the deck, so it is drawn first (of several, the one the player
would sow last). A card drawn for the first time is marked *seen* on the turn; cards buried
from the opening hand and drawn again are not seen twice.

    >>> from decks.goldfish import Options
    >>> from decks.goldfish.engine.batch import stacked_game
    >>> from decks.goldfish.reference import reference_deck
    >>> batch = stacked_game(reference_deck(), Options(games=1, seed=1, bury="none"))
    >>> draw_phase(batch, turn=1).tolist(), int(batch.hand.sum()), batch.next_card.tolist()
    ([False], 6, [6])
"""

from __future__ import annotations

import numpy as np

from .batch import Array, Batch


def _draw_sheathed(batch: Batch, who: Array) -> Array:
    """Games in ``who`` with sheathed cards take the best of them back; returns the games
    that still draw from the deck proper."""
    back = who & (batch.sheathed_count > 0)
    if not back.any():
        return who
    index = np.flatnonzero(back)
    ordered = batch.sheathed[batch.sheathed_draw_order][:, index] > 0
    card_type = batch.sheathed_draw_order[np.argmax(ordered, axis=0)]
    batch.sheathed[card_type, index] -= 1
    batch.hand[card_type, index] += 1
    batch.sheathed_count[index] -= 1
    rest: Array = who & ~back
    return rest


def draw_phase(batch: Batch, turn: int) -> Array:
    """The Draw Phase: every game draws a card; returns the games whose deck is empty."""
    who = np.ones(batch.games, dtype=np.bool_)
    if batch.sheathed_count.any():
        who = _draw_sheathed(batch, who)
    has = (batch.next_card < batch.deck_end) & who
    position = np.minimum(batch.next_card, batch.deck_slots - 1)
    card = batch.deck_flat[batch.deck_rows + position]
    batch.hand_flat[batch.type_of_card[card] * batch.games + batch.lanes] += has
    fresh = has & (position < batch.deck_size)
    batch.seen[np.where(fresh, batch.seen_at(card), batch.seen_nowhere)] = turn
    batch.next_card += has
    empty: Array = who & ~has
    return empty


def draw_a_card(batch: Batch, who: Array, turn: int) -> Array:
    """Games in ``who`` draw a card; returns the games that had to draw from an empty deck."""
    if batch.sheathed_count.any():
        who = _draw_sheathed(batch, who)
    index = np.flatnonzero(who)
    next_card = batch.next_card[index]
    has = next_card < batch.deck_end[index]
    empty = np.zeros(batch.games, dtype=np.bool_)
    empty[index[~has]] = True
    index, next_card = index[has], next_card[has]
    card = batch.deck_flat[batch.deck_rows[index] + next_card]
    batch.hand_flat[batch.type_of_card[card] * batch.games + index] += 1
    fresh = next_card < batch.deck_size
    batch.seen[batch.seen_at(card, index)[fresh]] = turn
    batch.next_card[index] += 1
    return empty
