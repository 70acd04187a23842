"""Deck lists at community scale: an index for searching deck names (PostgreSQL's pg_trgm,
SQLite's FTS5 trigrams: see cards.text_index), and one for the newest first."""

from django.db import migrations, models

from cards import text_index


class Migration(migrations.Migration):
    dependencies = [("decks", "0001_initial")]

    operations = [
        text_index.migration_step(text_index.DECK_NAMES),
        migrations.AddIndex(
            model_name="deck",
            index=models.Index(fields=["-updated", "-id"], name="deck_updated"),
        ),
    ]
