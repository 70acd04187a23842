"""Tallies: the counts a chunk of games produces, which merge exactly.

Every number in a :class:`Tally` is an integer count or an integer sum, so merging the
tallies of any split of a run gives exactly the tally of the whole run, in any order.

    >>> from decks.goldfish import Options, play_chunk
    >>> from decks.goldfish.reference import reference_deck
    >>> deck, options = reference_deck(), Options(games=2_000, seed=1, max_turns=10)
    >>> merged = merge([play_chunk(deck, options, 1, 2), play_chunk(deck, options, 0, 1)])
    >>> merged.blocks, merged.games, merged == play_chunk(deck, options, 0, 2)
    (((0, 2),), 2000, True)
    >>> Tally.from_json(merged.to_json()) == merged
    True
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from .model import Deck, GoldfishError, Options

TALLY_VERSION = 2


def fingerprint(deck: Deck, options: Options) -> str:
    """Identifies the deck and options a tally belongs to (every option counts: the
    number of games decides the size of the last block)."""
    data = {
        "version": TALLY_VERSION,
        "deck": [
            [
                count,
                card.name,
                card.kind,
                card.level,
                card.sp,
                card.hp,
                card.ability_text,
                card.design_edition,
            ]
            for count, card in deck.entries
        ],
        "options": [
            options.games,
            options.seed,
            options.max_turns,
            options.going,
            options.bury,
            options.edition,
            options.opponent_hp,
        ],
    }
    text = json.dumps(data, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()[:24]


@dataclass(frozen=True)
class Tally:
    """Counts over the games of some blocks.

    ``kills[turn - 1]`` games were won on ``turn``; ``decked`` games ended by drawing
    from an empty deck; ``damage[turn - 1]`` and ``resources[turn - 1]`` are sums over games
    of the goldfish's damage taken and of the granary's size at the end of ``turn``
    (ended games count with their final state); ``seen[name][turn]`` games first drew a
    card of that name on ``turn`` (0 = opening hand), for turns 0 .. max_turns."""

    fingerprint: str
    max_turns: int
    blocks: tuple[tuple[int, int], ...]
    games: int
    kills: tuple[int, ...]
    decked: int
    damage: tuple[int, ...]
    resources: tuple[int, ...]
    seen: tuple[tuple[str, tuple[int, ...]], ...]

    def to_json(self) -> dict[str, Any]:
        """Plain JSON data (dicts, lists, numbers, strings)."""
        return {
            "version": TALLY_VERSION,
            "fingerprint": self.fingerprint,
            "max_turns": self.max_turns,
            "blocks": [list(block_range) for block_range in self.blocks],
            "games": self.games,
            "kills": list(self.kills),
            "decked": self.decked,
            "damage": list(self.damage),
            "resources": list(self.resources),
            "seen": {name: list(counts) for name, counts in self.seen},
        }

    @classmethod
    def from_json(cls, obj: Mapping[str, Any] | str) -> Tally:
        """Read what :meth:`to_json` wrote (as data or as a JSON text)."""
        data = json.loads(obj) if isinstance(obj, str) else obj
        try:
            if data["version"] != TALLY_VERSION:
                raise GoldfishError(f"tally version {data['version']!r} is not {TALLY_VERSION}")
            max_turns = int(data["max_turns"])
            tally = cls(
                fingerprint=str(data["fingerprint"]),
                max_turns=max_turns,
                blocks=tuple((int(first), int(end)) for first, end in data["blocks"]),
                games=int(data["games"]),
                kills=tuple(int(count) for count in data["kills"]),
                decked=int(data["decked"]),
                damage=tuple(int(total) for total in data["damage"]),
                resources=tuple(int(total) for total in data["resources"]),
                seen=tuple(
                    (str(name), tuple(int(count) for count in counts))
                    for name, counts in sorted(data["seen"].items())
                ),
            )
        except (KeyError, TypeError, ValueError) as error:
            if isinstance(error, GoldfishError):
                raise
            raise GoldfishError(f"not a goldfish tally: {error}") from error
        lengths = {len(tally.kills), len(tally.damage), len(tally.resources), max_turns}
        if len(lengths) != 1 or any(len(counts) != max_turns + 1 for _, counts in tally.seen):
            raise GoldfishError("not a goldfish tally: per-turn lists do not match max_turns")
        return tally


def merge(tallies: Iterable[Tally]) -> Tally:
    """Add up tallies of disjoint block ranges of the same deck and options."""
    items = list(tallies)
    if not items:
        raise GoldfishError("merge needs at least one tally")
    first = items[0]
    for other in items[1:]:
        if other.fingerprint != first.fingerprint or other.max_turns != first.max_turns:
            raise GoldfishError("cannot merge tallies of different decks or options")
        if [name for name, _ in other.seen] != [name for name, _ in first.seen]:
            raise GoldfishError("cannot merge tallies with different card names")
    blocks = sorted(block_range for tally in items for block_range in tally.blocks)
    merged_blocks: list[tuple[int, int]] = []
    for start, end in blocks:
        if merged_blocks and start < merged_blocks[-1][1]:
            raise GoldfishError(f"tallies overlap: blocks {start}..{end - 1} are counted twice")
        if merged_blocks and start == merged_blocks[-1][1]:
            merged_blocks[-1] = (merged_blocks[-1][0], end)
        else:
            merged_blocks.append((start, end))

    def add(rows: list[tuple[int, ...]]) -> tuple[int, ...]:
        return tuple(sum(column) for column in zip(*rows, strict=True))

    return Tally(
        fingerprint=first.fingerprint,
        max_turns=first.max_turns,
        blocks=tuple(merged_blocks),
        games=sum(tally.games for tally in items),
        kills=add([tally.kills for tally in items]),
        decked=sum(tally.decked for tally in items),
        damage=add([tally.damage for tally in items]),
        resources=add([tally.resources for tally in items]),
        seen=tuple(
            (name, add([dict(tally.seen)[name] for tally in items])) for name, _ in first.seen
        ),
    )
