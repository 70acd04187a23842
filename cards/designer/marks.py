"""The reader's marks on text typed freely: which words are components, names, notes or not
components at all (:func:`cards.rules.read_card_text`), for the design page to highlight.

The marks are laid on the text the guide reads, which is the typed text as the guide's edition's
rulebook refurbishes it: the words it changed stand beside their new ones (a "printed" mark,
with no place in the text read, and the new words marked `inserted`), so the marking, the level
beside it and the verdict all speak of the same text.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from cards import rules
from cards.rules.guide import Component, Guide


@dataclass(frozen=True)
class Mark:
    """A piece of the text: a component, a name, something that is not a component, or plain."""

    text: str
    # "component", "name", "problem", "note", "printed" (words refurbished away), or "" for
    # plain text
    kind: str = ""
    title: str = ""
    component: str | None = None  # the component's id (for a problem: the nearest one)
    inserted: bool = False  # words the rulebook's refurbishment put in place of printed ones


_RANK = {"": 0, "name": 1, "component": 2, "note": 3, "problem": 4}


def marks(text: str, guide: Guide) -> tuple[tuple[Mark, ...], rules.Reading]:
    """The text cut into marks as the guide's reader reads it, and the reading itself.

    The marks spell the text read (``reading.text``); the printed words it replaced are marks
    of their own just before their new words. A problem with no text of its own (an effect
    missing at the end) is a mark of its own, with no text, where it belongs.
    """
    reading = rules.read_card_text(text, guide)
    read = reading.text
    if not read or (reading.problems and not reading.abilities):
        return ((Mark(read),) if read else ()), reading
    labels: list[Mark | None] = [None] * len(read)
    inserted = [False] * len(read)
    gaps: dict[int, list[Mark]] = {}

    def lay(start: int, end: int, mark: Mark) -> None:
        for index in range(max(0, start), min(end, len(read))):
            current = labels[index]
            if current is None or _RANK[mark.kind] >= _RANK[current.kind]:
                labels[index] = mark

    for start, end, replacement in _replaced_spans(reading):
        title = (
            f"Printed “{replacement.original}”; the {rules.ordinal(guide.edition)} Edition"
            f" rulebook reads it “{replacement.new}”, and so does its guide."
        )
        gaps.setdefault(start, []).append(Mark(replacement.original, "printed", title))
        for index in range(start, min(end, len(read))):
            inserted[index] = True
    for ability in reading.abilities:
        if ability.name_span is not None:
            lay(*ability.name_span, Mark("", "name", "The ability's name"))
        for use in ability.components():
            lay(use.start, use.end, _component_mark(use.component))
    for use in reading.caveats:
        lay(use.start, use.end, _component_mark(use.component))
    for note in reading.all_notes:
        lay(note.start, note.end, Mark("", "note", note.message))
    for problem in reading.all_problems:
        mark = Mark("", "problem", problem.message, problem.nearest)
        if problem.end > problem.start:
            lay(problem.start, problem.end, mark)
        else:
            gaps.setdefault(problem.start, []).append(mark)
    pieces: list[Mark] = []
    start = 0
    for index in range(len(read) + 1):
        cut = (
            index == len(read)
            or index in gaps
            or labels[index] is not labels[start]
            or inserted[index] != inserted[start]
        )
        if index > start and cut:
            label = labels[start] or Mark("")
            pieces.append(replace(label, text=read[start:index], inserted=inserted[start]))
            start = index
        pieces += gaps.pop(index, [])
    return tuple(pieces), reading


def _replaced_spans(reading: rules.Reading) -> list[tuple[int, int, rules.Replacement]]:
    """Each refurbished span of the printed text, placed in the text read."""
    spans = []
    shift = 0
    for replacement in sorted(reading.replacements, key=lambda r: r.start):
        start = replacement.start + shift
        spans.append((start, start + len(replacement.new), replacement))
        shift += len(replacement.new) - (replacement.end - replacement.start)
    return spans


def _component_mark(component: Component) -> Mark:
    formula = component.formula_text
    title = f"{component.kind.label}: “{component.template}”"
    if formula:
        title += f" ({formula})"
    return Mark("", "component", title, component.id)
