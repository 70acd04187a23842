"""Reading an ability's parts in the order the guide builds them: an activation condition
written as a sentence (the 11th's "Activate when …."), the activation costs and how they are
joined, then the sub-abilities, each an optional target selection and its effects joined by
", then" or ", also" (or, in the 11th, by full stops).

    >>> from cards.rules import get_guide
    >>> text = "Self-exhaust 1 resource→Draw 2 cards, then draw 1 card."
    >>> parts = SentenceReader(text, get_guide(14))
    >>> subject = parts.normalized.text
    >>> costs, subs, notes = [], [], []
    >>> after_costs = parts.read_costs(subject, 0, len(subject), costs, notes)
    >>> [cost.text for cost in costs], subject[after_costs:]
    (['Self-exhaust 1 resource'], 'Draw 2 cards, then draw 1 card.')
    >>> parts.read_subs(subject, after_costs, len(subject), subs, notes) == len(subject)
    True
    >>> [effect.text for effect in subs[0].effects], subs[0].joins, notes
    (['Draw 2 cards', 'draw 1 card'], ('then',), [])

What is not a component stops the reading of the ability with a problem (`Unreadable`).
"""

from __future__ import annotations

import re
from dataclasses import replace

from .errors import DesignError
from .grammar_checks import GrammarChecks
from .guide import ComponentKind
from .matching import ARROW, folded
from .reading import ComponentUse, Finding, SubAbility


class Unreadable(Exception):
    """The rest of an ability cannot be read: `finding` says where and why."""

    def __init__(self, finding: Finding) -> None:
        super().__init__(finding.message)
        self.finding = finding


# Where a condition written as a sentence ends: its full stop, or a colon typed as the guide
# ends conditions.
_CONDITION_END = re.compile(r"\.(?=\s|$)|:")


class SentenceReader(GrammarChecks):
    """The parts of the abilities of one card's text, read in the guide's order."""

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
        opening = re.compile(re.escape(folded(word)) + r" ", re.IGNORECASE)
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
                    raise Unreadable(
                        self.not_a_component(subject, position, end, "activation cost")
                    )
                break
            use, match, after = found
            costs.append(use)
            notes += self.wording_notes(use, match, None)
            after = self.skip(subject, after)
            separator = re.compile(
                r"(?P<arrow>\s*" + ARROW + r")|(?P<semi>;)|(?P<then>,\s*then\s)"
                r"|(?P<also>,\s*also\s)|(?P<comma_and>,\s*and\s)|(?P<and>\s*and\s)|(?P<comma>,\s)",
                re.IGNORECASE,
            ).match(subject, after)
            if separator is None or separator.lastgroup is None:
                raise Unreadable(
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
                    raise Unreadable(self.not_a_component(subject, position, end, "effect"))
                found = self.match(ComponentKind.EFFECT, subject, position)
                if found is None:
                    raise Unreadable(self.not_a_component(subject, position, end, "effect"))
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
                raise Unreadable(self.not_a_component(subject, after, end, "effect"))
            sub = SubAbility(target, tuple(use for use, _ in effects), tuple(joins))
            if target is not None and target_match is not None:
                notes += self.wording_notes(target, target_match, None)
            for use, match in effects:
                notes += self.wording_notes(use, match, sub if target is not None else None)
            subs.append(sub)
        return position
