"""When each person last revoked the keys signed into addresses for them (accounts.KeysRevoked)."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('accounts', '0002_drop_plain_tokens_and_note_sessions'),
        ('auth', '0012_alter_user_first_name_max_length'),
    ]

    operations = [
        migrations.CreateModel(
            name='KeysRevoked',
            fields=[
                ('user', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, primary_key=True, related_name='+', serialize=False, to=settings.AUTH_USER_MODEL)),
                ('at', models.DateTimeField()),
            ],
            options={
                'verbose_name_plural': 'keys revoked',
            },
        ),
    ]
