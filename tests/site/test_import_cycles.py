"""No module of the site imports itself back, however far round.

The project's own modules (every ``.py`` under the apps and ``kotc_site``, not migrations) are
read with ``ast``, never imported, and every import between them is an edge, wherever it is
written: an import inside a function closes a circle as surely as one at the top, only later.

What an import names:

- ``import a.b.c`` and ``from a.b.c import name`` import the module ``a.b.c``;
- ``from a.b import c``, where ``c`` is a module of the package ``a.b``, imports ``a.b.c``;
  when ``c`` is a name defined in ``a.b``, it imports ``a.b`` (its ``__init__``);
- from outside a package, importing one of its modules imports the package too, since Python
  runs the package's ``__init__`` first: ``import a.b.c`` in ``x.y`` imports ``a`` and ``a.b``.
  From inside the package it does not: a module of ``a.b`` importing ``a.b.d`` is not an edge
  to ``a.b``.

So a package whose ``__init__`` re-exports its modules (``cards.rules``, ``decks.goldfish``)
is fine, as long as none of those modules imports a name from the package itself
(``from cards.rules import X`` inside ``cards/rules/``, which would run the ``__init__`` back
from inside it), and no module the package imports, however far round, imports the package.

Imports under ``if TYPE_CHECKING:`` are left out: they are read by the type checker and never
run.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = (
    "accounts",
    "building",
    "cards",
    "community",
    "decks",
    "kotc_site",
    "rulebook",
    "sets",
    "shelves",
    "simulations",
)
SKIPPED_FOLDERS = {"migrations", "tests", "__pycache__"}


def module_files() -> dict[str, Path]:
    """Every project module by its dotted name."""
    modules: dict[str, Path] = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = path.relative_to(ROOT).with_suffix("").parts
            if SKIPPED_FOLDERS.intersection(parts):
                continue
            if parts[-1] == "__init__":
                parts = parts[:-1]
            modules[".".join(parts)] = path
    return modules


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imports(tree: ast.AST) -> Iterator[ast.Import | ast.ImportFrom]:
    """Every import statement, at any depth, except those only the type checker reads."""
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, ast.Import | ast.ImportFrom):
            yield node
        if isinstance(node, ast.If) and _is_type_checking(node):
            yield from _imports(ast.Module(body=node.orelse, type_ignores=[]))
            continue
        yield from _imports(node)


def _base(module: str, path: Path, node: ast.ImportFrom) -> str:
    """The module a ``from ... import`` reads from, with relative imports resolved."""
    if not node.level:
        return node.module or ""
    package = module.split(".") if path.name == "__init__.py" else module.split(".")[:-1]
    if node.level > 1:
        package = package[: -(node.level - 1)]
    return ".".join([*package, node.module] if node.module else package)


def imported_modules(module: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """The project modules that ``module`` imports, as the module docstring counts them."""
    found: set[str] = set()
    for node in _imports(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names if alias.name in modules)
            continue
        base = _base(module, path, node)
        for alias in node.names:
            submodule = f"{base}.{alias.name}"
            if submodule in modules:
                found.add(submodule)
            elif base in modules:
                found.add(base)
    found |= {parent for target in found for parent in _outside_parents(module, target, modules)}
    found.discard(module)
    return found


def _outside_parents(module: str, target: str, modules: dict[str, Path]) -> Iterator[str]:
    """The packages Python runs on the way to ``target``, except those holding ``module``."""
    parts = target.split(".")
    for end in range(1, len(parts)):
        package = ".".join(parts[:end])
        if package in modules and module != package and not module.startswith(package + "."):
            yield package


def import_graph() -> dict[str, set[str]]:
    modules = module_files()
    return {name: imported_modules(name, path, modules) for name, path in modules.items()}


def strongly_connected(graph: dict[str, set[str]]) -> list[list[str]]:
    """Tarjan's components with more than one module: each holds at least one cycle."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components: list[list[str]] = []
    counter = 0

    def visit(start: str) -> None:
        nonlocal counter
        # Iterative, so a long chain of imports cannot reach Python's recursion limit.
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, targets = work[-1]
            advanced = False
            for target in targets:
                if target not in index:
                    index[target] = low[target] = counter
                    counter += 1
                    stack.append(target)
                    on_stack.add(target)
                    work.append((target, iter(sorted(graph[target]))))
                    advanced = True
                    break
                if target in on_stack:
                    low[node] = min(low[node], index[target])
            if advanced:
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    components.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return components


def one_cycle(graph: dict[str, set[str]], component: list[str]) -> list[str]:
    """A shortest way round from the component's first module back to itself."""
    members = set(component)
    start = component[0]
    paths = {start: [start]}
    frontier = [start]
    while frontier:
        following = []
        for node in frontier:
            for target in sorted(graph[node] & members):
                if target == start:
                    return [*paths[node], start]
                if target not in paths:
                    paths[target] = [*paths[node], target]
                    following.append(target)
        frontier = following
    raise AssertionError(f"no cycle through {start}")  # a component always has one


def test_the_walk_sees_the_apps_and_their_imports():
    graph = import_graph()
    assert "rulebook.selectors" in graph and "cards.rules" in graph
    assert not [name for name in graph if ".migrations" in name]
    # A module-level import, an import inside a function, and a submodule named by `from`.
    assert "rulebook.models" in graph["rulebook.selectors"]
    assert "rulebook.models" in graph["rulebook.glossary_cache"]
    assert "simulations.dispatch" in graph["simulations.services"]
    # A package entered from outside runs its __init__; a package's own modules do not count it.
    assert {"cards", "cards.rules"} <= graph["decks.goldfish.setup"]
    assert "decks.goldfish" not in graph["decks.goldfish.setup"]


def test_no_module_imports_itself_back():
    graph = import_graph()
    cycles = [" -> ".join(one_cycle(graph, c)) for c in strongly_connected(graph)]
    assert not cycles, "Import cycles:\n" + "\n".join(cycles)
