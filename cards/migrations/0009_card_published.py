"""When each card was first made public; those public already count from when they were made."""

from django.conf import settings
from django.db import migrations, models


def published_when_made(apps, schema_editor):
    Card = apps.get_model("cards", "Card")
    Card.objects.filter(visibility="public").update(published=models.F("created"))


class Migration(migrations.Migration):
    dependencies = [
        ("cards", "0008_deck_build"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name="card",
            name="published",
            field=models.DateTimeField(blank=True, editable=False, null=True),
        ),
        migrations.AddIndex(
            model_name="card",
            index=models.Index(fields=["owner", "-published"], name="card_owner_published"),
        ),
        migrations.RunPython(published_when_made, migrations.RunPython.noop),
        migrations.AddIndex(
            model_name="card",
            index=models.Index(fields=["-published"], name="card_published"),
        ),
    ]
