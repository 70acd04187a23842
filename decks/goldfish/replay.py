"""One game of a run, played again from its block's random numbers, with its state at the
start of every turn: the cards in each zone, by card.

A game's random numbers come only from its block's generator (:func:`.engine.block_generator`),
drawn for the whole block at once; nothing a game does depends on another game. So the game is
played alone, from its own row of its block's numbers, and turns out as it did in the run.

The engine counts cards by *card type* (cards the policy treats alike); which card of a type
left a zone is not something it decides. The replay follows each card: where the engine moves
a card of a type, the replay moves the one of that type that came into the zone first.

    >>> from decks.goldfish import Options
    >>> from decks.goldfish.reference import reference_deck
    >>> game = replay_game(reference_deck(), Options(games=1_500, seed=7), number=1_203)
    >>> game.block, game.number, game.turns[0].turn
    (1, 1203, 1)
    >>> start = game.turns[0]
    >>> len(start.hand), len(start.library) + len(start.hand), start.granary, start.field
    (5, 60, (), ())
    >>> game.names[start.hand[0]] in game.names
    True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from .engine import play_turns, shuffled
from .engine.batch import Batch, Counts
from .model import BLOCK, Deck, GoldfishError, Options
from .policy import Tables, build_tables

__all__ = ["ReplayedGame", "TurnState", "card_entries", "replay_game"]


@dataclass(frozen=True)
class TurnState:
    """A game at the start of a turn, before its Draw Phase. Cards are card indexes of the
    deck (:func:`card_entries` tells which entry each is); the library's first card is the
    top of the deck."""

    turn: int
    library: tuple[int, ...]
    hand: tuple[int, ...]
    field: tuple[int, ...]  # minions in play
    granary: tuple[int, ...]
    grave: tuple[int, ...]  # cast spells, destroyed cards and lost resources
    damage: int  # the goldfish's damage taken so far
    sword_counters: int  # on the minions in play


@dataclass(frozen=True)
class ReplayedGame:
    """Game ``number`` (1 for the run's first) with its state at the start of each turn it
    played. ``kill_turn`` is the turn the goldfish fell (None if it did not); ``decked``
    whether the game ended drawing from an empty deck."""

    number: int
    block: int
    names: tuple[str, ...]  # of each card index
    opening: tuple[int, ...]  # the opening hand as dealt
    buried: tuple[int, ...]  # the cards of it buried at the start
    turns: tuple[TurnState, ...]
    kill_turn: int | None
    decked: bool
    irregular: tuple[str, ...] = ()  # moves of the engine the cards followed could not make

    def at_turn(self, turn: int) -> TurnState:
        """The state at the start of ``turn``; GoldfishError if the game ended before it."""
        for state in self.turns:
            if state.turn == turn:
                return state
        raise GoldfishError(
            f"game {self.number} ended before turn {turn}: it played turns 1 to {len(self.turns)}"
        )


def card_entries(deck: Deck) -> tuple[int, ...]:
    """The deck entry (its position in ``deck.entries``) each card index belongs to: cards are
    indexed name by name, in name order, as :func:`.policy.build_tables` deals them.

    >>> from decks.goldfish import GoldfishCard
    >>> ogre = GoldfishCard(name="Ogre", kind="minion", level=3, sp=2)
    >>> ant = GoldfishCard(name="Ant", kind="minion", level=1, sp=1)
    >>> card_entries(Deck.of([(3, ogre), (2, ant)]))
    (1, 1, 0, 0, 0)
    """
    positions: dict[str, list[int]] = {}
    for position, (_, card) in enumerate(deck.entries):
        positions.setdefault(card.name, []).append(position)
    entries: list[int] = []
    for name in sorted(positions):
        for position in positions[name]:
            entries.extend([position] * deck.entries[position][0])
    return tuple(entries)


class _Follower:
    """The :class:`~.engine.batch.Journal` of a one-game batch: follows every card."""

    def __init__(self, batch: Batch) -> None:
        self.type_of_card = batch.tables.card_type
        self.row = batch.deck[0]
        self.top = int(batch.next_card[0])  # the next card of the deck proper
        self.hand = [int(card) for card in self.row[: batch.opening_hand]]
        buried = int(batch.deck_end[0]) - batch.deck_size
        self.opening = tuple(self.hand)
        self.buried = tuple(
            int(card) for card in self.row[batch.deck_size : batch.deck_size + buried]
        )
        self.hand = [card for card in self.hand if card not in self.buried]
        self.hand += [int(card) for card in self.row[batch.opening_hand : self.top]]
        self.sheathed: list[int] = []
        self.field: list[int] = []
        self.granary: list[int] = []
        self.grave: list[int] = []
        self.turns: list[TurnState] = []
        self.irregular: list[str] = []

    def _take(self, zone: list[int], card_type: int) -> int | None:
        for position, card in enumerate(zone):
            if self.type_of_card[card] == card_type:
                return zone.pop(position)
        return None

    def _catch_up(self, batch: Batch) -> None:
        """Cards the engine drew since the last move: from the sheathed cards, then the deck."""
        counts = np.bincount(self.type_of_card[self.sheathed], minlength=batch.type_count).astype(
            np.int64
        )
        for card_type in np.flatnonzero(counts > batch.sheathed[:, 0]):
            for _ in range(int(counts[card_type] - batch.sheathed[card_type, 0])):
                self._put(self.hand, self._take(self.sheathed, int(card_type)), "drew")
        drawn_to = int(batch.next_card[0])
        self.hand += [int(card) for card in self.row[self.top : drawn_to]]
        self.top = drawn_to

    def moved(self, batch: Batch, move: str, what: Any, copies: Any) -> None:
        self._catch_up(batch)
        if move == "turn":
            self.turns.append(self._state(batch, int(what)))
            return
        count = int(np.asarray(copies).reshape(-1)[0])
        if move == "silo":
            if count:
                self.granary.append(int(self.row[self.top]))
                self.top += 1
            return
        if move == "lose":
            for _ in range(min(count, len(self.granary))):
                self.grave.append(self.granary.pop())
            return
        card_type = int(np.asarray(what).reshape(-1)[0])
        source = self.field if move.startswith("leave:") else self.hand
        target = {
            "sow": self.granary,
            "play": self.field if batch.tables.types[card_type].is_minion else self.grave,
            "discard": self.grave,
            "sheathe": self.sheathed,
            "leave:hand": self.hand,
            "leave:deck": self.sheathed,
            "leave:gone": self.grave,
        }[move]
        for _ in range(count):
            self._put(target, self._take(source, card_type), move)

    def _put(self, zone: list[int], card: int | None, move: str) -> None:
        if card is not None:
            zone.append(card)
        elif self.turns:
            # The engine moved a card its zone no longer held (a card its plan counted on was
            # taken by a cost first): from here its counts and the cards followed differ.
            self.irregular.append(f"turn {self.turns[-1].turn}: {move} of a card not there")

    def _state(self, batch: Batch, turn: int) -> TurnState:
        draw_order = {
            int(card_type): rank for rank, card_type in enumerate(batch.sheathed_draw_order)
        }
        # The engine draws the sheathed card it would sow last first: it lies on top.
        sheathed = sorted(self.sheathed, key=lambda card: draw_order[int(self.type_of_card[card])])
        library = tuple(sheathed) + tuple(
            int(card) for card in self.row[self.top : int(batch.deck_end[0])]
        )
        return TurnState(
            turn=turn,
            library=library,
            hand=tuple(self.hand),
            field=tuple(self.field),
            granary=tuple(self.granary),
            grave=tuple(self.grave),
            damage=int(batch.damage[0]),
            sword_counters=int(batch.sword_counters[0]),
        )


def _card_names(tables: Tables) -> tuple[str, ...]:
    starts = list(tables.name_starts) + [len(tables.card_type)]
    names: list[str] = []
    for index, name in enumerate(tables.names):
        names.extend([name] * (int(starts[index + 1]) - int(starts[index])))
    return tuple(names)


def _block_row(tables: Tables, options: Options, block: int, row: int) -> Sequence[Any]:
    """Game ``row`` of ``block``'s deck order and random numbers, as :func:`.engine.play_blocks`
    draws them."""
    order, dice, picks = shuffled(options, len(tables.card_type), block, block + 1)
    return order[row : row + 1], dice[:, row : row + 1], picks[:, row : row + 1]


def replay_game(deck: Deck, options: Options, number: int) -> ReplayedGame:
    """Play game ``number`` (1 to ``options.games``) of a run again, following every card."""
    if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= options.games:
        raise GoldfishError(f"the game number must be between 1 and {options.games:,}")
    block, row = divmod(number - 1, BLOCK)
    tables = build_tables(deck, options.max_turns, options.edition)
    order, dice, picks = _block_row(tables, options, block, row)
    counts = Counts(tables, options.max_turns)
    batch = Batch(tables, options, order, dice, counts, picks)
    follower = _Follower(batch)
    batch.journal = follower
    play_turns(batch)
    won = np.flatnonzero(counts.kills)
    return ReplayedGame(
        number=number,
        block=block,
        names=_card_names(tables),
        opening=follower.opening,
        buried=follower.buried,
        turns=tuple(follower.turns),
        kill_turn=int(won[0]) + 1 if len(won) else None,
        decked=bool(counts.decked),
        irregular=tuple(follower.irregular),
    )
