"""Sums of six-sided dice, sampled exactly with one uniform number per roll.

The engine rolls all of a turn's dice for a game at once. The sum of ``n`` dice is
drawn from its exact distribution with Walker's alias method, so the cost does not
grow with ``n``. Damage to the goldfish is capped at its remaining HP, and ``n`` dice
always deal at least ``n``; so ``n`` is capped at the remaining HP too and the tables
only go up to the goldfish's starting HP.

    >>> round(float(sum_distribution(2)[7]), 4)  # 6 ways in 36 to roll a 7
    0.1667
    >>> dice_table(10).sample(np.array([0, 3]), np.array([0.5, 0.0])).tolist()  # 0: all ones
    [0, 3]
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np
import numpy.typing as npt


def sum_distribution(dice: int) -> npt.NDArray[np.float64]:
    """P(sum of ``dice`` six-sided dice = s) for s = 0 .. 6 * dice."""
    dist = np.ones(1)
    face = np.full(6, 1 / 6)
    for _ in range(dice):
        dist = np.convolve(dist, face)
    out = np.zeros(6 * dice + 1)
    out[dice:] = dist
    return out


@dataclass(frozen=True, eq=False)
class DiceTable:
    """Alias tables for the sum of 0 .. ``max_dice`` dice, all in flat arrays."""

    max_dice: int
    offset: npt.NDArray[np.int64]
    size: npt.NDArray[np.int64]
    threshold: npt.NDArray[np.float64]
    primary: npt.NDArray[np.int32]
    alias: npt.NDArray[np.int32]

    def sample(self, dice: npt.NDArray[Any], uniform: npt.NDArray[np.float64]) -> npt.NDArray[Any]:
        """Sums of ``dice[i]`` dice (0 <= dice <= max_dice), one uniform in [0, 1) each."""
        size = self.size[dice]
        scaled = uniform * size
        slot = np.minimum(scaled.astype(np.int64), size - 1)
        index = self.offset[dice] + slot
        sums: npt.NDArray[Any] = np.where(
            scaled - slot < self.threshold[index], self.primary[index], self.alias[index]
        )
        return sums


def _alias(probabilities: npt.NDArray[np.float64]) -> tuple[list[float], list[int]]:
    count = len(probabilities)
    scaled = [float(p) * count for p in probabilities]
    threshold = [1.0] * count
    alias = list(range(count))
    small = [i for i, p in enumerate(scaled) if p < 1.0]
    large = [i for i, p in enumerate(scaled) if p >= 1.0]
    while small and large:
        low = small.pop()
        high = large.pop()
        threshold[low] = scaled[low]
        alias[low] = high
        scaled[high] = scaled[high] + scaled[low] - 1.0
        (small if scaled[high] < 1.0 else large).append(high)
    return threshold, alias


@lru_cache(maxsize=16)
def dice_table(max_dice: int) -> DiceTable:
    offsets: list[int] = []
    sizes: list[int] = []
    thresholds: list[float] = []
    primaries: list[int] = []
    aliases: list[int] = []
    dist = np.ones(1)
    face = np.full(6, 1 / 6)
    for dice in range(max_dice + 1):
        if dice:
            dist = np.convolve(dist, face)
        offsets.append(len(thresholds))
        sizes.append(len(dist))
        threshold, alias = _alias(dist / dist.sum())
        thresholds.extend(threshold)
        primaries.extend(dice + i for i in range(len(dist)))
        aliases.extend(dice + a for a in alias)
    return DiceTable(
        max_dice=max_dice,
        offset=np.array(offsets, dtype=np.int64),
        size=np.array(sizes, dtype=np.int64),
        threshold=np.array(thresholds, dtype=np.float64),
        primary=np.array(primaries, dtype=np.int32),
        alias=np.array(aliases, dtype=np.int32),
    )
