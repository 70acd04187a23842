"""The reader reads each paragraph once per guide and moves it to where it stands: a card's
reading is the same as when every paragraph is read in place."""

import itertools

import pytest

from cards.rules import load_guides, read_card_text
from cards.rules.reader import _as_worded, _Reader

PARAGRAPHS = (
    "GREED: Draw 2 cards.",
    "Greed: Draw 2 cards.",
    "THOR'S HAMMER: Target 1 in-play card; destroy it.",
    "SWEEP: Self-exhaust 2 resources→ Target up to 2 in-play cards; bounce the targets.",
    "MEND: 3-dice-heal yourself.",
    "When you take damage: Draw 1 card.",
    "ZAP: Petrify the targets.",
    "WAIL: When this card in your hand is destroyed (ghost-play, must pay resource cost):"
    " Draw 1 card.",
    "Target up to 3 cards in any hand randomly; sheathe the targets.",
    "This card cannot attack.",
    "GLOW: Pay 2 HP→ Draw 1 card. Target 1 on-field minion; sheathe it.",
    "nonsense words that are no component",
    "",
)


def _in_place(text: str, guide):
    worded, _ = _as_worded(text, guide.edition)
    reader = _Reader(worded, guide)
    reader.paragraph = reader.ability  # every paragraph read where it stands
    return reader.read()


@pytest.mark.parametrize("edition", sorted(load_guides()))
def test_each_paragraph_read_once_reads_as_in_place(edition):
    guide = load_guides()[edition]
    texts = ["\n".join(pair) for pair in itertools.permutations(PARAGRAPHS, 2)]
    texts += ["\n".join(PARAGRAPHS), "GREED: Draw 2 cards.\nGREED: Draw 2 cards."]
    for text in texts:
        moved, in_place = read_card_text(text, guide), _in_place(text, guide)
        assert moved.abilities == in_place.abilities, text
        assert (moved.caveats, moved.problems) == (in_place.caveats, in_place.problems), text


def test_a_text_whose_spaces_normalizing_moves_is_read_in_place():
    guide = load_guides()[17]
    text = "GREED:  Draw 2 cards.\nTHOR'S HAMMER: Target 1 on-field minion; destroy it."
    reading = read_card_text(text, guide)
    assert reading == _in_place(text, guide)
    second = reading.abilities[1]
    assert text[second.start : second.end] == second.text
