"""The Card Building Guides as data: components, formulas, level rules and writing rules.

Each edition's guide is ``cards/editions/guides/<number>.json``, built from the published guide by
``cards/editions/build_guides.py`` (never typed by hand). A guide lists every official component
of a card's text (caveats in the 11th Edition, activation conditions, activation costs, target
selections, effects) with its template ("draw x cards."), its variables and its level formula;
the level rules (how SP, HP and the components make a card's level); and the writing rules the
reader and the writer follow.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

from . import formula as fm
from .errors import FormulaError, GuideError

DEFAULT_FOLDER = Path(__file__).resolve().parent.parent / "editions" / "guides"
FORMAT_VERSION = 1


class ComponentKind(StrEnum):
    CAVEAT = "caveat"
    CONDITION = "condition"
    COST = "cost"
    TARGET = "target"
    EFFECT = "effect"

    @property
    def label(self) -> str:
        """The guide's name for the kind: "activation cost", "target selection"."""
        return _LABELS[self]


_LABELS = {
    ComponentKind.CAVEAT: "caveat",
    ComponentKind.CONDITION: "activation condition",
    ComponentKind.COST: "activation cost",
    ComponentKind.TARGET: "target selection",
    ComponentKind.EFFECT: "effect",
}


@dataclass(frozen=True)
class VariableSpec:
    """A variable of a component, with the words that agree with its number.

    When the number is 1 the guide asks for the singular: `plural` becomes `singular`
    ("cards" → "card"), and `verb_plural` becomes `verb_singular` ("are" → "is").
    """

    name: str
    plural: str | None = None
    singular: str | None = None
    verb_plural: str | None = None
    verb_singular: str | None = None


@dataclass(frozen=True, eq=False)
class Component:
    """One official component of an edition's guide."""

    id: str  # "effect.draw-x-cards": the kind and the template, stable across editions
    kind: ComponentKind
    template: str  # as the guide lists it, ending in its terminator: "draw x cards."
    variables: tuple[VariableSpec, ...]
    formula: fm.Formula | None  # None for the conditions of editions without condition formulas
    sets: str | None  # "t" for target selections, "a" for 11th Edition conditions
    target_count: str | int | None  # targets: the variable counting them, 1, or None for "all"
    ultra_points: int = 0
    redacted: bool = False
    tutorial: str | None = None

    @property
    def body(self) -> str:
        """The template without its terminator."""
        return self.template[:-1]

    @property
    def terminator(self) -> str:
        """What ends the component on a card: ":" "→" ";" or "."."""
        return self.template[-1]

    @property
    def letters(self) -> tuple[str, ...]:
        return tuple(spec.name for spec in self.variables)

    @property
    def formula_text(self) -> str:
        if self.formula is None:
            return ""
        shown = fm.text(self.formula)
        return f"{self.sets} = {shown}" if self.sets else shown

    def as_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "kind": self.kind.value,
            "template": self.template,
            "variables": list(self.letters),
            "formula": self.formula_text,
            "ultra_points": self.ultra_points,
            "redacted": self.redacted,
        }


@dataclass(frozen=True)
class StepRule:
    """Rounding and floor of one step of the level computation."""

    round_up: bool
    minimum: int | None


@dataclass(frozen=True, eq=False)
class LevelRules:
    """How an edition computes levels, as its guide's Level section says.

    - stats (minions): SP × weight + HP × weight, less the caveat relief where the guide says
      so (11th), then rounded and floored as `stats` says;
    - an ability: the sum of its effects' formulas (each sub-ability's), less its costs' formulas,
      rounded and floored as `ability` says, the floor depending on the card's kind;
    - a minion: stats plus its abilities, then `minion`; a spell: its ability, then `spell`.
    """

    sp_weight: Fraction
    hp_weight: Fraction
    less_caveats: bool
    stats: StepRule
    less_costs: bool
    ability_round_up: bool
    ability_minimum: Mapping[str, int | None] = field(hash=False)
    minion: StepRule
    spell: StepRule
    sentences: tuple[str, ...]


@dataclass(frozen=True, eq=False)
class Grammar:
    """The guide's writing rules, as read from its sentences (quoted in `quotes`)."""

    sub_abilities: bool  # False in the 11th: an ability is one run of effects
    max_costs: int | None
    cost_join: str | None  # "and" (14th on), "also" (12th, 13th), None (one cost only)
    cost_then_target: bool  # 11th: "…; Target" may read "…, then target"
    effect_joins: tuple[str, ...]  # ("then", "also")
    effects_may_be_sentences: bool  # 11th: effects may also follow each other as sentences
    capitals: str  # "by_position" (12th on) or "as_listed" (11th)
    drop_up_to: str  # "must" or "may"
    single_target_substitutions: tuple[tuple[tuple[str, ...], tuple[str, ...]], ...]
    names: str  # "required" or "optional"
    stat_minimum: int
    stat_maximum: int | None
    variable_minimum: int
    defaults: Mapping[str, int] = field(hash=False)
    max_caveats: int
    deck_ultra_points: int | None
    quotes: Mapping[str, str] = field(hash=False)


@dataclass(frozen=True)
class Block:
    """A paragraph of the guide (`text`), or a list of its items (`kind` "ul" or "ol")."""

    kind: str
    text: str = ""
    items: tuple[str, ...] = ()


@dataclass(frozen=True)
class Section:
    """One section of the guide's rules, in its own words: heading and paragraphs as published.

    `id` is the guide's own anchor ("inst-level", "targeting-ultra"); `depth` its heading's rank
    (3 for "Design Instructions" and "Card Texts", 4 and 5 below them).
    """

    id: str
    heading: str
    depth: int
    blocks: tuple[Block, ...]


@dataclass(frozen=True)
class CardLayers:
    """Which layers of the guide's card template show by the card ("Creating the Card").

    `ultra_points`: the card's Ultra Points with the Ultra Points symbol, hidden at 0 (17th).
    `play_restriction`: the Play Restriction layer, on a spell with an activation condition.
    """

    ultra_points: bool = False
    play_restriction: bool = False


@dataclass(frozen=True, eq=False)
class Guide:
    """One edition's Card Building Guide."""

    edition: int
    title: str
    terms: Mapping[str, str] = field(hash=False)
    components: tuple[Component, ...]
    level: LevelRules
    grammar: Grammar
    source: Mapping[str, str] = field(hash=False)
    sections: tuple[Section, ...] = ()  # the guide's rules in its own words, in order
    layers: CardLayers = CardLayers()

    def __post_init__(self) -> None:
        by_id = {component.id: component for component in self.components}
        object.__setattr__(self, "_by_id", MappingProxyType(by_id))
        kinds: dict[ComponentKind, tuple[Component, ...]] = {}
        for kind in ComponentKind:
            kinds[kind] = tuple(c for c in self.components if c.kind is kind)
        object.__setattr__(self, "_kinds", MappingProxyType(kinds))

    @property
    def name(self) -> str:
        return f"{_ordinal(self.edition)} Edition"

    def component(self, component_id: str) -> Component:
        """A component by its id; GuideError names the edition when it has none."""
        found: Mapping[str, Component] = getattr(self, "_by_id")  # noqa: B009
        if not isinstance(component_id, str) or component_id not in found:
            raise GuideError(f"The {self.name} guide has no component {component_id!r}.")
        return found[component_id]

    def of_kind(self, kind: ComponentKind) -> tuple[Component, ...]:
        kinds: Mapping[ComponentKind, tuple[Component, ...]] = getattr(self, "_kinds")  # noqa: B009
        return kinds[kind]

    def term(self, key: str) -> str:
        return self.terms.get(key, key)


def _ordinal(number: int) -> str:
    if 10 <= number % 100 <= 20:
        return f"{number}th"
    return f"{number}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(number % 10, 'th') }"


# ---------------------------------------------------------------------------------------------
# Loading


def _step(data: Mapping[str, Any]) -> StepRule:
    minimum = data.get("minimum")
    if minimum is not None and (isinstance(minimum, bool) or not isinstance(minimum, int)):
        raise GuideError(f"a minimum must be a whole number, not {minimum!r}")
    return StepRule(round_up=data.get("round") == "up", minimum=minimum)


def _fraction(value: Any) -> Fraction:
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise GuideError(f"{value!r} is not a number")
    try:
        return Fraction(value)
    except (ValueError, ZeroDivisionError) as error:
        raise GuideError(f"{value!r} is not a number") from error


def _component(data: Mapping[str, Any]) -> Component:
    formula = None if data["formula"] is None else fm.from_json(data["formula"])
    kind = ComponentKind(data["kind"])
    template = str(data["template"])
    if not template or template[-1] not in ":→;.":
        raise GuideError(f"{template!r} does not end with a terminator")
    variables = tuple(
        VariableSpec(
            name=str(spec["name"]),
            plural=spec.get("plural"),
            singular=spec.get("singular"),
            verb_plural=spec.get("verb_plural"),
            verb_singular=spec.get("verb_singular"),
        )
        for spec in data["variables"]
    )
    letters = {spec.name for spec in variables}
    if formula is not None:
        unknown = fm.variables(formula) - letters - {"t", "a"}
        if unknown:
            raise GuideError(f"{template!r}: its formula uses {sorted(unknown)}")
    count = data.get("target_count")
    if count is not None and count != 1 and count not in letters:
        raise GuideError(f"{template!r}: target_count must be 1 or one of its variables")
    return Component(
        id=str(data["id"]),
        kind=kind,
        template=template,
        variables=variables,
        formula=formula,
        sets=data.get("sets"),
        target_count=count,
        ultra_points=int(data.get("ultra_points", 0)),
        redacted=bool(data.get("redacted", False)),
        tutorial=data.get("tutorial"),
    )


def _section(data: Mapping[str, Any]) -> Section:
    blocks = tuple(
        Block(
            kind=str(block["kind"]),
            text=str(block.get("text", "")),
            items=tuple(str(item) for item in block.get("items", ())),
        )
        for block in data["blocks"]
    )
    return Section(str(data["id"]), str(data["heading"]), int(data["depth"]), blocks)


def guide_from_data(data: Mapping[str, Any], where: str = "guide data") -> Guide:
    """A Guide from the parsed contents of a guide file; GuideError says what is wrong."""
    if not isinstance(data, Mapping):
        raise GuideError(f"{where}: the file must hold a JSON object.")
    if data.get("format") != FORMAT_VERSION:
        raise GuideError(f"{where}: unknown format {data.get('format')!r}.")
    try:
        level = data["level"]
        grammar = data["grammar"]
        weights = level["stats"]["weights"]
        ability = level["ability"]
        components = tuple(_component(item) for item in data["components"])
        rules = LevelRules(
            sp_weight=_fraction(weights["sp"]),
            hp_weight=_fraction(weights["hp"]),
            less_caveats=bool(level["stats"]["less_caveats"]),
            stats=_step(level["stats"]),
            less_costs=bool(ability["less_costs"]),
            ability_round_up=ability.get("round") == "up",
            ability_minimum=MappingProxyType(
                {str(k): (None if v is None else int(v)) for k, v in ability["minimum"].items()}
            ),
            minion=_step(level["minion"]),
            spell=_step(level["spell"]),
            sentences=tuple(str(s) for s in level["sentences"]),
        )
        writing = Grammar(
            sub_abilities=bool(grammar["sub_abilities"]),
            max_costs=grammar["max_costs"],
            cost_join=grammar["cost_join"],
            cost_then_target=bool(grammar["cost_then_target"]),
            effect_joins=tuple(str(j) for j in grammar["effect_joins"]),
            effects_may_be_sentences=bool(grammar["effects_may_be_sentences"]),
            capitals=str(grammar["capitals"]),
            drop_up_to=str(grammar["drop_up_to"]),
            single_target_substitutions=tuple(
                (tuple(str(s) for s in row["from"]), tuple(str(s) for s in row["to"]))
                for row in grammar["single_target_substitutions"]
            ),
            names=str(grammar["names"]),
            stat_minimum=int(grammar["stat_minimum"]),
            stat_maximum=grammar["stat_maximum"],
            variable_minimum=int(grammar["variable_minimum"]),
            defaults=MappingProxyType({str(k): int(v) for k, v in grammar["defaults"].items()}),
            max_caveats=int(grammar["max_caveats"]),
            deck_ultra_points=grammar["deck_ultra_points"],
            quotes=MappingProxyType(dict(grammar.get("quotes", {}))),
        )
        guide = Guide(
            edition=int(data["edition"]),
            title=str(data["title"]),
            terms=MappingProxyType({str(k): str(v) for k, v in data["terms"].items()}),
            components=components,
            level=rules,
            grammar=writing,
            source=MappingProxyType({str(k): str(v) for k, v in data["source"].items()}),
            sections=tuple(_section(item) for item in data.get("sections", ())),
            layers=CardLayers(**{str(k): bool(v) for k, v in data.get("card_layers", {}).items()}),
        )
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        if isinstance(error, GuideError):
            raise GuideError(f"{where}: {error}") from error
        if isinstance(error, FormulaError):
            raise GuideError(f"{where}: a formula is malformed ({error}).") from error
        raise GuideError(f"{where}: malformed data ({error!r}).") from error
    ids = [component.id for component in guide.components]
    if len(set(ids)) != len(ids):
        raise GuideError(f"{where}: two components share an id.")
    return guide


def _load_folder(folder: Path) -> dict[int, Guide]:
    guides: dict[int, Guide] = {}
    # Only the numbered files: the folder also holds the JSON Schema and the sources.
    for path in sorted(folder.glob("[0-9]*.json")):
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as error:
            raise GuideError(f"{path.name}: cannot be read ({error}).") from error
        guide = guide_from_data(data, where=path.name)
        if path.stem.isdigit() and int(path.stem) != guide.edition:
            raise GuideError(f"{path.name}: holds the guide of edition {guide.edition}.")
        guides[guide.edition] = guide
    return dict(sorted(guides.items()))


@cache
def _default_guides() -> Mapping[int, Guide]:
    return MappingProxyType(_load_folder(DEFAULT_FOLDER))


def load_guides(folder: Path | None = None) -> dict[int, Guide]:
    """Every guide in the folder, by edition. The default folder is read once and cached."""
    if folder is None:
        return dict(_default_guides())
    return _load_folder(Path(folder))


def get_guide(edition: object) -> Guide:
    """The guide of an edition (an Edition, a Guide or its number).

    GuideError, naming the known guides, when there is none.
    """
    if isinstance(edition, Guide):
        return edition
    number = getattr(edition, "number", edition)
    guides = _default_guides()
    known = not isinstance(number, bool) and isinstance(number, int) and number in guides
    if not known:
        names = ", ".join(guide.name for guide in guides.values())
        raise GuideError(f"There is no Card Building Guide for edition {number!r}. Known: {names}.")
    return guides[number]  # type: ignore[index]
