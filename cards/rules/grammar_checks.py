"""What the reader checks of the components it found, by the guide's grammar: the wording the
guide asks for with the card's numbers (notes), and what the guide's rules forbid (problems):
numbers out of range, redacted components, too many costs or target selections, an effect on
targets without a target selection, activation costs joined another way than the guide's.

    >>> from cards.rules import ComponentKind, get_guide
    >>> checks = GrammarChecks("Draw 0 cards.", get_guide(14))
    >>> use, _, _ = checks.match(ComponentKind.EFFECT, checks.normalized.text, 0)
    >>> [problem.message for problem in checks.value_problems(use)]
    ["In “Draw 0 cards”, x is 0; the guide's variables are whole numbers of at least 1."]

Wordings are notes, never problems: the text is read as meant.

    >>> from cards.rules import read_card_text
    >>> text = "ZAP: Target up to 1 in-play card; destroy the targets."
    >>> for note in read_card_text(text, 14).all_notes:
    ...     print(note.code, note.message)
    wording The guide drops “up to” when the number is 1.
    wording The guide writes “the target” or “it” here, not “the targets”.
"""

from __future__ import annotations

import re

from .matching import Matcher, template_of, uses_targets
from .reading import MAX_NUMBER, ComponentUse, Finding, SubAbility


class GrammarChecks(Matcher):
    """The checks of components found in one card's text, by its guide's grammar."""

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

    def capital_notes(
        self, condition: ComponentUse | None, costs: list[ComponentUse]
    ) -> list[Finding]:
        """Where an activation cost's first letter is not as the guide places capitals: "If an
        activation cost does not follow any activation condition or any other activation cost
        within the ability, its first letter should be capitalized" (12th on), and it is small
        where it does follow one, as the guide lists them."""
        if self.guide.grammar.capitals != "by_position":
            return []
        notes: list[Finding] = []
        for index, cost in enumerate(costs):
            first = cost.text[:1]
            if first.lower() == first.upper():  # no letter, or one without case
                continue
            capital = index == 0 and condition is None
            if first.isupper() == capital:
                continue
            word = cost.text.split(" ", 1)[0]
            if capital:
                wanted = f"“{word[:1].upper()}{word[1:]}” with a capital"
                place = "it opens the ability's activation costs"
            else:
                wanted = f"“{word[:1].lower()}{word[1:]}” with a small letter"
                place = (
                    "it follows another activation cost"
                    if index
                    else "it follows the activation condition"
                )
            notes.append(
                Finding(
                    "capitals",
                    f"The {self.guide.name} guide writes {wanted} here: {place}.",
                    cost.text,
                    cost.start,
                    cost.start + len(word),
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
        # One per ability, whatever its sub-abilities (see cards.rules.legality).
        targets = [sub.target for sub in subs if sub.target is not None]
        if len(targets) > 1:
            rule = grammar.quotes.get("targets", "Only 1 target selection can be used per ability.")
            problems.append(
                Finding(
                    "too_many_targets",
                    f"The {self.guide.name} guide says “{rule}”; this ability has {len(targets)}.",
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
                if uses_targets(
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
