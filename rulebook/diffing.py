"""Word-by-word differences between two texts, marked with <ins> and <del>."""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from html import escape

_TOKEN = re.compile(r"\n|[^\S\n]+|[\w\u2019'-]+|[^\w\s]")


@dataclass(frozen=True, slots=True)
class TextDiff:
    html: str
    insertions: int
    deletions: int

    @property
    def changed(self) -> bool:
        return bool(self.insertions or self.deletions)


def _render(tokens: list[str]) -> str:
    return escape("".join(tokens), quote=False).replace("\n", "<br>")


def word_diff(old: str, new: str) -> TextDiff:
    """``new`` as HTML, with words only in ``old`` in <del> and words only in ``new`` in <ins>.
    Counts are of words inserted and deleted."""
    before, after = _TOKEN.findall(old), _TOKEN.findall(new)
    matcher = difflib.SequenceMatcher(a=before, b=after, autojunk=False)
    parts: list[str] = []
    inserted = deleted = 0
    for op, a1, a2, b1, b2 in matcher.get_opcodes():
        if op == "equal":
            parts.append(_render(after[b1:b2]))
            continue
        if op in {"delete", "replace"}:
            removed = before[a1:a2]
            deleted += sum(1 for token in removed if token.strip())
            parts.append(f"<del>{_render(removed)}</del>")
        if op in {"insert", "replace"}:
            added = after[b1:b2]
            inserted += sum(1 for token in added if token.strip())
            parts.append(f"<ins>{_render(added)}</ins>")
    return TextDiff("".join(parts), inserted, deleted)
