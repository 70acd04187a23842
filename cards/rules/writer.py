"""The writer: chosen components and numbers → card text in the guide's own grammar.

The inverse of the reader (:mod:`cards.rules.reader`): what the writer writes, the reader reads
back to the same components and numbers, without notes. It follows the edition's writing rules:

- singular words when a number is 1, and "up to" dropped when one card is targeted;
- with a single target, "the targets"/"each target" become "it" in the first effect after the
  target selection (where nothing else can be meant) and "the target" in later ones; "its"
  and "the target's" likewise, and in the 11th "Batch add" becomes "add";
- activation costs joined as the edition says ("A and B→", "A, B, and C→"; "A, also B→");
- effects joined by ", then" (or ", also" where the design asks);
- capitals: 12th on, as the guide's rules place them (a cost after a condition, or an effect
  after a target selection or another effect, starts small); 11th, as the components are listed.

Bad designs (an unknown component, a component in the wrong place, a missing or impossible
number) raise DesignError, a RulesError, with a message for the designer.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from .errors import DesignError, GuideError
from .guide import Component, ComponentKind, Guide, get_guide
from .matching import template_of
from .reading import MAX_NUMBER, ComponentUse, ReadAbility, Reading, SubAbility


@dataclass(frozen=True)
class Choice:
    """A component chosen by its id, with a number for each of its variables."""

    component: str
    values: Mapping[str, int] = field(default_factory=dict, hash=False)


@dataclass(frozen=True)
class SubAbilityDesign:
    effects: tuple[Choice, ...]
    target: Choice | None = None
    joins: tuple[str, ...] = ()  # between effects: "then" (the default) or "also"


@dataclass(frozen=True)
class AbilityDesign:
    sub_abilities: tuple[SubAbilityDesign, ...]
    name: str | None = None
    condition: Choice | None = None
    costs: tuple[Choice, ...] = ()


def ability_name(name: str) -> str:
    """A name as the card prints it: in capitals, its words one space apart (the reader reads
    any run of spaces as one)."""
    return " ".join(name.split()).upper()


def _a(label: str) -> str:
    return f"an {label}" if label[:1] in "aeiou" else f"a {label}"


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _small(text: str) -> str:
    return text[:1].lower() + text[1:]


def _resolve(choice: Choice, kind: ComponentKind, guide: Guide) -> Component:
    if not isinstance(choice, Choice):
        raise DesignError(f"Expected a chosen {kind.label}, not {choice!r}.")
    try:
        component = guide.component(choice.component)
    except GuideError as error:
        raise DesignError(str(error)) from error
    if component.kind is not kind:
        raise DesignError(
            f"“{component.template}” is {_a(component.kind.label)}, not {_a(kind.label)}."
        )
    if component.redacted:
        raise DesignError(f"“{component.template}” is redacted in the {guide.name} guide.")
    if not isinstance(choice.values, Mapping):
        raise DesignError(f"The numbers for “{component.template}” must be a mapping.")
    letters = set(component.letters)
    given = set(choice.values)
    if given != letters:
        missing = ", ".join(sorted(letters - given)) or "none"
        extra = ", ".join(sorted(str(k) for k in given - letters)) or "none"
        raise DesignError(
            f"“{component.template}” takes {', '.join(component.letters) or 'no numbers'}"
            f" (missing: {missing}; unknown: {extra})."
        )
    minimum = guide.grammar.variable_minimum
    for letter, value in choice.values.items():
        if isinstance(value, bool) or not isinstance(value, int):
            raise DesignError(f"{letter} must be a whole number, not {value!r}.")
        if not minimum <= value <= MAX_NUMBER:
            raise DesignError(f"{letter} must be from {minimum} to {MAX_NUMBER:,}, not {value}.")
    return component


def _body(
    component: Component,
    values: Mapping[str, int],
    guide: Guide,
    *,
    single_target: bool = False,
    pronoun: bool = False,
) -> str:
    """The component's text without its terminator, with numbers and agreeing words."""
    template = template_of(component, guide.grammar.single_target_substitutions)
    out: list[str] = []
    for piece in template.pieces:
        number = values.get(piece.letter, 0)
        if piece.kind == "lit":
            out.append(piece.text)
        elif piece.kind == "var":
            out.append(str(number))
        elif piece.kind in ("noun", "verb"):
            out.append(piece.singular if number == 1 else piece.plural)
        elif piece.kind == "upto":
            out.append("" if number == 1 else piece.text)
        elif single_target:
            _, targets = guide.grammar.single_target_substitutions[piece.rule]
            chosen = targets[-1] if pronoun else targets[0]
            out.append(_capital(chosen) if piece.text[:1].isupper() else chosen)
        else:
            out.append(piece.text)
    return "".join(out)


def _single(component: Component, values: Mapping[str, int]) -> bool:
    count = component.target_count
    if count == 1:
        return True
    return isinstance(count, str) and values.get(count) == 1


@dataclass
class _Written:
    text: str
    uses: list[tuple[Component, Mapping[str, int], str]]  # for design_reading


def _write(design: AbilityDesign, guide: Guide) -> _Written:
    if not isinstance(design, AbilityDesign):
        raise DesignError(f"Expected an ability design, not {design!r}.")
    grammar = guide.grammar
    by_position = grammar.capitals == "by_position"
    uses: list[tuple[Component, Mapping[str, int], str]] = []
    parts: list[str] = []
    if design.name is not None:
        name = ability_name(design.name)
        if not name or any(char in name for char in ":\n\r") or not any(c.isupper() for c in name):
            raise DesignError("An ability name is a few words in capitals, without a colon.")
        parts.append(f"{name}:")
    if design.condition is not None:
        component = _resolve(design.condition, ComponentKind.CONDITION, guide)
        text = _capital(_body(component, design.condition.values, guide))
        uses.append((component, design.condition.values, text))
        parts.append(text + component.terminator)
    if design.costs:
        if grammar.max_costs is not None and len(design.costs) > grammar.max_costs:
            raise DesignError(
                f"The {guide.name} guide allows {grammar.max_costs} activation cost per ability."
            )
        texts: list[str] = []
        terminator = ""
        for index, choice in enumerate(design.costs):
            component = _resolve(choice, ComponentKind.COST, guide)
            text = _body(component, choice.values, guide)
            if by_position:
                text = _capital(text) if index == 0 and design.condition is None else _small(text)
            texts.append(text)
            uses.append((component, choice.values, text))
            terminator = component.terminator
        if len(texts) == 1 or grammar.cost_join is None:
            joined = texts[0]
        elif grammar.cost_join == "and":
            if len(texts) == 2:
                joined = f"{texts[0]} and {texts[1]}"
            else:
                joined = ", ".join(texts[:-1]) + f", and {texts[-1]}"
        else:
            joined = f", {grammar.cost_join} ".join(texts)
        parts.append(joined + terminator)
    if not design.sub_abilities:
        raise DesignError("An ability needs at least one effect.")
    if not grammar.sub_abilities and len(design.sub_abilities) > 1:
        raise DesignError(f"The {guide.name} guide has no sub-abilities: one run of effects.")
    if sum(1 for sub in design.sub_abilities if getattr(sub, "target", None)) > 1:
        raise DesignError(
            f"The {guide.name} guide allows 1 target selection per ability, in one of its"
            " sub-abilities."
        )
    for sub in design.sub_abilities:
        parts.append(_write_sub(sub, guide, uses))
    return _Written(" ".join(parts), uses)


def _write_sub(
    sub: SubAbilityDesign, guide: Guide, uses: list[tuple[Component, Mapping[str, int], str]]
) -> str:
    grammar = guide.grammar
    by_position = grammar.capitals == "by_position"
    if not isinstance(sub, SubAbilityDesign) or not sub.effects:
        raise DesignError("A sub-ability needs at least one effect.")
    joins = tuple(sub.joins) or ("then",) * (len(sub.effects) - 1)
    allowed = set(grammar.effect_joins) | ({"."} if grammar.effects_may_be_sentences else set())
    if len(joins) != len(sub.effects) - 1 or not set(joins) <= allowed:
        raise DesignError(
            "Effects are joined by " + " or ".join(f"“{j}”" for j in sorted(allowed)) + "."
        )
    text = ""
    single = False
    if sub.target is not None:
        component = _resolve(sub.target, ComponentKind.TARGET, guide)
        target = _body(component, sub.target.values, guide)
        target = _capital(target)
        uses.append((component, sub.target.values, target))
        text = target + component.terminator + " "
        single = _single(component, sub.target.values)
    for index, choice in enumerate(sub.effects):
        component = _resolve(choice, ComponentKind.EFFECT, guide)
        body = _body(
            component,
            choice.values,
            guide,
            single_target=single,
            pronoun=index == 0 and sub.target is not None,
        )
        after_join = index > 0 and joins[index - 1] != "."
        if by_position:
            first = index == 0 and sub.target is None
            body = _capital(body) if first else _small(body)
        elif after_join:
            body = _small(body)
        else:
            body = _capital(body) if index > 0 else body
        uses.append((component, choice.values, body))
        if index > 0:
            text += ". " if joins[index - 1] == "." else f", {joins[index - 1]} "
        text += body
    return text + "."


def write_ability(design: AbilityDesign, edition: object) -> str:
    """One ability's text, written with the edition's grammar."""
    return _write(design, get_guide(edition)).text


def write_component(
    choice: Choice, edition: object, *, single_target: bool = False, pronoun: bool = False
) -> str:
    """One component's text with its numbers, as listed (its own capital and terminator)."""
    guide = get_guide(edition)
    if not isinstance(choice, Choice):
        raise DesignError(f"Expected a chosen component, not {choice!r}.")
    try:
        kind = guide.component(choice.component).kind
    except GuideError as error:
        raise DesignError(str(error)) from error
    component = _resolve(choice, kind, guide)
    body = _body(component, choice.values, guide, single_target=single_target, pronoun=pronoun)
    return body + component.terminator


def write_card_text(
    abilities: Sequence[AbilityDesign], edition: object, *, caveat: Choice | None = None
) -> str:
    """A card's whole ability text: its caveat (11th Edition) and one paragraph per ability."""
    guide = get_guide(edition)
    paragraphs: list[str] = []
    if caveat is not None:
        if guide.grammar.max_caveats < 1:
            raise DesignError(f"The {guide.name} guide has no caveats.")
        component = _resolve(caveat, ComponentKind.CAVEAT, guide)
        paragraphs.append(_body(component, caveat.values, guide) + component.terminator)
    paragraphs += [_write(design, guide).text for design in abilities]
    return "\n".join(paragraphs)


def design_reading(
    abilities: Sequence[AbilityDesign], edition: object, *, caveat: Choice | None = None
) -> Reading:
    """A designed card as a Reading, without reading its text: what the designer levels.

    Spans are those of the written text, so a designer can highlight each component.
    """
    guide = get_guide(edition)
    caveats: tuple[ComponentUse, ...] = ()
    offset = 0
    if caveat is not None:
        written_caveat = write_card_text((), guide, caveat=caveat)
        component = guide.component(caveat.component)
        caveats = (
            ComponentUse(
                component,
                _values(component, caveat.values),
                written_caveat[:-1],
                0,
                len(written_caveat) - 1,
            ),
        )
        offset = len(written_caveat) + 1
    read: list[ReadAbility] = []
    for design in abilities:
        written = _write(design, guide)
        cursor = 0
        placed: list[ComponentUse] = []
        for component, values, text in written.uses:
            at = written.text.find(text, cursor)
            start = offset + max(at, 0)
            placed.append(
                ComponentUse(component, _values(component, values), text, start, start + len(text))
            )
            cursor = max(at, 0) + len(text)
        queue = list(placed)
        condition = queue.pop(0) if design.condition is not None else None
        costs = tuple(queue.pop(0) for _ in design.costs)
        subs: list[SubAbility] = []
        for sub in design.sub_abilities:
            target = queue.pop(0) if sub.target is not None else None
            effects = tuple(queue.pop(0) for _ in sub.effects)
            joins = tuple(sub.joins) or ("then",) * (len(sub.effects) - 1)
            subs.append(SubAbility(target, effects, joins))
        name = ability_name(design.name) if design.name else None
        read.append(
            ReadAbility(
                text=written.text,
                start=offset,
                end=offset + len(written.text),
                name=name,
                condition=condition,
                costs=costs,
                sub_abilities=tuple(subs),
                problems=(),
                notes=(),
                name_span=None if name is None else (offset, offset + len(name)),
            )
        )
        offset += len(written.text) + 1
    text = write_card_text(abilities, guide, caveat=caveat)
    return Reading(guide.edition, text, caveats, tuple(read), ())


def _values(component: Component, values: Mapping[str, int]) -> tuple[tuple[str, int], ...]:
    return tuple((letter, values[letter]) for letter in component.letters)
