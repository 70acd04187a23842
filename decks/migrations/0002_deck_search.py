"""Deck lists at community scale: an index for searching deck names (PostgreSQL's pg_trgm,
SQLite's FTS5 trigrams: see cards.text_index), and one for the newest first."""

from django.db import migrations, models

from cards import text_index


def create_name_index(apps, schema_editor):
    text_index.create(schema_editor, text_index.DECK_NAMES)


def drop_name_index(apps, schema_editor):
    text_index.drop(schema_editor, text_index.DECK_NAMES)


class Migration(migrations.Migration):
    dependencies = [("decks", "0001_initial")]

    operations = [
        migrations.RunPython(create_name_index, drop_name_index),
        migrations.AddIndex(
            model_name="deck",
            index=models.Index(fields=["-updated", "-id"], name="deck_updated"),
        ),
    ]
