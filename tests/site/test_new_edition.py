"""A new edition is new data files and nothing else.

An "18th Edition" is made of copies of the 17th's files (its rules, its Card Building Guide,
its rulebook) in temporary folders; after the usual `migrate` the whole site serves it as the
current edition: rulebook, glossary, check, deck validation and the goldfish.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.core.management import call_command

from cards import rules
from cards.rules import editions as edition_files
from cards.rules import guide as guide_files
from decks.goldfish import Options, simulate
from decks.goldfish import setup as goldfish_setup
from rulebook import content_format
from tests.decks.goldfish.helpers import deck as goldfish_deck
from tests.decks.goldfish.helpers import minion as goldfish_minion

pytestmark = pytest.mark.django_db

NEW = 18


def _caches_clear() -> None:
    edition_files._default_editions.cache_clear()
    guide_files._default_guides.cache_clear()
    goldfish_setup.setup_for.cache_clear()


def _copy(folder: Path, into: Path, renumber) -> None:
    """The folder's JSON files into `into`, with the 17th's file copied as the 18th's."""
    into.mkdir()
    for path in folder.glob("*.json"):
        shutil.copy(path, into / path.name)
    data = json.loads((folder / "17.json").read_text(encoding="utf-8"))
    renumber(data)
    (into / f"{NEW}.json").write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")


def _rules(data: dict) -> None:
    data["number"], data["name"] = NEW, "18th Edition"


def _guide(data: dict) -> None:
    data["edition"] = NEW


def _rulebook(data: dict) -> None:
    data["edition"], data["name"] = NEW, "18th Edition"
    data["title"] = "Rulebook (18th Edition)"


@pytest.fixture
def eighteenth(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    _copy(edition_files.DEFAULT_FOLDER, tmp_path / "editions", _rules)
    _copy(guide_files.DEFAULT_FOLDER, tmp_path / "guides", _guide)
    _copy(content_format.CONTENT_DIR, tmp_path / "rulebook", _rulebook)
    monkeypatch.setattr(edition_files, "DEFAULT_FOLDER", tmp_path / "editions")
    monkeypatch.setattr(guide_files, "DEFAULT_FOLDER", tmp_path / "guides")
    monkeypatch.setattr(content_format, "CONTENT_DIR", tmp_path / "rulebook")
    _caches_clear()
    # A release's usual step: the new rulebook file is loaded by migrate, no command of its own.
    call_command("migrate", verbosity=0)
    yield
    monkeypatch.undo()
    _caches_clear()


def card(**changes) -> dict:
    # ⌈SP 2 + HP 3 ÷ 2⌉ = 4; SPARK: draw 1 card (2x = 2): level 6 by the 17th's guide too.
    found = {
        "name": "Ember Whelp",
        "kind": "minion",
        "design_edition": NEW,
        "level": 6,
        "sp": 2,
        "hp": 3,
        "ability_text": "SPARK: Draw 1 card.",
        "flavor_text": "",
    }
    found.update(changes)
    return found


def test_the_newest_file_is_the_current_edition(eighteenth, client):
    assert rules.current_edition().number == NEW
    assert "18th Edition" in client.get("/").content.decode()


def test_the_rulebook_and_glossary_serve_it(eighteenth, client):
    page = client.get("/rulebook/")
    assert page.status_code == 200
    assert "Rulebook (18th Edition)" in page.content.decode()
    assert client.get(f"/rulebook/{NEW}/").status_code == 200
    glossary = client.get("/glossary/")
    assert glossary.status_code == 200 and "18th Edition" in glossary.content.decode()
    compared = client.get(f"/rulebook/compare/11/{NEW}/")
    assert compared.status_code == 200
    assert client.get("/api/v1/glossary/", {"edition": NEW}).status_code == 200


def test_a_card_is_checked_under_it(eighteenth, api, client):
    assert 'value="18" selected' in client.get("/check/").content.decode()
    answer = api.post("/api/v1/check/card/", {"edition": NEW, "card": card()}, format="json")
    assert answer.status_code == 200, answer.content
    body = answer.json()
    assert (body["edition"], body["verdict"]) == (NEW, "legal")
    assert body["level"]["computed"] == 6
    haunt = "HAUNT: When this card in your hand is destroyed (ghost-play, must pay resource cost):"
    older = card(design_edition=14, level=8, ability_text=f"{haunt} Draw 2 cards.")
    refurbished = api.post(
        "/api/v1/check/card/", {"edition": NEW, "card": older}, format="json"
    ).json()
    # The 17th's table, copied into the 18th's file, refurbishes the older card.
    assert (refurbished["edition"], refurbished["verdict"]) == (NEW, "refurbished"), refurbished
    assert "(hex-play): Draw 2 cards." in refurbished["text"]


def test_a_deck_is_validated_under_it(eighteenth, api):
    deck = {"edition": NEW, "cards": [{"count": 40, "card": card()}]}
    answer = api.post("/api/v1/check/deck/", deck, format="json")
    assert answer.status_code == 200, answer.content
    body = answer.json()
    assert (body["edition"], body["legal"]) == (NEW, True)
    assert body["ultra_points_limit"] == 10


def test_the_goldfish_plays_it(eighteenth):
    whelp = goldfish_minion("Ember Whelp")
    result = simulate(goldfish_deck((40, whelp)), Options(games=200, seed=3, edition=NEW))
    assert result.edition == NEW
    assert result.kill_turn.histogram


def test_new_designs_and_decks_default_to_it(eighteenth, client, alice):
    client.force_login(alice)
    design = client.get("/cards/new/").content.decode()
    assert 'value="18" selected' in design or "18th Edition" in design
    deck = client.get("/decks/new/").content.decode()
    assert "18th Edition" in deck


def test_the_goldfish_run_of_a_deck_under_it(eighteenth, api, alice, inline_workers):
    from cards.services import card_create
    from decks.models import Deck, DeckEntry

    deck = Deck.objects.create(owner=alice, name="Whelps", edition=NEW)
    whelp = card_create(owner=alice, definition=card(level=2, sp=1, hp=1, ability_text=""))
    DeckEntry.objects.create(deck=deck, card=whelp, count=40)
    api.force_authenticate(alice)
    answer = api.post(f"/api/v1/decks/{deck.pk}/simulations/", {"games": 1000}, format="json")
    assert answer.status_code == 202, answer.content
    body = api.get(answer.json()["url"]).json()
    assert body["status"] == "succeeded"
    assert body["result"]["edition"] == NEW
