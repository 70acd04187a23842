"""`manage.py migrate` loads the shipped editions, so every fresh database has them."""

import json
from pathlib import Path

import pytest

from rulebook.content_format import content_hash, shipped_edition_files
from rulebook.models import Edition, Section, Term

pytestmark = pytest.mark.django_db

MIGRATION = (
    Path(__file__).resolve().parents[2] / "rulebook/migrations/0002_load_shipped_editions.py"
)


def test_every_shipped_edition_is_in_a_fresh_database():
    for path in shipped_edition_files():
        raw = json.loads(path.read_text(encoding="utf-8"))
        edition = Edition.objects.get(number=raw["edition"])
        assert edition.content_hash == content_hash(raw)
        assert Section.objects.filter(edition=edition).count() == len(raw["sections"])
        assert edition.definitions.count() == len(raw["terms"])
    assert Term.objects.filter(uses__isnull=False).distinct().count() > 20


def test_the_migration_uses_historical_models_only():
    source = MIGRATION.read_text(encoding="utf-8")
    assert "apps.get_model" in source
    assert "rulebook.models" not in source


def test_the_content_is_data_with_its_attribution():
    folder = shipped_edition_files()[0].parent.parent
    attribution = (folder / "ATTRIBUTION.md").read_text(encoding="utf-8")
    assert '"Keeper of the Cards" rulebooks' in attribution
    assert "https://creativecommons.org/licenses/by-sa/4.0/" in attribution
    assert not list(folder.glob("editions/*.py"))
