"""How this site applies each rule sentence of the guides and the rulebooks.

The table is ``building/conformance.toml``, kept by hand: one ``[[rule]]`` per sentence of a
guide's rules sections or of a rulebook's card and deck rules, quoted as the document writes it,
with the editions whose document has that sentence word for word, where the site applies it (a
module and function, or "nowhere" and why), and the test that checks it (a pytest node id), or
why no test can. A test keeps it whole: every sentence of the documents has a row, and every
test a row names exists. Each guide's page shows its edition's rows.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path

TABLE = Path(__file__).resolve().parent / "conformance.toml"
DOCUMENTS = {"guide": "Card Building Guide", "rulebook": "Rulebook"}


class ConformanceError(ValueError):
    """A row of the table is malformed."""


@dataclass(frozen=True)
class Applied:
    """One rule sentence, where the site applies it, and what checks that."""

    document: str  # "guide" or "rulebook"
    editions: tuple[int, ...]
    sentence: str
    applied: str
    test: str  # a pytest node id, or "" when no test can
    untested: str  # why no test can, when `test` is ""

    @property
    def document_name(self) -> str:
        return DOCUMENTS[self.document]


def _row(number: int, data: dict[str, object]) -> Applied:
    where = f"{TABLE.name}, rule {number}"
    document = data.get("document")
    if document not in DOCUMENTS:
        raise ConformanceError(f"{where}: document must be one of {sorted(DOCUMENTS)}")
    editions = data.get("editions")
    if (
        not isinstance(editions, list)
        or not editions
        or not all(isinstance(e, int) and not isinstance(e, bool) for e in editions)
    ):
        raise ConformanceError(f"{where}: editions must be a list of edition numbers")
    fields = {}
    for key in ("sentence", "applied", "test", "untested"):
        value = data.get(key, "")
        if not isinstance(value, str):
            raise ConformanceError(f"{where}: {key} must be text")
        fields[key] = value.strip()
    if not fields["sentence"] or not fields["applied"]:
        raise ConformanceError(f"{where}: a row needs its sentence and where it is applied")
    if bool(fields["test"]) == bool(fields["untested"]):
        raise ConformanceError(f"{where}: a row names a test or says why none can, not both")
    return Applied(
        document=str(document),
        editions=tuple(sorted(editions)),
        **fields,
    )


def load_table(path: Path = TABLE) -> tuple[Applied, ...]:
    """Every row of a conformance table, in its order; ConformanceError names a bad row."""
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    rows = data.get("rule", [])
    if not isinstance(rows, list):
        raise ConformanceError(f"{path.name}: the rows are [[rule]] tables")
    return tuple(_row(number, row) for number, row in enumerate(rows, start=1))


@cache
def _table() -> tuple[Applied, ...]:
    return load_table()


def rules_applied(edition: int) -> tuple[Applied, ...]:
    """The rows of an edition's documents: its guide's first, then its rulebook's."""
    rows = [row for row in _table() if edition in row.editions]
    return tuple(sorted(rows, key=lambda row: list(DOCUMENTS).index(row.document)))


@dataclass(frozen=True)
class Decision:
    """A paragraph of the decisions the engine makes where the rulebooks leave room, or a list
    of them (`items`)."""

    text: str
    items: tuple[str, ...] = ()


DECISIONS_START = "Where the rulebooks leave room"


def decisions(docstring: str) -> tuple[Decision, ...]:
    """The decisions where the rulebooks leave room, as written in the legality module's
    docstring (their one home), from their heading to the first example.

    >>> decisions("Intro.\\n\\nWhere the rulebooks leave room, it decides:\\n\\n- One,\\n  two.\\n- Three.\\n")
    (Decision(text='Where the rulebooks leave room, it decides:', items=()), Decision(text='', items=('One, two.', 'Three.')))
    """  # noqa: E501
    start = docstring.find(DECISIONS_START)
    if start < 0:
        return ()
    found: list[Decision] = []
    paragraph: list[str] = []
    items: list[list[str]] = []

    def close() -> None:
        if paragraph:
            found.append(Decision(" ".join(paragraph)))
            paragraph.clear()
        if items:
            found.append(Decision("", tuple(" ".join(item) for item in items)))
            items.clear()

    for line in docstring[start:].splitlines():
        stripped = line.strip()
        if stripped.startswith(">>>"):
            break
        if not stripped:
            close()
        elif stripped.startswith("- "):
            if paragraph:
                close()
            items.append([stripped[2:]])
        elif items and line.startswith("  "):
            items[-1].append(stripped)
        else:
            if items:
                close()
            paragraph.append(stripped)
    close()
    return tuple(found)
