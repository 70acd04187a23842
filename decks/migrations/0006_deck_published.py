"""When each deck was first made public; those public already count from when they were made."""

from django.conf import settings
from django.db import migrations, models


def published_when_made(apps, schema_editor):
    Deck = apps.get_model("decks", "Deck")
    Deck.objects.filter(visibility="public").update(published=models.F("created"))


class Migration(migrations.Migration):
    dependencies = [
        ("decks", "0005_deck_primer_length"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name="deck",
            name="published",
            field=models.DateTimeField(blank=True, editable=False, null=True),
        ),
        migrations.AddIndex(
            model_name="deck",
            index=models.Index(fields=["owner", "-published"], name="deck_owner_published"),
        ),
        migrations.RunPython(published_when_made, migrations.RunPython.noop),
        migrations.AddIndex(
            model_name="deck",
            index=models.Index(fields=["-published"], name="deck_published"),
        ),
    ]
