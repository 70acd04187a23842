"""The site's full-text indexes as the database holds them (cards.text_index asks them): each
field's word columns and the FTS5 tables, and the statements that make, drop and repair them.

Migrations cards 0003 and decks 0002 make them with `create` (cards 0012 the words on file,
`CARD_LEXEMES`); a change to what they hold needs a new migration.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

# Each field's words: PostgreSQL's column for them; SQLite's FTS5 table has the fields' names.
WORD_COLUMNS = {"name": "name_words", "ability_text": "text_words", "flavor_text": "flavor_words"}
# PostgreSQL: the ability text's pairs of words that follow one another ("draw 1", "1 card").
PAIR_COLUMNS = {"ability_text": "text_pairs"}
PAIRS_FUNCTION = "card_word_pairs"
FTS_TABLE = "cards_card_fts"
# Free words are looked for in the name and the ability text together: one index on both
# (card_free_words), so that the words of a search are one question to it, which it answers
# from the rarest word's postings rather than reading every posting of the common ones.
FREE_WORDS = "name_words || text_words"


# Each index is its statements per database: "create" and "drop" for its migration, and on
# SQLite the triggers that keep it, by name. Triggers go with their table: a SQLite migration
# that rebuilds a table (to alter a column) drops them, so `repair` puts them back after every
# migrate (cards.apps).


@dataclass(frozen=True)
class TextIndex:
    create: dict[str, list[str]]
    drop: dict[str, list[str]]
    sqlite_table: str
    sqlite_triggers: dict[str, str]


def _kept_by_triggers(
    table: str, source: str, columns: Sequence[str], create: str
) -> tuple[list[str], list[str], dict[str, str]]:
    """An FTS5 table over `source` (external content), kept by triggers: create, drop and
    the triggers by name."""
    listed = ", ".join(columns)
    new = "new.id, " + ", ".join(f"new.{column}" for column in columns)
    old = "'delete', old.id, " + ", ".join(f"old.{column}" for column in columns)
    insert = f"INSERT INTO {table}(rowid, {listed}) VALUES ({new});"
    delete = f"INSERT INTO {table}({table}, rowid, {listed}) VALUES ({old});"
    triggers = {
        f"{table}_insert": f"AFTER INSERT ON {source} BEGIN {insert} END",
        f"{table}_delete": f"AFTER DELETE ON {source} BEGIN {delete} END",
        f"{table}_update": f"AFTER UPDATE OF {listed} ON {source} BEGIN {delete} {insert} END",
    }
    creating = [
        create,
        *(f"CREATE TRIGGER {name} {body}" for name, body in triggers.items()),
        f"INSERT INTO {table}({table}) VALUES ('rebuild')",
    ]
    dropping = [
        *(f"DROP TRIGGER IF EXISTS {name}" for name in triggers),
        f"DROP TABLE IF EXISTS {table}",
    ]
    return creating, dropping, triggers


_CLEAN = "regexp_replace({field}, '[^[:alnum:]]+', ' ', 'g')"
_WORDS_OF = "to_tsvector('simple'::regconfig, " + _CLEAN + ")"
# The pairs of words that follow one another in a text, lower case, as a tsvector's lexemes.
_PAIRS_FUNCTION = f"""CREATE FUNCTION {PAIRS_FUNCTION}(text) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_to_tsvector(array_agg(word || ' ' || next)), ''::tsvector)
  FROM (
    SELECT word, lead(word) OVER (ORDER BY place) AS next
    FROM unnest(regexp_split_to_array(lower({_CLEAN.format(field="$1")}), ' '))
      WITH ORDINALITY AS words(word, place)
    WHERE word <> ''
  ) AS pairs
  WHERE next IS NOT NULL
$$"""
_card_create, _card_drop, _card_triggers = _kept_by_triggers(
    FTS_TABLE,
    "cards_card",
    list(WORD_COLUMNS),
    f"CREATE VIRTUAL TABLE {FTS_TABLE} USING fts5({', '.join(WORD_COLUMNS)}, content='cards_card', "
    "content_rowid='id', tokenize=\"unicode61 remove_diacritics 0 categories 'L* Nd'\", "
    "prefix='2 3')",
)
CARD_WORDS = TextIndex(
    create={
        "postgresql": [
            _PAIRS_FUNCTION,
            "ALTER TABLE cards_card "
            + ", ".join(
                [
                    *(
                        f"ADD COLUMN {column} tsvector GENERATED ALWAYS AS "
                        f"({_WORDS_OF.format(field=field)}) STORED"
                        for field, column in WORD_COLUMNS.items()
                    ),
                    *(
                        f"ADD COLUMN {column} tsvector GENERATED ALWAYS AS "
                        f"({PAIRS_FUNCTION}({field})) STORED"
                        for field, column in PAIR_COLUMNS.items()
                    ),
                ]
            ),
            *(
                f"CREATE INDEX card_{column} ON cards_card USING gin ({column})"
                for column in [*WORD_COLUMNS.values(), *PAIR_COLUMNS.values()]
            ),
            f"CREATE INDEX card_free_words ON cards_card USING gin (({FREE_WORDS}))",
        ],
        "sqlite": _card_create,
    },
    drop={
        "postgresql": [
            "ALTER TABLE cards_card "
            + ", ".join(
                f"DROP COLUMN {column}"
                for column in [*WORD_COLUMNS.values(), *PAIR_COLUMNS.values()]
            ),
            f"DROP FUNCTION {PAIRS_FUNCTION}(text)",
        ],
        "sqlite": _card_drop,
    },
    sqlite_table=FTS_TABLE,
    sqlite_triggers=_card_triggers,
)

# PostgreSQL: every word (lexeme) of the cards' word columns, for the query's last word, which
# may be the start of a word still being typed. Its index finds the words it starts in a range
# of this table; the search then asks the text index for those words, which it answers by
# skipping through the postings (a few milliseconds), where a prefix (`wolf:*`) makes it read
# every posting of every word it starts first (several times as long for a common word).
# A word of every card saved is added by a trigger (a word no card holds any longer stays:
# it matches nothing). No unique key: two saves adding the same new word never wait for each
# other, and a word listed twice is read once.
LEXEME_TABLE = "cards_card_lexeme"
_ALL_WORDS = " || ".join(f"{{row}}{column}" for column in WORD_COLUMNS.values())
_NEW_WORDS = (
    f"SELECT DISTINCT word FROM unnest(tsvector_to_array({_ALL_WORDS.format(row='NEW.')}))"
    f" AS words(word) WHERE NOT EXISTS (SELECT 1 FROM {LEXEME_TABLE} AS known"
    " WHERE known.word = words.word)"
)
_CHANGED_WORDS = " OR ".join(
    f"OLD.{column} IS DISTINCT FROM NEW.{column}" for column in WORD_COLUMNS.values()
)
CARD_LEXEMES = TextIndex(
    create={
        "postgresql": [
            f'CREATE TABLE {LEXEME_TABLE} (word text COLLATE "C" NOT NULL)',
            f"CREATE INDEX {LEXEME_TABLE}_word ON {LEXEME_TABLE} (word)",
            f"CREATE FUNCTION {LEXEME_TABLE}_add() RETURNS trigger LANGUAGE plpgsql AS $$"
            f" BEGIN INSERT INTO {LEXEME_TABLE} (word) {_NEW_WORDS}; RETURN NULL; END $$",
            f"CREATE TRIGGER {LEXEME_TABLE}_insert AFTER INSERT ON cards_card"
            f" FOR EACH ROW EXECUTE FUNCTION {LEXEME_TABLE}_add()",
            f"CREATE TRIGGER {LEXEME_TABLE}_update AFTER UPDATE OF {', '.join(WORD_COLUMNS)}"
            " ON cards_card"
            f" FOR EACH ROW WHEN ({_CHANGED_WORDS}) EXECUTE FUNCTION {LEXEME_TABLE}_add()",
            f"INSERT INTO {LEXEME_TABLE} (word) SELECT DISTINCT unnest(tsvector_to_array("
            f"{_ALL_WORDS.format(row='')})) FROM cards_card",
            f"ANALYZE {LEXEME_TABLE}",
        ],
    },
    drop={
        "postgresql": [
            f"DROP TRIGGER IF EXISTS {LEXEME_TABLE}_insert ON cards_card",
            f"DROP TRIGGER IF EXISTS {LEXEME_TABLE}_update ON cards_card",
            f"DROP FUNCTION IF EXISTS {LEXEME_TABLE}_add()",
            f"DROP TABLE IF EXISTS {LEXEME_TABLE}",
        ],
    },
    sqlite_table="",
    sqlite_triggers={},
)

# Deck names are searched for any part of them (a substring, as before): trigrams. PostgreSQL's
# pg_trgm index answers `name__icontains` (UPPER(name) LIKE ...); SQLite's FTS5 trigram table
# answers parts of three letters or more (decks.selectors).
DECK_FTS_TABLE = "decks_deck_fts"
_deck_create, _deck_drop, _deck_triggers = _kept_by_triggers(
    DECK_FTS_TABLE,
    "decks_deck",
    ["name"],
    f"CREATE VIRTUAL TABLE {DECK_FTS_TABLE} USING fts5(name, content='decks_deck', "
    "content_rowid='id', tokenize='trigram')",
)
DECK_NAMES = TextIndex(
    create={
        "postgresql": [
            "CREATE EXTENSION IF NOT EXISTS pg_trgm",
            "CREATE INDEX deck_name_trigram ON decks_deck USING gin (UPPER(name) gin_trgm_ops)",
        ],
        "sqlite": _deck_create,
    },
    drop={"postgresql": ["DROP INDEX IF EXISTS deck_name_trigram"], "sqlite": _deck_drop},
    sqlite_table=DECK_FTS_TABLE,
    sqlite_triggers=_deck_triggers,
)
INDEXES = (CARD_WORDS, DECK_NAMES)


def create(schema_editor: Any, index: TextIndex) -> None:
    """Make the index (a migration's step); nothing on other databases."""
    for statement in index.create.get(schema_editor.connection.vendor, ()):
        schema_editor.execute(statement, params=None)


def drop(schema_editor: Any, index: TextIndex) -> None:
    for statement in index.drop.get(schema_editor.connection.vendor, ()):
        schema_editor.execute(statement, params=None)


def migration_step(index: TextIndex) -> Any:
    """A migration's step that makes the index, and drops it when the migration is reversed."""
    from django.db import migrations

    return migrations.RunPython(
        lambda apps, schema_editor: create(schema_editor, index),
        lambda apps, schema_editor: drop(schema_editor, index),
    )


def repair(connection: Any) -> list[str]:
    """On SQLite, put back the triggers a rebuilt table lost, and re-read that table into its
    index (it missed what changed meanwhile). The tables repaired."""
    if connection.vendor != "sqlite":
        return []
    repaired = []
    with connection.cursor() as cursor:
        cursor.execute("SELECT name FROM sqlite_master WHERE type IN ('table', 'trigger')")
        present = {row[0] for row in cursor.fetchall()}
        for index in INDEXES:
            if index.sqlite_table not in present or set(index.sqlite_triggers) <= present:
                continue
            for name, body in index.sqlite_triggers.items():
                if name not in present:
                    cursor.execute(f"CREATE TRIGGER {name} {body}")
            table = index.sqlite_table
            cursor.execute(f"INSERT INTO {table}({table}) VALUES ('rebuild')")
            repaired.append(table)
    return repaired
