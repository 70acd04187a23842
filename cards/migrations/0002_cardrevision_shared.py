from django.db import migrations, models
from django.db.models import Max


def share_current_states(apps, schema_editor):
    """Revisions made before this field existed are taken as private, since no one can tell
    now whether the card was shared when they were current; only the newest revision of a card
    that is shared today is known to be visible to others."""
    Card = apps.get_model("cards", "Card")
    CardRevision = apps.get_model("cards", "CardRevision")
    shared_cards = Card.objects.exclude(visibility="private").annotate(
        newest=Max("revisions__number")
    )
    for card in shared_cards.iterator():
        if card.newest is not None:
            CardRevision.objects.filter(card_id=card.pk, number=card.newest).update(shared=True)


class Migration(migrations.Migration):
    dependencies = [("cards", "0001_initial")]

    operations = [
        migrations.AddField(
            model_name="cardrevision",
            name="shared",
            field=models.BooleanField(default=False),
        ),
        migrations.RunPython(share_current_states, migrations.RunPython.noop),
    ]
