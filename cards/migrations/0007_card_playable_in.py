"""The editions a card is playable under, kept on the card (Card.playable_in).

Filled from the stored verdicts, which stay the source for each edition's verdict. On
PostgreSQL a GIN index on the list lets `legal:14 wolf` AND the playable cards' bitmap with
the words' one (cards.search.playable_q) instead of reading a verdict for every match. SQLite
keeps asking the verdicts and gets no such index.
"""

import json
from collections.abc import Iterator
from itertools import chain, groupby, islice
from operator import itemgetter

from django.db import migrations, models

BATCH = 1_000

FILL_POSTGRESQL = """
UPDATE cards_card AS card SET playable_in = playable.editions
FROM (
    SELECT card_id, jsonb_agg(edition ORDER BY edition) AS editions
    FROM cards_cardverdict
    WHERE playable
    GROUP BY card_id
) AS playable
WHERE card.id = playable.card_id
"""
# Built after the list is filled, in one pass, rather than kept up row by row while filling.
CREATE_INDEX = "CREATE INDEX card_playable_in ON cards_card USING gin (playable_in jsonb_path_ops)"
DROP_INDEX = "DROP INDEX IF EXISTS card_playable_in"


def fill(apps, schema_editor):
    connection = schema_editor.connection
    if connection.vendor == "postgresql":
        schema_editor.execute(FILL_POSTGRESQL)
        return
    # Elsewhere (SQLite before 3.44 cannot order a json_group_array): each card's playable
    # editions read in order and written as one list, a batch of cards at a time.
    with connection.cursor() as reading, connection.cursor() as writing:
        lists = _playable_lists(reading)
        while batch := list(islice(lists, BATCH)):
            writing.executemany("UPDATE cards_card SET playable_in = %s WHERE id = %s", batch)


def _playable_lists(cursor) -> Iterator[tuple[str, int]]:
    """(the card's playable editions as a JSON list, its id), for every card playable under
    any edition."""
    cursor.execute(
        "SELECT card_id, edition FROM cards_cardverdict WHERE playable ORDER BY card_id, edition"
    )
    rows = chain.from_iterable(iter(lambda: cursor.fetchmany(BATCH), []))
    for card_id, verdicts in groupby(rows, key=itemgetter(0)):
        yield json.dumps([edition for _, edition in verdicts]), card_id


def create_index(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(CREATE_INDEX)
        # The planner weighs `playable_in @> '[14]'` by the column's statistics: gather them now
        # rather than at the next autovacuum.
        schema_editor.execute("ANALYZE cards_card")


def drop_index(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(DROP_INDEX)


class Migration(migrations.Migration):
    dependencies = [("cards", "0006_verdict_statistics")]

    operations = [
        migrations.AddField(
            model_name="card",
            name="playable_in",
            field=models.JSONField(blank=True, default=list, editable=False),
        ),
        migrations.RunPython(fill, migrations.RunPython.noop, elidable=False),
        migrations.RunPython(create_index, drop_index, elidable=False),
    ]
