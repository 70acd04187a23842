"""One game in plain Python: its state, its opening hand, and the moves of cards that every
phase makes (drawing, sowing, putting cards away, paying costs).

The names are those of the vectorized engine's batch (:class:`~decks.goldfish.engine.Batch`),
each holding one number where the batch holds an array.

    >>> from decks.goldfish.policy import build_tables
    >>> from decks.goldfish.reference import reference_deck
    >>> options = Options(games=1, seed=1, bury="none")
    >>> game = PlainGame(build_tables(reference_deck(), 20), options, random.Random(1))
    >>> sum(game.hand), game.cards_left()
    (5, 55)
    >>> game.draw(), sum(game.hand), game.cards_left()
    (True, 6, 54)
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Final

from ..abilities import Cost
from ..model import BuryRule, Options
from ..policy import SOW_DISTANT, Tables


def _bury_none(rule: BuryRule, levels: list[int], wanted: list[bool]) -> list[bool]:
    return [False] * len(levels)


def _bury_above(rule: BuryRule, levels: list[int], wanted: list[bool]) -> list[bool]:
    assert rule.level is not None
    return [level > rule.level for level in levels]


def _bury_default(rule: BuryRule, levels: list[int], wanted: list[bool]) -> list[bool]:
    # A hand with nothing worth playing on turns 1-2 buries its cards of level 4 and up; any
    # other hand keeps at most one card of level 5 and up.
    early = any(worth and level <= 2 for worth, level in zip(wanted, levels, strict=True))
    if not early:
        return [level >= 4 for level in levels]
    tops = 0
    buried = []
    for level in levels:
        tops += level >= 5
        buried.append(level >= 5 and tops >= 2)
    return buried


BURY_RULES: Final[dict[str, Callable[[BuryRule, list[int], list[bool]], list[bool]]]] = {
    "none": _bury_none,
    "above": _bury_above,
    "default": _bury_default,
}
"""Which cards of the opening hand a bury rule buries, by the rule's kind."""

KEEPS_A_CARD_TO_PLAY: Final = frozenset({"policy", "want"})
"""Sowing rules that sow a card the player would rather play only if another is left to play."""


class PlainGame:
    """The state of one game."""

    def __init__(self, tables: Tables, options: Options, rng: random.Random) -> None:
        self.tables, self.options, self.rng = tables, options, rng
        self.opponent_hp = options.hp
        self.type_count = len(tables.types)
        cards = [int(card_type) for card_type in tables.card_type]
        rng.shuffle(cards)
        setup = options.setup
        opening = min(setup.opening_hand, len(cards))
        opening_hand, self.deck = cards[:opening], cards[opening:]
        self.hand = [0] * self.type_count
        if setup.opening_bury:
            bury = BURY_RULES[options.bury_rule.kind](
                options.bury_rule,
                [int(tables.level[card_type]) for card_type in opening_hand],
                [bool(tables.wanted[card_type]) for card_type in opening_hand],
            )
        else:
            bury = [False] * opening
        kept = [card for card, buried in zip(opening_hand, bury, strict=True) if not buried]
        buried_cards = [card for card, buried in zip(opening_hand, bury, strict=True) if buried]
        for card_type in kept:
            self.hand[card_type] += 1
        for _ in buried_cards:
            self.hand[self.deck.pop(0)] += 1
        self.deck += buried_cards
        self.sheathed: list[int] = []
        self.wanted_left = [int(count) for count in tables.level_counts]
        self.granary = 0
        self.in_play_sp = self.in_play_minions = 0
        self.action_minions = [0] * len(tables.action_types)
        self.attack_minions = [0] * len(tables.attack_types)
        self.sword_counters = 0
        self.damage = 0
        self.first_player_draws = setup.first_player_draws_on_turn_1
        # The Action Phase's own state, set afresh each turn.
        self.unexhausted = self.sword_counters_next_turn = 0
        self.summoned_sp = self.summoned = 0
        self.attack_sp = self.attackers = self.wanted_level = 0
        self.to_draw = self.to_silo = self.to_stash = 0
        self.decked = False
        self.action_summoned: list[int] = []
        self.attack_summoned: list[int] = []
        self.attack_exhausted: list[int] = []

    # -- cards ------------------------------------------------------------------------------

    def cards_left(self) -> int:
        return len(self.deck) + len(self.sheathed)

    def draw(self) -> bool:
        """Draw a card; False when the deck is empty."""
        if self.sheathed:
            order = [int(card_type) for card_type in self.tables.sow_near.argsort(kind="stable")]
            best = min(self.sheathed, key=order.index)
            self.sheathed.remove(best)
            self.hand[best] += 1
            return True
        if not self.deck:
            return False
        self.hand[self.deck.pop(0)] += 1
        return True

    def find_wanted_level(self) -> int:
        """Level of the most expensive card worth playing still in hand or deck."""
        want = 0
        for slot, level in enumerate(self.tables.wanted_levels):
            if level and self.wanted_left[slot] > 0:
                want = level
        return want

    def sow_choice(self) -> tuple[int, int]:
        """The card type the player would sow, and its sow rank (0: nothing to sow)."""
        tables = self.tables
        best = 0
        for card_type in range(self.type_count):
            if self.hand[card_type] > 0:
                far = int(tables.level[card_type]) > self.granary + 1
                code = int(tables.sow_far[card_type] if far else tables.sow_near[card_type])
                best = max(best, code)
        return best & ((1 << tables.type_bits) - 1), best >> tables.type_bits

    def sow(self, card_type: int) -> None:
        self.hand[card_type] -= 1
        self.granary += 1
        slot = int(self.tables.level_slot[card_type])
        if slot >= 0:
            self.wanted_left[slot] -= 1

    def resource_phase(self) -> None:
        rule = self.tables.sowing
        if not WHO_SOWS[rule](self, sum(self.hand)):
            return
        choice, rank = self.sow_choice()
        if rank <= 0:
            return
        if rule in KEEPS_A_CARD_TO_PLAY:
            tables = self.tables
            keep = sum(
                self.hand[card_type]
                for card_type in range(self.type_count)
                if tables.wanted[card_type] and tables.level[card_type] <= self.granary + 1
            )
            if rank < SOW_DISTANT and keep < 2:
                return
        self.sow(choice)

    # -- costs ------------------------------------------------------------------------------

    def put_away(self, cards: int, sheathe: bool) -> None:
        """Put ``cards`` random cards from the hand away (on top of the deck when ``sheathe``,
        else destroyed or buried)."""
        for _ in range(cards):
            total = sum(self.hand)
            if not total:
                return
            pick = self.rng.randrange(total)
            for card_type in range(self.type_count):
                if pick < self.hand[card_type]:
                    break
                pick -= self.hand[card_type]
            self.hand[card_type] -= 1
            if sheathe:
                self.sheathed.append(card_type)
            else:
                slot = int(self.tables.level_slot[card_type])
                if slot >= 0:
                    self.wanted_left[slot] -= 1

    def payable(self, cost: Cost, uses: int, extra_hand: int = 0) -> int:
        """How many of ``uses`` the player can pay for."""
        if cost.lose_resources:
            uses = min(uses, self.granary // cost.lose_resources)
        cards = cost.hand + cost.sheathe
        if cards:
            uses = min(uses, sum(self.hand) // (cards + extra_hand))
        return uses

    def pay(self, cost: Cost, uses: int, card_type: int) -> None:
        """Pay ``uses`` times the ``cost`` of an ability of a card of ``card_type``."""
        if cost.lose_resources:
            loss = uses * cost.lose_resources
            exhausted = self.granary - self.unexhausted
            self.granary -= loss
            self.unexhausted -= max(loss - exhausted, 0)
        self.put_away(uses * cost.hand, False)
        self.put_away(uses * cost.sheathe, True)
        if cost.leaves is not None:
            tables = self.tables
            self.in_play_sp -= uses * tables.types[card_type].sp
            self.in_play_minions -= uses
            if card_type in tables.action_types:
                self.action_minions[tables.action_types.index(card_type)] -= uses
            if card_type in tables.attack_types:
                self.attack_minions[tables.attack_types.index(card_type)] -= uses
            LEAVING[cost.leaves](self, card_type, uses)


def _by_policy(game: PlainGame, cards: int) -> bool:
    tables = game.tables
    short = game.granary < game.find_wanted_level()
    cost = sum(
        game.hand[card_type] * int(tables.level[card_type])
        for card_type in range(game.type_count)
        if tables.wanted[card_type]
    )
    return cards >= 2 and (cost > game.granary or short)


def _with_two_cards(game: PlainGame, cards: int) -> bool:
    return cards >= 2


def _when_stuck(game: PlainGame, cards: int) -> bool:
    tables = game.tables
    return cards >= 1 and not any(
        game.hand[card_type]
        and tables.wanted[card_type]
        and tables.level[card_type] <= game.granary
        for card_type in range(game.type_count)
    )


def _while_short(game: PlainGame, cards: int) -> bool:
    return game.granary < game.find_wanted_level()


WHO_SOWS: Final[dict[str, Callable[[PlainGame, int], bool]]] = {
    "policy": _by_policy,
    "hand2": _with_two_cards,
    "stuck": _when_stuck,
    "want": _while_short,
}
"""Whether the player would sow this turn, by sowing rule, from the cards in hand."""


def _back_to_hand(game: PlainGame, card_type: int, copies: int) -> None:
    game.hand[card_type] += copies
    _still_to_play(game, card_type, copies)


def _back_on_the_deck(game: PlainGame, card_type: int, copies: int) -> None:
    game.sheathed += [card_type] * copies
    _still_to_play(game, card_type, copies)


def _gone(game: PlainGame, card_type: int, copies: int) -> None:
    pass


def _still_to_play(game: PlainGame, card_type: int, copies: int) -> None:
    slot = int(game.tables.level_slot[card_type])
    if slot >= 0:
        game.wanted_left[slot] += copies


LEAVING: Final[dict[str, Callable[[PlainGame, int, int], None]]] = {
    "hand": _back_to_hand,
    "deck": _back_on_the_deck,
    "gone": _gone,
}
"""Where a minion that pays a cost with itself goes, by ``Cost.leaves``."""
