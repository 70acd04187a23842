"""PostgreSQL: statistics of a verdict's edition and playability together.

Nearly every card is playable under the edition it was designed for and few are under the
others, so the two columns are far from independent; judged apart, the planner guesses ten
times too many playable cards for an edition and walks the whole card table for `legal:14
wolf` (1 s at a million cards) where it should start from the playable list (~0.1 s).
SQLite has no such statistics and needs none: its plan starts from the text index.
"""

from django.db import migrations

CREATE = (
    "CREATE STATISTICS IF NOT EXISTS card_verdict_edition_playable (mcv)"
    " ON edition, playable FROM cards_cardverdict"
)
DROP = "DROP STATISTICS IF EXISTS card_verdict_edition_playable"


def create(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(CREATE)
        schema_editor.execute("ANALYZE cards_cardverdict")


def drop(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(DROP)


class Migration(migrations.Migration):
    dependencies = [("cards", "0005_card_art")]

    operations = [migrations.RunPython(create, drop, elidable=False)]
