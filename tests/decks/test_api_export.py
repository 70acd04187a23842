"""GET /api/v1/decks/<id>/export/: the deck JSON, every card in full."""

import pytest

from cards import rules

from .conftest import MINION

pytestmark = pytest.mark.django_db


def test_export_is_the_check_api_body_with_name_and_description(api, alice, make_deck, make_card):
    card = make_card()
    deck = make_deck(entries=[(card, 3)], description="<script>x</script>")
    api.force_authenticate(alice)
    response = api.get(f"/api/v1/decks/{deck.pk}/export/")
    assert response.status_code == 200
    assert response.json() == {
        "edition": rules.current_edition().number,  # the deck's: the current one by default
        "name": "Embers",
        "description": "<script>x</script>",
        "cards": [{"count": 3, "card": {"id": card.pk, **MINION, "designer": "alice"}}],
    }
    assert 'filename="embers.json"' in response["Content-Disposition"]
    # The same body is accepted by the check API.
    assert api.post("/api/v1/check/deck/", response.json(), format="json").status_code == 200
