from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("cards", "0004_card_imported"),
    ]

    operations = [
        migrations.AddField(
            model_name="card",
            name="art_zoom",
            field=models.FloatField(default=1.0),
        ),
        migrations.AddField(
            model_name="card",
            name="art_x",
            field=models.FloatField(default=0.5),
        ),
        migrations.AddField(
            model_name="card",
            name="art_y",
            field=models.FloatField(default=0.5),
        ),
        migrations.AddField(
            model_name="card",
            name="artist",
            field=models.CharField(blank=True, max_length=100),
        ),
        migrations.AddField(
            model_name="card",
            name="art_licence",
            field=models.CharField(blank=True, max_length=100),
        ),
        migrations.AddConstraint(
            model_name="card",
            constraint=models.CheckConstraint(
                condition=models.Q(("art_zoom__gte", 1.0), ("art_zoom__lte", 4.0)),
                name="card_art_zoom_range",
            ),
        ),
        migrations.AddConstraint(
            model_name="card",
            constraint=models.CheckConstraint(
                condition=models.Q(
                    ("art_x__gte", 0.0),
                    ("art_x__lte", 1.0),
                    ("art_y__gte", 0.0),
                    ("art_y__lte", 1.0),
                ),
                name="card_art_focus_range",
            ),
        ),
    ]
