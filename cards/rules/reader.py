"""The one reader of ability text: a card's text → abilities → the guide's components.

Each paragraph of ability text is one ability (or, in the 11th Edition, a caveat), read as the
edition's Card Building Guide builds it:

    [NAME:] [activation condition:] [activation costs→] sub-ability [sub-ability …]
    sub-ability = [target selection;] effect[, then|, also effect …].

Every part is matched against the guide's components, and the numbers in place of x, y and z are
read as the component's variables. The reader follows the guide's writing rules and forgives what
a person cannot be blamed for: either case anywhere, typographic or straight quotes, "->" for
"→", any spacing, and tutorial text in parentheses between components (which it ignores). What
the guide asks for in wording is accepted in either form but noted (a "note", never a problem):

- singular words when a number is 1 ("Draw 1 card.", "1 card in your hand is destroyed");
- "up to" dropped from a target selection when at most one card is targeted;
- "the targets"/"each target" written "the target" or "it" when at most one card is targeted
  (and the 11th's "Batch add" written "add");
- how activation costs are joined: in the 14th on, "A and B→" and "A, B, and C→"; in the 12th
  and 13th, "A, also B→"; in the 11th, one cost only, ending in ";" (or ", then" before a target);
- effects joined by ", then" or ", also";
- an activation cost's capital (12th on): capital when no condition or other cost comes before
  it in the ability, small after one.

A name not in capitals ("Greed: Draw 2 cards.") is read as the name it was meant as, with a
problem saying so, and the rest of the ability is still read.

Readings of the guides where they are not explicit:

- "Only 1 target selection can be used per ability" (every guide) is read as written: at most
  one in an ability, in any one of its sub-abilities, and `t` in an effect's formula is its own
  sub-ability's (see :mod:`cards.rules.legality`).
- A sentence after a full stop starts a new sub-ability (12th on); in the 11th it continues the
  ability's effects, which the guide allows ("instead of a period").
- The 11th rulebook writes an activation condition as the ability's first sentence, opening with
  "Activate" ("Activate when you take at least 5 damage. Draw 1 card."); its guide writes the
  same condition "When you take at least x damage:". Where the edition's rulebook names such an
  opening word (`Edition.condition_opening`), a first sentence that opens with it is the
  activation condition: read as the guide's condition with a note, or, when it is none of them,
  a problem for that sentence alone while the rest of the ability is still read.
- An effect that speaks of targets, or whose formula uses t, needs a target selection before it
  in its sub-ability; without one the ability has a `needs_target` problem.
- "it" for a single target is written by the writer only for the first effect after the target
  selection, where it cannot be read as anything else; the reader accepts it anywhere.

The text read is the card's as the edition's own rulebook refurbishes it (when that rulebook is
on file): the guide is written in its rulebook's words, so the 17th guide reads a card printed
"Target 1 in-play card; …" as "Target 1 on-field minion; …". The reading keeps the printed text
and the words replaced, so a page can show both; its spans are those of the text read. This is
the one reading of a card's text: the check and its level, the designer's marks and builder,
the goldfish and the render all ask for it here.

The reader never raises for any text: what it cannot read becomes a problem with the text
concerned and its span, and, where one is near, the component it was probably meant to be.
Readings are cached by text and edition, and each paragraph by its text and guide.

The reader is built in layers, each its own module: what a reading holds
(:mod:`~cards.rules.reading`), matching components with their variables
(:mod:`~cards.rules.matching`), the checks by the guide's grammar
(:mod:`~cards.rules.grammar_checks`), the parts of an ability in order
(:mod:`~cards.rules.sentences`), and here the text cut into paragraphs, each a caveat or an
ability.
"""

from __future__ import annotations

import re
from dataclasses import replace
from functools import lru_cache

from .abilities import _first_colon, _is_name
from .editions import load_editions
from .guide import ComponentKind, Guide, get_guide
from .matching import needs_target
from .reading import MAX_NUMBER, ComponentUse, Finding, ReadAbility, Reading, SubAbility
from .sentences import SentenceReader, Unreadable
from .tables import refurbish_cached
from .verdicts import Replacement

__all__ = [
    "MAX_NUMBER",
    "MAX_TEXT",
    "ComponentUse",
    "Finding",
    "ReadAbility",
    "Reading",
    "SubAbility",
    "needs_target",
    "read_card_text",
]

# Longer texts are refused rather than read: no card holds this much (the site allows 2,000).
MAX_TEXT = 10_000

# A name as a person may type it without capitals: up to four words of letters ("Fire breath").
_NAME_WORDS = re.compile(r"[^\W\d_]+(?:[ '\-][^\W\d_]+){0,3}")


def read_card_text(text: object, edition: object) -> Reading:
    """A card's ability text read under an edition's guide (an Edition, a Guide or a number).

    Never raises for any text; GuideError (a RulesError) when the edition has no guide.
    """
    guide = get_guide(edition)
    if text is None:
        text = ""
    if not isinstance(text, str):
        problem = Finding("not_text", "The ability text must be text.")
        return Reading(guide.edition, "", (), (), (problem,))
    if len(text) > MAX_TEXT:
        problem = Finding(
            "text_too_long",
            f"The ability text has {len(text):,} characters; at most {MAX_TEXT:,} are read.",
        )
        return Reading(guide.edition, text, (), (), (problem,))
    return _read_cached(text, guide)


@lru_cache(maxsize=8192)
def _read_cached(printed: str, guide: Guide) -> Reading:
    text, replacements = _as_worded(printed, guide.edition)
    reading = _Reader(text, guide).read()
    return replace(reading, replacements=replacements, printed=printed)


# Room for the distinct abilities of a large site's cards (about 2 kB each): re-judging a
# million cards reads each of them once per guide, not once per card.
@lru_cache(maxsize=65536)
def _paragraph_cached(paragraph: str, guide: Guide) -> ReadAbility:
    """One paragraph of plain text read alone as an ability, at position 0."""
    return _Reader(paragraph, guide).ability(0, len(paragraph))


def _moved(ability: ReadAbility, by: int) -> ReadAbility:
    """The ability with each of its spans `by` characters further on."""
    if by == 0:
        return ability

    def use(found: ComponentUse) -> ComponentUse:
        return replace(found, start=found.start + by, end=found.end + by)

    def finding(found: Finding) -> Finding:
        return replace(found, start=found.start + by, end=found.end + by)

    subs = tuple(
        replace(
            sub,
            target=None if sub.target is None else use(sub.target),
            effects=tuple(map(use, sub.effects)),
        )
        for sub in ability.sub_abilities
    )
    name_span = ability.name_span
    return replace(
        ability,
        start=ability.start + by,
        end=ability.end + by,
        condition=None if ability.condition is None else use(ability.condition),
        costs=tuple(map(use, ability.costs)),
        sub_abilities=subs,
        problems=tuple(map(finding, ability.problems)),
        notes=tuple(map(finding, ability.notes)),
        name_span=None if name_span is None else (name_span[0] + by, name_span[1] + by),
    )


def _as_worded(printed: str, edition: int) -> tuple[str, tuple[Replacement, ...]]:
    """The printed text as the edition's own rulebook refurbishes it, when it is on file: the
    guide is written in its rulebook's words, so a 17th card printed "in-play card" is read as
    "on-field minion", as every page that judges it reads it."""
    rules = load_editions().get(edition)
    return (printed, ()) if rules is None else refurbish_cached(printed, rules)


def _condition_opening(edition: int) -> str | None:
    """The word opening a condition written as a sentence, by the edition's rulebook on file."""
    rules = load_editions().get(edition)
    return None if rules is None else rules.condition_opening


class _Reader(SentenceReader):
    """One card's text read: its paragraphs, each a caveat or an ability."""

    def __init__(self, text: str, guide: Guide) -> None:
        super().__init__(text, guide)
        self.opening = _condition_opening(guide.edition)

    # -- the text -------------------------------------------------------------------------

    def read(self) -> Reading:
        caveats: list[ComponentUse] = []
        abilities: list[ReadAbility] = []
        problems: list[Finding] = []
        subject = self.normalized.text
        position = 0
        for line in subject.split("\n"):
            start = position + (len(line) - len(line.lstrip(" ")))
            end = position + len(line.rstrip(" "))
            position += len(line) + 1
            if end <= start:
                continue
            caveat = self.caveat(start, end)
            if caveat is not None:
                if abilities:
                    problems.append(
                        self.finding(
                            "caveat_after_ability",
                            "A caveat is listed before any abilities.",
                            start,
                            end,
                        )
                    )
                caveats.append(caveat)
                continue
            abilities.append(self.paragraph(start, end))
        limit = self.guide.grammar.max_caveats
        if len(caveats) > limit and caveats:
            allowed = "no caveats" if limit == 0 else f"at most {limit} caveat"
            extra = caveats[limit] if limit < len(caveats) else caveats[-1]
            problems.append(
                Finding(
                    "too_many_caveats",
                    f"A card may have {allowed}; this one has {len(caveats)}.",
                    extra.text,
                    extra.start,
                    extra.end,
                )
            )
        for caveat in caveats:
            problems += self.value_problems(caveat)
        return Reading(
            self.guide.edition, self.text, tuple(caveats), tuple(abilities), tuple(problems)
        )

    def paragraph(self, start: int, end: int) -> ReadAbility:
        """The ability of the paragraph [start, end). Cards share abilities far more than
        whole texts, so each paragraph is read once per guide and moved to where it stands;
        where normalizing moved characters (a run of spaces, a ligature), positions in the
        paragraph are not the card's, and it is read in place."""
        if self.normalized.text != self.text:
            return self.ability(start, end)
        return _moved(_paragraph_cached(self.text[start:end], self.guide), start)

    def caveat(self, start: int, end: int) -> ComponentUse | None:
        if not self.guide.of_kind(ComponentKind.CAVEAT):
            return None
        subject = self.normalized.text[:end]
        found = self.match(ComponentKind.CAVEAT, subject, self.skip(subject, start))
        if found is None:
            return None
        use, _, after = found
        position = self.skip(subject, after)
        if subject.startswith(".", position) and self.skip(subject, position + 1) >= end:
            return use
        return None

    # -- one ability ----------------------------------------------------------------------

    def uncapitalized_name(self, words: str, subject: str, start: int) -> bool:
        """Whether the words before an ability's first colon are a name written without
        capitals ("Greed: Draw 2 cards."): a few words of letters that are no activation
        condition, nor one misspelt."""
        words = words.strip()
        if not _NAME_WORDS.fullmatch(words):
            return False
        if self.match(ComponentKind.CONDITION, subject, self.skip(subject, start)) is not None:
            return False
        return self.nearest(words, [ComponentKind.CONDITION]) is None

    def ability(self, start: int, end: int) -> ReadAbility:
        subject = self.normalized.text[:end]
        paragraph = subject[start:end]
        problems: list[Finding] = []
        notes: list[Finding] = []
        name: str | None = None
        name_span: tuple[int, int] | None = None
        position = start
        colon = _first_colon(paragraph, sentence_bound=False)
        if colon is not None and _is_name(paragraph[:colon]):
            name = paragraph[:colon].strip()
            name_span = self.span(start, start + len(name))
            position = start + colon + 1
        elif colon is not None and self.uncapitalized_name(paragraph[:colon], subject, start):
            # Read as the name it was meant as, so the rest of the ability is still read.
            name = paragraph[:colon].strip()
            name_span = self.span(start, start + len(name))
            position = start + colon + 1
            problems.append(
                self.finding(
                    "name_not_in_capitals",
                    f"The ability name “{name}” is not in capital letters: the"
                    f" {self.guide.name} guide writes a name in all capital letters, followed by"
                    f" a colon (“{name.upper()}:”).",
                    start,
                    start + len(name),
                )
            )
        condition: ComponentUse | None = None
        costs: list[ComponentUse] = []
        subs: list[SubAbility] = []
        try:
            position = self.skip(subject, position)
            found = self.match(ComponentKind.CONDITION, subject, position)
            if found is not None:
                after = self.skip(subject, found[2])
                if subject.startswith(":", after):
                    condition = found[0]
                    position = self.skip(subject, after + 1)
            if condition is None and self.opening is not None:
                position, condition = self.condition_sentence(
                    self.opening, subject, position, end, problems, notes
                )
            position = self.read_costs(subject, position, end, costs, notes)
            position = self.read_subs(subject, position, end, subs, notes)
        except Unreadable as stop:
            problems.append(stop.finding)
        if not problems and not subs:
            problems.append(self.not_a_component(subject, position, end, "effect"))
        problems += self.structure_problems(condition, costs, subs)
        notes += self.capital_notes(condition, costs)
        begin, finish = self.span(start, end)
        return ReadAbility(
            text=self.text[begin:finish],
            start=begin,
            end=finish,
            name=name,
            condition=condition,
            costs=tuple(costs),
            sub_abilities=tuple(subs),
            problems=tuple(problems),
            notes=tuple(notes),
            name_span=name_span,
            condition_opening=self.opening,
        )
