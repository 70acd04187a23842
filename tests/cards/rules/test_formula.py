"""The safe formula type: exact arithmetic, clear errors, no code."""

from fractions import Fraction

import pytest

from cards.rules import FormulaError, RulesError
from cards.rules import formula as fm

HALF_X = fm.Operation("/", fm.Variable("x"), fm.number(2))


def test_arithmetic_is_exact():
    assert fm.evaluate(HALF_X, {"x": 3}) == Fraction(3, 2)
    excavate = fm.from_json(["/", ["+", "x", ["*", 4, "y"]], 5])
    assert fm.evaluate(excavate, {"x": 3, "y": 2}) == Fraction(11, 5)


def test_json_round_trip_and_text():
    data = ["/", ["*", "a", ["+", "x", "t"]], 4]
    parsed = fm.from_json(data)
    assert fm.to_json(parsed) == data
    assert fm.text(parsed) == "a(x + t)/4"
    assert fm.text(fm.from_json(["*", 2, "t"])) == "2t"
    assert fm.text(fm.from_json(["/", 5, ["*", 2, "x"]])) == "5/(2x)"
    assert fm.variables(parsed) == {"a", "x", "t"}


def test_division_by_zero_is_a_formula_error_naming_the_values():
    level_limited = fm.from_json(["/", "x", ["-", 10, "y"]])
    with pytest.raises(FormulaError, match="divides by zero when x = 2, y = 10"):
        fm.evaluate(level_limited, {"x": 2, "y": 10})


def test_a_missing_value_is_a_formula_error():
    with pytest.raises(FormulaError, match="needs a value for t"):
        fm.evaluate(fm.from_json(["*", 2, "t"]), {})


@pytest.mark.parametrize(
    "data",
    [
        "__import__('os')",
        ["**", 2, 3],
        ["^", "x", "y"],  # a power's exponent is a small constant
        ["^", "x", 1000],
        True,
        None,
        {"op": "+"},
        ["+", 1],
        "1/0",
    ],
)
def test_anything_but_a_formula_is_refused(data):
    with pytest.raises(FormulaError):
        fm.from_json(data)


def test_deep_nesting_is_refused_rather_than_recursed():
    data: object = "x"
    for _ in range(100):
        data = ["+", data, 1]
    with pytest.raises(FormulaError, match="nested"):
        fm.from_json(data)


def test_huge_values_stay_fast_and_exact():
    square = fm.from_json(["/", ["*", "a", ["^", "x", 2]], 12])
    assert fm.evaluate(square, {"a": 1, "x": 10**9}) == Fraction(10**18, 12)


def test_formula_errors_are_rules_errors_and_value_errors():
    assert issubclass(FormulaError, RulesError) and issubclass(FormulaError, ValueError)


@pytest.mark.parametrize(
    ("value", "shown"),
    [
        (Fraction(7), "7"),
        (Fraction(13, 2), "6.5"),
        (Fraction(1, 3), "1/3"),
        (Fraction(-1, 2), "−0.5"),
    ],
)
def test_values_are_shown_as_a_person_reads_them(value, shown):
    assert fm.show(value) == shown
