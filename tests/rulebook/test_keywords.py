"""Finding keywords in text: the pure index, without a database."""

import pytest

from rulebook.keywords import KeywordIndex, TermEntry, find_keywords, form_key, short_definition

INDEX = KeywordIndex(
    [
        TermEntry("self-bury", "Self-bury", ("self-bury", "self-buries", "self-buried")),
        TermEntry("bury", "Bury", ("bury", "buries", "buried", "burying"), "To bury a card..."),
        TermEntry("bounce", "Bounce", ("bounce", "bounces", "bounced", "bouncing")),
        TermEntry("dice-heal", "Dice-heal", ("dice-heal", "#-dice-heal", "#-dice-heals")),
        TermEntry("down-level", "Down-level", ("down-level", "down-levels", "down-leveled")),
        TermEntry("ghost-play", "Ghost-play", ("ghost-play",)),
        TermEntry("hex-play", "Hex-play", ("hex-play",)),
        TermEntry("sword-counter", "Sword Counter", ("sword counter", "sword counters")),
        TermEntry("counter", "Counter", ("counter", "counters")),
        TermEntry("damage", "Damage", ("damage", "damaged")),
        TermEntry("in-play", "In-play", ("in-play",)),
        TermEntry("owner", "Owner", ("owner", "owners")),
        TermEntry("you", "You", ("you", "your"), link=False),
        TermEntry("place", "Place all targets on top of owner's deck", ()),
    ]
)


def slugs(text: str) -> list[str]:
    return [match.slug for match in INDEX.find(text)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Self-bury 1 card.", ["self-bury"]),
        ("It self-buries.", ["self-bury"]),
        ("Bury it. It buries. Buried cards. Burying.", ["bury", "bury", "bury", "bury"]),
        ("3-dice-heal yourself", ["dice-heal"]),
        ("x-dice-heal, X-dice-heals, 12-dice-heal", ["dice-heal", "dice-heal", "dice-heal"]),
        ("Down-level 2 targets; they are down-leveled.", ["down-level", "down-level"]),
        ("Ghost-play: Hex-play:", ["ghost-play", "hex-play"]),
        ("Place 2 Sword Counter(s) on it.", ["sword-counter"]),
        ("Remove 3 Sword Counters.", ["sword-counter"]),
        ("Place a counter. Damage it.", ["counter", "damage"]),
        ("It is damaged, then bounced.", ["damage", "bounce"]),
        ("an in-play minion; an in play minion", ["in-play", "in-play"]),
        ("its owner\u2019s deck; owners", ["owner", "owner"]),
        ("Place all targets on top of owner\u2019s deck.", ["place"]),
    ],
)
def test_keywords_and_their_forms_are_found(text, expected):
    assert slugs(text) == expected


@pytest.mark.parametrize(
    "text",
    ["Reburied", "buryx", "counterpart", "undamaged", "self-buryish", "Your turn.", ""],
)
def test_words_that_only_contain_a_keyword_are_not_it(text):
    assert slugs(text) == []


def test_a_match_reports_where_it_is_in_the_original_text():
    text = "Then SELF-BURY 2 cards"
    (match,) = INDEX.find(text)
    assert text[match.start : match.end] == "SELF-BURY" == match.text
    assert (match.slug, match.name) == ("self-bury", "Self-bury")


def test_the_longest_form_wins_where_two_start_together():
    assert slugs("Damage Counter") == ["damage", "counter"]  # no "Damage Counter" term here
    both = KeywordIndex(
        [
            TermEntry("damage", "Damage", ("damage",)),
            TermEntry("damage-counter", "Damage Counter", ("damage counter",)),
        ]
    )
    assert [m.slug for m in both.find("Place 1 Damage Counter; deal damage.")] == [
        "damage-counter",
        "damage",
    ]


def test_the_earlier_entry_keeps_a_shared_form():
    index = KeywordIndex(
        [TermEntry("new", "Target", ("target",)), TermEntry("old", "Target", ("target",))]
    )
    assert [m.slug for m in index.find("Target 1 card")] == ["new"]


def test_form_keys_fold_case_spacing_numbers_and_apostrophes():
    assert form_key("3-Dice-Heal") == form_key("#-dice-heal") == "#-dice-heal"
    assert form_key("In play") == form_key("in-play")
    assert form_key("Sword Counter(s)") == "sword-counter"
    assert form_key("owner\u2019s") == "owner's"


def test_an_empty_index_finds_nothing():
    assert KeywordIndex([]).find("Bury it") == []
    assert find_keywords("Bury it", index=KeywordIndex([])) == []


def test_short_definitions_end_on_a_sentence_or_a_word():
    assert short_definition("Short.") == "Short."
    long = "First sentence is here. " + "word " * 80
    assert short_definition(long, 60) == "First sentence is here."
    cut = short_definition("word " * 80, 40)
    assert cut.endswith("…") and len(cut) <= 41
