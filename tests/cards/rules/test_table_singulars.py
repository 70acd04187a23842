"""The rulebooks' tables at a number of 1, as the guides write it.

The tables apply to "any card containing any exact original text", and the guides write a
number of 1 in the singular ("Target 1 on-field minion; destroy it."): "up to" dropped, the
words that count it singular, "the targets" written "the target" or "it". A row is found in
every form the guides' own grammar writes for it, and a refurbished text is written back in that
grammar. The generated tests ask the writer (the guide's own grammar, applied to the very
components the rows come from) for the texts; the explicit ones spell them out.
"""

from __future__ import annotations

import re

import pytest

from cards.rules import Verdict, check_card, load_editions, refurbish
from cards.rules.guide import Component, load_guides
from cards.rules.matching import folded
from cards.rules.tables import table_matches
from cards.rules.writer import Choice, write_component

from .helpers import spell

EDITIONS = load_editions()
GUIDES = load_guides()


def _row_pattern(row: str) -> re.Pattern[str]:
    body = folded(row).strip().rstrip(".;:\u2192").lower()
    parts = re.split(r"(?<!\w)([xyz])(?!\w)", body)
    pattern = "".join(
        rf"(?P<{part}>[xyz])" if index % 2 else re.escape(part) for index, part in enumerate(parts)
    )
    return re.compile(r"(?<![\w-])" + pattern)


def _holding(row: str) -> list[tuple[int, Component]]:
    """The components of every guide whose text holds the row."""
    pattern = _row_pattern(row)
    return [
        (number, component)
        for number, guide in GUIDES.items()
        for component in guide.components
        if not component.redacted and pattern.search(folded(component.body).lower())
    ]


def _at_one(number: int, component: Component, **forms: bool) -> list[str]:
    """The component as its guide writes it with every number 1, in each form it may take."""
    choice = Choice(component.id, dict.fromkeys(component.letters, 1))
    written = {write_component(choice, number)}
    if forms.get("targets"):
        written.add(write_component(choice, number, single_target=True))
        written.add(write_component(choice, number, single_target=True, pronoun=True))
    return sorted(written)


def _cases(table: str) -> list[tuple[int, int, int, str]]:
    cases = []
    for number, edition in EDITIONS.items():
        for index, row in enumerate(getattr(edition, table)):
            text = row if isinstance(row, str) else getattr(row, "original", None) or row.text
            for guide, component in _holding(text):
                for written in _at_one(guide, component, targets=True):
                    cases.append((number, index, guide, written))
    return sorted(set(cases))


REFURBISHED = _cases("refurbished")
REVISED_COST = _cases("revised_cost")


def test_the_guides_hold_rows_that_take_a_singular():
    # Without these the generated tests below would prove nothing.
    assert any("1 minion" in text for *_, text in REFURBISHED)
    assert any("1 card therein" in text for *_, text in REVISED_COST)
    assert any(text.endswith("the target.") for *_, text in REVISED_COST)


@pytest.mark.parametrize(("number", "index", "guide", "written"), REFURBISHED)
def test_every_refurbished_row_is_found_as_its_guide_writes_it_at_1(number, index, guide, written):
    edition = EDITIONS[number]
    row = edition.refurbished[index]

    found = table_matches(written, written, [entry.original for entry in edition.refurbished])
    new, replacements = refurbish(written, number)

    assert index in [match.entry for match in found], (row, written)
    assert replacements, (row, written)
    # Written back as the edition's own guide writes its new text at 1: the new text's words
    # are those of a component of a guide on file with its numbers at 1.
    new_words = replacements[0].new.lower()
    writers = [
        text.lower()
        for g, component in _holding(row.new)
        for text in _at_one(g, component, targets=True)
    ]
    if writers:
        assert any(new_words in text for text in writers), (new, writers)


@pytest.mark.parametrize(("number", "index", "guide", "written"), REVISED_COST)
def test_every_revised_cost_row_prunes_as_its_guide_writes_it_at_1(number, index, guide, written):
    edition = EDITIONS[number]
    row = edition.revised_cost[index]
    # A target selection is followed by an effect, so that the card is made of components.
    text = f"{written} draw 1 card." if written.endswith(";") else written
    card = spell(text, design_edition=row.edition - 1)

    check = check_card(card, number)

    assert check.verdict is Verdict.PRUNED, (written, check.reasons)
    assert "revised_cost_text" in [reason.code for reason in check.reasons]


# -- the documents' own texts --------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "Target 1 in-play card; sheathe the target.",
        "Target 1 in-play card; sheathe it.",
        "Target 1 in-play card; silo the target.",
        "See enemy's hand and target 1 card therein; destroy it.",
        "See enemy's hand and target up to 2 cards therein; destroy the targets.",
    ],
)
def test_a_14th_card_at_1_is_pruned_by_the_17th_as_its_plural_is(text):
    check = check_card(spell(text, design_edition=14), 17)

    assert check.verdict is Verdict.PRUNED
    assert [reason.code for reason in check.reasons] == ["revised_cost_text"]


def test_a_16th_card_at_1_is_still_legal():
    text = "See enemy's hand and target 1 card therein; destroy it."

    assert check_card(spell(text, design_edition=16), 17).verdict is Verdict.LEGAL


@pytest.mark.parametrize(
    ("printed", "now"),
    [
        ("Target 1 of your resources; destroy it.", "Target 1 card in your granary; destroy it."),
        ("Target 2 of your resources; destroy the targets.", None),
        ("Self-exhaust 1 minion→Draw 1 card.", "Self-exhaust 1 on-field minion→Draw 1 card."),
        ("Self-exhaust 1 minions→Draw 1 card.", "Self-exhaust 1 on-field minion→Draw 1 card."),
        ("Summon 1 level 2 pawn.", "Craft 1 level 2 pawn."),
        ("Summon 3 level 1 pawns.", "Craft 3 level 1 pawns."),
    ],
)
def test_a_refurbished_text_is_written_in_the_guides_grammar(printed, now):
    new, (replacement,) = refurbish(printed, 17)

    if now is None:
        assert "2 cards in your granary" in new
    else:
        assert new == now
    assert printed[replacement.start : replacement.end] == replacement.original


def test_the_11th_rows_take_their_singular_too():
    # "Target up to x resources." of the 11th rulebook: "up to" may be dropped at 1 there.
    assert refurbish("Target 1 resource.", 11)[0] == "Target 1 of your resources."
    assert refurbish("Target up to 1 resource.", 11)[0] == "Target up to 1 of your resources."
    check = check_card(spell("Destroy 1 card on the top of your deck.", design_edition=10), 11)
    assert "redacted_text" in [reason.code for reason in check.reasons]


def test_a_singular_is_only_read_at_1():
    # "self-exhaust 2 minion" is no form of the row: the guides write 2 in the plural.
    assert refurbish("Self-exhaust 2 minion→Draw 1 card.", 17)[1] == ()
    assert refurbish("Self-exhaust 11 minion→Draw 1 card.", 17)[1] == ()
