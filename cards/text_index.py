"""The site's full-text indexes, on PostgreSQL and on SQLite: the one place that knows either.

Card words. A card's name, ability text and flavor text are indexed as words, the way
cards.search.words reads a query: runs of letters and decimal digits, without case, accents
kept.
- PostgreSQL: a generated tsvector column for each field (`name_words`, `text_words`,
  `flavor_words`), made from the text with everything but letters and digits replaced by
  spaces, so the text search parser sees plain words; a GIN index on each. One column per
  field gives the planner each field's own word statistics (a word common in ability texts
  may never be in a name), and a phrase never runs from one field into the next. The ability
  text's pairs of neighbouring words (`text_pairs`) let a phrase of common words be found
  from its rare pair.
- SQLite: an FTS5 table, `cards_card_fts`, over the card table (external content), kept by
  triggers; its unicode61 tokenizer takes letters and decimal digits as word characters.
Neither is a field of the model: the ORM never loads them; `TextMatch` asks them. PostgreSQL
also lists every word of the cards (`cards_card_lexeme`), so that a query's last word, which may
still be being typed, is asked as the words it starts (`with_endings`) rather than as a prefix.

Deck names, searched for any part of them: trigrams (PostgreSQL's pg_trgm, SQLite's FTS5
trigram tokenizer); decks.selectors asks them.

Migrations cards 0003, 0012 and decks 0002 make them with `create`; a change to what they
hold needs a new migration. Their columns, tables and statements are in cards.text_index_schema;
this module asks them.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, replace
from typing import Any

from django.db import NotSupportedError, connections, transaction
from django.db.models import BooleanField, Expression, F

from cards.text_index_schema import (
    CARD_LEXEMES,
    CARD_WORDS,
    DECK_FTS_TABLE,
    DECK_NAMES,
    FREE_WORDS,
    FTS_TABLE,
    LEXEME_TABLE,
    PAIR_COLUMNS,
    WORD_COLUMNS,
    create,
    drop,
    migration_step,
    repair,
)

# The indexes' own names (migrations, cards.apps and decks.selectors ask them here) and the
# questions asked of them.
__all__ = [
    "CARD_LEXEMES",
    "CARD_WORDS",
    "DECK_FTS_TABLE",
    "DECK_NAMES",
    "Check",
    "Phrase",
    "TextMatch",
    "bitmaps",
    "create",
    "drop",
    "fts5_text",
    "migration_step",
    "postgresql_checks",
    "repair",
    "scans",
    "sqlite_rough_share",
    "tsquery_text",
]

# Whether the text matches compiled now are checked row by row, the cards being walked in an
# index's order (scans without bitmaps or reading the table as it lies), rather than found
# through the text index: each database then asks them in the form cheapest to check.
_ROW_BY_ROW = ContextVar("row_by_row", default=False)


@dataclass(frozen=True)
class Phrase:
    """Words that must follow one another in one of `fields`. With `prefix`, the last may be
    the start of a word: the query's last word, which may still be being typed. `endings`
    (PostgreSQL): the words on file that the last one starts, when they were looked up
    (:func:`with_endings`); the last word is then one of them."""

    fields: tuple[str, ...]
    words: tuple[str, ...]
    prefix: bool = False
    endings: tuple[str, ...] | None = None


def _lexeme(word: str) -> str:
    return "'" + word.replace("\\", "\\\\").replace("'", "''") + "'"


def _last(phrase: Phrase, before: str = "") -> str:
    """The phrase's last word as a tsquery reads it (after `before`, a word pair's first)."""
    if phrase.prefix and phrase.endings:
        return "(" + " | ".join(_lexeme(before + word) for word in phrase.endings) + ")"
    return _lexeme(before + phrase.words[-1]) + (":*" if phrase.prefix else "")


def tsquery_text(phrases: Sequence[Phrase]) -> str:
    """PostgreSQL: phrases that must all be in one field, as `to_tsquery` reads them.

    >>> tsquery_text([Phrase(("name",), ("fire",)), Phrase(("name",), ("wo",), prefix=True)])
    "'fire' & 'wo':*"
    >>> tsquery_text([Phrase(("name",), ("wo",), prefix=True, endings=("wolf", "wood"))])
    "('wolf' | 'wood')"
    """
    return " & ".join(
        " <-> ".join([*(_lexeme(word) for word in phrase.words[:-1]), _last(phrase)])
        for phrase in phrases
    )


def _pairs_text(phrase: Phrase) -> str:
    """PostgreSQL: the word pairs of a phrase, as a tsquery."""
    words = phrase.words
    pairs = [_lexeme(f"{first} {second}") for first, second in zip(words, words[1:], strict=False)]
    last = _last(phrase, before=f"{words[-2]} ")
    return " & ".join([*pairs[:-1], last])


ENDINGS_AT_MOST = 64
"""More words on file than this starting with a search's last word, and it is asked as a
prefix: a start of one or two letters is in too many words to list, and is common enough that
its matches are met at once, walking the cards in order."""


def with_endings(connection: Any, phrases: Sequence[Phrase]) -> list[Phrase]:
    """PostgreSQL: the phrases, each whose last word is a start of words given the words on
    file that it starts (at most ENDINGS_AT_MOST of them). None starts no word on file: the
    phrase is then left as it is, and matches nothing."""
    found = []
    for phrase in phrases:
        if phrase.prefix and phrase.endings is None:
            start = phrase.words[-1]
            pattern = start.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"
            with connection.cursor() as cursor:
                # In lower case as the text search's dictionary makes the words it lists.
                cursor.execute(
                    f"SELECT DISTINCT word FROM {LEXEME_TABLE} WHERE word LIKE lower(%s)"
                    " ORDER BY word LIMIT %s",
                    [pattern, ENDINGS_AT_MOST + 1],
                )
                words = tuple(row[0] for row in cursor.fetchall())
            if words and len(words) <= ENDINGS_AT_MOST:
                phrase = replace(phrase, endings=words)
        found.append(phrase)
    return found


# One check: the column, "words" (to_tsquery) or "pairs" (a tsquery as it is), and its text.
Check = tuple[str, str, str]


def postgresql_checks(
    phrases: Sequence[Phrase], *, row_by_row: bool = False
) -> list[list[list[Check]]]:
    """PostgreSQL: every phrase as checks on the word columns. All of the outer list must hold,
    one of each middle list (the fields a phrase may be in), all of each inner list.

    Single words of one field are asked together: one question to its index. A phrase in the
    ability text is asked of its word pairs first: the planner knows how rare a pair is
    ("draw card" is, though "draw" and "card" are common), and the pairs' index finds the few
    texts whose words' positions are then checked.

    `row_by_row`: the checks of cards walked one by one, where no index is asked. Free words
    are then checked in each field's own words (joining the name's words to the text's costs
    more than the check) and phrases without their pairs (which the phrase implies)."""
    together: dict[str, list[Phrase]] = {}
    checks: list[list[list[Check]]] = []
    for phrase in phrases:
        if len(phrase.words) == 1 and phrase.fields == ("name", "ability_text") and not row_by_row:
            together.setdefault(FREE_WORDS, []).append(phrase)
            continue
        if len(phrase.fields) == 1 and len(phrase.words) == 1:
            together.setdefault(WORD_COLUMNS[phrase.fields[0]], []).append(phrase)
            continue
        either = []
        for name in phrase.fields:
            field_checks = [(WORD_COLUMNS[name], "words", tsquery_text([phrase]))]
            if name in PAIR_COLUMNS and len(phrase.words) > 1 and not row_by_row:
                field_checks.insert(0, (PAIR_COLUMNS[name], "pairs", _pairs_text(phrase)))
            either.append(field_checks)
        checks.append(either)
    alone = [[[(column, "words", tsquery_text(found))]] for column, found in together.items()]
    return alone + checks


def fts5_text(phrases: Sequence[Phrase], excluded: Sequence[Sequence[Phrase]] = ()) -> str:
    """SQLite: every phrase, as FTS5's MATCH reads it (a phrase is matched within a column),
    and none of the `excluded` groups whole."""

    def every(group: Sequence[Phrase]) -> str:
        parts = []
        for phrase in group:
            text = " ".join(phrase.words).replace('"', '""')
            fields = " ".join(phrase.fields)
            parts.append(f'{{{fields}}} : "{text}"' + (" *" if phrase.prefix else ""))
        return " AND ".join(parts)

    return " NOT ".join(f"({every(group)})" for group in [phrases, *excluded])


class TextMatch(Expression):
    """Whether the card at hand holds every phrase, and none of the `excluded` groups of
    phrases whole: a condition to filter cards with.

    It reads the card's id from the query it is used in (so it works on joined and nested
    card queries too) and asks that database's full-text index: on SQLite, the whole condition
    is one question to FTS5, which intersects its lists of words itself."""

    conditional = True

    def __init__(
        self, phrases: Sequence[Phrase], excluded: Sequence[Sequence[Phrase]] = ()
    ) -> None:
        super().__init__(output_field=BooleanField())
        groups = [phrases, *excluded]
        if not all(group and all(phrase.words for phrase in group) for group in groups):
            raise ValueError("A text match needs words to look for.")
        self.phrases = tuple(phrases)
        self.excluded = tuple(tuple(group) for group in excluded)
        self.card: Any = F("pk")

    def __repr__(self) -> str:
        return f"TextMatch({self.phrases!r}, excluded={self.excluded!r})"

    def get_source_expressions(self) -> list[Any]:
        return [self.card]

    def set_source_expressions(self, expressions: Sequence[Any]) -> None:
        (self.card,) = expressions

    def as_sql(self, compiler: Any, connection: Any) -> tuple[str, list[Any]]:
        raise NotSupportedError(f"Card search needs PostgreSQL or SQLite, not {connection.vendor}.")

    def as_postgresql(self, compiler: Any, connection: Any) -> tuple[str, list[Any]]:
        from django.contrib.postgres.search import SearchQuery

        table = compiler.quote_name_unless_alias(self.card.alias)
        params: list[Any] = []

        def check(column: str, kind: str, text: str) -> str:
            target = " || ".join(
                f"{table}.{connection.ops.quote_name(name)}" for name in column.split(" || ")
            )
            if " || " in column:
                target = f"({target})"
            if kind == "pairs":
                params.append(text)
                return f"{target} @@ %s::tsquery"
            query = SearchQuery(text, search_type="raw", config="simple")
            query_sql, query_params = compiler.compile(query.resolve_expression(compiler.query))
            params.extend(query_params)
            return f"{target} @@ {query_sql}"

        def every(phrases: Sequence[Phrase]) -> str:
            phrases = with_endings(connection, phrases)
            return " AND ".join(
                "("
                + " OR ".join(
                    "(" + " AND ".join(check(*one) for one in field_checks) + ")"
                    for field_checks in either
                )
                + ")"
                for either in postgresql_checks(phrases, row_by_row=_ROW_BY_ROW.get())
            )

        sql = " AND ".join(
            [every(self.phrases), *(f"NOT ({every(group)})" for group in self.excluded)]
        )
        return f"({sql})", params

    def as_sqlite(self, compiler: Any, connection: Any) -> tuple[str, list[Any]]:
        card_sql, card_params = compiler.compile(self.card)
        # A unary + keeps SQLite from reading the cards by the ids the index gives (one lookup
        # per match, then a sort): it walks the cards in the order's index instead, checking
        # each id against the matches, and stops when the page is full.
        checked = "+" if _ROW_BY_ROW.get() else ""
        return (
            f"{checked}{card_sql} IN (SELECT rowid FROM {FTS_TABLE} WHERE {FTS_TABLE} MATCH %s)",
            [*card_params, fts5_text(self.phrases, self.excluded)],
        )


def bitmaps(using: str) -> bool:
    """Whether the database finds matches as bitmaps of its indexes, which a range of the
    newest cards (another bitmap) narrows before any card is read: PostgreSQL. SQLite reads
    every match by its id whatever else narrows them."""
    return connections[using].vendor == "postgresql"


def sqlite_rough_share(using: str, match: TextMatch, enough: float) -> float | None:
    """SQLite: the share of all cards (any visibility, filters other than words aside) whose
    words `match` holds, counted from FTS5's own lists (no card is read) up to `enough` of
    them; None on other databases. Cheap where the search's own measure (cards.search) would
    read each match: a rough guide to how the matches are best read, never to what they are."""
    connection = connections[using]
    if connection.vendor != "sqlite":
        return None
    with connection.cursor() as cursor:
        cursor.execute("SELECT max(rowid) FROM cards_card")
        cards = cursor.fetchone()[0] or 0
        if not cards:
            return 0.0
        cursor.execute(
            f"SELECT count(*) FROM (SELECT rowid FROM {FTS_TABLE} WHERE {FTS_TABLE} MATCH %s "
            "LIMIT %s)",
            [fts5_text(match.phrases, match.excluded), max(1, int(enough * cards) + 1)],
        )
        return cursor.fetchone()[0] / cards


@contextmanager
def scans(using: str, **allowed: bool) -> Iterator[None]:
    """Run the queries inside with some of the planner's ways of reading a table switched off
    (scans(using, seqscan=False, indexscan=False): only bitmaps of the indexes).

    Whether to read the cards in an index's order until enough match, or to find every match
    and sort them, is best decided from how common the matches are; for words, the search
    measures that itself (cards.search.CardResults) rather than trust the planner's estimate,
    which can be far off for words and phrases. PostgreSQL is told by its settings; on SQLite,
    when only an index may be walked, the text matches compiled inside are checked row by row
    (TextMatch), and otherwise drive the query."""
    connection = connections[using]
    # Only an index's order to walk (no bitmaps, no reading the table as it lies).
    walk = not allowed.get("bitmapscan", True) and not allowed.get("seqscan", True)
    token = _ROW_BY_ROW.set(walk)
    try:
        if connection.vendor == "postgresql":
            with _planner_settings(connection, using, allowed):
                yield
        else:
            yield
    finally:
        _ROW_BY_ROW.reset(token)


@contextmanager
def _planner_settings(connection: Any, using: str, allowed: dict[str, bool]) -> Iterator[None]:
    """PostgreSQL: the planner's ways of reading switched as `allowed` says, for one
    transaction (or block of one)."""
    settings = [(f"enable_{name}", "on" if on else "off") for name, on in allowed.items()]
    # Compiling a query is never worth it for a page of cards: the estimates of a search's
    # cost run to the millions when its words are common, and JIT then costs 20 ms or more.
    settings.append(("jit", "off"))
    # One backend: matches found through the indexes are few (the search measured them), and
    # starting parallel workers to read them costs more wall time than it saves.
    settings.append(("max_parallel_workers_per_gather", "0"))
    if not allowed.get("bitmapscan", True) and not allowed.get("seqscan", True):
        # A walk: along the order's own index until the page is full. Otherwise the planner,
        # trusting its estimate that few cards match, may read the whole table by id and sort
        # what matches (at a million cards: 220 ms, not 7).
        settings.append(("enable_sort", "off"))
    nested = connection.in_atomic_block
    with transaction.atomic(using=using), connection.cursor() as cursor:
        cursor.execute(
            "SELECT " + ", ".join("set_config(%s, %s, true)" for _ in settings),
            [value for setting in settings for value in setting],
        )
        yield
        if nested:
            # Inside a longer transaction the settings would outlive this block: put them back.
            # (Otherwise they end with it; an error rolls them back with it.)
            cursor.execute("; ".join(f"SET LOCAL {name} TO DEFAULT" for name, _ in settings))
