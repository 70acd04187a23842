"""Helpers for goldfish tests: small decks, and single games with a stacked deck."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np

from decks.goldfish import Deck, GoldfishCard, Options
from decks.goldfish.engine import Batch, play_turns
from decks.goldfish.engine.batch import stacked_game


def minion(name: str, level: int = 0, sp: int = 1, text: str = "") -> GoldfishCard:
    return GoldfishCard(name=name, kind="minion", level=level, sp=sp, hp=1, ability_text=text)


def spell(name: str, level: int = 0, text: str = "") -> GoldfishCard:
    return GoldfishCard(name=name, kind="spell", level=level, ability_text=text)


def deck(*entries: tuple[int, GoldfishCard]) -> Deck:
    return Deck.of(entries)


class LoadedDice:
    """Every die shows ``face``: damage then counts dice exactly."""

    def __init__(self, face: int) -> None:
        self.face = face

    def sample(self, dice: Any, uniform: Any) -> Any:
        return dice * self.face


@dataclass
class Game:
    """Per-turn results of one scripted game (index 0 is turn 1)."""

    damage: list[int]
    resources: list[int]
    kill_turn: int | None
    decked: bool
    seen: dict[str, int | None]  # turn each name was first drawn, None if never


def prepared(the_deck: Deck, top: list[str], options: Options, face: int = 1) -> Batch:
    """One game, set up but not played, whose deck starts with the cards named in
    ``top`` (the rest follow in name order), with dice that always show ``face``."""
    batch = stacked_game(the_deck, options, top)
    batch.dice_table = LoadedDice(face)  # type: ignore[assignment]
    return batch


def stacked(the_deck: Deck, top: list[str], options: Options, face: int = 1) -> Game:
    """Play one game whose deck starts with the cards named in ``top`` (the rest follow
    in name order), with dice that always show ``face``."""
    batch = prepared(the_deck, top, options, face)
    tables, counts = batch.tables, batch.counts
    play_turns(batch)
    kills = [t for t, c in enumerate(counts.kills, start=1) if c]
    seen: dict[str, int | None] = {}
    for i, name in enumerate(tables.names):
        turns = [t for t in range(options.max_turns + 1) if counts.seen[i, t]]
        seen[name] = turns[0] if turns else None
    return Game(
        damage=[int(x) for x in counts.damage],
        resources=[int(x) for x in counts.resources],
        kill_turn=kills[0] if kills else None,
        decked=counts.decked == 1,
        seen=seen,
    )


def dice_sum_tail(dice: int, at_least: int) -> float:
    """P(sum of ``dice`` six-sided dice >= at_least), exactly, by convolution."""
    dist = np.array([1.0])
    for _ in range(dice):
        dist = np.convolve(dist, np.full(6, 1 / 6))
    # dist[i] = P(sum = dice + i)
    start = max(at_least - dice, 0)
    return float(dist[start:].sum())


def within(observed: float, expected: float, games: int, sigmas: float = 4.0) -> bool:
    """Whether a proportion over ``games`` lies within ``sigmas`` standard errors (with a
    small floor so exact 0 and 1 are judged sensibly)."""
    error = math.sqrt(max(expected * (1 - expected), 1e-4) / games)
    return abs(observed - expected) <= sigmas * error
