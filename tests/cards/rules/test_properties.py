"""Properties that hold for any text: checked with generated examples."""

import math
import unicodedata

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cards.rules import (
    Card,
    DeckEntry,
    check_card,
    check_deck,
    load_editions,
    read_card_text,
    refurbish,
)
from cards.rules.text import find_entries, fold, normalize

from .helpers import lowered, spell, with_numbers

# No example database: the suite leaves nothing behind in the working tree.
fast = settings(
    max_examples=150, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow]
)

EDITIONS = load_editions()
TABLES = [(number, row) for number, edition in EDITIONS.items() for row in edition.refurbished]

# Filler mixes words, digits, punctuation, typographic quotes, arrows and line breaks: the
# characters ability text is made of, and the ones normalization folds.
FILLER_ALPHABET = "abcdeghiklmnoprstuvwABCDEGHX0123456789 .,;:!?'\"’‘“”()-→\t\n\u00a0"
filler = st.text(alphabet=FILLER_ALPHABET, max_size=25)
# From 2: at 1 a row's new text is written in the singular (test_table_singulars.py).
numbers = st.fixed_dictionaries(
    {letter: st.integers(2, 10**6).map(str) for letter in ("x", "y", "z")}
)


@st.composite
def texts_with_entries(draw):
    """(text, [(start, end, expected new text)], edition number) built from filler and rows."""
    number, _ = draw(st.sampled_from(TABLES))
    rows = EDITIONS[number].refurbished
    pieces: list[str] = [draw(filler)]
    spans = []
    for _ in range(draw(st.integers(1, 4))):
        row = draw(st.sampled_from(rows))
        values = draw(numbers)
        original, new = with_numbers(row.original, values), with_numbers(row.new, values)
        if draw(st.booleans()):
            original, new = lowered(original), lowered(new)
        else:
            original, new = original[:1].upper() + original[1:], new[:1].upper() + new[1:]
        # A separator keeps the entry a whole word whatever the filler ends or starts with.
        pieces.append(draw(st.sampled_from([" ", "\n", "  ", "\t"])))
        start = sum(map(len, pieces))
        pieces.append(original)
        spans.append((start, start + len(original), new))
        pieces.append(draw(st.sampled_from([" ", "\n", "  "])))
        pieces.append(draw(filler))
    return "".join(pieces), spans, number


@fast
@given(texts_with_entries())
def test_text_outside_a_match_is_never_touched(case):
    text, spans, number = case

    new, replacements = refurbish(text, number)

    assert [(r.start, r.end, r.new) for r in replacements] == spans
    expected, cursor = [], 0
    for start, end, replacement in spans:
        expected += [text[cursor:start], replacement]
        cursor = end
    expected.append(text[cursor:])
    assert new == "".join(expected)


@fast
@given(texts_with_entries())
def test_refurbishing_twice_changes_nothing_more(case):
    text, _, number = case

    once, _ = refurbish(text, number)

    assert refurbish(once, number) == (once, ())


@fast
@given(st.text(max_size=200), st.sampled_from(sorted(EDITIONS)))
def test_refurbishing_any_text_is_idempotent(text, number):
    once, replacements = refurbish(text, number)

    assert refurbish(once, number)[0] == once
    for replacement in replacements:
        assert text[replacement.start : replacement.end] == replacement.original


@fast
@given(
    st.text(max_size=200),
    st.lists(st.sampled_from([e for ed in EDITIONS.values() for e in ed.redacted]), max_size=5),
)
def test_matches_are_in_order_and_never_overlap(text, entries):
    matches = find_entries(text, entries)

    ends = [0]
    for match in matches:
        assert match.start >= ends[-1]
        assert text[match.start : match.end] == match.text
        ends.append(match.end)


@fast
@given(st.text(max_size=200))
def test_normalize_maps_back_to_the_original(text):
    normalized = normalize(text)

    for index, char in enumerate(normalized.text):
        start, end = normalized.origins[index], normalized.ends[index]
        assert 0 <= start < end <= len(text)
        # What the original characters read as: folded quotes, in NFKC.
        seen = fold(unicodedata.normalize("NFKC", fold(text[start:end])))
        assert any(c.isspace() for c in seen) if char in (" ", "\n") else char in seen
        assert unicodedata.category(char) != "Cf"


@fast
@given(st.text(max_size=300))
def test_the_parser_never_raises_and_keeps_to_the_text(text):
    for ability in (read.outline for read in read_card_text(text, 12).abilities):
        assert ability.text and ability.text in text
        assert "\n" not in ability.text
        if ability.name is not None:
            assert not any(char.islower() for char in ability.name)
        for part in (ability.name, ability.condition, ability.cost, *ability.sub_abilities):
            assert part is None or (part and part in ability.text)


ability_words = st.sampled_from(
    ["FIRE", "BREATH", "When", "this", "minion", "attacks", "Draw", "1", "2.5", "card", ":",
     "→", "->", ".", "!", "?", '"', "“", "”", "(", ")", "e.g.", "\n", " ", "  ", "3:1"]
)  # fmt: skip


@fast
@given(st.lists(ability_words, max_size=40).map(" ".join))
def test_the_parser_never_raises_on_ability_like_text(text):
    for ability in (read.outline for read in read_card_text(text, 12).abilities):
        assert ability.text in text


stats = st.one_of(
    st.none(), st.integers(-5, 50), st.floats(allow_nan=True), st.booleans(), st.text(max_size=3)
)


@fast
@given(
    kind=st.sampled_from(["minion", "spell", "trap", ""]),
    design=st.one_of(st.none(), st.integers(-2, 20), st.booleans()),
    level=stats,
    sp=stats,
    hp=stats,
    text=st.text(max_size=120),
    edition=st.sampled_from(sorted(EDITIONS)),
)
def test_checking_any_card_never_raises_and_gives_reasons(
    kind, design, level, sp, hp, text, edition
):
    card = Card("Any", kind, design, level, sp, hp, text)

    check = check_card(card, edition)

    assert (check.verdict == "legal") == (check.reasons == ())
    assert check.playable == (check.verdict in ("legal", "refurbished"))
    for reason in (*check.reasons, *check.warnings):
        assert reason.section.startswith("#")
        if reason.guide_edition is None:
            assert reason.message.endswith("rulebook.")
        else:  # a reason the Card Building Guide gives names it, and the page links to it
            assert reason.message.endswith("Card Building Guide.")
            assert reason.guide_component or reason.guide_section
    assert check.as_dict()["verdict"] == check.verdict.value
    if isinstance(level, float) and math.isnan(level):
        assert check.verdict == "invalid"


@fast
@given(st.lists(st.integers(-2, 30), max_size=6), st.sampled_from(sorted(EDITIONS)))
def test_a_deck_is_legal_exactly_when_it_has_no_problems(counts, edition):
    card = spell("Draw 1 card.", design_edition=edition)  # at the level its guide computes

    check = check_deck([DeckEntry(count, card) for count in counts], edition)

    rules = EDITIONS[edition]
    assert check.size == sum(c for c in counts if c > 0)
    assert check.legal == (not check.problems)
    assert check.legal == (
        rules.deck_min <= check.size <= rules.deck_max and min(counts, default=1) > 0
    )
