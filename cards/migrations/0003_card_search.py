"""Card search at community scale: the words of every card in a full-text index (PostgreSQL's
text search, SQLite's FTS5: see cards.text_index), and an index for each sort order."""

import django.db.models.functions.text
from django.db import migrations, models

import cards.search
from cards import text_index


class Migration(migrations.Migration):
    dependencies = [("cards", "0002_cardrevision_shared")]

    operations = [
        text_index.migration_step(text_index.CARD_WORDS),
        migrations.AddIndex(
            model_name="card",
            index=models.Index(models.F("updated"), models.F("id"), name="card_by_newest"),
        ),
        migrations.AddIndex(
            model_name="card",
            index=models.Index(
                django.db.models.functions.text.Lower("name"), models.F("id"), name="card_by_name"
            ),
        ),
        migrations.AddIndex(
            model_name="card",
            index=models.Index(
                models.F("level"),
                django.db.models.functions.text.Lower("name"),
                models.F("id"),
                name="card_by_level",
            ),
        ),
        migrations.AddIndex(
            model_name="card",
            index=models.Index(
                cards.search.StatOrMore(models.F("sp")),
                django.db.models.functions.text.Lower("name"),
                models.F("id"),
                name="card_by_sp_up",
            ),
        ),
        migrations.AddIndex(
            model_name="card",
            index=models.Index(
                cards.search.StatOrLess(models.F("sp")),
                django.db.models.functions.text.Lower("name"),
                models.F("id"),
                name="card_by_sp_down",
            ),
        ),
        migrations.AddIndex(
            model_name="card",
            index=models.Index(
                cards.search.StatOrMore(models.F("hp")),
                django.db.models.functions.text.Lower("name"),
                models.F("id"),
                name="card_by_hp_up",
            ),
        ),
        migrations.AddIndex(
            model_name="card",
            index=models.Index(
                cards.search.StatOrLess(models.F("hp")),
                django.db.models.functions.text.Lower("name"),
                models.F("id"),
                name="card_by_hp_down",
            ),
        ),
    ]
