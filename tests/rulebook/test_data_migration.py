"""`manage.py migrate` loads the shipped editions, so every fresh database has them."""

import importlib
import json

import pytest
from django.db import migrations

from rulebook.content_format import content_hash, shipped_edition_files
from rulebook.models import Edition, Section, Term

pytestmark = pytest.mark.django_db


def test_every_shipped_edition_is_in_a_fresh_database():
    for path in shipped_edition_files():
        raw = json.loads(path.read_text(encoding="utf-8"))
        edition = Edition.objects.get(number=raw["edition"])
        assert edition.content_hash == content_hash(raw)
        assert Section.objects.filter(edition=edition).count() == len(raw["sections"])
        assert edition.definitions.count() == len(raw["terms"])
    assert Term.objects.filter(uses__isnull=False).distinct().count() > 20


def test_loading_has_one_home_after_the_migrations():
    # The data migration that once loaded the files does nothing now: the rulebook app's
    # post_migrate handler loads every file after every migrate (test_loading_after_migrate).
    module = importlib.import_module("rulebook.migrations.0002_load_shipped_editions")
    (operation,) = module.Migration.operations
    assert operation.code is migrations.RunPython.noop
    assert operation.reverse_code is migrations.RunPython.noop


def test_the_content_is_data_with_its_attribution():
    folder = shipped_edition_files()[0].parent.parent
    attribution = (folder / "ATTRIBUTION.md").read_text(encoding="utf-8")
    assert '"Keeper of the Cards" rulebooks' in attribution
    assert "https://creativecommons.org/licenses/by-sa/4.0/" in attribution
    for path in shipped_edition_files():
        assert f"`editions/{path.name}`" in attribution
    assert not list(folder.glob("editions/*.py"))
