"""The Action Phase of one game in plain Python, as the vectorized engine plays it
(:mod:`decks.goldfish.engine.action_phase`): abilities, free card draw, down-levelled cards,
then the better of the turn's two plans.

    >>> import random
    >>> from decks.goldfish import Options
    >>> from decks.goldfish.policy import build_tables
    >>> from decks.goldfish.reference import reference_deck
    >>> options = Options(games=1, seed=1, bury="none")
    >>> game = PlainGame(build_tables(reference_deck(), 20), options, random.Random(1))
    >>> carry_out(game, Effect(draw=2), 1, now=False), game.to_draw
    (0, 2)
    >>> resolve(game), sum(game.hand)
    (True, 7)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Final

from ..abilities import Effect, Use
from ..policy import Step
from .game import PlainGame

PASSES: Final = 3
"""Rounds of play after cards or resources arrive mid-phase (card draw)."""


def carry_out(game: PlainGame, effect: Effect, uses: int, now: bool) -> int:
    """Carry out ``uses`` uses of ``effect``; returns the SP they add to this turn's attack
    (``now``: used during the attack)."""
    bonus = 0
    if effect.swords:
        on_attackers = min(effect.sword_targets, game.attackers) * effect.swords * uses
        if now:
            bonus += on_attackers
        else:
            in_play = min(effect.sword_targets, game.in_play_minions + game.summoned)
            game.sword_counters += on_attackers
            game.sword_counters_next_turn += in_play * effect.swords * uses - on_attackers
    if effect.self_swords:
        if now:
            bonus += uses * effect.self_swords
        else:
            game.sword_counters_next_turn += uses * effect.self_swords
    game.to_draw += uses * effect.draw
    game.to_silo += uses * effect.silo
    game.to_stash += uses * effect.stash
    return bonus


def resolve(game: PlainGame) -> bool:
    """Carry out pending silos, stashes and draws; True if the hand changed."""
    changed = False
    for _ in range(game.to_silo):
        if game.deck:
            card_type = game.deck.pop(0)
            slot = int(game.tables.level_slot[card_type])
            if slot >= 0:
                game.wanted_left[slot] -= 1
            game.granary += 1
    game.to_silo = 0
    if game.to_stash:
        for _ in range(game.to_stash):
            choice, rank = game.sow_choice()
            if rank > 0:
                game.sow(choice)
        game.to_stash = 0
        changed = True
    if game.to_draw:
        for _ in range(game.to_draw):
            if not game.draw():
                game.decked = True
        game.to_draw = 0
        changed = True
    return changed


def worth_using(game: PlainGame, use: Use, uses: int) -> int:
    """Uses whose value needs something the game lacks are not made."""
    effect = use.effect
    if effect.draw:
        uses = min(uses, max(game.cards_left() - game.to_draw - 1, 0) // effect.draw)
    if (
        (effect.silo or effect.stash)
        and not (effect.draw or effect.swords or effect.self_swords)
        and game.granary >= game.wanted_level
    ):
        uses = 0
    return uses


def _use_action_abilities(game: PlainGame, turn: int) -> None:
    tables = game.tables
    for slot, card_type in enumerate(tables.action_types):
        use = tables.action_choice[turn][slot]
        if use is None:
            continue
        uses = worth_using(game, use, game.action_minions[slot])
        if use.cost.resources:
            uses = min(uses, game.unexhausted // use.cost.resources)
        uses = game.payable(use.cost, uses)
        if uses <= 0:
            continue
        game.attack_sp -= uses * tables.types[card_type].sp
        game.attackers -= uses
        if card_type in tables.attack_types:
            game.attack_exhausted[tables.attack_types.index(card_type)] += uses
        game.unexhausted -= uses * use.cost.resources
        game.pay(use.cost, uses, card_type)
        effect = use.effect
        if use.cost.leaves is not None:
            # The minion has left play: the counters it would place on itself are lost.
            effect = replace(effect, self_swords=0)
        carry_out(game, effect, uses, now=False)


def _has_a_host(game: PlainGame, draw: int, host: bool) -> bool:
    return host


def _deck_keeps_a_card(game: PlainGame, draw: int, host: bool) -> bool:
    return game.cards_left() - game.to_draw > draw


def _granary_short(game: PlainGame, draw: int, host: bool) -> bool:
    return game.granary < game.wanted_level and game.cards_left() > 1


GATES: Final[dict[str, Callable[[PlainGame, int, bool], bool]]] = {
    "host": _has_a_host,
    "deck": _deck_keeps_a_card,
    "ramp": _granary_short,
}
"""Whether a gated part of a play's value holds (``worth.GATES`` says when)."""


def plan(game: PlainGame, steps: tuple[Step, ...]) -> tuple[dict[int, int], int, int]:
    """A greedy plan: the copies of each card type, the resources left and the value."""
    unexhausted, value = game.unexhausted, 0
    host = game.in_play_minions + game.summoned > 0
    drawn = game.to_draw
    plays: dict[int, int] = {}
    for step in steps:
        in_hand = game.hand[step.card_type]
        copies = in_hand if step.price == 0 else min(in_hand, unexhausted // step.price)
        if step.draw:
            copies = min(copies, max(game.cards_left() - drawn - 1, 0) // step.draw)
        if step.gated:
            gain = step.base
            for gate, part in step.gated:
                gain += part * GATES[gate](game, step.draw, host)
            if gain <= 0:
                copies = 0
            value += copies * gain
        else:
            value += copies * step.base
        unexhausted -= copies * step.price
        drawn += copies * step.draw
        if step.minion and copies > 0:
            host = True
        plays[step.card_type] = copies
    return plays, unexhausted, value


def play(game: PlainGame, card_type: int, copies: int) -> None:
    """Summon or cast ``copies`` cards of ``card_type`` (their level is paid already)."""
    tables = game.tables
    card = tables.types[card_type]
    cost = card.cost
    if not card.is_minion and not cost.is_free:
        paid = game.payable(cost, copies, extra_hand=1)
        game.unexhausted += (copies - paid) * (card.level + cost.resources)
        copies = paid
        if copies <= 0:
            return
    game.hand[card_type] -= copies
    slot = int(tables.level_slot[card_type])
    if slot >= 0:
        game.wanted_left[slot] -= copies
    if card.is_minion:
        game.summoned_sp += copies * card.sp
        game.summoned += copies
        if card_type in tables.action_types:
            game.action_summoned[tables.action_types.index(card_type)] += copies
        if card_type in tables.attack_types:
            game.attack_summoned[tables.attack_types.index(card_type)] += copies
    elif card.cast is not None:
        game.pay(cost, copies, card_type)
        carry_out(game, card.cast.effect, copies, now=False)


def play_all(game: PlainGame, plays: dict[int, int]) -> None:
    for card_type, copies in plays.items():
        if copies:
            play(game, card_type, copies)


def _down_level(game: PlainGame, turn: int) -> None:
    tables = game.tables
    worth = tables.worth[turn]
    for spell_type in tables.down_levels:
        spell = tables.types[spell_type]
        price = spell.level + spell.cost.resources
        if not (game.hand[spell_type] > 0 and game.unexhausted >= price):
            continue
        candidates = sorted(
            (
                card_type
                for card_type in range(game.type_count)
                if worth[card_type].base > 0 and tables.types[card_type].level > 0
            ),
            key=lambda card_type: -worth[card_type].base,
        )
        target = -1
        for card_type in candidates:
            level = tables.types[card_type].level
            cost = price + max(level - spell.effect.down_level, 0)
            copies = game.hand[card_type] - (1 if card_type == spell_type else 0)
            if target < 0 and copies > 0 and cost <= game.unexhausted < level:
                target = card_type
        if target < 0:
            continue
        game.unexhausted -= price
        play(game, spell_type, 1)
        game.unexhausted -= max(tables.types[target].level - spell.effect.down_level, 0)
        play(game, target, 1)
        resolve(game)


def action_phase(game: PlainGame, turn: int) -> None:
    tables = game.tables
    game.unexhausted = game.granary
    game.sword_counters_next_turn = game.summoned_sp = game.summoned = 0
    game.action_summoned = [0] * len(tables.action_types)
    game.attack_summoned = [0] * len(tables.attack_types)
    game.attack_exhausted = [0] * len(tables.attack_types)
    game.to_draw = game.to_silo = game.to_stash = 0
    game.decked = False
    game.attack_sp, game.attackers = game.in_play_sp, game.in_play_minions
    game.wanted_level = game.find_wanted_level()
    if tables.action_types:
        _use_action_abilities(game, turn)
        resolve(game)
    for _ in range(PASSES):
        played = False
        for card_type in tables.free_draws:
            draw = tables.types[card_type].effect.draw
            copies = min(game.hand[card_type], max(game.cards_left() - game.to_draw - 1, 0) // draw)
            if copies > 0:
                play(game, card_type, copies)
                played = True
        if not played or not resolve(game):
            break
    if tables.down_levels:
        _down_level(game, turn)
    plays_a, unexhausted_a, value_a = plan(game, tables.plan_ratio[turn])
    plays_b, unexhausted_b, value_b = plan(game, tables.plan_value[turn])
    plays, game.unexhausted = (
        (plays_a, unexhausted_a) if value_a >= value_b else (plays_b, unexhausted_b)
    )
    play_all(game, plays)
    for _ in range(PASSES):
        if not resolve(game):
            break
        game.wanted_level = game.find_wanted_level()
        plays, game.unexhausted, _ = plan(game, tables.plan_ratio[turn])
        play_all(game, plays)
    resolve(game)
