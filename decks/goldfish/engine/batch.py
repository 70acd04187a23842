"""A batch of games in play: their state as arrays, how they start, and how ended ones leave.

Every array has one element (or one column) per game still in play. Cards are counted by
*card type* (cards the policy treats alike, :class:`~decks.goldfish.policy.CardType`): the
hand, the sheathed cards and the minions in play are counts per type; only the deck keeps each
card, in order, so that what is drawn can be told apart by name.

    >>> from decks.goldfish import Options
    >>> from decks.goldfish.reference import reference_deck
    >>> batch = stacked_game(reference_deck(), Options(games=1, seed=1, bury="none"), ["Spark"])
    >>> batch.games, int(batch.hand.sum()), batch.cards_left().tolist()
    (1, 5, [55])
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final, Protocol

import numpy as np
import numpy.typing as npt

from ..dice import DiceTable, dice_table
from ..model import BuryRule, Deck, GoldfishError, Options
from ..policy import Tables, build_tables

Array = npt.NDArray[Any]

NEVER: Final = 127
"""The turn a card never drawn is counted as drawn on (past any turn limit)."""


class Journal(Protocol):
    """Listens to the moves the per-type counts cannot tell apart, for a replay of one game
    (:mod:`decks.goldfish.replay`). Told before the move is made; a tally's batches have none."""

    def moved(self, batch: Batch, move: str, what: Any, copies: Any) -> None: ...


class Counts:
    """Integer tallies of one chunk, filled batch by batch."""

    def __init__(self, tables: Tables, max_turns: int) -> None:
        self.games = 0
        self.kills = np.zeros(max_turns, dtype=np.int64)
        self.decked = 0
        self.damage = np.zeros(max_turns, dtype=np.int64)
        self.resources = np.zeros(max_turns, dtype=np.int64)
        self.seen = np.zeros((len(tables.names), max_turns + 2), dtype=np.int64)


def _bury_none(rule: BuryRule, levels: Array, wanted: Array) -> Array:
    return np.zeros(levels.shape, dtype=np.bool_)


def _bury_above(rule: BuryRule, levels: Array, wanted: Array) -> Array:
    assert rule.level is not None
    buried: Array = levels > rule.level
    return buried


def _bury_default(rule: BuryRule, levels: Array, wanted: Array) -> Array:
    # A hand with nothing worth playing on turns 1-2 buries its cards of level 4 and up; any
    # other hand keeps at most one card of level 5 and up.
    early: Array = np.any(wanted & (levels <= 2), axis=1)
    top = levels >= 5
    extra_top = np.empty_like(top)  # a card of level 5 and up after another in the hand
    tops_before = np.zeros(len(top), dtype=np.bool_)
    for position in range(top.shape[1]):
        extra_top[:, position] = top[:, position] & tops_before
        tops_before |= top[:, position]
    buried: Array = np.where(early[:, None], extra_top, levels >= 4)
    return buried


BURY_RULES: Final[dict[str, Callable[[BuryRule, Array, Array], Array]]] = {
    "none": _bury_none,
    "above": _bury_above,
    "default": _bury_default,
}
"""Which cards of each opening hand a bury rule buries, by the rule's kind, from the cards'
levels and whether each is worth playing (a row per game)."""


class Batch:
    """The state of a batch of games, as arrays with one element (or column) per game.

    ``order`` is each game's shuffled deck (card indexes, a row per game); ``dice_uniforms``
    and ``pick_uniforms`` one uniform number per turn and game (a row per turn), for the turn's
    dice and for the cards picked at random from the hand.

    The decks, the cards seen and the uniform numbers keep a row (or column) for every game of
    the batch, ended or not: ``row_of`` tells each game in play its row there. Only the state
    the turns compute with shrinks as games end."""

    def __init__(
        self,
        tables: Tables,
        options: Options,
        order: Array,
        dice_uniforms: Array,
        counts: Counts,
        pick_uniforms: Array | None = None,
    ) -> None:
        self.tables = tables
        self.options = options
        self.counts = counts
        self.opponent_hp = options.hp
        self.dice_table: DiceTable = dice_table(options.hp)
        self.max_turns = options.max_turns
        setup = options.setup
        self.opening_hand = min(setup.opening_hand, order.shape[1])
        self.first_player_draws = setup.first_player_draws_on_turn_1
        games, deck_size = order.shape
        self.deck_size = deck_size
        # A deck's row holds its cards, then the opening-hand cards buried under them.
        self.deck_slots = deck_size + self.opening_hand
        self.type_count = len(tables.types)
        self.type_of_card = tables.card_type.astype(np.intp)
        self.level_slot = tables.level_slot.astype(np.intp)
        # Each type's sow code by the granary's size (a column per size: a granary never holds
        # more cards than the deck has).
        granaries = np.arange(self.deck_slots + 1)
        self.sow_codes = np.where(
            tables.level[:, None] > granaries + 1, tables.sow_far[:, None], tables.sow_near[:, None]
        ).astype(np.int32)
        # The types worth playing, grouped by level.
        levels: dict[int, list[int]] = {}
        for card_type in np.flatnonzero(tables.wanted).tolist():
            levels.setdefault(int(tables.level[card_type]), []).append(card_type)
        self.wanted_by_level = tuple(sorted((level, tuple(of)) for level, of in levels.items()))
        self.type_mask = (1 << tables.type_bits) - 1
        self.sheathed_draw_order = np.argsort(tables.sow_near, kind="stable").astype(np.intp)
        self.action_slot = {card_type: j for j, card_type in enumerate(tables.action_types)}
        self.attack_slot = {card_type: j for j, card_type in enumerate(tables.attack_types)}
        counts.games += games
        self.ended_damage = 0
        self.ended_resources = 0
        self.journal: Journal | None = None

        self.games = games
        self.dice_uniforms = dice_uniforms
        self.pick_uniforms = (
            pick_uniforms if pick_uniforms is not None else np.zeros_like(dice_uniforms)
        )
        self.row_of = np.arange(games)
        self._deal(order)

        zero = np.zeros(games, dtype=np.int32)
        self.granary = zero.copy()
        self.in_play_sp = zero.copy()
        self.in_play_minions = zero.copy()
        self.sword_counters = zero.copy()  # on minions that attack next: their SP joins it
        self.damage = zero.copy()  # the goldfish's damage taken
        self.sheathed_count = zero.copy()
        self.sheathed = np.zeros((self.type_count, games), dtype=np.int16)
        self.action_minions = np.zeros((len(tables.action_types), games), dtype=np.int32)
        self.attack_minions = np.zeros((len(tables.attack_types), games), dtype=np.int32)
        # Cards worth playing still in hand or deck, per wanted level.
        self.wanted_left = np.repeat(tables.level_counts.astype(np.int16)[:, None], games, axis=1)

        # The Action Phase's own state, set afresh each turn (:func:`.action_phase.begin`).
        self.unexhausted = zero.copy()  # resources still to spend this turn
        self.wanted_level = zero.copy()  # the level of the most expensive card still to come
        self.summoned_sp = zero.copy()
        self.summoned = zero.copy()
        self.action_summoned = np.zeros_like(self.action_minions)
        self.attack_summoned = np.zeros_like(self.attack_minions)
        self.attack_exhausted = np.zeros_like(self.attack_minions)  # used an Action ability
        self.sword_counters_next_turn = zero.copy()  # on minions that do not attack this turn
        self.to_draw = zero.copy()
        self.to_silo = zero.copy()
        self.to_stash = zero.copy()
        self.decked = np.zeros(games, dtype=np.bool_)  # drew from an empty deck this turn
        self.attack_sp = zero.copy()
        self.attackers = zero.copy()
        self._index_rows()

    def _deal(self, order: Array) -> None:
        """Deal each opening hand, bury what the bury rule says, and draw as many again."""
        games, deck_size = order.shape
        opening = self.opening_hand
        deck = np.empty((games, self.deck_slots), dtype=np.int16)
        deck[:, :deck_size] = order
        self.deck = deck
        card_type = self.tables.card_type
        opening_cards = order[:, :opening]
        opening_types = card_type[opening_cards]
        bury = self._bury(opening_types)
        buried = bury.sum(axis=1, dtype=np.int32)
        # Under the deck: the buried cards in the order they were dealt, then the kept ones
        # (never drawn: the deck ends with the last card buried).
        lanes = np.arange(games)
        rows = lanes * self.deck_slots + deck_size
        buried_before = np.zeros(games, dtype=np.int32)
        for position in range(opening):
            under = np.where(bury[:, position], buried_before, buried + position - buried_before)
            deck.reshape(-1)[rows + under] = opening_cards[:, position]
            buried_before += bury[:, position]
        self.deck_end = deck_size + buried
        self.next_card = opening + buried

        hand = np.zeros((self.type_count, games), dtype=np.int16)
        hand_flat = hand.reshape(-1)
        stride = np.intp(games)  # type * stride does not overflow
        for position in range(opening):
            hand_flat[opening_types[:, position] * stride + lanes] += ~bury[:, position]
        for position in range(min(opening, deck_size - opening)):
            drawn = card_type[deck[:, opening + position]]
            hand_flat[drawn * stride + lanes] += buried > position
        self.hand = hand

        # The turn each card was first drawn on, a row per card and a column per game, and one
        # slot for draws that do not count (cards buried and drawn again).
        self.seen_stride = np.intp(games)  # a NumPy integer: card * stride does not overflow
        self.seen_nowhere = deck_size * games
        seen = np.full(self.seen_nowhere + 1, NEVER, dtype=np.int8)
        for position in range(min(2 * opening, deck_size)):
            index = deck[:, position] * self.seen_stride + lanes
            seen[np.where(position < self.next_card, index, self.seen_nowhere)] = 0
        self.seen = seen

    def _bury(self, opening_types: Array) -> Array:
        rule = self.options.bury_rule
        levels = self.tables.level[opening_types]
        if not self.options.setup.opening_bury:
            return _bury_none(rule, levels, opening_types)
        return BURY_RULES[rule.kind](rule, levels, self.tables.wanted[opening_types])

    # -- bookkeeping --------------------------------------------------------------------------

    def _index_rows(self) -> None:
        """Flat views and row starts, for picking one element per game in one step."""
        self.lanes = np.arange(self.games)
        self.deck_rows = self.row_of * self.deck_slots
        self.hand_flat = self.hand.reshape(-1)
        self.wanted_left_flat = self.wanted_left.reshape(-1)
        self.deck_flat = self.deck.reshape(-1)

    def cards_in_hand(self) -> Array:
        """Cards in each hand."""
        return column_sums(self.hand)

    def wanted_in_hand(self) -> list[tuple[int, Array]]:
        """Cards worth playing in each hand, by level: ``(level, cards)``, for each level the
        deck's wanted cards have."""
        return [(level, column_sums(self.hand, types)) for level, types in self.wanted_by_level]

    def cards_left(self) -> Array:
        """Cards left to draw: the deck and the cards sheathed on top of it."""
        left: Array = self.deck_end - self.next_card + self.sheathed_count
        return left

    def _keep(self, keep: Array) -> None:
        index = np.flatnonzero(keep)
        games = len(index)
        self.row_of = self.row_of[index]
        self.hand = self.hand.take(index, axis=1)
        if self.sheathed_count.any():
            self.sheathed = self.sheathed.take(index, axis=1)
        else:
            self.sheathed = np.zeros((self.type_count, games), dtype=self.sheathed.dtype)
        self.action_minions = self.action_minions.take(index, axis=1)
        self.attack_minions = self.attack_minions.take(index, axis=1)
        self.wanted_left = self.wanted_left.take(index, axis=1)
        self.deck_end = self.deck_end[index]
        self.next_card = self.next_card[index]
        self.granary = self.granary[index]
        self.in_play_sp = self.in_play_sp[index]
        self.in_play_minions = self.in_play_minions[index]
        self.sword_counters = self.sword_counters[index]
        self.damage = self.damage[index]
        self.sheathed_count = self.sheathed_count[index]
        self.games = games
        self._index_rows()

    def finish(self, ended: Array) -> None:
        """Carry the final state of ended games into the sums and take them out of the
        batch."""
        self.ended_damage += int(self.damage[ended].sum())
        self.ended_resources += int(self.granary[ended].sum())
        self._keep(~ended)

    def seen_at(self, card: Array, lanes: Array | slice = slice(None)) -> Array:
        """Where the turn ``card`` was first drawn on is kept, for the games ``lanes``."""
        where: Array = card * self.seen_stride + self.row_of[lanes]
        return where

    def count_seen(self) -> None:
        """Count the turn each card name was first drawn on, in every game of the batch."""
        if self.seen_stride == 0:
            return
        by_card = self.seen[:-1].reshape(self.deck_size, int(self.seen_stride))
        starts = self.tables.name_starts.tolist()
        ends = starts[1:] + [self.deck_size]
        tally = self.counts.seen
        last = self.max_turns + 1  # never drawn within the turn limit
        for name, (start, end) in enumerate(zip(starts, ends, strict=True)):
            first = by_card[start:end].min(axis=0)
            np.minimum(first, last, out=first)
            tally[name] += np.bincount(first, minlength=last + 1)


def column_sums(rows: Array, which: Sequence[int] | None = None) -> Array:
    """``rows.sum(axis=0)``, or the sum of the rows ``which`` only. A batch's per-type arrays
    are a few long rows, which NumPy adds about three times faster one by one than with
    ``sum(axis=0)``."""
    if which is None:
        which = range(len(rows))
    total: Array = rows[which[0]].copy()
    for row in which[1:]:
        total += rows[row]
    return total


def stacked_game(deck: Deck, options: Options, top: Sequence[str] = ()) -> Batch:
    """One game, dealt but not played, whose deck starts with the cards named in ``top`` (the
    rest follow in name order), and whose random numbers are all 0: each die shows 1, and a
    card picked at random from the hand is one of the first type in it."""
    tables = build_tables(deck, options.max_turns, options.edition)
    left: dict[str, list[int]] = {}
    for card in range(len(tables.card_type)):
        name_index = int(np.searchsorted(tables.name_starts, card, side="right")) - 1
        left.setdefault(tables.names[name_index], []).append(card)
    order: list[int] = []
    for name in top:
        if not left.get(name):
            raise GoldfishError(f"the deck has no card named {name!r} left to stack")
        order.append(left[name].pop(0))
    order += [card for name in tables.names for card in left[name]]
    return Batch(
        tables,
        options,
        np.array([order], dtype=np.int16),
        np.zeros((options.max_turns, 1)),
        Counts(tables, options.max_turns),
    )
