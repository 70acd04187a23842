"""The plain engine: one game at a time, in plain Python, with the same policy tables.

It plays the same rules and decisions as the vectorized engine (:mod:`.engine`), written the
obvious way, one game after another. It is the reference that engine is measured against
(``bench/goldfish_bench.py``: games per second of each) and checked with (the tests compare
their numbers for the same decks and seeds: the same distributions, within sampling error).
Random numbers are drawn from Python's own generator, so single games differ between the two.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace

from .abilities import Cost, Effect, Use
from .dice import sum_distribution
from .model import Options
from .policy import SOW_DISTANT, Step, Tables


@dataclass
class PlainCounts:
    games: int = 0
    kills: list[int] = field(default_factory=list)
    decked: int = 0
    damage: list[int] = field(default_factory=list)
    resources: list[int] = field(default_factory=list)


class _Game:
    def __init__(self, t: Tables, o: Options, rng: random.Random) -> None:
        self.t, self.o, self.rng = t, o, rng
        self.hp = o.hp
        self.k = len(t.types)
        cards = [int(c) for c in t.card_type]
        rng.shuffle(cards)
        setup = o.setup
        opening = min(setup.opening_hand, len(cards))
        hand_cards, self.deck = cards[:opening], cards[opening:]
        self.hand = [0] * self.k
        bury = self._bury(hand_cards) if setup.opening_bury else [False] * opening
        kept = [c for c, b in zip(hand_cards, bury, strict=True) if not b]
        buried = [c for c, b in zip(hand_cards, bury, strict=True) if b]
        for c in kept:
            self.hand[c] += 1
        for _ in buried:
            self.hand[self.deck.pop(0)] += 1
        self.deck += buried
        self.sheathed: list[int] = []
        self.avail = [int(x) for x in t.level_counts]
        self.granary = 0
        self.board_sp = self.board_n = 0
        self.act = [0] * len(t.act_types)
        self.atk = [0] * len(t.attack_types)
        self.swords_ready = 0
        self.damage = 0
        self.first_draws = setup.first_player_draws_on_turn_1
        # The Action Phase's own state, set afresh each turn.
        self.res = self.swords_later = self.new_sp = self.new_n = 0
        self.att_sp = self.att_n = self.want_now = 0
        self.pend_draw = self.pend_silo = self.pend_stash = 0
        self.decked = False
        self.act_new: list[int] = []
        self.atk_new: list[int] = []
        self.atk_busy: list[int] = []

    def _bury(self, cards: list[int]) -> list[bool]:
        rule = self.o.bury_rule
        levels = [int(self.t.level[c]) for c in cards]
        if rule.kind == "none":
            return [False] * len(cards)
        if rule.kind == "above":
            assert rule.level is not None
            return [lv > rule.level for lv in levels]
        early = any(self.t.wanted[c] and lv <= 2 for c, lv in zip(cards, levels, strict=True))
        if not early:
            return [lv >= 4 for lv in levels]
        tops = 0
        out = []
        for lv in levels:
            tops += lv >= 5
            out.append(lv >= 5 and tops >= 2)
        return out

    # -- cards -------------------------------------------------------------------------

    def left(self) -> int:
        return len(self.deck) + len(self.sheathed)

    def draw(self) -> bool:
        """Draw a card; False when the deck is empty."""
        if self.sheathed:
            order = [int(i) for i in self.t.sow_near.argsort(kind="stable")]
            best = min(self.sheathed, key=order.index)
            self.sheathed.remove(best)
            self.hand[best] += 1
            return True
        if not self.deck:
            return False
        self.hand[self.deck.pop(0)] += 1
        return True

    def want(self) -> int:
        want = 0
        for slot, level in enumerate(self.t.wanted_levels):
            if level and self.avail[slot] > 0:
                want = level
        return want

    def sow_choice(self) -> tuple[int, int]:
        best = 0
        for i in range(self.k):
            if self.hand[i] > 0:
                far = int(self.t.level[i]) > self.granary + 1
                code = int(self.t.sow_far[i] if far else self.t.sow_near[i])
                best = max(best, code)
        return best & ((1 << self.t.type_bits) - 1), best >> self.t.type_bits

    def sow(self, i: int) -> None:
        self.hand[i] -= 1
        self.granary += 1
        slot = int(self.t.level_slot[i])
        if slot >= 0:
            self.avail[slot] -= 1

    def resource_phase(self) -> None:
        t, rule = self.t, self.t.sowing
        cards = sum(self.hand)
        wanted = [bool(w) for w in t.wanted]
        if rule == "hand2":
            go = cards >= 2
        elif rule == "stuck":
            go = cards >= 1 and not any(
                self.hand[i] and wanted[i] and t.level[i] <= self.granary for i in range(self.k)
            )
        else:
            short = self.granary < self.want()
            if rule == "policy":
                cost = sum(self.hand[i] * int(t.level[i]) for i in range(self.k) if wanted[i])
                go = cards >= 2 and (cost > self.granary or short)
            else:
                go = short
        if not go:
            return
        choice, rank = self.sow_choice()
        if rank <= 0:
            return
        if rule in ("policy", "want"):
            keep = sum(
                self.hand[i] for i in range(self.k) if wanted[i] and t.level[i] <= self.granary + 1
            )
            if rank < SOW_DISTANT and keep < 2:
                return
        self.sow(choice)

    def discard(self, cards: int, sheathe: bool) -> None:
        for _ in range(cards):
            total = sum(self.hand)
            if not total:
                return
            pick = self.rng.randrange(total)
            for i in range(self.k):
                if pick < self.hand[i]:
                    break
                pick -= self.hand[i]
            self.hand[i] -= 1
            if sheathe:
                self.sheathed.append(i)
            else:
                slot = int(self.t.level_slot[i])
                if slot >= 0:
                    self.avail[slot] -= 1

    def payable(self, cost: Cost, n: int, extra_hand: int = 0) -> int:
        if cost.lose_resources:
            n = min(n, self.granary // cost.lose_resources)
        cards = cost.hand + cost.sheathe
        if cards:
            n = min(n, sum(self.hand) // (cards + extra_hand))
        return n

    def pay(self, cost: Cost, n: int, i: int) -> None:
        if cost.lose_resources:
            loss = n * cost.lose_resources
            exhausted = self.granary - self.res
            self.granary -= loss
            self.res -= max(loss - exhausted, 0)
        self.discard(n * cost.hand, False)
        self.discard(n * cost.sheathe, True)
        if cost.leaves is not None:
            sp = self.t.types[i].sp
            self.board_sp -= n * sp
            self.board_n -= n
            if i in self.t.act_types:
                self.act[self.t.act_types.index(i)] -= n
            if i in self.t.attack_types:
                self.atk[self.t.attack_types.index(i)] -= n
            if cost.leaves == "hand":
                self.hand[i] += n
            elif cost.leaves == "deck":
                self.sheathed += [i] * n
            slot = int(self.t.level_slot[i])
            if cost.leaves != "gone" and slot >= 0:
                self.avail[slot] += n

    # -- the Action Phase -----------------------------------------------------------------

    def effect(self, effect: Effect, n: int, now: bool) -> int:
        bonus = 0
        if effect.swords:
            on_attackers = min(effect.sword_targets, self.att_n) * effect.swords * n
            if now:
                bonus += on_attackers
            else:
                in_play = min(effect.sword_targets, self.board_n + self.new_n) * effect.swords * n
                self.swords_ready += on_attackers
                self.swords_later += in_play - on_attackers
        if effect.self_swords:
            if now:
                bonus += n * effect.self_swords
            else:
                self.swords_later += n * effect.self_swords
        self.pend_draw += n * effect.draw
        self.pend_silo += n * effect.silo
        self.pend_stash += n * effect.stash
        return bonus

    def resolve(self) -> bool:
        changed = False
        for _ in range(self.pend_silo):
            if self.deck:
                card = self.deck.pop(0)
                slot = int(self.t.level_slot[card])
                if slot >= 0:
                    self.avail[slot] -= 1
                self.granary += 1
        self.pend_silo = 0
        if self.pend_stash:
            for _ in range(self.pend_stash):
                choice, rank = self.sow_choice()
                if rank > 0:
                    self.sow(choice)
            self.pend_stash = 0
            changed = True
        if self.pend_draw:
            for _ in range(self.pend_draw):
                if not self.draw():
                    self.decked = True
            self.pend_draw = 0
            changed = True
        return changed

    def use_gated(self, use: Use, n: int) -> int:
        effect = use.effect
        if effect.draw:
            n = min(n, max(self.left() - self.pend_draw - 1, 0) // effect.draw)
        if (
            (effect.silo or effect.stash)
            and not (effect.draw or effect.swords or effect.self_swords)
            and self.granary >= self.want_now
        ):
            n = 0
        return n

    def activate(self, turn: int) -> None:
        for j, i in enumerate(self.t.act_types):
            use = self.t.act_choice[turn][j]
            if use is None:
                continue
            n = self.use_gated(use, self.act[j])
            if use.cost.resources:
                n = min(n, self.res // use.cost.resources)
            n = self.payable(use.cost, n)
            if n <= 0:
                continue
            self.att_sp -= n * self.t.types[i].sp
            self.att_n -= n
            if i in self.t.attack_types:
                self.atk_busy[self.t.attack_types.index(i)] += n
            self.res -= n * use.cost.resources
            self.pay(use.cost, n, i)
            effect = use.effect
            if use.cost.leaves is not None:
                effect = replace(effect, self_swords=0)
            self.effect(effect, n, now=False)

    def plan(self, steps: tuple[Step, ...]) -> tuple[dict[int, int], int, int]:
        res, value = self.res, 0
        host = self.board_n + self.new_n > 0
        drawn = self.pend_draw
        counts: dict[int, int] = {}
        for step in steps:
            have = self.hand[step.type]
            n = have if step.level == 0 else min(have, res // step.level)
            if step.draw:
                n = min(n, max(self.left() - drawn - 1, 0) // step.draw)
            if step.gated:
                gain = step.base
                for gate, part in step.gated:
                    if gate == "host":
                        ok = host
                    elif gate == "deck":
                        ok = self.left() - self.pend_draw > step.draw
                    else:
                        ok = self.granary < self.want_now and self.left() > 1
                    gain += part * ok
                if gain <= 0:
                    n = 0
                value += n * gain
            else:
                value += n * step.base
            res -= n * step.level
            drawn += n * step.draw
            if step.minion and n > 0:
                host = True
            counts[step.type] = n
        return counts, res, value

    def play(self, i: int, n: int) -> None:
        card_type = self.t.types[i]
        cost = card_type.cost
        if not card_type.is_minion and not cost.is_free:
            paid = self.payable(cost, n, extra_hand=1)
            self.res += (n - paid) * (card_type.level + cost.resources)
            n = paid
            if n <= 0:
                return
        self.hand[i] -= n
        slot = int(self.t.level_slot[i])
        if slot >= 0:
            self.avail[slot] -= n
        if card_type.is_minion:
            self.new_sp += n * card_type.sp
            self.new_n += n
            if i in self.t.act_types:
                self.act_new[self.t.act_types.index(i)] += n
            if i in self.t.attack_types:
                self.atk_new[self.t.attack_types.index(i)] += n
        elif card_type.cast is not None:
            self.pay(cost, n, i)
            self.effect(card_type.cast.effect, n, now=False)

    def play_all(self, counts: dict[int, int]) -> None:
        for i, n in counts.items():
            if n:
                self.play(i, n)

    def down_level(self, turn: int) -> None:
        worth = self.t.worth[turn]
        for d in self.t.down_levels:
            spell = self.t.types[d]
            price = spell.level + spell.cost.resources
            if not (self.hand[d] > 0 and self.res >= price):
                continue
            targets = sorted(
                (i for i in range(self.k) if worth[i].base > 0 and self.t.types[i].level > 0),
                key=lambda i: -worth[i].base,
            )
            target = -1
            for i in targets:
                level = self.t.types[i].level
                cost = price + max(level - spell.effect.down_level, 0)
                copies = self.hand[i] - (1 if i == d else 0)
                if target < 0 and copies > 0 and self.res < level and self.res >= cost:
                    target = i
            if target < 0:
                continue
            self.res -= price
            self.play(d, 1)
            self.res -= max(self.t.types[target].level - spell.effect.down_level, 0)
            self.play(target, 1)
            self.resolve()

    def action_phase(self, turn: int) -> None:
        t = self.t
        self.res = self.granary
        self.swords_later = self.new_sp = self.new_n = 0
        self.act_new = [0] * len(t.act_types)
        self.atk_new = [0] * len(t.attack_types)
        self.atk_busy = [0] * len(t.attack_types)
        self.pend_draw = self.pend_silo = self.pend_stash = 0
        self.decked = False
        self.att_sp, self.att_n = self.board_sp, self.board_n
        self.want_now = self.want()
        if t.act_types:
            self.activate(turn)
            self.resolve()
        for _ in range(3):
            played = False
            for i in t.free_draws:
                draw = t.types[i].effect.draw
                n = min(self.hand[i], max(self.left() - self.pend_draw - 1, 0) // draw)
                if n > 0:
                    self.play(i, n)
                    played = True
            if not played or not self.resolve():
                break
        if t.down_levels:
            self.down_level(turn)
        counts_a, res_a, value_a = self.plan(t.plan_ratio[turn])
        counts_b, res_b, value_b = self.plan(t.plan_value[turn])
        counts, self.res = (counts_a, res_a) if value_a >= value_b else (counts_b, res_b)
        self.play_all(counts)
        for _ in range(3):
            if not self.resolve():
                break
            self.want_now = self.want()
            counts, self.res, _ = self.plan(t.plan_ratio[turn])
            self.play_all(counts)
        self.resolve()

    def battle(self, turn: int, dice: list[list[float]]) -> None:
        bonus = 0
        attacking = self.att_n > 0
        for m, i in enumerate(self.t.attack_types):
            attackers = (self.atk[m] - self.atk_busy[m]) if attacking else 0
            for use in self.t.attack_uses[turn][m]:
                n = self.use_gated(use, attackers)
                if use.cost.resources:
                    n = min(n, self.res // use.cost.resources)
                n = self.payable(use.cost, n)
                if n <= 0:
                    continue
                self.res -= n * use.cost.resources
                if use.cost.leaves is not None:
                    self.att_sp -= n * self.t.types[i].sp
                    self.att_n -= n
                    attackers -= n
                self.pay(use.cost, n, i)
                bonus += self.effect(use.effect, n, now=True)
        self.resolve()
        attacking = self.att_n > 0
        count = self.att_sp + (self.swords_ready + bonus) * attacking
        if attacking:
            self.swords_ready = 0
        count = 0 if self.decked else min(count, max(self.hp - self.damage, 0))
        if count:
            self.damage = min(self.damage + _roll(count, dice, self.rng), self.hp)

    def recovery(self) -> None:
        self.board_sp += self.new_sp
        self.board_n += self.new_n
        self.act = [a + b for a, b in zip(self.act, self.act_new, strict=True)]
        self.atk = [a + b for a, b in zip(self.atk, self.atk_new, strict=True)]
        self.swords_ready += self.swords_later


def _roll(count: int, dice: list[list[float]], rng: random.Random) -> int:
    """The sum of ``count`` dice, from the exact distribution's cumulative table."""
    if count >= len(dice):
        return sum(rng.randint(1, 6) for _ in range(count))
    u = rng.random()
    row = dice[count]
    low, high = 0, len(row) - 1
    while low < high:
        middle = (low + high) // 2
        if row[middle] > u:
            high = middle
        else:
            low = middle + 1
    return low


def play_games(tables: Tables, options: Options, games: int, seed: int) -> PlainCounts:
    """Play ``games`` games one after another and tally them."""
    rng = random.Random(seed)
    turns = options.max_turns
    dice = [[float(x) for x in sum_distribution(n).cumsum()] for n in range(options.hp + 1)]
    counts = PlainCounts(kills=[0] * turns, damage=[0] * turns, resources=[0] * turns)
    first = options.going == "first"
    for _ in range(games):
        counts.games += 1
        game = _Game(tables, options, rng)
        ended_turn = None
        for turn in range(1, turns + 1):
            if not (turn == 1 and first and not game.first_draws) and not game.draw():
                counts.decked += 1
                ended_turn = turn
                break
            game.resource_phase()
            game.action_phase(turn)
            game.battle(turn, dice)
            game.recovery()
            counts.damage[turn - 1] += game.damage
            counts.resources[turn - 1] += game.granary
            if game.damage >= game.hp:
                counts.kills[turn - 1] += 1
                ended_turn = turn + 1
                break
            if game.decked:
                counts.decked += 1
                ended_turn = turn + 1
                break
        if ended_turn is not None:
            for later in range(ended_turn, turns + 1):
                counts.damage[later - 1] += game.damage
                counts.resources[later - 1] += game.granary
    return counts
