"""manage.py import_rulebook: a further edition from its file; the same file twice changes
nothing."""

import copy
import json

import pytest
from django.core.management import CommandError, call_command

from rulebook.content_format import CONTENT_DIR
from rulebook.keywords import find_keywords
from rulebook.models import Definition, Edition, Section, Term

pytestmark = pytest.mark.django_db


@pytest.fixture
def eighteenth(tmp_path):
    """An 18th edition kept outside the content folder: the 17th, with a new keyword and
    hex-play gone."""
    document = json.loads((CONTENT_DIR / "17.json").read_text(encoding="utf-8"))
    document = copy.deepcopy(document)
    document["edition"] = 18
    document["name"] = "18th Edition"
    document["title"] = "Rulebook (18th Edition)"
    document["source"]["title"] = "Keeper of the Cards Rulebook (18th Edition)"
    document["sections"] = [s for s in document["sections"] if s["anchor"] != "kw-hex-play"]
    document["sections"].append(
        {
            "anchor": "kw-mill",
            "title": "Mill",
            "level": 2,
            "parent": "keywords",
            "html": "<p>To <dfn>mill</dfn> a card is to bury it from the top of a deck.</p>",
        }
    )
    document["terms"] = [t for t in document["terms"] if t["slug"] != "hex-play"]
    document["terms"].append(
        {
            "slug": "mill",
            "name": "Mill",
            "kind": "keyword",
            "anchor": "kw-mill",
            "html": "<p>To <dfn>mill</dfn> a card is to bury it from the top of a deck.</p>",
            "forms": ["mill", "mills", "milled", "milling"],
        }
    )
    path = tmp_path / "18.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    return path


def snapshot() -> tuple:
    return (
        list(Edition.objects.values_list("number", "content_hash", "loaded_at")),
        list(Section.objects.order_by("pk").values_list("pk", "anchor", "html")),
        list(Term.objects.order_by("pk").values_list("pk", "slug", "forms", "search_text")),
        list(Definition.objects.order_by("pk").values_list("pk", "edition_id", "text")),
        sorted(Term.uses.through.objects.values_list("from_term_id", "to_term_id")),
    )


def test_a_further_edition_is_imported(eighteenth, capsys):
    call_command("import_rulebook", str(eighteenth))
    assert "Edition 18: created" in capsys.readouterr().out
    assert Edition.objects.get(number=18).name == "18th Edition"
    assert Definition.objects.filter(term__slug="mill", edition__number=18).exists()
    assert Term.objects.get(slug="mill").uses.filter(slug="bury").exists()
    assert not Definition.objects.filter(term__slug="hex-play", edition__number=18).exists()
    assert [m.slug for m in find_keywords("Mill 2 cards.")] == ["mill"]


def test_importing_the_same_file_twice_changes_nothing(eighteenth, capsys):
    call_command("import_rulebook", str(eighteenth))
    before = snapshot()
    capsys.readouterr()
    call_command("import_rulebook", str(eighteenth))
    assert "Edition 18: unchanged" in capsys.readouterr().out
    assert snapshot() == before


def test_importing_a_shipped_edition_again_changes_nothing(capsys):
    before = snapshot()
    call_command("import_rulebook", str(CONTENT_DIR / "14.json"))
    assert "Edition 14: unchanged" in capsys.readouterr().out
    assert snapshot() == before


def test_a_changed_file_replaces_its_edition(eighteenth, capsys):
    call_command("import_rulebook", str(eighteenth))
    document = json.loads(eighteenth.read_text(encoding="utf-8"))
    document["sections"] = [s for s in document["sections"] if s["anchor"] != "kw-mill"]
    document["terms"] = [t for t in document["terms"] if t["slug"] != "mill"]
    eighteenth.write_text(json.dumps(document), encoding="utf-8")
    call_command("import_rulebook", str(eighteenth))
    assert "Edition 18: updated" in capsys.readouterr().out
    assert not Section.objects.filter(edition__number=18, anchor="kw-mill").exists()
    assert not Term.objects.filter(slug="mill").exists()  # no edition defines it any more


def test_a_bad_file_is_a_command_error(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text('{"format": 1, "edition": 15}', encoding="utf-8")
    with pytest.raises(CommandError, match="name is missing; title is missing; source is missing"):
        call_command("import_rulebook", str(path))
    with pytest.raises(CommandError, match="Cannot read"):
        call_command("import_rulebook", str(tmp_path / "missing.json"))
