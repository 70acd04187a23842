"""One component of a guide's "Card Texts" lists (a caveat, condition, cost, target selection
or effect): its template, variables, formula, the letter it sets and its Ultra Points."""

from __future__ import annotations

import re
from typing import Any

from cards.editions.guide_reading import BuildError
from cards.editions.guide_reading.mathml import read_math
from cards.editions.guide_reading.text import inline_text, quoted_texts, slug_of, squash
from cards.rules import formula as fm

# How each kind's template ends on a card.
TERMINATORS = ":→;."
VARIABLE_LETTERS = ("x", "y", "z")

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
    own = squash(inline_text(li))
    quoted = quoted_texts(own)
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
    if kind == "target" and sets != "t":
        raise BuildError(f"{template!r}: a target selection must set t")
    if kind == "condition" and sets not in (None, "a"):
        raise BuildError(f"{template!r}: a condition may only set a")
    if kind in ("cost", "effect", "caveat") and (sets is not None or formula is None):
        raise BuildError(f"{template!r}: a {kind} needs a formula and sets nothing")
    tutorial = None
    for nested in li.iter("li"):
        if nested is li:
            continue
        text = squash(inline_text(nested))
        if text.startswith("Suggested tutorial text"):
            tutorial = (quoted_texts(text) or [text.split(":", 1)[-1].strip()])[0]
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
        "id": f"{kind}.{slug_of(body)}",
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
