"""Deck versions: each saved state of a deck, and version 1 for every deck there is now."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

# The card fields a version keeps (cards.models.DEFINITION_FIELDS without the picture's framing).
CARD_FIELDS = (
    "name",
    "kind",
    "design_edition",
    "level",
    "sp",
    "hp",
    "ability_text",
    "flavor_text",
    "artist",
    "art_licence",
)


def first_versions(apps, schema_editor) -> None:
    """Version 1 of each deck: the deck as it is now, its author the owner."""
    Deck = apps.get_model("decks", "Deck")
    DeckEntry = apps.get_model("decks", "DeckEntry")
    DeckVersion = apps.get_model("decks", "DeckVersion")
    for deck in Deck.objects.filter(versions__isnull=True).iterator(chunk_size=500):
        rows = DeckEntry.objects.filter(deck=deck).select_related("card").order_by("pk")
        entries = [
            {
                "card": row.card_id,
                "count": row.count,
                "board": row.board,
                "owner": row.card.owner_id,
                "shared": row.card.visibility != "private",
                "definition": {field: getattr(row.card, field) for field in CARD_FIELDS},
            }
            for row in rows
        ]
        DeckVersion.objects.create(
            deck=deck,
            number=1,
            author_id=deck.owner_id,
            name=deck.name,
            description=deck.description,
            edition=deck.edition,
            entries=entries,
            added=len(entries),
            shared=deck.visibility != "private",
        )


class Migration(migrations.Migration):
    dependencies = [
        ("cards", "0005_card_art"),
        ("decks", "0003_entry_board"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name="DeckVersion",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("number", models.PositiveIntegerField()),
                ("note", models.CharField(blank=True, max_length=200)),
                ("name", models.CharField(max_length=100)),
                ("description", models.TextField(blank=True)),
                ("edition", models.PositiveSmallIntegerField()),
                ("entries", models.JSONField(default=list)),
                ("added", models.PositiveIntegerField(default=0)),
                ("removed", models.PositiveIntegerField(default=0)),
                ("changed", models.PositiveIntegerField(default=0)),
                ("snapshot", models.BooleanField(default=False)),
                ("shared", models.BooleanField(default=False)),
                ("created", models.DateTimeField(auto_now_add=True)),
                (
                    "author",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
                (
                    "deck",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="versions",
                        to="decks.deck",
                    ),
                ),
            ],
            options={
                "ordering": ["deck", "-number"],
                "constraints": [
                    models.UniqueConstraint(
                        fields=("deck", "number"), name="deck_version_unique_number"
                    )
                ],
            },
        ),
        migrations.RunPython(first_versions, migrations.RunPython.noop),
    ]
