"""A goldfish run keeps the deck version it played (decks.DeckVersion)."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("decks", "0004_deck_versions"),
        ("simulations", "0002_run_keys_leases_and_queue_marks"),
    ]

    operations = [
        migrations.AddField(
            model_name="simulationrun",
            name="deck_version",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.SET_NULL,
                related_name="simulations",
                to="decks.deckversion",
            ),
        ),
    ]
