"""GET /api/v1/decks/<id>/validation/: the check API's deck answer, from the cards as they are."""

import pytest

from cards import rules
from cards import services as card_services

from .conftest import PRUNED, REFURBISHED

pytestmark = pytest.mark.django_db


def test_a_legal_deck(api, alice, legal_deck):
    api.force_authenticate(alice)
    data = api.get(f"/api/v1/decks/{legal_deck.pk}/validation/").json()
    assert data["legal"] is True and data["size"] == 40
    assert data["edition"] == rules.current_edition().number  # the deck's, by default
    assert data["problems"] == [] and len(data["cards"]) == 10


def test_the_answer_is_the_same_as_the_check_api_for_the_exported_deck(
    api, alice, make_deck, make_card
):
    deck = make_deck(entries=[(make_card(**REFURBISHED), 3), (make_card(**PRUNED), 2)])
    api.force_authenticate(alice)
    mine = api.get(f"/api/v1/decks/{deck.pk}/validation/").json()
    exported = api.get(f"/api/v1/decks/{deck.pk}/export/").json()
    checked = api.post("/api/v1/check/deck/", exported, format="json").json()
    assert mine == checked
    assert mine["legal"] is False
    assert {p["code"] for p in mine["problems"]} == {"deck_too_small", "card_pruned"}
    # Cards come in the deck list's order: minions by level, so the level-3 card first.
    assert [c["verdict"] for c in mine["cards"]] == ["pruned", "refurbished"]
    assert mine["cards"][1]["text"] == (
        "HAUNT: When this card in your hand is destroyed (hex-play): Draw 1 card."
    )


def test_validation_follows_the_cards_as_they_are_now(api, alice, legal_deck):
    api.force_authenticate(alice)
    card = legal_deck.entries.first().card
    card_services.card_update(card=card, user=alice, definition={"design_edition": 12})
    data = api.get(f"/api/v1/decks/{legal_deck.pk}/validation/").json()
    assert data["legal"] is False
    assert any(p["code"] == "card_pruned" for p in data["problems"])


def test_another_edition_may_be_asked_for(api, alice, legal_deck):
    api.force_authenticate(alice)
    data = api.get(f"/api/v1/decks/{legal_deck.pk}/validation/", {"edition": 11}).json()
    assert data["edition"] == 11
    bad = api.get(f"/api/v1/decks/{legal_deck.pk}/validation/", {"edition": "twelve"})
    assert bad.status_code == 400 and "edition" in bad.json()


@pytest.mark.parametrize(("edition", "limit"), [(14, None), (17, 10)])
def test_the_answer_counts_ultra_points_against_the_editions_limit(
    api, alice, legal_deck, edition, limit
):
    # The deck's 14th Edition cards are worth none; the 17th's guide allows 10 in a deck.
    api.force_authenticate(alice)
    url = f"/api/v1/decks/{legal_deck.pk}/validation/"
    data = api.get(url, {"edition": edition}).json()
    assert (data["ultra_points"], data["ultra_points_limit"]) == (0, limit)
