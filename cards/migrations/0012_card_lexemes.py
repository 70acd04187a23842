"""PostgreSQL: the words of every card, listed for the search's last word (cards.text_index):
the start of a word is looked for as the words it starts."""

from django.db import migrations

from cards import text_index


def create_lexemes(apps, schema_editor):
    text_index.create(schema_editor, text_index.CARD_LEXEMES)


def drop_lexemes(apps, schema_editor):
    text_index.drop(schema_editor, text_index.CARD_LEXEMES)


class Migration(migrations.Migration):
    dependencies = [("cards", "0011_verdict_refresh_chunks")]

    operations = [migrations.RunPython(create_lexemes, drop_lexemes)]
