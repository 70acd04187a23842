"""Every fresh database starts with the rulebook editions shipped in rulebook/content/."""

from django.apps.registry import Apps
from django.db import migrations
from django.db.backends.base.schema import BaseDatabaseSchemaEditor


def load_shipped_editions(apps: Apps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    from rulebook.content_format import read_edition_file, shipped_edition_files
    from rulebook.loader import RulebookModels, load_edition

    models = RulebookModels(
        Edition=apps.get_model("rulebook", "Edition"),
        Section=apps.get_model("rulebook", "Section"),
        Term=apps.get_model("rulebook", "Term"),
        Definition=apps.get_model("rulebook", "Definition"),
    )
    for path in shipped_edition_files():
        load_edition(read_edition_file(path), models)


def remove_editions(apps: Apps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    apps.get_model("rulebook", "Term").objects.all().delete()
    apps.get_model("rulebook", "Edition").objects.all().delete()


class Migration(migrations.Migration):
    dependencies = [("rulebook", "0001_initial")]

    operations = [migrations.RunPython(load_shipped_editions, remove_editions)]
