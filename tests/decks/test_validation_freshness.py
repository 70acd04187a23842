"""The validation API remembers answers, but never one for a deck that changed since."""

import pytest

from cards.services import card_create, card_delete, card_update
from decks.models import Deck, DeckEntry

pytestmark = pytest.mark.django_db


def minion(name: str, **changes) -> dict:
    return {
        "name": name,
        "kind": "minion",
        "design_edition": 14,
        "level": 2,  # ⌈SP 1 + HP 1 ÷ 2⌉, by the 14th's guide (and by the 12th's: ⌈1 + 1 ÷ 5⌉)
        "sp": 1,
        "hp": 1,
        "ability_text": "",
        "flavor_text": "",
        **changes,
    }


@pytest.fixture
def deck(alice):
    deck = Deck.objects.create(owner=alice, name="Fresh", edition=14, visibility="public")
    DeckEntry.objects.create(
        deck=deck,
        card=card_create(owner=alice, definition=minion("A"), visibility="public"),
        count=30,
    )
    DeckEntry.objects.create(
        deck=deck,
        card=card_create(owner=alice, definition=minion("B"), visibility="public"),
        count=10,
    )
    return deck


def validation(api, deck):
    return api.get(f"/api/v1/decks/{deck.pk}/validation/").json()


def test_editing_a_card_changes_the_answer_at_once(api, alice, deck):
    assert validation(api, deck)["legal"] is True
    card = deck.entries.get(card__name="B").card
    card_update(card=card, user=alice, definition=minion("B", design_edition=12))
    answer = validation(api, deck)
    assert answer["legal"] is False
    assert answer["problems"][0]["card"] == "B"


def test_refurbishable_text_shows_up_at_once(api, alice, deck):
    validation(api, deck)
    card = deck.entries.get(card__name="A").card
    card_update(
        card=card,
        user=alice,
        definition=minion(
            "A",
            level=4,  # 2, and 2 for drawing 1 card
            ability_text=(
                "HAUNT: When this card in your hand is destroyed (ghost-play, must pay resource"
                " cost): Draw 1 card."
            ),
        ),
    )
    # Cards in deck order, by level: B (level 2), then A (now level 4).
    assert [c["verdict"] for c in validation(api, deck)["cards"]] == ["legal", "refurbished"]


def test_changing_and_deleting_entries_changes_the_answer_at_once(api, alice, deck):
    assert validation(api, deck)["size"] == 40
    entry = deck.entries.get(card__name="B")
    entry.count = 9
    entry.save()
    assert validation(api, deck)["size"] == 39
    card_delete(card=entry.card, user=alice)
    assert validation(api, deck)["size"] == 30


def test_another_edition_is_answered_for_that_edition(api, deck):
    assert validation(api, deck)["edition"] == 14
    assert api.get(f"/api/v1/decks/{deck.pk}/validation/?edition=11").json()["edition"] == 11
