"""The Action Phase: minions' abilities, free card draw, down-levelled cards, then the plan.

In order: minions with an Action-Phase ability the policy picks for the turn use it (and do
not attack); free spells that only draw are cast while the deck keeps a card for the next
Draw Phase; spells that down-level a card play it a turn early; then the better of the two
plans of the turn is played, and played again (by value per resource) while cards drawn or
resources gained mid-phase change the hand, up to :data:`PASSES` times.

    >>> from decks.goldfish import Options
    >>> from decks.goldfish.engine.batch import stacked_game
    >>> from decks.goldfish.reference import reference_deck
    >>> top = ["Field Mouse", "Hedge Knight", "Border Scout", "Iron Guard", "Siege Ogre"]
    >>> batch = stacked_game(reference_deck(), Options(games=1, seed=1, bury="none"), top)
    >>> batch.granary[:] = 4
    >>> action_phase(batch, turn=3)  # the Border Scout (level 3, SP 2)
    >>> batch.summoned.tolist(), batch.summoned_sp.tolist(), batch.unexhausted.tolist()
    ([1], [2], [1])
"""

from __future__ import annotations

from dataclasses import replace
from typing import Final

import numpy as np

from ..abilities import Use
from .batch import Array, Batch
from .paying import pay, payable
from .playing import carry_out, plan, play, play_all, resolve
from .resource_phase import wanted_level

PASSES: Final = 3
"""Rounds of play after cards or resources arrive mid-phase (card draw)."""


def begin(batch: Batch) -> None:
    """The Action Phase's own state, afresh: every resource unexhausted, nothing summoned or
    pending, every minion in play ready to attack."""
    games = batch.games
    zero = np.zeros(games, dtype=np.int32)
    batch.unexhausted = batch.granary.copy()
    batch.sword_counters_next_turn = zero.copy()
    batch.summoned_sp = zero.copy()
    batch.summoned = zero.copy()
    batch.action_summoned = np.zeros_like(batch.action_minions)
    batch.attack_summoned = np.zeros_like(batch.attack_minions)
    batch.attack_exhausted = np.zeros_like(batch.attack_minions)
    batch.to_draw = zero.copy()
    batch.to_silo = zero.copy()
    batch.to_stash = zero.copy()
    batch.decked = np.zeros(games, dtype=np.bool_)
    batch.attack_sp = batch.in_play_sp.copy()
    batch.attackers = batch.in_play_minions.copy()
    batch.wanted_level = wanted_level(batch)


def action_phase(batch: Batch, turn: int) -> None:
    tables = batch.tables
    begin(batch)
    if tables.action_types:
        _use_action_abilities(batch, turn)
        resolve(batch, turn)
    for _ in range(PASSES):
        if not tables.free_draws or not _cast_free_draws(batch, turn):
            break
    if tables.down_levels:
        _down_level(batch, turn)

    plays_a, unexhausted_a, value_a = plan(batch, tables.plan_ratio[turn])
    plays_b, unexhausted_b, value_b = plan(batch, tables.plan_value[turn])
    # Where the second plan is worth more, its plays replace the first's.
    pick_b = value_a < value_b
    for card_type, copies in plays_a.items():
        np.copyto(copies, plays_b[card_type], where=pick_b)
    np.copyto(unexhausted_a, unexhausted_b, where=pick_b)
    batch.unexhausted = unexhausted_a
    play_all(batch, plays_a, turn)
    for _ in range(PASSES):
        # Only a game whose hand changed plans again: what a game does never depends on
        # what the other games of its batch do.
        changed = np.flatnonzero(resolve(batch, turn))
        if not len(changed):
            break
        batch.wanted_level[changed] = wanted_level(batch)[changed]
        plays, unexhausted, _ = plan(batch, tables.plan_ratio[turn], changed)
        batch.unexhausted[changed] = unexhausted
        for card_type, copies in plays.items():
            if copies.any():
                every_game = np.zeros(batch.games, dtype=copies.dtype)
                every_game[changed] = copies
                play(batch, card_type, every_game, turn)
    resolve(batch, turn)


def worth_using(batch: Batch, use: Use, uses: Array) -> Array:
    """Uses whose value needs something the game lacks are not made."""
    effect = use.effect
    if effect.draw:
        spare = np.maximum(batch.cards_left() - batch.to_draw - 1, 0)
        uses = np.minimum(uses, spare // effect.draw)
    if (effect.silo or effect.stash) and not (effect.draw or effect.swords or effect.self_swords):
        uses = uses * (batch.granary < batch.wanted_level)
    return uses


def _use_action_abilities(batch: Batch, turn: int) -> None:
    tables = batch.tables
    for slot, card_type in enumerate(tables.action_types):
        use = tables.action_choice[turn][slot]
        if use is None:
            continue
        uses = worth_using(batch, use, batch.action_minions[slot].astype(np.int32))
        if use.cost.resources:
            uses = np.minimum(uses, batch.unexhausted // np.int32(use.cost.resources))
        uses = payable(batch, use.cost, uses)
        if not uses.any():
            continue
        sp = tables.types[card_type].sp
        if sp:
            batch.attack_sp -= uses * np.int32(sp)
        batch.attackers -= uses
        if card_type in batch.attack_slot:
            batch.attack_exhausted[batch.attack_slot[card_type]] += uses
        if use.cost.resources:
            batch.unexhausted -= uses * np.int32(use.cost.resources)
        leaves = use.cost.leaves is not None
        pay(batch, use.cost, uses, card_type, turn)
        if leaves:
            # The minion has left play: the counters it would place on itself are lost.
            carry_out(batch, replace(use.effect, self_swords=0), uses, now=False)
        else:
            carry_out(batch, use.effect, uses, now=False)


def _cast_free_draws(batch: Batch, turn: int) -> bool:
    played = False
    for card_type in batch.tables.free_draws:
        effect = batch.tables.types[card_type].effect
        spare = np.maximum(batch.cards_left() - batch.to_draw - 1, 0)
        copies = np.minimum(batch.hand[card_type], spare // effect.draw)
        if copies.any():
            play(batch, card_type, copies.astype(np.int32), turn)
            played = True
    return bool(resolve(batch, turn).any()) if played else False


def _down_level(batch: Batch, turn: int) -> None:
    tables = batch.tables
    worth = tables.worth[turn]
    for spell_type in tables.down_levels:
        spell = tables.types[spell_type]
        price = spell.level + spell.cost.resources
        ready = (batch.hand[spell_type] > 0) & (batch.unexhausted >= price)
        if not ready.any():
            continue
        candidates = sorted(
            (
                card_type
                for card_type in range(batch.type_count)
                if worth[card_type].base > 0 and tables.types[card_type].level > 0
            ),
            key=lambda card_type: -worth[card_type].base,
        )
        target = np.full(batch.games, -1, dtype=np.int32)
        for card_type in candidates:
            level = tables.types[card_type].level
            cost = price + max(level - spell.effect.down_level, 0)
            copies = batch.hand[card_type] - (1 if card_type == spell_type else 0)
            fits = (
                ready
                & (target < 0)
                & (copies > 0)
                & (batch.unexhausted < level)
                & (batch.unexhausted >= cost)
            )
            target = np.where(fits, np.int32(card_type), target)
        if not (target >= 0).any():
            continue
        used = (target >= 0).astype(np.int32)
        batch.unexhausted -= used * np.int32(price)
        play(batch, spell_type, used, turn)
        for card_type in candidates:
            copies = (target == card_type).astype(np.int32)
            if copies.any():
                level = tables.types[card_type].level
                batch.unexhausted -= copies * np.int32(max(level - spell.effect.down_level, 0))
                play(batch, card_type, copies, turn)
        resolve(batch, turn)
