from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("cards", "0003_card_search"),
    ]

    operations = [
        migrations.AddField(
            model_name="card",
            name="imported",
            field=models.BooleanField(default=False),
        ),
    ]
