"""The Resource Phase: whether each game sows a card from its hand into the granary, and which.

The policy's sowing rule and the baselines it is compared with (``policy.SOWING``) each decide
who sows (:data:`WHO_SOWS`); the card sowed is the one with the highest sow code: surplus cards
first, then the highest-level card out of reach even next turn, then the least valuable.

    >>> from decks.goldfish import Options
    >>> from decks.goldfish.engine.batch import stacked_game
    >>> from decks.goldfish.reference import reference_deck
    >>> top = ["Field Mouse", "Hedge Knight", "Border Scout", "Iron Guard", "Siege Ogre"]
    >>> batch = stacked_game(reference_deck(), Options(games=1, seed=1, bury="none"), top)
    >>> resource_phase(batch)
    >>> batch.granary.tolist(), int(batch.hand.sum())
    ([1], 4)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

import numpy as np

from ..policy import SOW_DISTANT
from .batch import Array, Batch


def wanted_level(batch: Batch) -> Array:
    """Level of the most expensive card worth playing still in hand or deck."""
    want: Array = np.zeros(batch.games, dtype=np.int32)
    # The levels go up: the last one with a card left is the highest.
    for slot, level in enumerate(batch.tables.wanted_levels):
        np.copyto(want, np.int32(level), where=batch.wanted_left[slot] > 0)
    return want


def sow_choice(batch: Batch, hand: Array, granary: Array) -> tuple[Array, Array]:
    """The card type each game would sow, and its sow rank (0: nothing to sow)."""
    codes = batch.sow_codes.take(granary, axis=1)
    codes *= hand > 0
    best = codes.max(axis=0)
    return best & batch.type_mask, best >> batch.tables.type_bits


def sow(batch: Batch, choice: Array, who: Array) -> None:
    """Games in ``who`` sow a card of type ``choice``."""
    if batch.journal is not None:
        batch.journal.moved(batch, "sow", choice, who)
    batch.hand_flat[choice * batch.games + batch.lanes] -= who
    batch.granary += who
    slot = batch.level_slot[choice]
    batch.wanted_left_flat[np.maximum(slot, 0) * batch.games + batch.lanes] -= who & (slot >= 0)


def _by_policy(batch: Batch, cards: Array) -> Array:
    # Sow while the cards worth playing in hand cost more than the granary holds, or it is
    # short of the most expensive card still to come.
    short = batch.granary < wanted_level(batch)
    cost = np.zeros(batch.games, dtype=np.int32)
    for level, in_hand in batch.wanted_in_hand():
        if level:
            cost += in_hand * np.int32(level)
    flood = cost > batch.granary
    who: Array = (cards >= 2) & (flood | short)
    return who


def _wanted_within(batch: Batch, reach: Array) -> Array:
    """Cards worth playing in each hand whose level is at most the game's ``reach``."""
    cards = np.zeros(batch.games, dtype=np.int32)
    for level, in_hand in batch.wanted_in_hand():
        cards += in_hand * (reach >= level)
    return cards


def _with_two_cards(batch: Batch, cards: Array) -> Array:
    who: Array = cards >= 2
    return who


def _when_stuck(batch: Batch, cards: Array) -> Array:
    playable = _wanted_within(batch, batch.granary)
    who: Array = (cards >= 1) & (playable == 0)
    return who


def _while_short(batch: Batch, cards: Array) -> Array:
    who: Array = batch.granary < wanted_level(batch)
    return who


WHO_SOWS: Final[dict[str, Callable[[Batch, Array], Array]]] = {
    "policy": _by_policy,
    "hand2": _with_two_cards,
    "stuck": _when_stuck,
    "want": _while_short,
}
"""The games that would sow this turn, by sowing rule, from the cards in each hand."""

KEEPS_A_CARD_TO_PLAY: Final = frozenset({"policy", "want"})
"""Sowing rules that sow a card the player would rather play only if another is left to play."""


def resource_phase(batch: Batch) -> None:
    rule = batch.tables.sowing
    cards = batch.cards_in_hand()
    who = WHO_SOWS[rule](batch, cards)
    if not who.any():
        return
    choice, rank = sow_choice(batch, batch.hand, batch.granary)
    who = who & (rank > 0)
    if rule in KEEPS_A_CARD_TO_PLAY:
        keep = _wanted_within(batch, batch.granary + 1)
        who = who & ((rank >= SOW_DISTANT) | (keep >= 2))
    sow(batch, choice, who)
