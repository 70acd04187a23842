"""A release ships a new edition's rulebook file: after the usual `manage.py migrate` the site
serves it, with no import command. Files loaded before and unchanged are left alone."""

import copy
import io
import json
import shutil
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from rulebook import content_format
from rulebook.content_format import CONTENT_DIR
from rulebook.models import Definition, Edition, Section, Term

pytestmark = pytest.mark.django_db


@pytest.fixture
def content_folder(tmp_path, monkeypatch) -> Path:
    """A copy of the shipped content folder that the site reads instead."""
    folder = tmp_path / "editions"
    shutil.copytree(CONTENT_DIR, folder)
    monkeypatch.setattr(content_format, "CONTENT_DIR", folder)
    return folder


def eighteenth_edition() -> dict:
    """The 17th edition's file, as an 18th that adds the keyword "Mill"."""
    document = copy.deepcopy(json.loads((CONTENT_DIR / "17.json").read_text(encoding="utf-8")))
    document["edition"] = 18
    document["name"] = "18th Edition"
    document["title"] = "Rulebook (18th Edition)"
    document["source"]["title"] = "Keeper of the Cards Rulebook (18th Edition)"
    mill = "<p>To <dfn>mill</dfn> a card is to bury it from the top of a deck.</p>"
    document["sections"].insert(
        [s["anchor"] for s in document["sections"]].index("kw-negate") + 1,
        {"anchor": "kw-mill", "title": "Mill", "level": 2, "parent": "keywords", "html": mill},
    )
    document["terms"].append(
        {
            "slug": "mill",
            "name": "Mill",
            "kind": "keyword",
            "anchor": "kw-mill",
            "html": mill,
            "forms": ["mill", "mills", "milled", "milling"],
        }
    )
    return document


def write(folder: Path, name: str, document: dict) -> None:
    (folder / name).write_text(json.dumps(document), encoding="utf-8")


def migrate() -> None:
    call_command("migrate", verbosity=0, interactive=False)


def snapshot() -> tuple:
    return (
        list(Edition.objects.values_list("number", "content_hash", "loaded_at")),
        list(Section.objects.order_by("pk").values_list("pk", "anchor", "html")),
        list(Term.objects.order_by("pk").values_list("pk", "slug", "forms", "search_text")),
        list(Definition.objects.order_by("pk").values_list("pk", "edition_id", "text")),
    )


def test_a_new_edition_file_is_served_after_migrate(
    content_folder, client, django_capture_on_commit_callbacks
):
    write(content_folder, "18.json", eighteenth_edition())
    assert client.get("/rulebook/18/").status_code == 404
    with django_capture_on_commit_callbacks(execute=True):
        migrate()
    page = client.get("/rulebook/18/").content.decode()
    assert "<h1>Rulebook (18th Edition)</h1>" in page and 'id="kw-mill"' in page
    assert Definition.objects.filter(term__slug="mill", edition__number=18).exists()
    entry = client.get("/glossary/mill/").content.decode()
    assert 'href="/rulebook/18/#kw-mill"' in entry
    # The keyword links that were built before the migrate know the new keyword now.
    linked = client.get("/glossary/annotate/", {"text": "Mill 2 cards."}).content.decode()
    assert 'href="/glossary/mill/"' in linked
    assert 'aria-current="page">18th Edition' in page
    assert 'href="/rulebook/compare/17/18/"' in page


def test_migrating_again_changes_nothing(content_folder):
    write(content_folder, "18.json", eighteenth_edition())
    migrate()
    before = snapshot()
    migrate()
    assert snapshot() == before


def test_the_shipped_files_are_not_loaded_twice():
    before = snapshot()
    migrate()
    assert snapshot() == before


def test_a_changed_file_replaces_its_edition_at_the_next_migrate(content_folder):
    document = eighteenth_edition()
    write(content_folder, "18.json", document)
    migrate()
    document["title"] = "Rulebook (18th Edition, revised)"
    write(content_folder, "18.json", document)
    migrate()
    assert Edition.objects.get(number=18).title == "Rulebook (18th Edition, revised)"
    assert Edition.objects.filter(number=18).count() == 1


def test_a_bad_file_is_named_and_the_good_ones_still_load(content_folder):
    write(content_folder, "18.json", eighteenth_edition())
    (content_folder / "19.json").write_text('{"format": 1, "edition": 19}', encoding="utf-8")
    with pytest.raises(
        CommandError, match=r"19\.json: name is missing; title is missing; source is missing"
    ):
        migrate()
    assert Edition.objects.filter(number=18).exists()
    assert not Edition.objects.filter(number=19).exists()


def test_two_files_for_one_edition_are_refused(content_folder):
    write(content_folder, "18.json", eighteenth_edition())
    write(content_folder, "180.json", eighteenth_edition())
    with pytest.raises(CommandError, match=r"180\.json: edition 18 is already in 18\.json"):
        migrate()


def test_a_file_from_elsewhere_still_needs_the_import_command(tmp_path, content_folder):
    # import_rulebook loads a file kept outside the content folder; migrate leaves it be.
    path = tmp_path / "18.json"
    path.write_text(json.dumps(eighteenth_edition()), encoding="utf-8")
    call_command("import_rulebook", str(path), stdout=io.StringIO())
    migrate()
    assert Edition.objects.filter(number=18).exists()
