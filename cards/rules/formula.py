"""The Card Building Guide's level formulas as small, safe expressions.

A formula is a tree of numbers, variables (``x``, ``y``, ``z`` chosen by the designer; ``t`` set
by a target selection; ``a`` set by an 11th Edition activation condition) and the operations
+, −, ×, ÷ and a power with a small whole exponent: nothing else, so evaluating one can never run
code, and never takes long. Arithmetic is exact (:class:`fractions.Fraction`): "x/2" with x = 3
is 3/2, never 1.4999….

In the data files a formula is JSON: a number is a JSON integer, or a string "p/q"; a variable is
its letter; an operation is ``[op, left, right]`` with op one of ``+ - * / ^``. The build script
makes them from the guide's MathML (``cards/editions/build_guides.py``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from .errors import FormulaError

OPERATORS = ("+", "-", "*", "/", "^")

# A power's exponent is a constant the guide writes (y², x²); anything larger is not a level.
MAX_EXPONENT = 4
# Letters a formula may use: the designer's variables and the ones components set.
VARIABLES = frozenset("xyzta")

_SUPERSCRIPTS = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")


@dataclass(frozen=True)
class Number:
    value: Fraction


@dataclass(frozen=True)
class Variable:
    name: str


@dataclass(frozen=True)
class Operation:
    op: str
    left: Formula
    right: Formula


Formula = Number | Variable | Operation


def number(value: int | Fraction) -> Number:
    return Number(Fraction(value))


def evaluate(formula: Formula, values: Mapping[str, Fraction | int]) -> Fraction:
    """The formula's value with `values` for its variables.

    FormulaError names the variable that is missing, or says which values divide by zero.
    """
    if isinstance(formula, Number):
        return formula.value
    if isinstance(formula, Variable):
        if formula.name not in values:
            raise FormulaError(f"the formula needs a value for {formula.name}")
        return Fraction(values[formula.name])
    left = evaluate(formula.left, values)
    right = evaluate(formula.right, values)
    if formula.op == "+":
        return left + right
    if formula.op == "-":
        return left - right
    if formula.op == "*":
        return left * right
    if formula.op == "/":
        if right == 0:
            used = variables(formula)
            shown = ", ".join(
                f"{k} = {_show(Fraction(v))}" for k, v in sorted(values.items()) if k in used
            )
            raise FormulaError(f"{text(formula)} divides by zero when {shown}")
        return left / right
    if formula.op == "^":
        if right.denominator != 1 or not 0 <= right <= MAX_EXPONENT:
            raise FormulaError(f"{text(formula)}: the exponent must be a whole number 0–4")
        return left ** int(right)
    raise FormulaError(f"unknown operation {formula.op!r}")


def variables(formula: Formula) -> frozenset[str]:
    """The letters the formula uses."""
    if isinstance(formula, Variable):
        return frozenset({formula.name})
    if isinstance(formula, Operation):
        return variables(formula.left) | variables(formula.right)
    return frozenset()


def to_json(formula: Formula) -> Any:
    """The formula as the data files write it."""
    if isinstance(formula, Number):
        value = formula.value
        return value.numerator if value.denominator == 1 else str(value)
    if isinstance(formula, Variable):
        return formula.name
    return [formula.op, to_json(formula.left), to_json(formula.right)]


def from_json(data: Any, depth: int = 0) -> Formula:
    """A formula from the data files; FormulaError when the data is not one."""
    if depth > 32:
        raise FormulaError("the formula is nested too deeply")
    if isinstance(data, bool):
        raise FormulaError(f"{data!r} is not a formula")
    if isinstance(data, int):
        return number(data)
    if isinstance(data, str):
        if data in VARIABLES:
            return Variable(data)
        try:
            return Number(Fraction(data))
        except (ValueError, ZeroDivisionError) as error:
            raise FormulaError(f"{data!r} is neither a variable nor a number") from error
    if isinstance(data, list) and len(data) == 3 and data[0] in OPERATORS:
        op, left, right = data
        result = Operation(op, from_json(left, depth + 1), from_json(right, depth + 1))
        if op == "^" and not (
            isinstance(result.right, Number)
            and result.right.value.denominator == 1
            and 0 <= result.right.value <= MAX_EXPONENT
        ):
            raise FormulaError("a power's exponent must be a whole number 0–4")
        return result
    raise FormulaError(f"{data!r} is not a formula")


# Printing: the way the guide writes formulas, "2t", "xt/2", "(x + 4y)/5", "a(x + t)/4".

_PRECEDENCE = {"+": 1, "-": 1, "*": 2, "/": 2, "^": 3}


def text(formula: Formula) -> str:
    """The formula written as in the guide: implied products, − for minus, ² for squares."""
    if isinstance(formula, Number):
        return _show(formula.value)
    if isinstance(formula, Variable):
        return formula.name
    op = formula.op
    if op in "+-":
        right = _wrapped(formula.right, 2 if op == "-" else 1)
        return f"{_wrapped(formula.left, 1)} {'+' if op == '+' else '−'} {right}"
    if op == "*":
        factors = _factors(formula)
        numbers = [f for f in factors if isinstance(f, Number)]
        others = [f for f in factors if not isinstance(f, Number)]
        shown = [_show(f.value) for f in numbers]
        shown += [_wrapped(f, 3) if isinstance(f, Operation) else text(f) for f in others]
        if len(numbers) > 1:
            return "·".join(shown)
        return "".join(shown)
    if op == "/":
        left = _wrapped(formula.left, 2)
        right = text(formula.right)
        if not isinstance(formula.right, Number | Variable):
            right = f"({right})"
        return f"{left}/{right}"
    base = _wrapped(formula.left, 4)
    exponent = formula.right
    if isinstance(exponent, Number) and exponent.value.denominator == 1:
        return base + str(exponent.value.numerator).translate(_SUPERSCRIPTS)
    return f"{base}^{_wrapped(exponent, 4)}"


def _factors(formula: Formula) -> list[Formula]:
    if isinstance(formula, Operation) and formula.op == "*":
        return _factors(formula.left) + _factors(formula.right)
    return [formula]


def _wrapped(formula: Formula, precedence: int) -> str:
    shown = text(formula)
    if isinstance(formula, Operation) and _PRECEDENCE[formula.op] < precedence:
        return f"({shown})"
    if isinstance(formula, Number) and formula.value.denominator != 1 and precedence > 2:
        return f"({shown})"
    return shown


def _show(value: Fraction) -> str:
    """A value as a person reads it: 3, 2.5, −1, 1/3."""
    if value.denominator == 1:
        return str(value.numerator).replace("-", "−")
    # A terminating decimal of at most three places reads better than a fraction.
    scaled = value * 1000
    if scaled.denominator == 1:
        whole, thousandths = divmod(abs(scaled.numerator), 1000)
        sign = "−" if value < 0 else ""
        return f"{sign}{whole}." + f"{thousandths:03d}".rstrip("0")
    return f"{value.numerator}/{value.denominator}".replace("-", "−")


def show(value: Fraction | int) -> str:
    """A value as the level steps write it."""
    return _show(Fraction(value))
