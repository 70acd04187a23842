"""Comparing two editions of the rulebook, section by section.

Pure: it takes each edition's sections as :class:`SectionText` values, in reading order, and
knows nothing of the database (:func:`rulebook.selectors.compare_editions` reads them).
A section of one edition is paired with one of the other (the same anchor, else the same
title, else much the same wording, followed edition by edition); what is left unpaired was
added or removed.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from difflib import SequenceMatcher
from typing import Generic, TypeVar

from django.utils.safestring import SafeString, mark_safe

from rulebook.diffing import TextDiff, word_diff

EditionT = TypeVar("EditionT")

# Two sections of neighbouring editions whose words are this much alike (difflib's ratio) are
# one section renamed: the 17th edition's "Zones" is the 16th's "Fields" (0.99 alike), while
# distinct keywords written alike ("Sacrifice" and "Self-bury") stay below 0.5.
SAME_WORDING = 0.6


@dataclass(frozen=True, slots=True)
class SectionText:
    """One section of an edition's rulebook, as the comparison reads it."""

    anchor: str
    title: str
    level: int
    text: str


@dataclass(frozen=True)
class SectionChange:
    anchor: str
    title: str
    old_title: str
    level: int
    status: str  # "changed", "unchanged", "added" or "removed"
    diff: TextDiff | None
    old_text: str = ""
    new_text: str = ""
    old_anchor: str = ""  # where the section is in the old edition ("" when added)

    @property
    def diff_html(self) -> SafeString:
        return mark_safe(self.diff.html if self.diff else "")


@dataclass(frozen=True)
class Comparison(Generic[EditionT]):
    """What changed from edition ``old`` to edition ``new`` (either may be the newer)."""

    old: EditionT
    new: EditionT
    changes: list[SectionChange]

    def count(self, status: str) -> int:
        return sum(1 for change in self.changes if change.status == status)

    @property
    def changed(self) -> int:
        return self.count("changed")

    @property
    def added(self) -> int:
        return self.count("added")

    @property
    def removed(self) -> int:
        return self.count("removed")

    @property
    def unchanged(self) -> int:
        return self.count("unchanged")


def title_key(title: str) -> str:
    return re.sub(r"^the\s+", "", re.sub(r"[^a-z0-9 ]+", "", title.lower())).strip()


def pair_sections(
    before: Sequence[SectionText], after: Sequence[SectionText]
) -> dict[str, SectionText]:
    """Which section of ``before`` each section of ``after`` is (by the latter's anchor): the
    same anchor, else the same title, else, at the same level, the most alike wording."""
    by_anchor = {s.anchor: s for s in before}
    by_title = {title_key(s.title): s for s in before}
    paired: dict[str, SectionText] = {}
    used: set[str] = set()
    for section in after:
        match = by_anchor.get(section.anchor) or by_title.get(title_key(section.title))
        if match is not None and match.anchor not in used:
            paired[section.anchor] = match
            used.add(match.anchor)
    candidates: list[tuple[float, str, SectionText]] = []
    for section in after:
        if section.anchor in paired or not section.text.strip():
            continue
        words = section.text.split()
        for other in before:
            if other.anchor in used or other.level != section.level or not other.text.strip():
                continue
            matcher = SequenceMatcher(None, other.text.split(), words, autojunk=False)
            if matcher.real_quick_ratio() < SAME_WORDING or matcher.quick_ratio() < SAME_WORDING:
                continue
            ratio = matcher.ratio()
            if ratio >= SAME_WORDING:
                candidates.append((ratio, section.anchor, other))
    for _, anchor, other in sorted(candidates, key=lambda c: -c[0]):
        if anchor not in paired and other.anchor not in used:
            paired[anchor] = other
            used.add(other.anchor)
    return paired


def pair_across(chain: Sequence[Sequence[SectionText]]) -> dict[str, SectionText]:
    """Sections of the chain's last edition (by anchor) paired with the first's; ``chain``
    holds the sections of every edition from the older to the newer. Each edition is paired
    with the next, so a section renamed on the way (the 11th's "Fields" is the 17th's
    "Zones") is followed through every edition between; what the chain loses (a section
    dropped and brought back) is then paired directly."""
    first, last = chain[0], chain[-1]
    origin = {s.anchor: s for s in first}  # anchor in the edition reached -> first's section
    for previous, following in zip(chain, chain[1:], strict=False):
        pairs = pair_sections(previous, following)
        origin = {
            anchor: origin[match.anchor]
            for anchor, match in pairs.items()
            if match.anchor in origin
        }
    used = {s.anchor for s in origin.values()}
    rest = pair_sections(
        [s for s in first if s.anchor not in used], [s for s in last if s.anchor not in origin]
    )
    return {**origin, **rest}


def section_pairs(
    chain: Sequence[Sequence[SectionText]], *, backwards: bool = False
) -> dict[str, SectionText]:
    """The newest edition's sections (by anchor) paired with the oldest's, as
    :func:`pair_across` pairs them; ``backwards``, the oldest's paired with the newest's.
    Either way the pairing is made from the older to the newer, so that comparing 16 with 17
    and 17 with 16 pair the same sections."""
    found = pair_across(chain)
    if not backwards:
        return found
    newer = {s.anchor: s for s in chain[-1]}
    return {match.anchor: newer[anchor] for anchor, match in found.items()}


def section_changes(
    before: Sequence[SectionText],
    after: Sequence[SectionText],
    paired: dict[str, SectionText],
) -> list[SectionChange]:
    """Every section of ``after`` (changed, unchanged or added) in its order, each removed
    section of ``before`` placed after the section it came after there."""
    used = {m.anchor for m in paired.values()}
    changes: list[SectionChange] = []
    removed_after: dict[str, list[SectionText]] = {}
    last_anchor = ""
    for section in before:
        if section.anchor in used:
            last_anchor = next(a for a, m in paired.items() if m.anchor == section.anchor)
        else:
            removed_after.setdefault(last_anchor, []).append(section)

    def removed(sections: list[SectionText]) -> None:
        for section in sections:
            changes.append(
                SectionChange(
                    section.anchor,
                    section.title,
                    section.title,
                    section.level,
                    "removed",
                    word_diff(section.text, ""),
                    old_text=section.text,
                    old_anchor=section.anchor,
                )
            )

    removed(removed_after.get("", []))
    for section in after:
        match = paired.get(section.anchor)
        if match is None:
            changes.append(
                SectionChange(
                    section.anchor,
                    section.title,
                    "",
                    section.level,
                    "added",
                    word_diff("", section.text),
                    new_text=section.text,
                )
            )
        else:
            diff = word_diff(match.text, section.text)
            changes.append(
                SectionChange(
                    section.anchor,
                    section.title,
                    match.title,
                    section.level,
                    "changed" if diff.changed or match.title != section.title else "unchanged",
                    diff,
                    old_text=match.text,
                    new_text=section.text,
                    old_anchor=match.anchor,
                )
            )
        removed(removed_after.get(section.anchor, []))
    return changes
