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
- effects joined by ", then" or ", also".

Readings of the guides where they are not explicit:

- "Only 1 target selection can be used per ability" (12th–17th) is read together with the
  sub-ability rules: each sub-ability has at most one target selection, and `t` in an effect's
  formula is its own sub-ability's. In the 11th, which has no sub-abilities, one per ability.
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

The reader never raises for any text: what it cannot read becomes a problem with the text
concerned and its span, and, where one is near, the component it was probably meant to be.
Readings are cached by text and edition.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterator
from dataclasses import dataclass, replace
from functools import cache, cached_property, lru_cache
from typing import Any

from .abilities import Ability, _first_colon, _is_name, parse_ability
from .editions import load_editions
from .errors import DesignError
from .formula import variables
from .guide import Component, ComponentKind, Guide, get_guide
from .text import Normalized, normalize

# Longer texts are refused rather than read: no card holds this much (the site allows 2,000).
MAX_TEXT = 10_000
# The largest number a variable may be: a card asking for more is read, but not levelled.
MAX_NUMBER = 10**9
_NUMBER = r"[0-9]+"
_ARROW = r"(?:\u2192|\u27f6|->)"


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
        return self.target is not None and _single_target(self.target)

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
    """A card's ability text read under one edition's guide."""

    edition: int
    text: str
    caveats: tuple[ComponentUse, ...]
    abilities: tuple[ReadAbility, ...]
    problems: tuple[Finding, ...]  # about the text as a whole

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
def _read_cached(text: str, guide: Guide) -> Reading:
    return _Reader(text, guide).read()


# ---------------------------------------------------------------------------------------------
# Templates as patterns


@dataclass(frozen=True)
class Piece:
    """A piece of a component's template: literal text, or a part that varies.

    kind is "lit" (text), "var" (the letter's number), "noun"/"verb" (the words that agree
    with the letter's number), "upto" ("up to ", dropped for one target) or "phrase" (a target
    phrase, replaced for a single target by the substitution `rule`).
    """

    kind: str
    text: str  # as the template writes it
    letter: str = ""
    plural: str = ""
    singular: str = ""
    rule: int = -1
    group: str = ""  # the regex group that captured it


@dataclass(frozen=True)
class Template:
    component: Component
    pieces: tuple[Piece, ...]
    regex: re.Pattern[str]


def _fold(text: str) -> str:
    return normalize(text).text


@cache
def template_of(component: Component, substitutions: tuple[Any, ...]) -> Template:
    """A component's template as pieces and as the pattern that reads it."""
    body = _fold(component.body)
    spans: list[tuple[int, int, Piece]] = []

    def free(start: int, end: int) -> bool:
        return all(end <= s or start >= e for s, e, _ in spans)

    for found in re.finditer(r"(?<!\w)([xyz])(?!\w)", body):
        spans.append((found.start(), found.end(), Piece("var", found.group(1), found.group(1))))
    for spec in component.variables:
        first = re.search(rf"(?<!\w){spec.name}(?!\w)", body)
        if first is None:
            continue
        if spec.plural and spec.singular:
            noun = re.compile(rf"(?<![\w-]){re.escape(spec.plural)}(?![\w-])")
            found_noun = noun.search(body, first.end())
            if found_noun and free(found_noun.start(), found_noun.end()):
                piece = Piece("noun", spec.plural, spec.name, spec.plural, spec.singular)
                spans.append((found_noun.start(), found_noun.end(), piece))
                if spec.verb_plural and spec.verb_singular:
                    verb = re.compile(rf"(?<!\w){re.escape(spec.verb_plural)}(?!\w)")
                    found_verb = verb.search(body, found_noun.end())
                    if found_verb:
                        piece = Piece(
                            "verb",
                            spec.verb_plural,
                            spec.name,
                            spec.verb_plural,
                            spec.verb_singular,
                        )
                        spans.append((found_verb.start(), found_verb.end(), piece))
    count = component.target_count
    if component.kind is ComponentKind.TARGET and isinstance(count, str):
        up_to = re.search(rf"(?<!\w)up to (?={count}(?!\w))", body, re.IGNORECASE)
        if up_to and free(up_to.start(), up_to.end()):
            spans.append((up_to.start(), up_to.end(), Piece("upto", up_to.group(0), count)))
    if component.kind is ComponentKind.EFFECT:
        phrases = sorted(
            (
                (phrase, index)
                for index, (sources, _) in enumerate(substitutions)
                for phrase in sources
            ),
            key=lambda pair: -len(pair[0]),
        )
        for phrase, index in phrases:
            pattern = re.compile(rf"(?<![\w]){re.escape(_fold(phrase))}(?![\w'])", re.IGNORECASE)
            for found in pattern.finditer(body):
                if free(found.start(), found.end()):
                    piece = Piece("phrase", found.group(0), rule=index)
                    spans.append((found.start(), found.end(), piece))
    spans.sort(key=lambda span: span[0])
    pieces: list[Piece] = []
    position = 0
    for start, end, piece in spans:
        if start > position:
            pieces.append(Piece("lit", body[position:start]))
        pieces.append(piece)
        position = end
    if position < len(body):
        pieces.append(Piece("lit", body[position:]))
    # The pattern, with a group per varying piece.
    parts: list[str] = []
    seen: set[str] = set()
    named: list[Piece] = []
    for index, piece in enumerate(pieces):
        group = f"p{index}"
        if piece.kind == "lit":
            parts.append(_literal(piece.text))
            named.append(piece)
            continue
        if piece.kind == "var":
            if piece.letter in seen:
                parts.append(f"(?P=v_{piece.letter})")
            else:
                seen.add(piece.letter)
                parts.append(f"(?P<v_{piece.letter}>{_NUMBER})(?![0-9])")
            named.append(piece)
            continue
        if piece.kind in ("noun", "verb"):
            forms = [piece.plural, piece.singular]
        elif piece.kind == "upto":
            forms = ["up to ", ""]
        else:
            sources, targets = substitutions[piece.rule]
            forms = list(sources) + list(targets)
        alternatives = "|".join(_literal(form) for form in sorted(forms, key=len, reverse=True))
        parts.append(f"(?P<{group}>{alternatives})")
        named.append(
            Piece(
                piece.kind,
                piece.text,
                piece.letter,
                piece.plural,
                piece.singular,
                piece.rule,
                group,
            )
        )
    regex = re.compile("".join(parts), re.IGNORECASE)
    return Template(component, tuple(named), regex)


def _literal(text: str) -> str:
    """A literal piece of a template, as matched in normalized text (quotes folded)."""
    return re.escape(_fold(text))


def _single_target(target: ComponentUse) -> bool:
    count = target.component.target_count
    if count == 1:
        return True
    if isinstance(count, str):
        return target.variables.get(count, 0) == 1
    return False


def needs_target(component: Component, edition: object) -> bool:
    """Whether an effect acts on targets, so needs a target selection in its sub-ability.

    True when its formula uses t or its text speaks of the targets ("destroy the targets").
    """
    guide = get_guide(edition)
    template = template_of(component, guide.grammar.single_target_substitutions)
    return component.kind is ComponentKind.EFFECT and _uses_targets(component, template)


def _uses_targets(component: Component, template: Template) -> bool:
    if component.formula is not None and "t" in variables(component.formula):
        return True
    return any(piece.kind == "phrase" for piece in template.pieces)


# ---------------------------------------------------------------------------------------------
# Reading


class _Unreadable(Exception):
    def __init__(self, finding: Finding) -> None:
        super().__init__(finding.message)
        self.finding = finding


_SEGMENT_END = re.compile(r":|" + _ARROW + r"|;|\.(?=\s|$)|,\s*(?:then|also)\b", re.IGNORECASE)


def _condition_opening(edition: int) -> str | None:
    """The word opening a condition written as a sentence, by the edition's rulebook on file."""
    rules = load_editions().get(edition)
    return None if rules is None else rules.condition_opening


# Where a condition written as a sentence ends: its full stop, or a colon typed as the guide
# ends conditions.
_CONDITION_END = re.compile(r"\.(?=\s|$)|:")


class _Reader:
    def __init__(self, text: str, guide: Guide) -> None:
        self.text = text
        self.guide = guide
        self.normalized: Normalized = normalize(text)
        self.substitutions = guide.grammar.single_target_substitutions
        self.opening = _condition_opening(guide.edition)

    # -- positions ------------------------------------------------------------------------

    def span(self, start: int, end: int) -> tuple[int, int]:
        return self.normalized.span(start, end)

    def finding(self, code: str, message: str, start: int, end: int) -> Finding:
        begin, finish = self.span(start, end)
        return Finding(code, message, self.text[begin:finish], begin, finish)

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
            abilities.append(self.ability(start, end))
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

    # -- helpers --------------------------------------------------------------------------

    @staticmethod
    def skip(subject: str, position: int) -> int:
        """Past spaces and tutorial text in parentheses."""
        while True:
            while position < len(subject) and subject[position] == " ":
                position += 1
            if position < len(subject) and subject[position] == "(":
                depth = 0
                for index in range(position, len(subject)):
                    if subject[index] == "(":
                        depth += 1
                    elif subject[index] == ")":
                        depth -= 1
                        if depth == 0:
                            position = index + 1
                            break
                else:
                    return position
                continue
            return position

    def match(
        self, kind: ComponentKind, subject: str, position: int
    ) -> tuple[ComponentUse, re.Match[str], int] | None:
        """The longest component of a kind at a position, as used there."""
        best: tuple[Component, Template, re.Match[str]] | None = None
        for component in self.guide.of_kind(kind):
            template = template_of(component, self.substitutions)
            found = template.regex.match(subject, position)
            if found and (best is None or found.end() > best[2].end()):
                best = (component, template, found)
        if best is None:
            return None
        component, template, found = best
        values: list[tuple[str, int]] = []
        for letter in component.letters:
            digits = found.group(f"v_{letter}")
            # More digits than any variable may have are not turned into a number at all.
            number = int(digits) if len(digits) <= 12 else MAX_NUMBER + 1
            values.append((letter, number))
        begin, end = self.span(found.start(), found.end())
        use = ComponentUse(component, tuple(values), self.text[begin:end], begin, end)
        return use, found, found.end()

    def not_a_component(self, subject: str, position: int, end: int, expected: str) -> Finding:
        found = _SEGMENT_END.search(subject, position, end)
        stop = found.start() if found else end
        delimiter = found.group(0) if found else ""
        segment = subject[position:stop].strip()
        if not segment:
            what = {"effect": "an effect"}.get(expected, f"a {expected}")
            return self.finding(
                "missing_component",
                f"The {self.guide.name} guide expects {what} here.",
                position,
                max(stop, position + 1) if position < end else position,
            )
        kinds = self.kinds_ending(delimiter)
        nearest = self.nearest(segment, kinds)
        if nearest is not None:
            kinds = [nearest.kind]
        labels = " or ".join(f"{kind.label}s" for kind in kinds)
        message = f'"{segment}" is not one of the {self.guide.name} guide\'s {labels}.'
        if nearest is None:
            return self.finding("not_a_component", message, position, stop)
        message += f' The nearest is "{nearest.template}".'
        problem = self.finding("not_a_component", message, position, stop)
        return replace(problem, nearest=nearest.id)

    def nearest(self, segment: str, kinds: list[ComponentKind]) -> Component | None:
        """The component of these kinds that the words were most likely meant as, if near."""
        candidates = [c for kind in kinds for c in self.guide.of_kind(kind)]
        close = difflib.get_close_matches(
            segment.lower(), [c.body.lower() for c in candidates], n=1, cutoff=0.6
        )
        return next((c for c in candidates if close and c.body.lower() == close[0]), None)

    def kinds_ending(self, delimiter: str) -> list[ComponentKind]:
        """The kinds of component that a text ending so could have been meant as."""
        if re.fullmatch(_ARROW, delimiter):
            delimiter = "\u2192"
        elif delimiter[:1] == ",":
            kinds = [ComponentKind.EFFECT]
            if self.guide.grammar.cost_then_target:
                kinds.insert(0, ComponentKind.COST)
            return kinds
        elif not delimiter:
            delimiter = "."
        kinds = [
            kind
            for kind in ComponentKind
            if kind is not ComponentKind.CAVEAT
            and any(c.terminator == delimiter for c in self.guide.of_kind(kind))
        ]
        return kinds or [ComponentKind.EFFECT]

    # -- one ability ----------------------------------------------------------------------

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
        except _Unreadable as stop:
            problems.append(stop.finding)
        if not problems and not subs:
            problems.append(self.not_a_component(subject, position, end, "effect"))
        problems += self.structure_problems(condition, costs, subs)
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

    def condition_sentence(
        self,
        word: str,
        subject: str,
        position: int,
        end: int,
        problems: list[Finding],
        notes: list[Finding],
    ) -> tuple[int, ComponentUse | None]:
        """A condition written as the ability's first sentence, opening with the edition's word
        ("Activate when you take at least 5 damage."): the position after that sentence, and
        the guide's condition it is, if any. A sentence not opening so is left to the rest."""
        opening = re.compile(re.escape(_fold(word)) + r" ", re.IGNORECASE)
        opened = opening.match(subject, position, end)
        if opened is None:
            return position, None
        found_stop = _CONDITION_END.search(subject, opened.end(), end)
        stop = found_stop.start() if found_stop else end
        after = self.skip(subject, stop + 1) if found_stop else end
        found = self.match(ComponentKind.CONDITION, subject, opened.end())
        if found is not None and self.skip(subject, found[2]) == stop:
            use, _, finish = found
            begin, last = self.span(position, finish)
            # The condition as written is the whole sentence, its opening word included.
            use = replace(use, text=self.text[begin:last], start=begin, end=last)
            written = self.written(use)
            notes.append(
                self.finding(
                    "condition_sentence",
                    f"The {self.guide.name} guide writes this activation condition “{written}”,"
                    f" without the rulebook's “{word}”.",
                    position,
                    stop + 1 if found_stop else stop,
                )
            )
            return after, use
        segment = subject[position:stop].strip()
        clause = subject[opened.end() : stop].strip()
        message = f'"{segment}" is not one of the {self.guide.name} guide\'s activation conditions.'
        nearest = self.nearest(clause, [ComponentKind.CONDITION])
        if nearest is not None:
            message += f' The nearest is "{nearest.template}".'
        problem = self.finding("not_a_component", message, position, stop)
        problems.append(problem if nearest is None else replace(problem, nearest=nearest.id))
        return after, None

    def written(self, use: ComponentUse) -> str:
        """A component used on the card as the guide writes it with the card's numbers."""
        # The writer writes with the reader's templates, so it is imported when needed.
        from .writer import Choice, write_component

        try:
            return write_component(Choice(use.id, dict(use.values)), self.guide)
        except DesignError:  # numbers the guide has no wording for (0, or too large)
            return use.component.template

    def read_costs(
        self,
        subject: str,
        position: int,
        end: int,
        costs: list[ComponentUse],
        notes: list[Finding],
    ) -> int:
        separators: list[str] = []
        first = position
        while True:
            found = self.match(ComponentKind.COST, subject, position)
            if found is None:
                if separators and separators[-1] not in ("arrow", ";", "then"):
                    raise _Unreadable(
                        self.not_a_component(subject, position, end, "activation cost")
                    )
                break
            use, match, after = found
            costs.append(use)
            notes += self.wording_notes(use, match, None)
            after = self.skip(subject, after)
            separator = re.compile(
                r"(?P<arrow>\s*" + _ARROW + r")|(?P<semi>;)|(?P<then>,\s*then\s)"
                r"|(?P<also>,\s*also\s)|(?P<comma_and>,\s*and\s)|(?P<and>\s*and\s)|(?P<comma>,\s)",
                re.IGNORECASE,
            ).match(subject, after)
            if separator is None or separator.lastgroup is None:
                raise _Unreadable(
                    self.finding(
                        "unfinished_cost",
                        f'The activation cost "{use.text}" is not followed by'
                        f' "{use.component.terminator}".',
                        after,
                        min(end, after + 1),
                    )
                )
            kind = {"semi": ";"}.get(separator.lastgroup, separator.lastgroup)
            separators.append(kind)
            position = self.skip(subject, separator.end())
            if kind in ("arrow", ";", "then"):
                # Another cost may follow an arrow (each written with its own); else it ends.
                if kind == "arrow" and self.match(ComponentKind.COST, subject, position):
                    continue
                break
        if costs:
            notes += self.cost_join_notes(costs, separators, first, position)
        return position

    def cost_join_notes(
        self, costs: list[ComponentUse], separators: list[str], start: int, end: int
    ) -> list[Finding]:
        grammar = self.guide.grammar
        terminator = costs[0].component.terminator
        count = len(costs)
        final = "arrow" if terminator == "\u2192" else ";"
        joins = separators[:-1]
        if grammar.cost_join == "and":
            expected = {1: [], 2: ["and"]}.get(count, ["comma"] * (count - 2) + ["comma_and"])
            shape = "“A and B→”, or “A, B, and C→” for three or more"
        elif grammar.cost_join is not None:
            expected = [grammar.cost_join] * (count - 1)
            shape = f"“A, {grammar.cost_join} B→”"
        else:
            expected, shape = [], "a single cost ending in “;”"
        ending_ok = separators[-1] == final or (
            grammar.cost_then_target and separators[-1] == "then"
        )
        if ending_ok and (grammar.cost_join is None or joins == expected):
            return []
        return [
            self.finding(
                "cost_joining",
                f"The {self.guide.name} guide joins activation costs as {shape}.",
                start,
                end,
            )
        ]

    def read_subs(
        self,
        subject: str,
        position: int,
        end: int,
        subs: list[SubAbility],
        notes: list[Finding],
    ) -> int:
        grammar = self.guide.grammar
        while position < end:
            target: ComponentUse | None = None
            target_match: re.Match[str] | None = None
            found = self.match(ComponentKind.TARGET, subject, position)
            if found is not None:
                after = self.skip(subject, found[2])
                if subject.startswith(";", after):
                    target, target_match = found[0], found[1]
                    position = self.skip(subject, after + 1)
            effects: list[tuple[ComponentUse, re.Match[str]]] = []
            joins: list[str] = []
            while True:
                if position >= end:
                    raise _Unreadable(self.not_a_component(subject, position, end, "effect"))
                found = self.match(ComponentKind.EFFECT, subject, position)
                if found is None:
                    raise _Unreadable(self.not_a_component(subject, position, end, "effect"))
                use, match, after = found
                effects.append((use, match))
                after = self.skip(subject, after)
                joined = re.compile(r",\s*(then|also)\s", re.IGNORECASE).match(subject, after)
                if joined:
                    word = joined.group(1).lower()
                    if word not in grammar.effect_joins:
                        notes.append(
                            self.finding(
                                "effect_joining",
                                "Effects are joined by "
                                + " or ".join(f"“, {w}”" for w in grammar.effect_joins)
                                + ".",
                                after,
                                joined.end(),
                            )
                        )
                    joins.append(word)
                    position = self.skip(subject, joined.end())
                    continue
                if subject.startswith(".", after):
                    position = self.skip(subject, after + 1)
                    if (
                        grammar.effects_may_be_sentences
                        and position < end
                        and self.match(ComponentKind.TARGET, subject, position) is None
                        and self.match(ComponentKind.EFFECT, subject, position) is not None
                    ):
                        joins.append(".")
                        continue
                    break
                if after >= end:
                    notes.append(
                        self.finding(
                            "no_full_stop",
                            "An effect ends with a full stop.",
                            match.start(),
                            after,
                        )
                    )
                    position = after
                    break
                raise _Unreadable(self.not_a_component(subject, after, end, "effect"))
            sub = SubAbility(target, tuple(use for use, _ in effects), tuple(joins))
            if target is not None and target_match is not None:
                notes += self.wording_notes(target, target_match, None)
            for use, match in effects:
                notes += self.wording_notes(use, match, sub if target is not None else None)
            subs.append(sub)
        return position

    # -- checks ---------------------------------------------------------------------------

    def wording_notes(
        self, use: ComponentUse, match: re.Match[str], sub: SubAbility | None
    ) -> list[Finding]:
        """Where the card's wording differs from the guide's for these numbers."""
        template = template_of(use.component, self.substitutions)
        values = use.variables
        notes: list[Finding] = []
        for piece in template.pieces:
            if not piece.group or match.group(piece.group) is None:
                continue
            written = match.group(piece.group)
            number = values.get(piece.letter, 0)
            expected: tuple[str, ...] = ()
            if piece.kind in ("noun", "verb"):
                expected = (piece.singular if number == 1 else piece.plural,)
            elif piece.kind == "upto":
                expected = ("",) if number == 1 else ("up to ",)
                if number == 1 and self.guide.grammar.drop_up_to == "may":
                    expected = ("", "up to ")
            elif piece.kind == "phrase" and sub is not None:
                sources, targets = self.substitutions[piece.rule]
                expected = targets if sub.single_target else sources
            if expected and written.lower() not in {form.lower() for form in expected}:
                shown = " or ".join(f"“{form.strip()}”" for form in expected if form.strip())
                message = (
                    f"The guide writes {shown} here, not “{written.strip()}”."
                    if shown
                    else f"The guide drops “{written.strip()}” when the number is 1."
                )
                notes.append(
                    self.finding(
                        "wording", message, match.start(piece.group), match.end(piece.group)
                    )
                )
        return notes

    def value_problems(self, use: ComponentUse) -> list[Finding]:
        problems: list[Finding] = []
        minimum = self.guide.grammar.variable_minimum
        for letter, number in use.values:
            if number < minimum:
                problems.append(
                    Finding(
                        "bad_number",
                        f"In “{use.text}”, {letter} is {number}; the guide's variables are"
                        f" whole numbers of at least {minimum}.",
                        use.text,
                        use.start,
                        use.end,
                    )
                )
            elif number > MAX_NUMBER:
                problems.append(
                    Finding(
                        "number_too_large",
                        f"In “{use.text}”, {letter} is larger than {MAX_NUMBER:,}, the largest"
                        " number the rules compute with.",
                        use.text,
                        use.start,
                        use.end,
                    )
                )
        if use.component.redacted:
            problems.append(
                Finding(
                    "redacted_component",
                    f"“{use.component.template}” is redacted in the {self.guide.name} guide.",
                    use.text,
                    use.start,
                    use.end,
                )
            )
        return problems

    def structure_problems(
        self,
        condition: ComponentUse | None,
        costs: list[ComponentUse],
        subs: list[SubAbility],
    ) -> list[Finding]:
        grammar = self.guide.grammar
        problems: list[Finding] = []
        uses = ([condition] if condition else []) + costs
        for sub in subs:
            uses += ([sub.target] if sub.target else []) + list(sub.effects)
        for use in uses:
            problems += self.value_problems(use)
        if grammar.max_costs is not None and len(costs) > grammar.max_costs:
            extra = costs[grammar.max_costs]
            problems.append(
                Finding(
                    "too_many_costs",
                    f"The {self.guide.name} guide allows {grammar.max_costs} activation cost per"
                    f" ability; this one has {len(costs)}.",
                    extra.text,
                    extra.start,
                    extra.end,
                )
            )
        if not grammar.sub_abilities:
            targets = [sub.target for sub in subs if sub.target is not None]
            if len(targets) > 1:
                problems.append(
                    Finding(
                        "too_many_targets",
                        f"The {self.guide.name} guide allows one target selection per ability.",
                        targets[1].text,
                        targets[1].start,
                        targets[1].end,
                    )
                )
        for index, sub in enumerate(subs):
            # In the 11th, later effects share the ability's one target selection.
            target = sub.target
            if target is None and not grammar.sub_abilities:
                target = next((s.target for s in subs[:index] if s.target), None)
            if target is not None:
                continue
            for effect in sub.effects:
                if _uses_targets(
                    effect.component, template_of(effect.component, self.substitutions)
                ):
                    problems.append(
                        Finding(
                            "needs_target",
                            f"“{effect.text}” acts on targets, but no target selection comes"
                            " before it in its sub-ability.",
                            effect.text,
                            effect.start,
                            effect.end,
                        )
                    )
        return problems
