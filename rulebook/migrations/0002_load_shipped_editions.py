"""Once loaded the shipped editions; the rulebook app's post_migrate handler does it now.

Loading in a migration ran once per database, so an edition file added by a later release was
never loaded. ``rulebook.apps`` loads every file of rulebook/content/editions/ after each
``migrate`` instead (skipping those loaded unchanged). This migration is kept, doing nothing,
because databases record it as applied.
"""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [("rulebook", "0001_initial")]

    operations = [migrations.RunPython(migrations.RunPython.noop, migrations.RunPython.noop)]
