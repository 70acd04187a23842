"""A sample game's opening: shuffle, draw 5, bury once, then draw a card a turn. Pure Python.

The 14th rulebook, "Setup and Deck Building": shuffle your deck and draw 5 cards. Once,
optionally, you may then bury (place on the bottom of your deck, in any order) any number of
cards in your hand, then draw a number of cards equal to the number buried.

A game is replayed from its seed and the choices made, so a page can carry it in its URL and
the same link always shows the same hand.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

T = TypeVar("T")

HAND_SIZE = 5
MAX_SEED = 2**31 - 1


class SampleHandError(ValueError):
    """A choice the rules do not allow: burying twice, or a card that is not in the hand."""


@dataclass(frozen=True)
class SampleGame(Generic[T]):
    seed: int
    opening: tuple[T, ...]  # the first 5 cards drawn, before any bury
    buried: tuple[int, ...]  # positions in the opening hand that were buried
    bury_decided: bool  # the once-per-game bury step is over (buried or kept)
    hand: tuple[T, ...]
    library: tuple[T, ...]  # the deck, top card first
    turn: int  # 0 before the first turn; each turn draws a card
    drawn_this_turn: T | None

    @property
    def can_bury(self) -> bool:
        return not self.bury_decided and self.turn == 0

    @property
    def deck_left(self) -> int:
        return len(self.library)

    @property
    def buried_cards(self) -> tuple[T, ...]:
        return tuple(self.opening[index] for index in self.buried)

    @property
    def drawn_for_buried(self) -> tuple[T, ...]:
        """The cards drawn in place of the buried ones: they follow the cards kept in the hand."""
        kept = len(self.opening) - len(self.buried)
        return self.hand[kept : kept + len(self.buried)]


def new_seed(rng: random.Random | None = None) -> int:
    return (rng or random.SystemRandom()).randint(1, MAX_SEED)


def sample_game(
    cards: Sequence[T],
    *,
    seed: int,
    bury: Collection[int] = (),
    bury_decided: bool = False,
    turns: int = 0,
    hand_size: int = HAND_SIZE,
) -> SampleGame[T]:
    """Replay a game: shuffle `cards` with `seed`, draw the opening hand, bury the cards at the
    `bury` positions of the opening hand (burying decides the step), then draw once a turn.

    Drawing from an empty deck draws nothing; the game page says the deck is empty."""
    if turns < 0:
        raise SampleHandError("The number of turns cannot be negative.")
    deck = list(cards)
    random.Random(seed).shuffle(deck)
    opening = tuple(deck[:hand_size])
    library = deck[hand_size:]
    positions = sorted(set(bury))
    for position in positions:
        if not 0 <= position < len(opening):
            raise SampleHandError(f"There is no card {position + 1} in the opening hand.")
    hand = [card for index, card in enumerate(opening) if index not in positions]
    if positions:
        # Buried cards go to the bottom, in the order they were in the hand; then as many are drawn.
        library.extend(opening[index] for index in positions)
        hand.extend(library[: len(positions)])
        del library[: len(positions)]
    drawn: T | None = None
    for _ in range(turns):
        drawn = library.pop(0) if library else None
        if drawn is not None:
            hand.append(drawn)
    return SampleGame(
        seed=seed,
        opening=opening,
        buried=tuple(positions),
        bury_decided=bury_decided or bool(positions) or turns > 0,
        hand=tuple(hand),
        library=tuple(library),
        turn=turns,
        drawn_this_turn=drawn,
    )
