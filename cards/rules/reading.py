"""What the reader makes of ability text: a reading, its abilities, their sub-abilities, the
guide's components used in them, and what was found about them (problems and notes).

Plain values, made by the one reader (:mod:`cards.rules.reader`) and read by the level, the
legality check, the writer, the goldfish and the designer's marks.

    >>> from cards.rules import read_card_text
    >>> reading = read_card_text("ZAP: Target 1 in-play card; destroy it.", 14)
    >>> ability = reading.abilities[0]
    >>> ability.name, [use.text for use in ability.components()]
    ('ZAP', ['Target 1 in-play card', 'destroy it'])
    >>> ability.sub_abilities[0].single_target, reading.readable
    (True, True)
    >>> read_card_text("ZAP: Draw 0 cards.", 14).all_problems[0].code
    'bad_number'
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Any

from .abilities import Ability, parse_ability
from .guide import Component

if TYPE_CHECKING:
    from .verdicts import Replacement

# The largest number a variable may be: a card asking for more is read, but not levelled.
MAX_NUMBER = 10**9


@dataclass(frozen=True)
class Finding:
    """A problem (the text is not made of components) or a note (a wording the guide asks for)."""

    code: str
    message: str
    text: str = ""  # the card's own text concerned
    start: int = 0  # its span in the card's ability text
    end: int = 0
    nearest: str | None = None  # not_a_component: the id of the component it was likely meant as

    def as_dict(self) -> dict[str, Any]:
        return {"code": self.code, "message": self.message, "text": self.text}


@dataclass(frozen=True)
class ComponentUse:
    """A component as used on a card: which one, with what numbers, where."""

    component: Component
    values: tuple[tuple[str, int], ...]  # (letter, number), in the component's order
    text: str  # as written on the card, without its terminator
    start: int
    end: int

    @property
    def id(self) -> str:
        return self.component.id

    @property
    def variables(self) -> dict[str, int]:
        return dict(self.values)

    def as_dict(self) -> dict[str, Any]:
        return {
            "id": self.component.id,
            "kind": self.component.kind.value,
            "text": self.text,
            "variables": self.variables,
        }


@dataclass(frozen=True)
class SubAbility:
    target: ComponentUse | None
    effects: tuple[ComponentUse, ...]
    joins: tuple[str, ...]  # between consecutive effects: "then", "also", or "." (11th)

    @property
    def single_target(self) -> bool:
        return self.target is not None and single_target(self.target)

    def as_dict(self) -> dict[str, Any]:
        return {
            "target": None if self.target is None else self.target.as_dict(),
            "effects": [effect.as_dict() for effect in self.effects],
        }


@dataclass(frozen=True)
class ReadAbility:
    """One paragraph read as an ability."""

    text: str
    start: int
    end: int
    name: str | None
    condition: ComponentUse | None
    costs: tuple[ComponentUse, ...]
    sub_abilities: tuple[SubAbility, ...]
    problems: tuple[Finding, ...]  # why it is not made of the guide's components
    notes: tuple[Finding, ...]  # wordings the guide asks for
    name_span: tuple[int, int] | None = None  # where the name is in the card's text
    # The word opening a condition written as a sentence in this edition (the 11th's "Activate").
    condition_opening: str | None = None

    @cached_property
    def outline(self) -> Ability:
        """The paragraph split into name, condition, cost and sentences, components or not."""
        return parse_ability(self.text, condition_opening=self.condition_opening)

    @property
    def readable(self) -> bool:
        return not self.problems

    def components(self) -> Iterator[ComponentUse]:
        if self.condition is not None:
            yield self.condition
        yield from self.costs
        for sub in self.sub_abilities:
            if sub.target is not None:
                yield sub.target
            yield from sub.effects

    def as_dict(self) -> dict[str, Any]:
        return {
            "text": self.text,
            "name": self.name,
            "condition": None if self.condition is None else self.condition.as_dict(),
            "costs": [cost.as_dict() for cost in self.costs],
            "sub_abilities": [sub.as_dict() for sub in self.sub_abilities],
            "readable": self.readable,
            "problems": [problem.as_dict() for problem in self.problems],
            "notes": [note.as_dict() for note in self.notes],
        }


@dataclass(frozen=True)
class Reading:
    """A card's ability text read under one edition's guide.

    The guide reads the text as its edition's rulebook words it: `printed` is the card's own
    text, `text` the one read (the same unless that rulebook refurbishes some of it), and
    `replacements` the printed words refurbished, with their spans in `printed`. Every span of
    the reading is one in `text`.
    """

    edition: int
    text: str
    caveats: tuple[ComponentUse, ...]
    abilities: tuple[ReadAbility, ...]
    problems: tuple[Finding, ...]  # about the text as a whole
    replacements: tuple[Replacement, ...] = ()
    printed: str = ""  # "" when it is `text` itself

    def __post_init__(self) -> None:
        if not self.printed:
            object.__setattr__(self, "printed", self.text)

    @property
    def readable(self) -> bool:
        return not self.problems and all(ability.readable for ability in self.abilities)

    @property
    def all_problems(self) -> tuple[Finding, ...]:
        found = list(self.problems)
        for ability in self.abilities:
            found += ability.problems
        return tuple(sorted(found, key=lambda f: f.start))

    @property
    def all_notes(self) -> tuple[Finding, ...]:
        return tuple(note for ability in self.abilities for note in ability.notes)

    def as_dict(self) -> dict[str, Any]:
        return {
            "edition": self.edition,
            "readable": self.readable,
            "caveats": [caveat.as_dict() for caveat in self.caveats],
            "abilities": [ability.as_dict() for ability in self.abilities],
            "problems": [problem.as_dict() for problem in self.problems],
        }


def single_target(target: ComponentUse) -> bool:
    """Whether a target selection targets a single card, so that the guide writes "the target"
    or "it" for its targets."""
    count = target.component.target_count
    if count == 1:
        return True
    if isinstance(count, str):
        return target.variables.get(count, 0) == 1
    return False
