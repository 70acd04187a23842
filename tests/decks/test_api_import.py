"""POST /api/v1/decks/import/: the deck JSON, or a plain list with errors line by line."""

import pytest

from cards.models import Card
from decks.models import Deck

from .conftest import MINION, SPELL

pytestmark = pytest.mark.django_db

URL = "/api/v1/decks/import/"


def test_importing_deck_json(api, bob, make_card):
    mine = make_card(owner=bob)
    api.force_authenticate(bob)
    body = {
        "edition": 14,
        "name": "Embers",
        "description": "Hot.",
        "cards": [{"count": 3, "card": MINION}, {"count": 2, "card": SPELL}],
    }
    response = api.post(URL, body, format="json")
    assert response.status_code == 201, response.json()
    data = response.json()
    assert data["name"] == "Embers" and data["size"] == 5
    created = Card.objects.get(owner=bob, name="Spark")
    assert data["created_cards"] == [created.pk]
    assert {e["card"] for e in data["entries"]} == {mine.pk, created.pk}


def test_an_exported_deck_imports_back_to_the_same_cards(api, alice, bob, make_card, make_deck):
    public = make_card(owner=alice, visibility="public", name="Storm Drake")
    private = make_card(owner=alice, name="Hidden Wisp")
    deck = make_deck(entries=[(public, 2), (private, 1)])
    api.force_authenticate(alice)
    exported = api.get(f"/api/v1/decks/{deck.pk}/export/").json()
    api.force_authenticate(bob)
    first = api.post(URL, exported, format="json").json()
    again = api.post(URL, exported, format="json").json()
    [copy] = Card.objects.filter(owner=bob)
    assert first["created_cards"] == [copy.pk] and again["created_cards"] == []
    assert (copy.forked_from_owner, copy.imported) == ("alice", True)
    assert {e["card"] for e in again["entries"]} == {public.pk, copy.pk}


def test_the_schema_states_the_id_and_designer_of_an_exported_card(client):
    components = client.get("/api/schema/", HTTP_ACCEPT="application/json").json()["components"]
    for name in ("ExportedCard", "DeckCardImportRequest"):
        fields = components["schemas"][name]["properties"]
        assert fields["id"]["type"] == "integer" and fields["designer"]["type"] == "string"
    export = components["schemas"]["DeckImport"]["properties"]["cards"]["items"]["$ref"]
    card = components["schemas"][export.rsplit("/", 1)[1]]["properties"]["card"]
    assert card["$ref"].endswith("/ExportedCard")  # what the export writes


def test_bad_deck_json_is_a_400_with_field_errors(api, bob):
    api.force_authenticate(bob)
    response = api.post(
        URL, {"edition": 14, "cards": [{"count": 0, "card": {"kind": "trap"}}]}, format="json"
    )
    assert response.status_code == 400
    errors = response.json()["cards"]["0"]
    assert "count" in errors and "kind" in errors["card"]
    assert not Deck.objects.exists() and not Card.objects.exists()


def test_a_card_that_cannot_be_stored_is_a_400_and_saves_nothing(api, bob):
    api.force_authenticate(bob)
    body = {
        "edition": 14,
        "cards": [{"count": 1, "card": SPELL}, {"count": 1, "card": {**MINION, "sp": None}}],
    }
    response = api.post(URL, body, format="json")
    assert response.status_code == 400
    assert response.json() == {"cards": ["Card 2 (“Ember Wisp”), sp: SP is required for minions."]}
    assert not Card.objects.exists()


def test_importing_a_list(api, bob, make_card):
    make_card(owner=bob, name="Fire Drake")
    api.force_authenticate(bob)
    response = api.post(
        URL, {"list": "4 Fire Drake", "name": "Drakes", "edition": 11}, format="json"
    )
    assert response.status_code == 201
    assert response.json()["edition"] == 11 and response.json()["size"] == 4


NO_COUNT = "Line 2: expected '<count> <card name>', like '3 Fire Drake', but found 'Drake'."
NO_FOO = "Line 4: no card named 'Foo' among your cards, your collection or the public cards."


def test_a_bad_list_is_a_400_naming_every_line(api, bob, make_card):
    make_card(owner=bob, name="Fire Drake")
    api.force_authenticate(bob)
    text = "4 Fire Drake\nDrake\n0 Fire Drake\n2 Foo\n"
    response = api.post(URL, {"list": text, "name": "Drakes"}, format="json")
    assert response.status_code == 400
    assert response.json() == {
        "list": [
            NO_COUNT,
            "Line 3: the count must be at least 1, not 0.",
            NO_FOO,
        ],
        "lines": [
            {"line": 2, "message": NO_COUNT},
            {"line": 3, "message": "Line 3: the count must be at least 1, not 0."},
            {"line": 4, "message": NO_FOO},
        ],
    }
    assert not Deck.objects.exists()


@pytest.mark.parametrize(
    "body",
    [
        {"list": "1 X"},  # no name
        {"list": "", "name": "X"},
        {"list": ["1 X"], "name": "X"},
        {"list": "1 X", "name": "X", "edition": 12},
        [],
        "4 Fire Drake",
    ],
)
def test_malformed_requests_are_400s(api, bob, body):
    api.force_authenticate(bob)
    assert api.post(URL, body, format="json").status_code == 400
