"""Editions come from data files: one per edition, no code per edition."""

import json
import shutil
from pathlib import Path

import jsonschema
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
from cards.rules.editions import DEFAULT_FOLDER, SCHEMA_PATH

from .helpers import spell


def test_the_shipped_editions():
    assert sorted(load_editions()) == [11, 12, 13, 14, 15, 16, 17]


@pytest.mark.parametrize(
    ("number", "name", "deck", "reserves", "hp", "clean_slate", "indicator"),
    [
        (11, "11th Edition", (40, 40), (10, 0), 20, None, False),
        # The 12th's reserves are an optional pile of up to 5 beside the deck; a card without
        # an Edition Indicator is banned by its clean slate rather than invalid.
        (12, "12th Edition", (40, 60), (0, 5), 35, 12, False),
        (13, "13th Edition", (40, 60), (0, 0), 35, 13, True),
        (14, "14th Edition", (40, 60), (0, 0), 35, 13, True),
        (15, "15th Edition", (40, 60), (0, 0), 35, 13, True),
        (16, "16th Edition", (40, 60), (0, 0), 35, 13, True),
        (17, "17th Edition", (40, 60), (0, 0), 35, 13, True),
    ],
)
def test_what_each_edition_says(number, name, deck, reserves, hp, clean_slate, indicator):
    edition = get_edition(number)

    assert edition.name == name
    assert (edition.deck_min, edition.deck_max) == deck
    assert (edition.reserves, edition.optional_reserves) == reserves
    assert edition.starting_hp == hp
    assert edition.clean_slate == clean_slate
    assert edition.indicator_required is indicator


@pytest.mark.parametrize("number", [12, 13, 14, 15, 16, 17])
def test_from_the_12th_on_minion_abilities_are_named_and_spell_abilities_are_not(number):
    edition = get_edition(number)

    assert edition.minion_ability_names_required
    assert not edition.spell_ability_names_allowed
    assert edition.condition_opening is None


def goldfish(number: int) -> dict:
    return json.loads((DEFAULT_FOLDER / f"{number}.json").read_text(encoding="utf-8"))["goldfish"]


@pytest.mark.parametrize(
    ("number", "turns", "hand", "bury", "reserves"),
    [
        (11, "11", 5, False, 10),
        # The 12th takes 5 cards with no bury; the 17th calls its bury a mulligan.
        (12, "14", 5, False, 0),
        (13, "14", 5, True, 0),
        (14, "14", 5, True, 0),
        (15, "14", 5, True, 0),
        (16, "14", 5, True, 0),
        (17, "14", 5, True, 0),
    ],
)
def test_how_a_game_of_each_edition_starts(number, turns, hand, bury, reserves):
    setup = goldfish(number)

    assert setup["turn_rules"] == turns
    assert (setup["opening_hand"], setup["opening_bury"], setup["reserves"]) == (
        hand,
        bury,
        reserves,
    )
    # In every edition the player who goes first skips their first Draw Phase.
    assert setup["first_player_draws_on_turn_1"] is False


def test_the_12th_bans_a_card_without_an_edition_indicator_by_its_clean_slate():
    check = check_card(spell("Draw 1 card.", design_edition=None), 12)

    assert check.verdict is Verdict.PRUNED
    assert [reason.code for reason in check.reasons] == ["before_clean_slate"]
    assert check.reasons[0].section == "#cleanslate"
    assert check_card(spell("Draw 1 card.", design_edition=11), 12).verdict is Verdict.PRUNED


def test_from_the_13th_on_a_card_without_an_edition_indicator_is_invalid():
    for number in (13, 14, 15, 16, 17):
        check = check_card(spell("Draw 1 card.", design_edition=None), number)
        assert check.verdict is Verdict.INVALID
        assert check.reasons[0].code == "missing_edition_indicator"


def test_the_terms_of_each_edition():
    eleventh, fourteenth = get_edition(11), get_edition(14)
    twelfth, sixteenth, seventeenth = get_edition(12), get_edition(16), get_edition(17)

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
    assert twelfth.term("grave") == "graveyard"
    # A player's field is the 17th's "play area"; "in-play" is "on-field" from the 16th on.
    assert [e.term("field") for e in (twelfth, fourteenth, sixteenth, seventeenth)] == [
        "field",
        "field",
        "field",
        "play area",
    ]
    assert [e.term("in_play") for e in (twelfth, fourteenth, sixteenth, seventeenth)] == [
        "in-play",
        "in-play",
        "on-field",
        "on-field",
    ]
    assert [seventeenth.term(k) for k in ("grave", "granary", "battlefield")] == [
        "grave",
        "granary",
        "battlefield",
    ]


def test_the_17th_is_current_as_the_newest_on_file():
    assert current_edition() is get_edition(17)
    for path in DEFAULT_FOLDER.glob("*.json"):
        assert "current" not in json.loads(path.read_text(encoding="utf-8")), path.name


def test_the_newest_edition_in_a_folder_is_current(tmp_path):
    for number in (12, 14):
        shutil.copy(DEFAULT_FOLDER / f"{number}.json", tmp_path)
    assert current_edition(tmp_path).number == 14

    for number in (11, 16, 13, 17, 15):
        shutil.copy(DEFAULT_FOLDER / f"{number}.json", tmp_path)
    assert current_edition(tmp_path) == get_edition(17)

    write(tmp_path, "18.json", eighteenth())
    assert current_edition(tmp_path).number == 18


def test_no_flag_in_a_file_makes_an_older_edition_current(tmp_path):
    old = json.loads((DEFAULT_FOLDER / "14.json").read_text(encoding="utf-8"))
    old["current"] = True
    write(tmp_path, "14.json", old)
    shutil.copy(DEFAULT_FOLDER / "17.json", tmp_path)

    assert current_edition(tmp_path).number == 17


def test_an_empty_folder_has_no_current_edition(tmp_path):
    with pytest.raises(UnknownEdition, match="No edition files"):
        current_edition(tmp_path)


def test_an_unknown_edition_names_the_known_ones():
    with pytest.raises(UnknownEdition) as raised:
        get_edition(18)

    assert isinstance(raised.value, RulesError)
    assert isinstance(raised.value, ValueError)
    assert (
        "11th Edition, 12th Edition, 13th Edition, 14th Edition, 15th Edition, 16th Edition,"
        " 17th Edition" in str(raised.value)
    )


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


def eighteenth() -> dict:
    """An edition after the newest on file, as its file would say it."""
    data = json.loads((DEFAULT_FOLDER / "14.json").read_text(encoding="utf-8"))
    data.update(number=18, name="18th Edition", starting_hp=40)
    data["deck_size"] = {"min": 45, "max": 50}
    data["clean_slate_edition"] = 18
    data["refurbished"].append(
        {"original": "Draw x cards.", "new": "Draw x cards, then bury 1 card."}
    )
    data["redacted"] = ["Inflict x damage to each player."]
    data["revised_cost"] = [{"text": "Bounce all targets.", "edition": 18}]
    data["sections"].update(
        redacted={"anchor": "#redacted", "title": "Redacted Card Texts"},
        revised_cost={"anchor": "#costs", "title": "Revised Cost Texts"},
    )
    return data


def write(folder: Path, name: str, data: object) -> None:
    (folder / name).write_text(json.dumps(data), encoding="utf-8")


def test_an_18th_edition_needs_only_a_data_file(tmp_path):
    write(tmp_path, "18.json", eighteenth())

    editions = load_editions(tmp_path)
    edition = editions[18]

    assert list(editions) == [18]
    assert (edition.name, edition.deck_min, edition.deck_max) == ("18th Edition", 45, 50)
    assert current_edition(tmp_path) == edition
    card = spell("Draw 2 cards.", design_edition=17)
    assert check_card(card, edition).verdict is Verdict.PRUNED  # before the new clean slate
    check = check_card(spell("Draw 2 cards.", design_edition=18), edition)
    assert check.verdict is Verdict.REFURBISHED
    assert check.text == "Draw 2 cards, then bury 1 card."
    assert check_card(spell("Inflict 3 damage to each player.", 18), edition).verdict is (
        Verdict.PRUNED
    )
    assert check_card(spell("Bounce all targets.", 18), edition).verdict is Verdict.LEGAL
    assert check_deck([DeckEntry(44, spell(design_edition=18))], edition).problems[0].message == (
        "The deck has 44 cards; the 18th Edition requires 45–50 cards."
        " See 'Setup and Deck Building' in the 18th Edition rulebook."
    )


def test_a_text_variant_matches_every_table_in_its_wording(tmp_path):
    data = eighteenth()
    data["table_text_variants"] = [{"text": "the targets", "may_read": "it"}]
    data["refurbished"] = [{"original": "Bounce the targets", "new": "Bury the targets"}]
    data["redacted"] = ["Destroy the targets twice."]
    data["revised_cost"] = [{"text": "Silo the targets.", "edition": 18}]
    data["sections"]["refurbished"] = {"anchor": "#refurbished", "title": "Refurbished"}
    write(tmp_path, "18.json", data)

    edition = load_editions(tmp_path)[18]

    assert [(row.original, row.new) for row in edition.refurbished] == [
        ("Bounce the targets", "Bury the targets"),
        ("Bounce it", "Bury it"),
    ]
    assert edition.redacted == ("Destroy the targets twice.", "Destroy it twice.")
    assert [(row.text, row.edition) for row in edition.revised_cost] == [
        ("Silo the targets.", 18),
        ("Silo it.", 18),
    ]
    check = check_card(spell("Bounce it.", design_edition=18), edition)
    assert check.text == "Bury it."
    assert check_card(spell("Silo it.", design_edition=17), edition).verdict is Verdict.PRUNED


def test_the_shipped_files_load_from_any_folder(tmp_path):
    for path in DEFAULT_FOLDER.glob("*.json"):
        shutil.copy(path, tmp_path)

    assert load_editions(tmp_path) == load_editions()


def test_an_empty_folder_has_no_editions(tmp_path):
    assert load_editions(tmp_path) == {}


@pytest.mark.parametrize(
    ("change", "complaint"),
    [
        (lambda d: d.pop("deck_size"), "deck_size is missing"),
        (lambda d: d.update(starting_hp="35"), "starting_hp must be a whole number"),
        (lambda d: d.update(edition_indicator_required=1), "must be true or false"),
        (lambda d: d["terms"].pop("sp"), "'terms' lacks sp"),
        (lambda d: d["sections"].pop("deck"), "'sections' lacks deck"),
        (lambda d: d["sections"].pop("redacted"), "'sections' lacks redacted"),
        (lambda d: d["deck_size"].update(min=70), "deck size"),
        (lambda d: d["refurbished"].append({"original": "Draw x.", "new": "Draw y."}), "uses y"),
        (lambda d: d["redacted"].append("Pay x\nhitpoints."), "spans several lines"),
        (lambda d: d["redacted"].append("  "), "empty text"),
        (lambda d: d["revised_cost"].append({"text": "See all.", "edition": "9"}), "whole number"),
        (lambda d: d["refurbished"].append({"new": "x"}), "refurbished[2].original is missing"),
        (lambda d: d.update(number=16), "holds edition 16"),
        (lambda d: d.update(optional_reserves=-1), "optional_reserves must be 0 or more"),
        (lambda d: d.update(optional_reserves="5"), "optional_reserves must be a whole number"),
        (lambda d: d.update(deck_sise=45), "fields this format does not know: deck_sise"),
        (lambda d: d["sections"]["deck"].pop("title"), "sections.deck.title is missing"),
        (lambda d: d.update(starting_hp=0), "starting_hp must be 1 or more"),
        (lambda d: d.update(clean_slate_edition="13"), "a whole number or null"),
        (lambda d: d.update(activation_condition_opening=" "), "must not be empty"),
        (lambda d: d.update(table_text_variants={"the targets": "it"}), "must be a list"),
        (
            lambda d: d.update(table_text_variants=[{"text": "the targets"}]),
            "table_text_variants[0].may_read is missing",
        ),
        (
            lambda d: d.update(table_text_variants=[{"text": "x targets", "may_read": "it"}]),
            "cannot hold x, y or z",
        ),
        (
            lambda d: d.update(table_text_variants=[{"text": "the targets", "may_read": " "}]),
            "must be words on one line",
        ),
    ],
)
def test_a_broken_edition_file_says_what_is_wrong(tmp_path, change, complaint):
    data = eighteenth()
    change(data)
    write(tmp_path, "18.json", data)

    with pytest.raises(EditionDataError, match="18.json|edition 18") as raised:
        load_editions(tmp_path)

    assert complaint in str(raised.value)


def test_every_problem_the_schema_finds_is_told_at_once(tmp_path):
    data = eighteenth()
    data.pop("name")
    data["deck_size"]["max"] = "fifty"
    write(tmp_path, "18.json", data)

    with pytest.raises(EditionDataError) as raised:
        load_editions(tmp_path)

    assert str(raised.value) == ("18.json: name is missing; deck_size.max must be a whole number.")


def test_a_file_that_is_not_an_object_is_refused(tmp_path):
    write(tmp_path, "18.json", [eighteenth()])

    with pytest.raises(EditionDataError, match="18.json: the file must hold a JSON object"):
        load_editions(tmp_path)


def test_the_schema_is_a_json_schema_and_every_shipped_file_matches_it():
    schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    files = sorted(DEFAULT_FOLDER.glob("[0-9]*.json"))
    assert len(files) == len(load_editions())
    for path in files:
        jsonschema.validate(json.loads(path.read_text(encoding="utf-8")), schema)


def test_the_schema_beside_the_files_is_not_taken_for_an_edition(tmp_path):
    shutil.copy(SCHEMA_PATH, tmp_path)

    assert load_editions(tmp_path) == {}


def test_unreadable_json_is_an_edition_data_error(tmp_path):
    (tmp_path / "18.json").write_text("{not json", encoding="utf-8")

    with pytest.raises(EditionDataError, match="18.json"):
        load_editions(tmp_path)
