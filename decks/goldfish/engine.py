"""The vectorized goldfish: many games at once, one NumPy array element per game.

A batch holds a few dozen blocks of games. The engine loops over turns and over the
handful of decisions in a turn; every decision is an array operation across all
games still running (the card types of a plan are looped over, the games never).
Games that end leave the arrays, and their final state is carried into the per-turn
sums.

Per-game randomness comes only from the game's block generator (see
:func:`block_generator`): the deck order (argsort of random keys), one uniform number
per turn for the turn's dice, and one per turn for the cards picked at random from the
hand (costs that destroy, bury or sheathe random cards in your hand). Nothing a game does
depends on other games, so the numbers do not depend on how blocks are grouped into
batches or chunks.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from .abilities import Cost, Effect, Use
from .dice import DiceTable, dice_table
from .model import BLOCK, GoldfishError, Options
from .policy import SHIFT, SOW_DISTANT, Step, Tables

Array = npt.NDArray[Any]

BATCH_CELLS: Final = 1_600_000
"""Games per batch times deck size: about 25,000 games of a 60-card deck."""
NEVER: Final = 127
PASSES: Final = 3
"""Rounds of play after cards or resources arrive mid-phase (card draw)."""
PICK_SPREAD: Final = 97.0
"""A second random pick in one turn reuses the turn's pick number, spread by this factor."""


def block_generator(seed: int, block: int) -> np.random.Generator:
    return np.random.Generator(np.random.PCG64(np.random.SeedSequence(seed, spawn_key=(block,))))


def block_games(block: int, games: int) -> int:
    return max(0, min(BLOCK, games - block * BLOCK))


class Counts:
    """Integer tallies of one chunk, filled batch by batch."""

    def __init__(self, tables: Tables, max_turns: int) -> None:
        self.games = 0
        self.kills = np.zeros(max_turns, dtype=np.int64)
        self.decked = 0
        self.damage = np.zeros(max_turns, dtype=np.int64)
        self.resources = np.zeros(max_turns, dtype=np.int64)
        self.seen = np.zeros((len(tables.names), max_turns + 2), dtype=np.int64)


def play_blocks(tables: Tables, options: Options, first_block: int, end_block: int) -> Counts:
    """Play every game of blocks ``first_block .. end_block - 1``."""
    if not 0 <= first_block <= end_block <= options.blocks:
        raise GoldfishError(
            f"blocks {first_block}..{end_block} are outside 0..{options.blocks} for "
            f"{options.games} games"
        )
    counts = Counts(tables, options.max_turns)
    deck_size = len(tables.card_type)
    opening = options.setup.opening_hand
    most = max(1, BATCH_CELLS // (BLOCK * (deck_size + opening)))
    batches = -(-(end_block - first_block) // most)
    per_batch = -(-(end_block - first_block) // batches) if batches else 1
    for start in range(first_block, end_block, per_batch):
        stop = min(end_block, start + per_batch)
        keys: list[Array] = []
        uniforms: list[Array] = []
        picks: list[Array] = []
        for block in range(start, stop):
            size = block_games(block, options.games)
            generator = block_generator(options.seed, block)
            keys.append(generator.random((size, deck_size)))
            uniforms.append(generator.random((size, options.max_turns)))
            picks.append(generator.random((size, options.max_turns)))
        order = np.concatenate(keys).argsort(axis=1).astype(np.int16)
        Batch(tables, options, order, np.concatenate(uniforms), counts, np.concatenate(picks)).run()
    return counts


def _affordable(have: Array, res: Array, step: Step) -> Array:
    """Copies of ``step``'s card that the resources pay for (at most those in hand)."""
    copies: Array
    if step.level == 0:
        copies = have.astype(np.int32)
    elif step.level == 1:
        copies = np.minimum(have, res)
    else:
        copies = np.minimum(have, (res * np.int32(step.magic)) >> SHIFT)
    return copies


class Batch:
    """The state of a batch of games, as arrays with one element (or column) per game."""

    def __init__(
        self,
        tables: Tables,
        options: Options,
        order: Array,
        uniforms: Array,
        counts: Counts,
        picks: Array | None = None,
    ) -> None:
        self.t = tables
        self.o = options
        self.counts = counts
        self.hp = options.hp
        self.dice_table: DiceTable = dice_table(options.hp)
        self.turns = options.max_turns
        setup = options.setup
        self.opening = min(setup.opening_hand, order.shape[1])
        self.first_draws = setup.first_player_draws_on_turn_1
        games, deck_size = order.shape
        self.n = deck_size
        self.width = deck_size + self.opening
        self.k = len(tables.types)
        self.ctype = tables.card_type.astype(np.intp)
        self.slot_of = tables.level_slot.astype(np.intp)
        self.level_col = tables.level.astype(np.int32)[:, None]
        self.wanted_col = tables.wanted[:, None]
        self.wanted_level_col = (tables.level * tables.wanted).astype(np.int32)[:, None]
        self.near_col = tables.sow_near[:, None]
        self.far_col = tables.sow_far[:, None]
        self.type_mask = (1 << tables.type_bits) - 1
        self.draw_order = np.argsort(tables.sow_near, kind="stable").astype(np.intp)
        self.act_index = {i: j for j, i in enumerate(tables.act_types)}
        self.atk_index = {i: m for m, i in enumerate(tables.attack_types)}
        counts.games += games
        self.carry_damage = 0
        self.carry_resources = 0

        self.g = games
        self.u = uniforms
        self.pick = picks if picks is not None else np.zeros_like(uniforms)
        deck = np.empty((games, self.width), dtype=np.int16)
        deck[:, :deck_size] = order
        self.deck = deck
        card_type = tables.card_type
        opening = order[:, : self.opening]
        opening_types = card_type[opening]
        bury = self._bury(opening_types)
        buried = bury.sum(axis=1, dtype=np.int32)
        to_bottom = np.argsort(~bury, axis=1, kind="stable")
        deck[:, deck_size:] = np.take_along_axis(opening, to_bottom, axis=1)
        self.dlen = deck_size + buried
        self.ptr = self.opening + buried

        lanes = np.arange(games)
        hand = np.zeros((self.k, games), dtype=np.int16)
        for i in range(self.opening):
            hand[opening_types[:, i], lanes] += ~bury[:, i]
        for i in range(min(self.opening, deck_size - self.opening)):
            hand[card_type[deck[:, self.opening + i]], lanes] += buried > i
        self.hand = hand

        seen = np.full(games * deck_size + 1, NEVER, dtype=np.int8)
        for position in range(min(2 * self.opening, deck_size)):
            index = lanes * deck_size + deck[:, position]
            seen[np.where(position < self.ptr, index, games * deck_size)] = 0
        self.seen = seen

        zero = np.zeros(games, dtype=np.int32)
        self.granary = zero.copy()
        self.board_sp = zero.copy()
        self.board_n = zero.copy()
        self.swords_ready = zero.copy()
        self.damage = zero.copy()
        self.sheath_n = zero.copy()
        self.sheathed = np.zeros((self.k, games), dtype=np.int16)
        self.act = np.zeros((len(tables.act_types), games), dtype=np.int16)
        self.atk = np.zeros((len(tables.attack_types), games), dtype=np.int16)
        self.avail = np.repeat(tables.level_counts.astype(np.int16)[:, None], games, axis=1)
        self._lanes()

    # -- bookkeeping ----------------------------------------------------------------

    def _lanes(self) -> None:
        self.lane = np.arange(self.g)
        self.row_deck = self.lane * self.width
        self.row_seen = self.lane * self.n
        self.hand_flat = self.hand.reshape(-1)
        self.avail_flat = self.avail.reshape(-1)
        self.deck_flat = self.deck.reshape(-1)
        self.dummy_seen = self.g * self.n

    def _bury(self, opening_types: Array) -> Array:
        rule = self.o.bury_rule
        level = self.t.level[opening_types]
        if rule.kind == "none" or not self.o.setup.opening_bury:
            return np.zeros(opening_types.shape, dtype=np.bool_)
        if rule.kind == "above":
            assert rule.level is not None
            return level > rule.level
        # default: a hand with nothing worth playing on turns 1-2 buries its cards of
        # level 4 and up; any other hand keeps at most one card of level 5 and up.
        early: Array = np.any(self.t.wanted[opening_types] & (level <= 2), axis=1)
        top = level >= 5
        extra_top = top & (np.cumsum(top, axis=1) >= 2)
        return np.where(early[:, None], extra_top, level >= 4)

    def _remove(self, keep: Array) -> None:
        index = np.flatnonzero(keep)
        games = len(index)
        self.deck = self.deck[index]
        seen = np.empty(games * self.n + 1, dtype=np.int8)
        seen[:-1] = self.seen[:-1].reshape(self.g, self.n)[index].reshape(-1)
        self.seen = seen
        self.hand = np.ascontiguousarray(self.hand[:, index])
        self.sheathed = self.sheathed[:, index]
        self.act = self.act[:, index]
        self.atk = self.atk[:, index]
        self.avail = np.ascontiguousarray(self.avail[:, index])
        self.u = self.u[index]
        self.pick = self.pick[index]
        for name in (
            "dlen",
            "ptr",
            "granary",
            "board_sp",
            "board_n",
            "swords_ready",
            "damage",
            "sheath_n",
        ):
            setattr(self, name, getattr(self, name)[index])
        self.g = games
        self._lanes()

    def _finish(self, ended: Array) -> None:
        """Carry the final state of ended games into the sums and count their draws."""
        self.carry_damage += int(self.damage[ended].sum())
        self.carry_resources += int(self.granary[ended].sum())
        self._count_seen(ended)
        self._remove(~ended)

    def _count_seen(self, which: Array | None) -> None:
        seen = self.seen[:-1].reshape(self.g, self.n)
        if which is not None:
            seen = seen[which]
        if len(seen) == 0:
            return
        first = np.minimum.reduceat(seen, self.t.name_starts, axis=1)
        first = np.minimum(first, self.turns + 1).astype(np.int64)
        codes = first + np.arange(len(self.t.names)) * (self.turns + 2)
        tally = self.counts.seen
        tally += np.bincount(codes.reshape(-1), minlength=tally.size).reshape(tally.shape)

    # -- drawing, sowing ------------------------------------------------------------

    def _left(self) -> Array:
        """Cards left to draw: the deck and the cards sheathed on top of it."""
        left: Array = self.dlen - self.ptr + self.sheath_n
        return left

    def _draw_sheathed(self, who: Array) -> Array:
        """Games in ``who`` with sheathed cards take the best of them back; returns the games
        that still draw from the deck proper."""
        back = who & (self.sheath_n > 0)
        if not back.any():
            return who
        index = np.flatnonzero(back)
        ordered = self.sheathed[self.draw_order][:, index] > 0
        card_type = self.draw_order[np.argmax(ordered, axis=0)]
        self.sheathed[card_type, index] -= 1
        self.hand[card_type, index] += 1
        self.sheath_n[index] -= 1
        rest: Array = who & ~back
        return rest

    def _draw_all(self, turn: int) -> Array:
        """The Draw Phase: every game draws a card; returns the games whose deck is empty."""
        who = np.ones(self.g, dtype=np.bool_)
        if self.sheath_n.any():
            who = self._draw_sheathed(who)
        has = (self.ptr < self.dlen) & who
        position = np.minimum(self.ptr, self.width - 1)
        card = self.deck_flat[self.row_deck + position]
        self.hand_flat[self.ctype[card] * self.g + self.lane] += has
        fresh = has & (position < self.n)
        self.seen[np.where(fresh, self.row_seen + card, self.dummy_seen)] = turn
        self.ptr += has
        empty: Array = who & ~has
        return empty

    def _draw_some(self, who: Array, turn: int) -> Array:
        """Games in ``who`` draw a card; returns the games that had to draw from an empty deck."""
        if self.sheath_n.any():
            who = self._draw_sheathed(who)
        index = np.flatnonzero(who)
        ptr = self.ptr[index]
        has = ptr < self.dlen[index]
        empty = np.zeros(self.g, dtype=np.bool_)
        empty[index[~has]] = True
        index, ptr = index[has], ptr[has]
        card = self.deck_flat[index * self.width + ptr]
        self.hand_flat[self.ctype[card] * self.g + index] += 1
        fresh = ptr < self.n
        self.seen[(index * self.n + card)[fresh]] = turn
        self.ptr[index] += 1
        return empty

    def _want(self) -> Array:
        """Level of the most expensive card worth playing still in hand or deck."""
        want = np.zeros(self.g, dtype=np.int32)
        for slot, level in enumerate(self.t.wanted_levels):
            if level:
                want = np.where(self.avail[slot] > 0, np.int32(level), want)
        return want

    def _sow_choice(self, hand: Array, granary: Array) -> tuple[Array, Array]:
        """The card type each game would sow, and its sow rank (0: nothing to sow)."""
        far = self.level_col > granary + 1
        codes = np.where(far, self.far_col, self.near_col) * (hand > 0)
        best = codes.max(axis=0)
        return best & self.type_mask, best >> self.t.type_bits

    def _sow(self, choice: Array, who: Array) -> None:
        self.hand_flat[choice * self.g + self.lane] -= who
        self.granary += who
        slot = self.slot_of[choice]
        self.avail_flat[np.maximum(slot, 0) * self.g + self.lane] -= who & (slot >= 0)

    def resource_phase(self) -> None:
        rule = self.t.sowing
        cards = self.hand.sum(axis=0, dtype=np.int32)
        if rule == "hand2":
            who = cards >= 2
        elif rule == "stuck":
            playable = (self.hand * (self.wanted_col & (self.level_col <= self.granary))).sum(0)
            who = (cards >= 1) & (playable == 0)
        else:
            short = self.granary < self._want()
            if rule == "policy":
                # Sow while the cards worth playing in hand cost more than the granary holds,
                # or it is short of the most expensive card still to come.
                flood = (self.hand * self.wanted_level_col).sum(axis=0) > self.granary
                who = (cards >= 2) & (flood | short)
            else:
                who = short
        if not who.any():
            return
        choice, rank = self._sow_choice(self.hand, self.granary)
        who = who & (rank > 0)
        if rule in ("policy", "want"):
            near = self.wanted_col & (self.level_col <= self.granary + 1)
            keep = (self.hand * near).sum(axis=0)
            # A card the player would rather play is sowed only if another is left to play.
            who = who & ((rank >= SOW_DISTANT) | (keep >= 2))
        self._sow(choice, who)

    # -- costs ------------------------------------------------------------------------

    def _next_pick(self, turn: int) -> Array:
        column = self.pick[:, turn - 1]
        self.pick[:, turn - 1] = (column * PICK_SPREAD) % 1.0
        picked: Array = column
        return picked

    def _discard(self, cards: Array, turn: int, sheathe: bool) -> None:
        """Games put ``cards`` random cards from their hand away (on top of the deck when
        ``sheathe``, else destroyed or buried)."""
        for i in range(int(cards.max())):
            cum = np.cumsum(self.hand, axis=0, dtype=np.int32)
            total = cum[-1]
            who = (cards > i) & (total > 0)
            if not who.any():
                break
            target = (self._next_pick(turn) * total).astype(np.int32)
            card_type = np.minimum((cum <= target).sum(axis=0), self.k - 1)
            self.hand_flat[card_type * self.g + self.lane] -= who
            if sheathe:
                self.sheathed[card_type, self.lane] += who
                self.sheath_n += who
            else:
                slot = self.slot_of[card_type]
                self.avail_flat[np.maximum(slot, 0) * self.g + self.lane] -= who & (slot >= 0)

    def _payable(self, cost: Cost, n: Array, extra_hand: int = 0) -> Array:
        """How many of ``n`` uses each game can pay for (resources a spell exhausts are
        counted with its level by the plan)."""
        if cost.lose_resources:
            n = np.minimum(n, self.granary // np.int32(cost.lose_resources))
        cards = cost.hand + cost.sheathe
        if cards:
            n = np.minimum(n, self.hand.sum(axis=0, dtype=np.int32) // np.int32(cards + extra_hand))
        return n

    def _pay(self, cost: Cost, n: Array, card_type: int, turn: int) -> None:
        if cost.lose_resources:
            loss = n * np.int32(cost.lose_resources)
            exhausted = self.granary - self.res
            self.granary -= loss
            # The exhausted resources go first.
            self.res -= np.maximum(loss - exhausted, 0)
        if cost.hand:
            self._discard(n * np.int32(cost.hand), turn, sheathe=False)
        if cost.sheathe:
            self._discard(n * np.int32(cost.sheathe), turn, sheathe=True)
        if cost.leaves is not None:
            sp = int(self.t.types[card_type].sp)
            self.board_sp -= n * np.int32(sp)
            self.board_n -= n
            if card_type in self.act_index:
                self.act[self.act_index[card_type]] -= n.astype(np.int16)
            if card_type in self.atk_index:
                self.atk[self.atk_index[card_type]] -= n.astype(np.int16)
            slot = int(self.t.level_slot[card_type])
            if cost.leaves == "hand":
                self.hand[card_type] += n.astype(np.int16)
            elif cost.leaves == "deck":
                self.sheathed[card_type] += n.astype(np.int16)
                self.sheath_n += n
            if cost.leaves != "gone" and slot >= 0:
                self.avail[slot] += n.astype(np.int16)

    # -- the Action Phase -----------------------------------------------------------

    def action_phase(self, turn: int) -> None:
        g = self.g
        zero = np.zeros(g, dtype=np.int32)
        self.res = self.granary.copy()
        self.swords_later = zero.copy()
        self.new_sp = zero.copy()
        self.new_n = zero.copy()
        self.act_new = np.zeros_like(self.act)
        self.atk_new = np.zeros_like(self.atk)
        self.atk_busy = np.zeros_like(self.atk)
        self.pend_draw = zero.copy()
        self.pend_silo = zero.copy()
        self.pend_stash = zero.copy()
        self.decked = np.zeros(g, dtype=np.bool_)
        self.att_sp = self.board_sp.copy()
        self.att_n = self.board_n.copy()
        self.want = self._want()

        if self.t.act_types:
            self._activate(turn)
            self._resolve(turn)
        for _ in range(PASSES):
            if not self.t.free_draws or not self._free_draws(turn):
                break
        if self.t.down_levels:
            self._down_level(turn)

        counts_a, res_a, value_a = self._plan(self.t.plan_ratio[turn])
        counts_b, res_b, value_b = self._plan(self.t.plan_value[turn])
        pick_a = value_a >= value_b
        counts = {i: np.where(pick_a, n, counts_b[i]) for i, n in counts_a.items()}
        self.res = np.where(pick_a, res_a, res_b)
        self._play_all(counts, turn)
        for _ in range(PASSES):
            if not self._resolve(turn):
                break
            self.want = self._want()
            counts, self.res, _ = self._plan(self.t.plan_ratio[turn])
            self._play_all(counts, turn)
        self._resolve(turn)

    def _gate(self, gate: str, draw: int, host: Array) -> Array:
        result: Array
        if gate == "host":
            result = host
        elif gate == "deck":
            result = self._left() - self.pend_draw > draw
        else:
            result = (self.granary < self.want) & (self._left() > 1)
        return result

    def _plan(self, steps: tuple[Step, ...]) -> tuple[dict[int, Array], Array, Array]:
        """A greedy plan: for each card type in turn, as many copies as the resources
        allow and as are worth playing. Returns the copies, resources left and value."""
        res = self.res.copy()
        value = np.zeros(self.g, dtype=np.int32)
        host = (self.board_n + self.new_n) > 0
        drawn: Array | None = None
        counts: dict[int, Array] = {}
        for step in steps:
            n = _affordable(self.hand[step.type], res, step)
            if step.draw:
                if drawn is None:
                    drawn = self.pend_draw.copy()
                spare = np.maximum(self._left() - drawn - 1, 0)
                n = np.minimum(n, spare // step.draw)
            if step.gated:
                gain = np.full(self.g, step.base, dtype=np.int32)
                for gate, part in step.gated:
                    gain += np.int32(part) * self._gate(gate, step.draw, host)
                n *= gain > 0
                value += n * gain
            else:
                value += n * np.int32(step.base)
            if step.level:
                res -= n * np.int32(step.level)
            if drawn is not None and step.draw:
                drawn += n * np.int32(step.draw)
            if step.minion:
                host = host | (n > 0)
            counts[step.type] = n
        return counts, res, value

    def _play_all(self, counts: dict[int, Array], turn: int) -> None:
        for i, n in counts.items():
            if n.any():
                self._play(i, n, turn)

    def _play(self, i: int, n: Array, turn: int) -> None:
        card_type = self.t.types[i]
        cost = card_type.cost
        if not card_type.is_minion and not cost.is_free:
            paid = self._payable(cost, n, extra_hand=1)
            price = card_type.level + cost.resources
            if price:
                self.res += (n - paid) * np.int32(price)
            n = paid
            if not n.any():
                return
        self.hand[i] -= n.astype(np.int16)
        slot = int(self.t.level_slot[i])
        if slot >= 0:
            self.avail[slot] -= n.astype(np.int16)
        if card_type.is_minion:
            if card_type.sp:
                self.new_sp += n * np.int32(card_type.sp)
            self.new_n += n
            if i in self.act_index:
                self.act_new[self.act_index[i]] += n.astype(np.int16)
            if i in self.atk_index:
                self.atk_new[self.atk_index[i]] += n.astype(np.int16)
        elif card_type.cast is not None:
            self._pay(cost, n, i, turn)
            self._effect(card_type.cast.effect, n, now=False)

    def _effect(self, effect: Effect, n: Array, now: bool) -> Array:
        """Carry out ``n`` uses of ``effect``; returns the SP they add to this turn's attack
        (``now``: used during the attack)."""
        bonus = np.zeros(self.g, dtype=np.int32)
        if effect.swords:
            targets = np.int32(effect.sword_targets)
            per_use = np.int32(effect.swords)
            on_attackers = np.minimum(targets, self.att_n) * per_use * n
            if now:
                bonus += on_attackers
            else:
                in_play = np.minimum(targets, self.board_n + self.new_n) * per_use * n
                self.swords_ready += on_attackers
                self.swords_later += in_play - on_attackers
        if effect.self_swords:
            if now:
                bonus += n * np.int32(effect.self_swords)
            else:
                self.swords_later += n * np.int32(effect.self_swords)
        if effect.draw:
            self.pend_draw += n * np.int32(effect.draw)
        if effect.silo:
            self.pend_silo += n * np.int32(effect.silo)
        if effect.stash:
            self.pend_stash += n * np.int32(effect.stash)
        return bonus

    def _resolve(self, turn: int) -> bool:
        """Carry out pending silos, stashes and draws; True if the hand changed."""
        changed = False
        if self.pend_silo.any():
            for i in range(int(self.pend_silo.max())):
                take = (self.pend_silo > i) & (self.ptr < self.dlen)
                position = np.minimum(self.ptr, self.width - 1)
                slot = self.slot_of[self.ctype[self.deck_flat[self.row_deck + position]]]
                self.avail_flat[np.maximum(slot, 0) * self.g + self.lane] -= take & (slot >= 0)
                self.granary += take
                self.ptr += take
            self.pend_silo[:] = 0
        if self.pend_stash.any():
            for i in range(int(self.pend_stash.max())):
                choice, rank = self._sow_choice(self.hand, self.granary)
                self._sow(choice, (self.pend_stash > i) & (rank > 0))
            self.pend_stash[:] = 0
            changed = True
        if self.pend_draw.any():
            for i in range(int(self.pend_draw.max())):
                self.decked |= self._draw_some(self.pend_draw > i, turn)
            self.pend_draw[:] = 0
            changed = True
        return changed

    def _use_gated(self, use: Use, n: Array) -> Array:
        """Uses whose value needs something the game lacks are not made."""
        effect = use.effect
        if effect.draw:
            spare = np.maximum(self._left() - self.pend_draw - 1, 0)
            n = np.minimum(n, spare // effect.draw)
        if (effect.silo or effect.stash) and not (
            effect.draw or effect.swords or effect.self_swords
        ):
            n = n * (self.granary < self.want)
        return n

    def _activate(self, turn: int) -> None:
        for j, i in enumerate(self.t.act_types):
            use = self.t.act_choice[turn][j]
            if use is None:
                continue
            n = self._use_gated(use, self.act[j].astype(np.int32))
            if use.cost.resources:
                n = np.minimum(n, self.res // np.int32(use.cost.resources))
            n = self._payable(use.cost, n)
            if not n.any():
                continue
            sp = self.t.types[i].sp
            if sp:
                self.att_sp -= n * np.int32(sp)
            self.att_n -= n
            if i in self.atk_index:
                self.atk_busy[self.atk_index[i]] += n.astype(np.int16)
            if use.cost.resources:
                self.res -= n * np.int32(use.cost.resources)
            leaves = use.cost.leaves is not None
            self._pay(use.cost, n, i, turn)
            if leaves:
                # The minion has left play: the counters it would place on itself are lost.
                self._effect(replace(use.effect, self_swords=0), n, now=False)
            else:
                self._effect(use.effect, n, now=False)

    def _free_draws(self, turn: int) -> bool:
        played = False
        for i in self.t.free_draws:
            effect = self.t.types[i].effect
            spare = np.maximum(self._left() - self.pend_draw - 1, 0)
            n = np.minimum(self.hand[i], spare // effect.draw)
            if n.any():
                self._play(i, n.astype(np.int32), turn)
                played = True
        return self._resolve(turn) if played else False

    def _down_level(self, turn: int) -> None:
        worth = self.t.worth[turn]
        for d in self.t.down_levels:
            spell = self.t.types[d]
            price = spell.level + spell.cost.resources
            ready = (self.hand[d] > 0) & (self.res >= price)
            if not ready.any():
                continue
            targets = sorted(
                (i for i in range(self.k) if worth[i].base > 0 and self.t.types[i].level > 0),
                key=lambda i: -worth[i].base,
            )
            target = np.full(self.g, -1, dtype=np.int32)
            for i in targets:
                level = self.t.types[i].level
                cost = price + max(level - spell.effect.down_level, 0)
                copies = self.hand[i] - (1 if i == d else 0)
                fits = ready & (target < 0) & (copies > 0) & (self.res < level) & (self.res >= cost)
                target = np.where(fits, np.int32(i), target)
            if not (target >= 0).any():
                continue
            used = (target >= 0).astype(np.int32)
            self.res -= used * np.int32(price)
            self._play(d, used, turn)
            for i in targets:
                n = (target == i).astype(np.int32)
                if n.any():
                    level = self.t.types[i].level
                    self.res -= n * np.int32(max(level - spell.effect.down_level, 0))
                    self._play(i, n, turn)
            self._resolve(turn)

    # -- battle and the turn ----------------------------------------------------------

    def _attack_triggers(self, turn: int) -> Array:
        """Abilities used when their minion attacks, after Attack Formation; returns the SP
        their Sword Counters add to the attack."""
        bonus = np.zeros(self.g, dtype=np.int32)
        attacking = self.att_n > 0
        for m, i in enumerate(self.t.attack_types):
            uses = self.t.attack_uses[turn][m]
            if not uses:
                continue
            attackers = (self.atk[m] - self.atk_busy[m]).astype(np.int32) * attacking
            for use in uses:
                n = self._use_gated(use, attackers)
                if use.cost.resources:
                    n = np.minimum(n, self.res // np.int32(use.cost.resources))
                n = self._payable(use.cost, n)
                if not n.any():
                    continue
                if use.cost.resources:
                    self.res -= n * np.int32(use.cost.resources)
                if use.cost.leaves is not None:
                    self.att_sp -= n * np.int32(self.t.types[i].sp)
                    self.att_n -= n
                    attackers = attackers - n
                self._pay(use.cost, n, i, turn)
                bonus += self._effect(use.effect, n, now=True)
        if self.pend_draw.any() or self.pend_silo.any() or self.pend_stash.any():
            self._resolve(turn)
        return bonus

    def battle(self, turn: int) -> None:
        bonus = self._attack_triggers(turn) if self.t.attack_types else 0
        attacking = self.att_n > 0
        dice = self.att_sp + (self.swords_ready + bonus) * attacking
        self.swords_ready *= ~attacking
        left = np.maximum(self.hp - self.damage, 0)
        dice = np.minimum(dice * ~self.decked, left)
        rolled = self.dice_table.sample(dice, self.u[:, turn - 1])
        self.damage = np.minimum(self.damage + rolled, self.hp).astype(np.int32)

    def recovery(self) -> None:
        self.board_sp += self.new_sp
        self.board_n += self.new_n
        self.act += self.act_new
        self.atk += self.atk_new
        self.swords_ready += self.swords_later

    def run(self) -> None:
        counts = self.counts
        first = self.o.going == "first"
        for turn in range(1, self.turns + 1):
            if self.g and not (turn == 1 and first and not self.first_draws):
                empty = self._draw_all(turn)
                if empty.any():
                    counts.decked += int(empty.sum())
                    self._finish(empty)
            if self.g:
                self.resource_phase()
                self.action_phase(turn)
                self.battle(turn)
                self.recovery()
            won = self.damage >= self.hp
            counts.kills[turn - 1] += int(won.sum())
            counts.damage[turn - 1] += self.carry_damage + int(self.damage.sum())
            counts.resources[turn - 1] += self.carry_resources + int(self.granary.sum())
            if self.g:
                ended = won | self.decked
                if ended.any():
                    counts.decked += int((self.decked & ~won).sum())
                    self._finish(ended)
        self._count_seen(None)
