"""Turn a refurbishment into segments a template can mark: kept, removed and inserted text."""

from dataclasses import dataclass
from typing import Literal

from cards import rules


@dataclass(frozen=True)
class Segment:
    kind: Literal["same", "removed", "inserted"]
    text: str


def refurbish_segments(original: str, replacements: tuple[rules.Replacement, ...]) -> list[Segment]:
    segments: list[Segment] = []
    cursor = 0
    for replacement in sorted(replacements, key=lambda r: r.start):
        if replacement.start > cursor:
            segments.append(Segment("same", original[cursor : replacement.start]))
        segments.append(Segment("removed", original[replacement.start : replacement.end]))
        segments.append(Segment("inserted", replacement.new))
        cursor = replacement.end
    if cursor < len(original):
        segments.append(Segment("same", original[cursor:]))
    return segments
