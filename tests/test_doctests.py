"""The examples in the docstrings of the pure packages hold, and no module goes without one.

Every module of ``cards.rules`` and ``decks.goldfish`` is run with :mod:`doctest`; a module
with no example fails, unless it is one of the few listed in :data:`WITHOUT_EXAMPLES`, and
that list may only shrink: a listed module that gains an example fails until it leaves it.
"""

from __future__ import annotations

import doctest
import importlib
import pkgutil
from types import ModuleType

import pytest

PACKAGES = ("cards.rules", "decks.goldfish")

WITHOUT_EXAMPLES = frozenset(
    {
        "cards.rules.abilities",
        "cards.rules.card",
        "cards.rules.editions",
        "cards.rules.errors",
        "cards.rules.formula",
        "cards.rules.guide",
        "cards.rules.reader",
        "cards.rules.writer",
    }
)
"""Modules written before their examples were run as tests."""


def _modules() -> list[str]:
    names: list[str] = []
    for package_name in PACKAGES:
        package = importlib.import_module(package_name)
        names.append(package_name)
        for module in pkgutil.walk_packages(package.__path__, prefix=f"{package_name}."):
            names.append(module.name)
    return sorted(names)


MODULES = _modules()


def _examples(module: ModuleType) -> list[doctest.DocTest]:
    # Only the module's own objects: names it imports are checked in their own module.
    tests = doctest.DocTestFinder(exclude_empty=True).find(module, module.__name__)
    return [test for test in tests if test.examples]


@pytest.mark.parametrize("module_name", MODULES)
def test_the_examples_in_a_module_hold(module_name: str) -> None:
    module = importlib.import_module(module_name)
    tests = _examples(module)
    if module_name in WITHOUT_EXAMPLES:
        assert not tests, f"{module_name} has examples now: take it off WITHOUT_EXAMPLES"
        return
    assert tests, f"{module_name} has no example in its docstrings"
    output: list[str] = []
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for test in tests:
        runner.run(test, out=output.append)
    result = runner.summarize(verbose=False)
    assert result.failed == 0, "".join(output)
    assert result.attempted > 0


def test_every_module_of_the_pure_packages_is_checked() -> None:
    assert "decks.goldfish.engine.battle_phase" in MODULES
    assert "cards.rules.legality" in MODULES
    assert set(MODULES) >= WITHOUT_EXAMPLES, WITHOUT_EXAMPLES - set(MODULES)
