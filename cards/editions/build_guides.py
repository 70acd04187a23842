"""Build the Card Building Guides' data files from the published guides (run once per new guide).

    .venv/bin/python cards/editions/build_guides.py [--sources DIR] [--out DIR] [EDITION ...]

SOURCES defaults to cards/editions/guides/sources/, which holds the guides as published
(``card-building-guide-<NN>th-edition.html``); OUT defaults to cards/editions/guides/. Every guide
found is built unless editions are named. The site reads ``guides/<number>.json`` through
:mod:`cards.rules.guide`, never the HTML.

What is taken from each guide, and how, so the data can be traced to its words:
- every component of the "Card Texts" section (caveats, activation conditions, activation costs,
  target selections, effects; the 17th Edition's ultra ones with their Ultra Points), with its
  template text, its variables (the ``<var>`` letters), its formula read from the MathML
  (``<mfrac>`` a fraction, ``&InvisibleTimes;`` or two operands side by side a product,
  ``<msup>`` a power) and, for targets and 11th Edition conditions, the letter it sets
  (``t = …``, ``a = …``); a component struck through or marked redacted is kept, marked;
- the level rules, from the "Level" section: every sentence there must be one the script knows
  (see ``LEVEL_CLAUSES``), so a new guide that words a rule differently stops the build instead
  of being misread;
- the writing rules (how costs and effects are joined, capitals, "up to", singular words, the
  substitutions for a single target, names, tutorial text, stat bounds), each from its sentence.
Where a rule is missing, the build stops and names it.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any

from lxml import etree, html

PROJECT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(PROJECT))

from cards.rules import formula as fm  # noqa: E402

HERE = Path(__file__).resolve().parent
GUIDES = HERE / "guides"
SOURCES = GUIDES / "sources"
SOURCE_NAME = re.compile(r"card-building-guide-(\d+)(?:st|nd|rd|th)-edition\.html$")
FORMAT_VERSION = 1
SOURCE = {
    "author": "Keeper of the Cards",
    "url": "https://kotc-game.github.io/",
    "license": "CC BY-SA 4.0",
    "license_url": "https://creativecommons.org/licenses/by-sa/4.0/",
}

# The "Card Texts" subsections, by the id of their heading ("-ultra" headings of the 17th
# Edition list more of the same kind).
KINDS = {
    "caveats": "caveat",
    "conditions": "condition",
    "costs": "cost",
    "targeting": "target",
    "effects": "effect",
}
# How each kind's template ends on a card.
TERMINATORS = ":→;."
VARIABLE_LETTERS = ("x", "y", "z")


class BuildError(Exception):
    """The guide says something this script does not know how to read."""


# ---------------------------------------------------------------------------------------------
# MathML → formula


@dataclass
class _Tokens:
    items: list[Any]
    position: int = 0

    def peek(self) -> Any:
        return self.items[self.position] if self.position < len(self.items) else None

    def take(self) -> Any:
        item = self.peek()
        self.position += 1
        return item


def _local(element: Any) -> str:
    return etree.QName(element).localname if isinstance(element.tag, str) else ""


def _math_tokens(element: Any) -> list[Any]:
    """The token list of a MathML row: numbers, letters, operators and sub-formulas."""
    tokens: list[Any] = []
    for child in element:
        name = _local(child)
        content = (child.text or "").strip()
        if name == "mn" or (name == "mi" and content.isdigit()):
            tokens.append(fm.number(int(content)))
        elif name == "mi":
            if content not in fm.VARIABLES:
                raise BuildError(f"unknown variable {content!r} in a formula")
            tokens.append(fm.Variable(content))
        elif name == "mo":
            operator = {"\u2062": "*", "\u00d7": "*", "\u22c5": "*", "\u2212": "-"}.get(
                content, content
            )
            if operator not in ("+", "-", "*", "(", ")", "="):
                raise BuildError(f"unknown operator {content!r} in a formula")
            tokens.append(operator)
        elif name == "mrow":
            inner = _math_tokens(child)
            if "=" in inner:
                tokens.extend(inner)  # the whole "t = …" row
            else:
                tokens.append(_expression(_Tokens(inner)))
        elif name == "mfrac":
            parts = [_expression(_Tokens(_math_tokens_of(part))) for part in child]
            if len(parts) != 2:
                raise BuildError("a fraction without two parts")
            tokens.append(fm.Operation("/", parts[0], parts[1]))
        elif name == "msup":
            parts = [_expression(_Tokens(_math_tokens_of(part))) for part in child]
            if len(parts) != 2:
                raise BuildError("a power without two parts")
            tokens.append(fm.Operation("^", parts[0], parts[1]))
        elif name == "mtext" and content in ("(", ")"):
            tokens.append(content)
        else:
            raise BuildError(f"unknown MathML element <{name}>")
    return tokens


def _math_tokens_of(element: Any) -> list[Any]:
    # A fraction's or a power's part is an element of its own, often a row.
    if _local(element) == "mrow":
        return _math_tokens(element)
    wrapper = etree.Element("mrow")
    wrapper.append(_copy(element))
    return _math_tokens(wrapper)


def _copy(element: Any) -> Any:
    return etree.fromstring(etree.tostring(element))


def _is_operand(token: Any) -> bool:
    return isinstance(token, fm.Number | fm.Variable | fm.Operation) or token == "("


def _expression(tokens: _Tokens) -> fm.Formula:
    result = _term(tokens)
    while tokens.peek() in ("+", "-"):
        op = tokens.take()
        result = fm.Operation(op, result, _term(tokens))
    return result


def _term(tokens: _Tokens) -> fm.Formula:
    result = _atom(tokens)
    while True:
        if tokens.peek() == "*":
            tokens.take()
        elif not _is_operand(tokens.peek()):
            return result
        # Two operands side by side, "a(x + t)", are a product too.
        result = fm.Operation("*", result, _atom(tokens))


def _atom(tokens: _Tokens) -> fm.Formula:
    token = tokens.take()
    if token == "(":
        inner = _expression(tokens)
        if tokens.take() != ")":
            raise BuildError("unbalanced brackets in a formula")
        return inner
    if isinstance(token, fm.Number | fm.Variable | fm.Operation):
        return token
    raise BuildError(f"a formula has {token!r} where a number or letter belongs")


def read_math(math: Any) -> tuple[str | None, fm.Formula]:
    """The letter a formula sets (``t`` in "t = x"), if any, and the formula."""
    tokens = _math_tokens(math)
    # The guide writes every formula in parentheses: "(x/2)", "(t = 2x)".
    if tokens[:1] == ["("] and tokens[-1:] == [")"]:
        tokens = tokens[1:-1]
    sets: str | None = None
    if "=" in tokens:
        at = tokens.index("=")
        left = tokens[:at]
        if len(left) != 1 or not isinstance(left[0], fm.Variable):
            raise BuildError("an equation must set one letter")
        sets = left[0].name
        tokens = tokens[at + 1 :]
    stream = _Tokens(tokens)
    formula = _expression(stream)
    if stream.peek() is not None:
        raise BuildError(f"unexpected {stream.peek()!r} in a formula")
    return sets, formula


# ---------------------------------------------------------------------------------------------
# Text helpers


def _squash(text: str) -> str:
    return " ".join(text.split())


def _inline_text(element: Any, *, skip: tuple[str, ...] = ("ul", "ol", "math")) -> str:
    """An element's text, leaving out nested lists and formulas (their tails are kept)."""
    parts = [element.text or ""]
    for child in element:
        if isinstance(child.tag, str) and _local(child) not in skip:
            parts.append(_inline_text(child, skip=skip))
        parts.append(child.tail or "")
    return "".join(parts)


def _sentences(text: str) -> list[str]:
    """Sentences of guide prose: a period, then a space and a capital letter or a bracket."""
    return [s for s in re.split(r"(?<=[.)])\s+(?=[A-Z(])", _squash(text)) if s]


def _quoted(text: str) -> list[str]:
    return re.findall(r"\u201c(.*?)\u201d", text)


# ---------------------------------------------------------------------------------------------
# Level rules


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


_up = _set(None, "round", "up")
_spell_is_ability = _set("spell", "sum", "ability")


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
        text = _squash(paragraph)
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
        "sentences": [_squash(p) for p in paragraphs],
    }
    return level, state.terms


# ---------------------------------------------------------------------------------------------
# Components


# Words after a number that are not yet the thing counted ("3 random cards", "2 other in-play
# creatures", "1 level 2 pawn" counts pawns).
_STOP_WORDS = frozenset({"of", "by", "to", "from", "on", "at", "with", "in", "and", "this"})
_NOT_PLURAL = frozenset({"this", "its", "is", "was", "has", "less", "plus"})


def plural_words(template: str, letter: str) -> dict[str, str] | None:
    """The plural noun that counts `letter` and its singular, with a verb that agrees.

    The guide asks for singular words when a number is 1 ("Draw 1 card."). The noun is the
    first plural word after the number within its phrase; none when the number is a level
    ("level y"), a count of dice joined by hyphens ("x-dice-heal"), or followed by "of"
    ("1 of your resources" is already singular).
    """
    words = template.split(" ")
    for index, word in enumerate(words):
        if word != letter:
            continue
        if index > 0 and words[index - 1].lower() == "level":
            return None
        found: dict[str, str] | None = None
        position = index + 1
        while position < len(words) and position <= index + 6:
            current = words[position].rstrip(",;:.→")
            if current.lower() in _STOP_WORDS:
                break
            if current == "level":  # "x level y pawns": skip the level and its number
                position += 2
                continue
            if current == "dice":
                found = {"plural": "dice", "singular": "die"}
            elif (
                len(current) > 2
                and current.endswith("s")
                and not current.endswith("ss")
                and current.lower() not in _NOT_PLURAL
                and current.isalpha() | ("-" in current)
            ):
                found = {"plural": current, "singular": current[:-1]}
            if found or words[position] != current:
                break
            position += 1
        if found:
            # "are" after the noun, in the same clause, agrees with it.
            rest = " ".join(words[position + 1 :])
            if re.match(r"(?:[^,;:.]*? )?are\b", rest):
                found["verb_plural"], found["verb_singular"] = "are", "is"
            return found
        return None
    return None


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower().replace("'", "").replace("\u2019", "")).strip(
        "-"
    )


def _redacted(li: Any) -> bool:
    for element in li.iter():
        if not isinstance(element.tag, str):
            continue
        if element.tag in ("del", "s", "strike"):
            return True
        marks = (element.get("class") or "") + " " + (element.get("style") or "")
        if "redact" in marks.lower() or "line-through" in marks.lower():
            return True
    return False


def read_component(li: Any, kind: str, ultra: bool) -> dict[str, Any]:
    own = _squash(_inline_text(li))
    quoted = _quoted(own)
    if len(quoted) != 1:
        raise BuildError(f"a {kind} item does not quote exactly one card text: {own!r}")
    template = quoted[0].strip()
    if not template or template[-1] not in TERMINATORS:
        raise BuildError(f"{template!r} does not end as a component does ({TERMINATORS})")
    letters = []
    for var in li.iter("var"):
        letter = (var.text or "").strip()
        if letter not in VARIABLE_LETTERS:
            raise BuildError(f"{template!r}: unknown variable {letter!r}")
        if letter not in letters:
            letters.append(letter)
    ultra_points = 0
    mark = re.match(r"\[\+(\d+)\]", own)
    if mark:
        ultra_points = int(mark.group(1))
    elif ultra:
        raise BuildError(f"{template!r} is listed as ultra without its Ultra Points")
    sets: str | None = None
    formula: Any = None
    maths = list(li.iter("{*}math", "math"))
    if len(maths) > 1:
        raise BuildError(f"{template!r} has several formulas")
    if maths:
        sets, parsed = read_math(maths[0])
        formula = fm.to_json(parsed)
        allowed = set(letters) | {"t", "a"}
        unknown = fm.variables(parsed) - allowed
        if unknown:
            raise BuildError(f"{template!r}: the formula uses {sorted(unknown)} it does not define")
    expected_sets = {"target": "t"}.get(kind)
    if kind == "target" and sets != "t":
        raise BuildError(f"{template!r}: a target selection must set t")
    if kind == "condition" and sets not in (None, "a"):
        raise BuildError(f"{template!r}: a condition may only set a")
    if kind in ("cost", "effect", "caveat") and (sets is not None or formula is None):
        raise BuildError(f"{template!r}: a {kind} needs a formula and sets nothing")
    del expected_sets
    tutorial = None
    for nested in li.iter("li"):
        if nested is li:
            continue
        text = _squash(_inline_text(nested))
        if text.startswith("Suggested tutorial text"):
            tutorial = (_quoted(text) or [text.split(":", 1)[-1].strip()])[0]
    body = template[:-1]
    count: Any = None
    if kind == "target":
        up_to = re.search(r"\b[Tt]arget up to ([xyz])\b", body)
        if up_to:
            count = up_to.group(1)
        elif re.search(r"\b[Tt]arget this card\b", body):
            count = 1
    variables = []
    for letter in letters:
        spec: dict[str, Any] = {"name": letter}
        words = plural_words(body, letter)
        if words:
            spec.update(words)
        variables.append(spec)
    return {
        "id": f"{kind}.{_slug(body)}",
        "kind": kind,
        "template": template,
        "variables": variables,
        "formula": formula,
        "formula_text": None if formula is None else fm.text(fm.from_json(formula)),
        "sets": sets,
        "target_count": count,
        "ultra_points": ultra_points,
        "redacted": _redacted(li),
        "tutorial": tutorial,
    }


# ---------------------------------------------------------------------------------------------
# Writing rules


def _find(text: str, pattern: str, what: str) -> re.Match[str]:
    m = re.search(pattern, text)
    if not m:
        raise BuildError(f"the guide does not say {what}")
    return m


def _sentence_with(text: str, m: re.Match[str]) -> str:
    start = text.rfind(". ", 0, m.start()) + 2 if text.rfind(". ", 0, m.start()) >= 0 else 0
    end = text.find(". ", m.end())
    return text[start : len(text) if end < 0 else end + 1].strip()


def read_grammar(sections: dict[str, list[Any]]) -> dict[str, Any]:
    prose = {key: " ".join(_squash(_inline_text(p)) for p in ps) for key, ps in sections.items()}
    everything = " ".join(prose.values())
    quotes: dict[str, str] = {}

    def rule(key: str, pattern: str, what: str, where: str | None = None) -> re.Match[str]:
        text = prose.get(where, "") if where else everything
        m = _find(text, pattern, what)
        quotes[key] = _sentence_with(text, m)
        return m

    grammar: dict[str, Any] = {}
    grammar["sub_abilities"] = "1 or more sub-abilities" in prose.get("inst-abilities", "")
    if re.search(r"Only one activation cost can be used per ability", everything):
        rule("costs", r"Only one activation cost can be used per ability", "how costs join")
        grammar["max_costs"], grammar["cost_join"] = 1, None
    elif re.search(r"exactly 2 activation costs, the arrow in the first", everything):
        rule(
            "costs",
            r"If an ability has exactly 2 activation costs.*?except for the final one listed",
            "how costs join",
        )
        grammar["max_costs"], grammar["cost_join"] = None, "and"
    else:
        m = rule(
            "costs",
            r"Consecutive activation costs in an ability are connected with a comma followed by"
            r" the word \u201c(\w+)\u201d",
            "how costs join",
        )
        grammar["max_costs"], grammar["cost_join"] = None, m.group(1)
    grammar["cost_then_target"] = bool(
        re.search(r"replace the semicolon in the activation cost with a comma", everything)
    )
    if grammar["cost_then_target"]:
        rule("cost_then_target", r"replace the semicolon in the activation cost", "")
    m = rule(
        "effects",
        r"(?:Consecutive effects in a sub-ability are connected|chain consecutive effects in an"
        r" ability together) with a comma followed by the word \u201c(\w+)\u201d or \u201c(\w+)"
        r"\u201d( instead of a period)?",
        "how effects join",
    )
    grammar["effect_joins"] = [m.group(1), m.group(2)]
    grammar["effects_may_be_sentences"] = m.group(3) is not None
    grammar["capitals"] = (
        "by_position"
        if re.search(r"does not follow any target selection or any other effect", everything)
        else "as_listed"
    )
    if grammar["capitals"] == "by_position":
        rule("capitals", r"If an effect does not follow any target selection", "")
    m = rule(
        "up_to",
        r"the words \u201cup to\u201d (should|can) be removed",
        "when 'up to' is dropped",
    )
    grammar["drop_up_to"] = "must" if m.group(1) == "should" else "may"
    # The substitutions for a single target, from the list after "substitutions are
    # recommended": each item quotes the texts replaced, then the preferred replacement and any
    # alternative.
    substitutions = []
    for item in sections.get("substitutions", []):
        text = _squash(_inline_text(item))
        before, _, after = text.partition("replaced with")
        if not after:
            raise BuildError(f"a substitution does not say what replaces: {text!r}")
        substitutions.append({"from": _quoted(before), "to": _quoted(after)})
    if not substitutions:
        raise BuildError("the guide lists no substitutions for a single target")
    grammar["single_target_substitutions"] = substitutions
    quotes["single_target_substitutions"] = _squash(
        " ".join(_inline_text(item) for item in sections.get("substitutions", []))
    )
    if re.search(r"Any (?:minion|creature) ability must be named", everything):
        rule("names", r"Any (?:minion|creature) ability must be named", "")
        grammar["names"] = "required"
    else:
        rule("names", r"You may give a name to any (?:minion|creature) ability", "about names")
        grammar["names"] = "optional"
    rule("tutorial", r"Any tutorial text must be in parentheses", "how tutorial text is written")
    grammar["tutorial"] = "parentheses"
    m = rule(
        "stats",
        r"must each be no lower than (\d+)(?: and no higher than (\d+))?",
        "the bounds of the stats",
    )
    grammar["stat_minimum"] = int(m.group(1))
    grammar["stat_maximum"] = int(m.group(2)) if m.group(2) else None
    m = rule(
        "variables",
        r"Variable amounts must be positive, non-zero integers|must be a positive, non-zero"
        r" integer",
        "what numbers the variables take",
    )
    grammar["variable_minimum"] = 1
    defaults = {}
    for found in re.finditer(r"the value of (\w) is set to (\d+)", everything):
        defaults[found.group(1)] = int(found.group(2))
        quotes[f"default_{found.group(1)}"] = _sentence_with(everything, found)
    grammar["defaults"] = defaults
    caveats = re.search(r"Any creature may have no more than (\w+) caveat", everything)
    if caveats:
        rule("caveats", r"Any creature may have no more than \w+ caveat", "")
        grammar["max_caveats"] = {"one": 1}.get(caveats.group(1), 1)
    else:
        grammar["max_caveats"] = 0
    ultra = re.search(r"a deck cannot have more than (\d+) total Ultra Points", everything)
    grammar["deck_ultra_points"] = int(ultra.group(1)) if ultra else None
    if ultra:
        quotes["deck_ultra_points"] = _sentence_with(everything, ultra)
    rule("conditions", r"Only one activation condition can be used per ability", "")
    rule("targets", r"Only (?:1|one) target selection can be used per ability", "")
    grammar["quotes"] = dict(sorted(quotes.items()))
    return grammar


# ---------------------------------------------------------------------------------------------
# A whole guide


def _walk(main: Any) -> Iterator[tuple[str, Any]]:
    """(section id, element) for each paragraph and list item, in document order."""
    section = ""
    for element in main.iter():
        if not isinstance(element.tag, str):
            continue
        if element.tag in ("h3", "h4", "h5"):
            section = element.get("id") or _slug(element.text_content())
        elif element.tag in ("p", "li"):
            yield section, element


def build_guide(path: Path) -> dict[str, Any]:
    document = html.parse(str(path)).getroot()
    main = document.find(".//main")
    if main is None:
        raise BuildError(f"{path.name}: no <main>")
    title = _squash(main.find(".//h2").text_content())
    m = re.fullmatch(r"Card Building Guide \((\d+)(?:st|nd|rd|th) Edition\)", title)
    if not m:
        raise BuildError(f"{path.name}: unexpected title {title!r}")
    number = int(m.group(1))
    components: list[dict[str, Any]] = []
    prose: dict[str, list[Any]] = {}
    level_paragraphs: list[str] = []
    substitution_list: Any = None
    for section, element in _walk(main):
        base = section.removesuffix("-ultra")
        if element.tag == "p":
            prose.setdefault(base, []).append(element)
            if section == "inst-level":
                level_paragraphs.append(_inline_text(element))
            if "substitutions are recommended" in _inline_text(element):
                substitution_list = element.getnext()
            continue
        parent = element.getparent()
        if parent is substitution_list:
            prose.setdefault("substitutions", []).append(element)
            continue
        in_nested_list = parent.getparent() is not None and parent.getparent().tag == "li"
        if base in KINDS and not in_nested_list and "\u201c" in _inline_text(element):
            components.append(read_component(element, KINDS[base], section.endswith("-ultra")))
        elif base not in KINDS:
            prose.setdefault(base, []).append(element)
    ids = [component["id"] for component in components]
    duplicates = sorted({i for i in ids if ids.count(i) > 1})
    if duplicates:
        raise BuildError(f"{path.name}: components share ids {duplicates}")
    level, terms = read_level_rules(level_paragraphs)
    grammar = read_grammar(prose)
    kinds = [KINDS[k] for k in KINDS if any(c["kind"] == KINDS[k] for c in components)]
    return {
        "format": FORMAT_VERSION,
        "edition": number,
        "title": title,
        "source": {"file": f"sources/{path.name}", **SOURCE},
        "terms": {
            "minion": terms["minion"],
            "spell": "spell",
            "sp": terms["sp"],
            "hp": terms["hp"],
        },
        "kinds": kinds,
        "level": level,
        "grammar": grammar,
        "components": components,
    }


def dump(data: dict[str, Any]) -> str:
    return json.dumps(data, indent=1, ensure_ascii=False) + "\n"


def sources_in(folder: Path) -> dict[int, Path]:
    found = {}
    for path in sorted(folder.iterdir()):
        m = SOURCE_NAME.search(path.name)
        if m:
            found[int(m.group(1))] = path
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sources", type=Path, default=SOURCES)
    parser.add_argument("--out", type=Path, default=GUIDES)
    parser.add_argument("editions", nargs="*", type=int)
    args = parser.parse_args(argv)
    sources = sources_in(args.sources)
    wanted = args.editions or sorted(sources)
    missing = [n for n in wanted if n not in sources]
    if missing:
        print(f"no guide for editions {missing} in {args.sources}", file=sys.stderr)
        return 2
    args.out.mkdir(parents=True, exist_ok=True)
    for number in wanted:
        try:
            data = build_guide(sources[number])
        except BuildError as error:
            print(f"{sources[number].name}: {error}", file=sys.stderr)
            return 1
        target = args.out / f"{number}.json"
        target.write_text(dump(data), encoding="utf-8")
        print(f"{target}: {len(data['components'])} components")
    return 0


if __name__ == "__main__":
    sys.exit(main())
