"""Matching the guide's components in ability text, with the numbers in place of x, y and z.

A component's template ("draw x cards.") is made into a pattern once (`template_of`): literal
text, its variables as numbers, and the words that change with them ("card" when x is 1, "up
to" dropped for one target, "the targets" written "it"). A `Matcher` holds one card's text,
normalized as the rules read it, and finds the longest component of a kind at a place in it,
keeping every position in the card's own text.

    >>> from cards.rules import ComponentKind, get_guide
    >>> matcher = Matcher("Draw 1 card.", get_guide(14))
    >>> use, _, end = matcher.match(ComponentKind.EFFECT, matcher.normalized.text, 0)
    >>> use.id, use.variables, use.text, end
    ('effect.draw-x-cards', {'x': 1}, 'Draw 1 card', 11)
    >>> matcher.match(ComponentKind.EFFECT, "Fly to the moon.", 0) is None
    True
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, replace
from functools import cache
from typing import Any

from .formula import variables
from .guide import Component, ComponentKind, Guide, get_guide
from .reading import MAX_NUMBER, ComponentUse, Finding
from .text import Normalized, normalize

_NUMBER = r"[0-9]+"
# The arrow that ends an activation cost, as typed: "→", "⟶" or "->".
ARROW = r"(?:\u2192|\u27f6|->)"


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


def folded(text: str) -> str:
    """The text as the rules match it: normalized (:func:`cards.rules.text.normalize`)."""
    return normalize(text).text


@cache
def template_of(component: Component, substitutions: tuple[Any, ...]) -> Template:
    """A component's template as pieces and as the pattern that reads it."""
    body = folded(component.body)
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
            pattern = re.compile(rf"(?<![\w]){re.escape(folded(phrase))}(?![\w'])", re.IGNORECASE)
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
    return re.escape(folded(text))


def needs_target(component: Component, edition: object) -> bool:
    """Whether an effect acts on targets, so needs a target selection in its sub-ability.

    True when its formula uses t or its text speaks of the targets ("destroy the targets").
    """
    guide = get_guide(edition)
    template = template_of(component, guide.grammar.single_target_substitutions)
    return component.kind is ComponentKind.EFFECT and uses_targets(component, template)


def uses_targets(component: Component, template: Template) -> bool:
    """Whether an effect acts on targets: its formula uses t, or its text speaks of them."""
    if component.formula is not None and "t" in variables(component.formula):
        return True
    return any(piece.kind == "phrase" for piece in template.pieces)


# Where a part of an ability ends, for what a text that is no component was meant as.
_SEGMENT_END = re.compile(r":|" + ARROW + r"|;|\.(?=\s|$)|,\s*(?:then|also)\b", re.IGNORECASE)


class Matcher:
    """One card's ability text, normalized as it is matched, and the guide to match it with.

    Positions given to its methods are in the normalized text (`normalized.text`); what it
    finds is spanned in the card's own text."""

    def __init__(self, text: str, guide: Guide) -> None:
        self.text = text
        self.guide = guide
        self.normalized: Normalized = normalize(text)
        self.substitutions = guide.grammar.single_target_substitutions

    # -- positions ------------------------------------------------------------------------

    def span(self, start: int, end: int) -> tuple[int, int]:
        return self.normalized.span(start, end)

    def finding(self, code: str, message: str, start: int, end: int) -> Finding:
        begin, finish = self.span(start, end)
        return Finding(code, message, self.text[begin:finish], begin, finish)

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
        misplaced = self.out_of_place(subject, position)
        if misplaced is not None:
            return misplaced
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

    def out_of_place(self, subject: str, position: int) -> Finding | None:
        """An activation condition where another part was expected: the guide lists an
        ability's condition first, so one after a cost is said to be out of place rather than
        no component."""
        found = self.match(ComponentKind.CONDITION, subject, position)
        if found is None:
            return None
        use, _, after = found
        after = self.skip(subject, after)
        if not subject.startswith(":", after):
            return None
        before = subject[:position].rstrip()
        if re.search(ARROW + "$", before):
            what = "an activation cost"
        elif before.endswith(";"):
            what = "a target selection"
        else:
            what = "an effect"
        message = (
            f"The activation condition “{use.text}:” stands after {what}: the"
            f" {self.guide.name} guide lists an ability's activation condition first, before its"
            " activation costs and its sub-abilities."
        )
        problem = self.finding("condition_out_of_place", message, position, after + 1)
        return replace(problem, nearest=use.id)

    def nearest(self, segment: str, kinds: list[ComponentKind]) -> Component | None:
        """The component of these kinds that the words were most likely meant as, if near."""
        candidates = [c for kind in kinds for c in self.guide.of_kind(kind)]
        close = difflib.get_close_matches(
            segment.lower(), [c.body.lower() for c in candidates], n=1, cutoff=0.6
        )
        return next((c for c in candidates if close and c.body.lower() == close[0]), None)

    def kinds_ending(self, delimiter: str) -> list[ComponentKind]:
        """The kinds of component that a text ending so could have been meant as."""
        if re.fullmatch(ARROW, delimiter):
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
