"""What changed between two lists of deck entries: the one diff of the site, used for a deck's
versions (each against the one before it) and for two decks compared side by side.

An entry is a mapping with a card id, a count and a board ("main" when left out), as a
version keeps it and as `rows_of_deck` reads a deck. An entry is known by its card and its
board: a card on the deck and on the maybeboard is two entries. Pure: no Django, no names;
what a card is called, and whether the viewer may read it, is for the caller to add.

>>> before = [{"card": 1, "count": 3}, {"card": 2, "count": 1}, {"card": 4, "count": 2}]
>>> after = [{"card": 1, "count": 2}, {"card": 3, "count": 4}, {"card": 4, "count": 2}]
>>> diff = entries_diff(before, after)
>>> diff.counts()
{'added': 1, 'removed': 1, 'changed': 1}
>>> [(change.card, change.before, change.after, change.kind) for change in diff.changes()]
[(3, 0, 4, 'added'), (2, 1, 0, 'removed'), (1, 3, 2, 'changed')]
>>> [change.card for change in diff.same]
[4]
>>> entries_diff(before, before).is_empty
True
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

MAIN = "main"

Key = tuple[int, str]  # (card id, board)


@dataclass(frozen=True)
class EntryChange:
    """One entry of either list: its copies in the first (`before`) and in the second."""

    card: int
    board: str
    before: int
    after: int

    @property
    def kind(self) -> str:
        """added, removed, changed or same.

        >>> EntryChange(7, "maybe", 0, 2).kind, EntryChange(7, "main", 2, 2).kind
        ('added', 'same')
        """
        if self.before == 0:
            return "added"
        if self.after == 0:
            return "removed"
        return "changed" if self.before != self.after else "same"

    @property
    def delta(self) -> int:
        """Copies gained (less than 0: lost).

        >>> EntryChange(7, "main", 3, 1).delta
        -2
        """
        return self.after - self.before


@dataclass(frozen=True)
class EntriesDiff:
    added: tuple[EntryChange, ...]
    removed: tuple[EntryChange, ...]
    changed: tuple[EntryChange, ...]
    same: tuple[EntryChange, ...]

    @property
    def is_empty(self) -> bool:
        return not (self.added or self.removed or self.changed)

    def counts(self) -> dict[str, int]:
        return {
            "added": len(self.added),
            "removed": len(self.removed),
            "changed": len(self.changed),
        }

    def changes(self) -> list[EntryChange]:
        """The entries that differ: added, then removed, then changed."""
        return [*self.added, *self.removed, *self.changed]


def counts_by_entry(rows: Iterable[Mapping[str, Any]]) -> dict[Key, int]:
    """Copies of each (card, board), in the order first met; rows of the same entry add up.

    >>> counts_by_entry([{"card": 1, "count": 2}, {"card": 1, "count": 1, "board": "maybe"},
    ...                  {"card": 1, "count": 1}])
    {(1, 'main'): 3, (1, 'maybe'): 1}
    """
    counts: dict[Key, int] = {}
    for row in rows:
        key = (int(row["card"]), str(row.get("board") or MAIN))
        counts[key] = counts.get(key, 0) + int(row["count"])
    return counts


def entries_diff(
    before: Iterable[Mapping[str, Any]], after: Iterable[Mapping[str, Any]]
) -> EntriesDiff:
    """The entries of `after` that are not in `before` (added), those of `before` not in
    `after` (removed), those in both with other counts (changed) and with the same (same);
    in the order of `after`, then of `before`."""
    first, second = counts_by_entry(before), counts_by_entry(after)
    keys = [*second, *(key for key in first if key not in second)]
    grouped: dict[str, list[EntryChange]] = {"added": [], "removed": [], "changed": [], "same": []}
    for card, board in keys:
        change = EntryChange(card, board, first.get((card, board), 0), second.get((card, board), 0))
        grouped[change.kind].append(change)
    return EntriesDiff(
        added=tuple(grouped["added"]),
        removed=tuple(grouped["removed"]),
        changed=tuple(grouped["changed"]),
        same=tuple(grouped["same"]),
    )
