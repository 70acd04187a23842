"""The level rules, from a guide's Level section: every sentence there must be a run of the
clauses in ``LEVEL_CLAUSES``, so a guide that words a rule differently stops the build instead
of being misread."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from cards.editions.guide_reading import BuildError
from cards.editions.guide_reading.text import squash


@dataclass
class _LevelState:
    step: str = ""  # which value the sentence speaks of: stats, ability, minion, spell
    rules: dict[str, Any] = field(default_factory=dict)
    terms: dict[str, str] = field(default_factory=dict)

    def at(self, step: str | None = None) -> dict[str, Any]:
        return self.rules.setdefault(step or self.step, {})


_HALVES = {"half": Fraction(1, 2), "third": Fraction(1, 3), "fourth": Fraction(1, 4)}
_HALVES |= {"quarter": Fraction(1, 4), "fifth": Fraction(1, 5), "tenth": Fraction(1, 10)}


def _clause_stats(state: _LevelState, m: re.Match[str]) -> None:
    minion, sp, part, hp = m.group("minion", "sp", "part", "hp")
    state.terms.update({"minion": minion, "sp": sp, "hp": hp})
    state.step = "stats"
    state.at()["weights"] = {"sp": 1, "hp": str(_HALVES[part])}


def _set(step: str | None, key: str, value: Any) -> Callable[[_LevelState, re.Match[str]], None]:
    def apply(state: _LevelState, m: re.Match[str]) -> None:
        if step is not None:
            state.step = step
        state.at()[key] = value

    return apply


def _minimum(state: _LevelState, m: re.Match[str]) -> None:
    floor, value = int(m.group("floor")), int(m.group("value"))
    if floor != value:
        raise BuildError(f"'{m.group(0)}': a minimum must set the value it names")
    target = state.at()
    if state.step == "ability":
        # The same floor for minion and spell abilities until a sentence names one kind.
        target["minimum"] = {"minion": value, "spell": value}
    else:
        target["minimum"] = value


def _kind_minimum(state: _LevelState, m: re.Match[str]) -> None:
    floor, value = int(m.group("floor")), int(m.group("value"))
    if floor != value or state.step != "ability":
        raise BuildError(f"'{m.group(0)}' is not a minimum of an ability")
    minimum = state.at().setdefault("minimum", {"minion": 0, "spell": 0})
    minimum[m.group("kind")] = max(value, minimum.get(m.group("kind"), 0))


def _spell_or_ability(state: _LevelState, m: re.Match[str]) -> None:
    state.at("spell")["sum"] = "ability"
    state.step = "ability"
    state.at()["sum"] = "sub_abilities"


def _ignore(state: _LevelState, m: re.Match[str]) -> None:
    return None


# Each sentence of a guide's Level section is a run of these clauses, read left to right. The
# comment says what the clause means for the computation.
LEVEL_CLAUSES: list[tuple[str, Callable[[_LevelState, re.Match[str]], None]]] = [
    # Introductions: which formulas raise and lower the level (the component lists say it too).
    (r"A card's level is determined mathematically by considering [^.]*\.", _ignore),
    (r"Each effect and target selection has a designated [^.]*\.", _ignore),
    # A sub-ability's level is the sum of its effects' formulas.
    (
        r"To determine a sub-ability level, take the sum of all effect level increase formulas"
        r" corresponding to effect texts used in the sub-ability\.",
        _set("sub_ability", "sum", "effects"),
    ),
    # An ability adds its sub-abilities (or, in the 11th, its effects) …
    (
        r"To determine a level of an ability, add together the ability's sub-ability levels",
        _set("ability", "sum", "sub_abilities"),
    ),
    # (the 13th says it of spells and abilities at once: a spell's level is its ability's)
    (
        r"To determine a spell or ability level, add together the spell or ability's"
        r" sub-ability levels",
        _spell_or_ability,
    ),
    (
        r"To determine an ability cost, take the sum of all effect formulas corresponding to"
        r" effect texts used in the ability",
        _set("ability", "sum", "effects"),
    ),
    # … and subtracts its activation costs.
    (
        r", then if the ability has an activation cost, subtract the activation cost level"
        r" decrease calculated by the level decrease formula\.",
        _set(None, "less_costs", True),
    ),
    (r", then subtract the activation cost relief \(if any\)\.", _set(None, "less_costs", True)),
    # Rounding and floors apply to the value the sentence before spoke of.
    (
        r"Round the result up to the next integer if it isn't one already\.",
        _set(None, "round", "up"),
    ),
    (
        r"(?:,\s*)?and round up to the next integer if it isn't one already[.,]?",
        _set(None, "round", "up"),
    ),
    (r"(?:,\s*)?(?:and )?[Ii]f less than (?P<floor>\d+), set to (?P<value>\d+)\.", _minimum),
    (
        r"If the ability is a (?P<kind>minion|spell) ability and its level is less than"
        r" (?P<floor>\d+), set to (?P<value>\d+)\.",
        _kind_minimum,
    ),
    # A restatement of the sentences before it.
    (r"\(In other words, [^)]*\)", _ignore),
    # The stats part of a minion's (creature's) level.
    (
        r"To determine the level of a (?P<minion>\w+), add together the (?P=minion)'s"
        r" (?P<sp>\w+) and one (?P<part>half|third|fourth|quarter|fifth|tenth) of its"
        r" (?P<hp>\w+)",
        _clause_stats,
    ),
    (r", subtract the creature's caveat relief \(if any\),?", _set(None, "less_caveats", True)),
    # Then the minion's abilities are added to it.
    (
        r"Then, add (?:the levels of all of the (?:minion|creature)'s abilities to the"
        r" (?:minion|creature)'s level|all of the (?:minion|creature)'s ability costs)",
        _set("minion", "sum", "stats_and_abilities"),
    ),
    (r"\.", _ignore),
    # A spell's level is its ability's, rounded in the 11th.
    (
        r"The level of a spell is equal to the level of its ability\.",
        _set("spell", "sum", "ability"),
    ),
    (
        r"To determine the level of a spell, take the spell's ability cost",
        _set("spell", "sum", "ability"),
    ),
]
_LEVEL_CLAUSES = [(re.compile(pattern), apply) for pattern, apply in LEVEL_CLAUSES]


def read_level_rules(paragraphs: list[str]) -> tuple[dict[str, Any], dict[str, str]]:
    """The level computation from the Level section's paragraphs, and the words for the stats."""
    state = _LevelState()
    for paragraph in paragraphs:
        text = squash(paragraph)
        position = 0
        while position < len(text):
            if text[position] == " ":
                position += 1
                continue
            for pattern, apply in _LEVEL_CLAUSES:
                m = pattern.match(text, position)
                if m:
                    apply(state, m)
                    position = m.end()
                    break
            else:
                raise BuildError(f"the Level section says something unknown: {text[position:]!r}")
    rules = state.rules
    for step in ("stats", "ability", "minion", "spell"):
        if step not in rules:
            raise BuildError(f"the Level section does not say how to compute the {step} level")
    stats, ability = rules["stats"], rules["ability"]
    level = {
        "stats": {
            "weights": stats["weights"],
            "less_caveats": stats.get("less_caveats", False),
            "round": stats.get("round"),
            "minimum": stats.get("minimum"),
        },
        "ability": {
            "less_costs": ability.get("less_costs", False),
            "round": ability.get("round"),
            "minimum": ability.get("minimum", {"minion": None, "spell": None}),
        },
        "minion": {
            "round": rules["minion"].get("round"),
            "minimum": rules["minion"].get("minimum"),
        },
        "spell": {"round": rules["spell"].get("round"), "minimum": rules["spell"].get("minimum")},
        "sentences": [squash(p) for p in paragraphs],
    }
    return level, state.terms
