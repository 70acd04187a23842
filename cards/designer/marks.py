"""The reader's marks on text typed freely: which words are components, names, notes or not
components at all (:func:`cards.rules.read_card_text`), for the design page to highlight.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from cards import rules
from cards.rules.guide import Component, Guide


@dataclass(frozen=True)
class Mark:
    """A piece of the text: a component, a name, something that is not a component, or plain."""

    text: str
    kind: str = ""  # "component", "name", "problem", "note", or "" for plain text
    title: str = ""
    component: str | None = None  # the component's id (for a problem: the nearest one)


_RANK = {"": 0, "name": 1, "component": 2, "note": 3, "problem": 4}


def marks(text: str, guide: Guide) -> tuple[tuple[Mark, ...], rules.Reading]:
    """The text cut into marks as the guide's reader reads it, and the reading itself.

    A problem with no text of its own (an effect missing at the end) is a mark of its own,
    with no text, where it belongs.
    """
    reading = rules.read_card_text(text, guide)
    if not text or (reading.problems and not reading.abilities):
        return ((Mark(text),) if text else ()), reading
    labels: list[Mark | None] = [None] * len(text)
    gaps: dict[int, list[Mark]] = {}

    def lay(start: int, end: int, mark: Mark) -> None:
        for index in range(max(0, start), min(end, len(text))):
            current = labels[index]
            if current is None or _RANK[mark.kind] >= _RANK[current.kind]:
                labels[index] = mark

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
    for index in range(len(text) + 1):
        cut = index == len(text) or index in gaps or labels[index] is not labels[start]
        if index > start and cut:
            label = labels[start]
            piece = text[start:index]
            pieces.append(Mark(piece) if label is None else replace(label, text=piece))
            start = index
        pieces += gaps.pop(index, [])
    return tuple(pieces), reading


def _component_mark(component: Component) -> Mark:
    formula = component.formula_text
    title = f"{component.kind.label}: “{component.template}”"
    if formula:
        title += f" ({formula})"
    return Mark("", "component", title, component.id)
