"""Text the rules read as a reader sees it: invisible characters and compatibility forms hide
no redacted or outdated text; letters that only look alike are a warning."""

import unicodedata

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cards.rules import (
    Code,
    Verdict,
    check_card,
    clean_text,
    mixed_script_words,
    read_card_text,
    refurbish,
)
from cards.rules.text import find_entries, normalize

from .helpers import minion, spell

fast = settings(max_examples=300, deadline=None, database=None)

ZERO_WIDTH_SPACE = "\u200b"
SOFT_HYPHEN = "\u00ad"

# Each hides a redacted 11th text from a check that reads characters one by one.
HIDDEN_BANS = [
    "Pay \u200b4 hitpoints.",  # zero-width space
    "Pay 4 hit\u00adpoints.",  # soft hyphen
    "Pay 4 hit\u200dpoints.",  # zero-width joiner
    "Pay 4 hit\u200cpoints.",  # zero-width non-joiner
    "Pay 4 \ufeffhitpoints.",  # byte-order mark (zero-width no-break space)
    "Pay 4 hit\u2060points.",  # word joiner
    "\u200ePay 4 hitpoints.\u200f",  # left-to-right and right-to-left marks
    "Pay 4 hit\u202epoints.",  # right-to-left override
    "Ｐａｙ ４ ｈｉｔｐｏｉｎｔｓ.",  # fullwidth letters and digits
    "𝐏𝐚𝐲 4 hitpoints.",  # mathematical bold letters
]


def codes(reasons):
    return [reason.code for reason in reasons]


@pytest.mark.parametrize("text", HIDDEN_BANS)
def test_a_redacted_text_with_invisible_or_compatibility_characters_is_pruned(text):
    check = check_card(minion(text, design_edition=11), 11)

    assert check.verdict is Verdict.PRUNED
    assert codes(check.reasons) == ["redacted_text"]
    # The reason quotes the card's own text, invisible characters and all.
    assert check.reasons[0].text == text.strip("\u200e\u200f")


def test_the_plain_redacted_text_is_pruned_as_before():
    check = check_card(minion("Pay 4 hitpoints.", design_edition=11), 11)

    assert check.verdict is Verdict.PRUNED and codes(check.reasons) == ["redacted_text"]


def test_an_outdated_text_with_a_zero_width_space_is_refurbished():
    text = "ghost-play,\u200b must pay resource cost"

    assert refurbish(text, 14)[0] == "hex-play"
    # Alone it is no ability (so the card is invalid), but the check still shows it refurbished.
    check = check_card(minion(text), 14)
    assert check.text == "hex-play"
    (replacement,) = check.replacements
    assert replacement.original == text and (replacement.start, replacement.end) == (0, len(text))


@pytest.mark.parametrize("hidden", [ZERO_WIDTH_SPACE, SOFT_HYPHEN])
def test_a_card_with_an_outdated_text_hidden_so_is_refurbished_and_legal_by_its_guide(hidden):
    text = (
        f"HAUNT: When this card in your hand is destroyed (ghost-play,{hidden} must pay resource"
        f" co{hidden}st): Draw 2 cards."
    )
    check = check_card(minion(text, level=8, sp=2, hp=3), 14)

    assert check.verdict is Verdict.REFURBISHED
    assert codes(check.reasons) == ["refurbished_text"]
    assert check.text == (
        "HAUNT: When this card in your hand is destroyed (hex-play): Draw 2 cards."
    )
    assert check.level.computed == 8


def test_the_reader_reads_through_invisible_characters():
    reading = read_card_text("WHISPER: Draw\u200b 1 ca\u00adrd.", 14)

    assert reading.readable
    (draw,) = reading.abilities[0].sub_abilities[0].effects
    assert draw.id == "effect.draw-x-cards" and draw.variables == {"x": 1}
    assert draw.text == "Draw\u200b 1 ca\u00adrd"  # the span is the card's own text


def test_matches_point_into_the_original_text():
    text = "Gain: Pay ４ hit\u00adpoints. More."

    (match,) = find_entries(text, ["Pay x hitpoints."])

    assert match.text == text[match.start : match.end] == "Pay ４ hit\u00adpoints."
    assert match.numbers == {"x": "4"}


def test_normalize_reads_ligatures_and_marks_as_one_text():
    normalized = normalize("ﬁre cafe\u200b\u0301")

    assert normalized.text == "fire café"
    assert normalized.span(0, 2) == (0, 1)  # "fi" comes from the one ligature
    assert normalized.span(8, 9) == (7, 10)  # "é": the letter, the space and the mark


# -- cleaning, as a card is saved ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("typed", "kept"),
    [
        ("Pay \u200b4 hitpoints.", "Pay 4 hitpoints."),
        ("Pay 4 hit\u00adpoints.", "Pay 4 hitpoints."),
        ("\ufeffDraw 1 card.\u200f", "Draw 1 card."),
        ("ghost-play,\u200b must pay resource cost", "ghost-play, must pay resource cost"),
        ("Ｄｒａｗ １ card.", "Draw 1 card."),
        ("ﬁre", "fire"),
        ("cafe\u0301", "café"),
        ("cafe\u200b\u0301", "café"),
    ],
)
def test_cleaning_drops_invisible_characters_and_takes_the_compatibility_form(typed, kept):
    assert clean_text(typed) == kept


@pytest.mark.parametrize(
    "harmless",
    [
        "Draw 1 card.",
        "café, naïve, Ærø, São Paulo",
        "It hums in the dark. 🔥🐉✨",
        "A family: \U0001f468\u200d\U0001f469\u200d\U0001f467",  # joined by zero-width joiners
        "Astronaut \U0001f469\U0001f3fd\u200d\U0001f680, on fire \u2764\ufe0f\u200d\U0001f525",
        "Scotland \U0001f3f4\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f",
        "“Curly” ‘quotes’ and a double prime ″ stay as typed → ⟶",
        "Ωμέγα и мир, 東京タワー",
    ],
)
def test_cleaning_leaves_harmless_text_alone(harmless):
    assert clean_text(harmless) == harmless


@fast
@given(st.text(max_size=80))
def test_cleaning_twice_changes_nothing_and_leaves_no_hidden_character(text):
    once = clean_text(text)

    assert clean_text(once) == once
    hidden = [c for c in once if unicodedata.category(c) == "Cf"]
    assert all(c == "\u200d" or 0xE0020 <= ord(c) < 0xE0080 for c in hidden)


@fast
@given(st.text(max_size=80))
def test_cleaning_never_changes_what_the_rules_read(text):
    assert normalize(clean_text(text)).text == normalize(text).text


# -- look-alike letters --------------------------------------------------------------------------


def test_a_word_mixing_scripts_is_named():
    (found,) = mixed_script_words("Pay 4 hitpoints. P\u0430y 4 hitpoints.")

    assert found.word == "P\u0430y" and (found.start, found.end) == (17, 20)
    assert found.scripts == ("Latin", "Cyrillic")
    assert found.strays == "\u0430"


@pytest.mark.parametrize(
    "text",
    ["Draw 1 card.", "café naïve", "Ωμέγα", "мир", "東京タワー", "x² ½", "α-strike", "R2-D2"],
)
def test_words_of_one_script_are_not_mixed(text):
    assert mixed_script_words(text) == ()


def test_a_cyrillic_letter_in_a_banned_text_is_a_warning_not_a_verdict():
    text = "P\u0430y 4 hitpoints."  # a Cyrillic "а"

    check = check_card(minion(text, design_edition=11, level=1), 11)

    assert check.verdict is not Verdict.PRUNED  # not the rulebook's words
    (warning,) = [w for w in check.warnings if w.code == Code.MIXED_SCRIPT]
    assert warning.text == "P\u0430y"
    assert 'The word "P\u0430y" in the ability text mixes Latin letters with Cyrillic' in (
        warning.message
    )


def test_a_legal_card_with_a_look_alike_name_stays_legal_with_a_warning():
    card = minion("WHISPER: Draw 1 card.", name="W\u0456sp", flavor_text="It hums in the dark.")

    check = check_card(card, 14)

    assert check.verdict is Verdict.LEGAL
    assert codes(check.warnings) == ["mixed_script"]
    assert check.warnings[0].text == "W\u0456sp"
    assert "in the name" in check.warnings[0].message


def test_look_alikes_in_the_flavor_text_are_named_too():
    check = check_card(spell(flavor_text="Th\u0435 end."), 14)

    assert check.verdict is Verdict.LEGAL
    assert [(w.code, w.text) for w in check.warnings] == [("mixed_script", "Th\u0435")]
