"""PostgreSQL: the words of every card, listed for the search's last word (cards.text_index):
the start of a word is looked for as the words it starts."""

from django.db import migrations

from cards import text_index


class Migration(migrations.Migration):
    dependencies = [("cards", "0011_verdict_refresh_chunks")]

    operations = [text_index.migration_step(text_index.CARD_LEXEMES)]
