"""A guide's MathML formula as a :mod:`cards.rules.formula` formula: ``<mfrac>`` a fraction,
``&InvisibleTimes;`` or two operands side by side a product, ``<msup>`` a power, and the letter
an equation sets (``t = …``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from lxml import etree

from cards.editions.guide_reading import BuildError
from cards.editions.guide_reading.text import local_name
from cards.rules import formula as fm


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


def _math_tokens(element: Any) -> list[Any]:
    """The token list of a MathML row: numbers, letters, operators and sub-formulas."""
    tokens: list[Any] = []
    for child in element:
        name = local_name(child)
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
    if local_name(element) == "mrow":
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
