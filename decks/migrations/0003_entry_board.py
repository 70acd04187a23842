"""The maybeboard: each entry sits on the deck ("main") or on its maybeboard ("maybe"), and a
card may have an entry on each; every entry there is now is on the deck."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("cards", "0004_card_imported"),
        ("decks", "0002_deck_search"),
    ]

    operations = [
        migrations.RemoveConstraint(model_name="deckentry", name="deck_entry_unique_card"),
        migrations.AddField(
            model_name="deckentry",
            name="board",
            field=models.CharField(
                choices=[("main", "Deck"), ("maybe", "Maybeboard")], default="main", max_length=5
            ),
        ),
        migrations.AddConstraint(
            model_name="deckentry",
            constraint=models.UniqueConstraint(
                fields=("deck", "card", "board"), name="deck_entry_unique_card_board"
            ),
        ),
        migrations.AddConstraint(
            model_name="deckentry",
            constraint=models.CheckConstraint(
                condition=models.Q(("board__in", ["main", "maybe"])),
                name="deck_entry_board_known",
            ),
        ),
    ]
