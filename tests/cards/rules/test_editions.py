"""Editions come from data files: one per edition, no code per edition."""

import json
import shutil
from pathlib import Path

import pytest

from cards.rules import (
    DeckEntry,
    EditionDataError,
    RulesError,
    UnknownEdition,
    Verdict,
    check_card,
    check_deck,
    current_edition,
    get_edition,
    load_editions,
    ordinal,
)
from cards.rules.editions import DEFAULT_FOLDER

from .helpers import spell


def test_the_shipped_editions():
    assert sorted(load_editions()) == [11, 13, 14]


@pytest.mark.parametrize(
    ("number", "name", "deck", "reserves", "hp", "clean_slate", "indicator"),
    [
        (11, "11th Edition", (40, 40), 10, 20, None, False),
        (13, "13th Edition", (40, 60), 0, 35, 13, True),
        (14, "14th Edition", (40, 60), 0, 35, 13, True),
    ],
)
def test_what_each_edition_says(number, name, deck, reserves, hp, clean_slate, indicator):
    edition = get_edition(number)

    assert edition.name == name
    assert (edition.deck_min, edition.deck_max) == deck
    assert edition.reserves == reserves
    assert edition.starting_hp == hp
    assert edition.clean_slate == clean_slate
    assert edition.indicator_required is indicator


def test_the_terms_of_each_edition():
    eleventh, fourteenth = get_edition(11), get_edition(14)

    assert [eleventh.term(k) for k in ("minion", "level", "sp", "hp", "grave")] == [
        "creature",
        "resource cost",
        "offense",
        "defense",
        "graveyard",
    ]
    assert [fourteenth.term(k) for k in ("minion", "level", "sp", "hp", "grave")] == [
        "minion",
        "level",
        "SP",
        "HP",
        "grave",
    ]


def test_the_14th_is_current():
    assert current_edition() is get_edition(14)
    assert [e.number for e in load_editions().values() if e.current] == [14]


def test_an_unknown_edition_names_the_known_ones():
    with pytest.raises(UnknownEdition) as raised:
        get_edition(12)

    assert isinstance(raised.value, RulesError)
    assert isinstance(raised.value, ValueError)
    assert "11th Edition, 13th Edition, 14th Edition" in str(raised.value)


@pytest.mark.parametrize("number", [True, "14", None, 14.5, [14]])
def test_only_an_edition_number_finds_an_edition(number):
    with pytest.raises(UnknownEdition):
        get_edition(number)


def test_the_default_folder_is_read_once_and_callers_get_their_own_dict():
    first = load_editions()
    first.pop(14)

    assert 14 in load_editions()
    assert load_editions()[11] is get_edition(11)


def test_editions_are_immutable():
    edition = get_edition(14)

    with pytest.raises(TypeError):
        edition.terms["minion"] = "monster"  # type: ignore[index]
    assert hash(edition) == hash(get_edition(14))


def test_ordinal():
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 14, 21, 22, 101, 111)] == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "14th", "21st", "22nd", "101st",
        "111th",
    ]  # fmt: skip


# -- a new edition is a new file -----------------------------------------------------------


def fifteenth() -> dict:
    data = json.loads((DEFAULT_FOLDER / "14.json").read_text(encoding="utf-8"))
    data.update(number=15, name="15th Edition", starting_hp=40)
    data["deck_size"] = {"min": 45, "max": 50}
    data["clean_slate_edition"] = 15
    data["refurbished"].append(
        {"original": "Draw x cards.", "new": "Draw x cards, then bury 1 card."}
    )
    data["redacted"] = ["Inflict x damage to each player."]
    data["revised_cost"] = [{"text": "Bounce all targets.", "edition": 15}]
    data["sections"].update(
        redacted={"anchor": "#redacted", "title": "Redacted Card Texts"},
        revised_cost={"anchor": "#costs", "title": "Revised Cost Texts"},
    )
    return data


def write(folder: Path, name: str, data: object) -> None:
    (folder / name).write_text(json.dumps(data), encoding="utf-8")


def test_a_15th_edition_needs_only_a_data_file(tmp_path):
    write(tmp_path, "15.json", fifteenth())

    editions = load_editions(tmp_path)
    edition = editions[15]

    assert list(editions) == [15]
    assert (edition.name, edition.deck_min, edition.deck_max) == ("15th Edition", 45, 50)
    assert edition.current
    card = spell("Draw 2 cards.", design_edition=14)
    assert check_card(card, edition).verdict is Verdict.PRUNED  # before the new clean slate
    check = check_card(spell("Draw 2 cards.", design_edition=15), edition)
    assert check.verdict is Verdict.REFURBISHED
    assert check.text == "Draw 2 cards, then bury 1 card."
    assert check_card(spell("Inflict 3 damage to each player.", 15), edition).verdict is (
        Verdict.PRUNED
    )
    assert check_card(spell("Bounce all targets.", 15), edition).verdict is Verdict.LEGAL
    assert check_deck([DeckEntry(44, spell(design_edition=15))], edition).problems[0].message == (
        "The deck has 44 cards; the 15th Edition requires 45–50 cards."
        " See 'Setup and Deck Building' in the 15th Edition rulebook."
    )


def test_the_shipped_files_load_from_any_folder(tmp_path):
    for path in DEFAULT_FOLDER.glob("*.json"):
        shutil.copy(path, tmp_path)

    assert load_editions(tmp_path) == load_editions()


def test_an_empty_folder_has_no_editions(tmp_path):
    assert load_editions(tmp_path) == {}


@pytest.mark.parametrize(
    ("change", "complaint"),
    [
        (lambda d: d.pop("deck_size"), "missing 'deck_size'"),
        (lambda d: d.update(starting_hp="35"), "'starting_hp' has the wrong type"),
        (lambda d: d.update(edition_indicator_required=1), "wrong type"),
        (lambda d: d["terms"].pop("sp"), "'terms' lacks sp"),
        (lambda d: d["sections"].pop("deck"), "'sections' lacks deck"),
        (lambda d: d["sections"].pop("redacted"), "'sections' lacks redacted"),
        (lambda d: d["deck_size"].update(min=70), "deck size"),
        (lambda d: d["refurbished"].append({"original": "Draw x.", "new": "Draw y."}), "uses y"),
        (lambda d: d["redacted"].append("Pay x\nhitpoints."), "spans several lines"),
        (lambda d: d["redacted"].append("  "), "empty text"),
        (lambda d: d["revised_cost"].append({"text": "See all.", "edition": "9"}), "whole number"),
        (lambda d: d["refurbished"].append({"new": "x"}), "malformed"),
        (lambda d: d.update(number=16), "holds edition 16"),
    ],
)
def test_a_broken_edition_file_says_what_is_wrong(tmp_path, change, complaint):
    data = fifteenth()
    change(data)
    write(tmp_path, "15.json", data)

    with pytest.raises(EditionDataError, match="15.json|edition 15") as raised:
        load_editions(tmp_path)

    assert complaint in str(raised.value)


def test_unreadable_json_is_an_edition_data_error(tmp_path):
    (tmp_path / "15.json").write_text("{not json", encoding="utf-8")

    with pytest.raises(EditionDataError, match="15.json"):
        load_editions(tmp_path)


def test_only_one_edition_may_be_current(tmp_path):
    shutil.copy(DEFAULT_FOLDER / "14.json", tmp_path)
    write(tmp_path, "15.json", fifteenth())

    with pytest.raises(EditionDataError, match=r"several editions are marked current \(14, 15\)"):
        load_editions(tmp_path)
