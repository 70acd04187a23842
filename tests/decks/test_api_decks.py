"""/api/v1/decks/ and /api/v1/decks/<id>/: list, create, read, change, delete."""

import pytest

from cards import rules
from decks.models import Deck

from .conftest import SPELL

pytestmark = pytest.mark.django_db

URL = "/api/v1/decks/"


def test_the_list_holds_your_decks_and_public_ones(api, alice, bob, make_deck):
    make_deck(name="Alice private")
    make_deck(name="Alice unlisted", visibility="unlisted")
    make_deck(name="Alice public", visibility="public")
    make_deck(owner=bob, name="Bob private")
    api.force_authenticate(bob)
    names = {row["name"] for row in api.get(URL).json()["results"]}
    assert names == {"Alice public", "Bob private"}
    api.force_authenticate(None)
    assert {row["name"] for row in api.get(URL).json()["results"]} == {"Alice public"}
    api.force_authenticate(alice)
    mine = api.get(URL, {"mine": "1", "q": "pub"}).json()["results"]
    assert [row["name"] for row in mine] == ["Alice public"]


def test_list_rows_say_size_and_owner(api, alice, legal_deck):
    api.force_authenticate(alice)
    row = api.get(URL).json()["results"][0]
    assert row["size"] == 40 and row["owner"] == "alice"
    assert row["edition"] == rules.current_edition().number
    assert row["url"].endswith(f"/decks/{legal_deck.pk}/")


def test_listing_your_own_decks_needs_an_account(api):
    assert api.get(URL, {"mine": "1"}).status_code in (401, 403)


def test_creating_a_deck_with_entries(api, alice, bob, make_card):
    wisp = make_card()
    shared = make_card(owner=bob, visibility="unlisted", **SPELL)
    api.force_authenticate(alice)
    response = api.post(
        URL,
        {
            "name": "Embers",
            "description": "<b>hot</b>",
            "visibility": "public",
            "entries": [{"card": wisp.pk, "count": 3}, {"card": shared.pk, "count": 2}],
        },
        format="json",
    )
    assert response.status_code == 201, response.json()
    data = response.json()
    assert data["size"] == 5 and data["legal"] is False
    assert data["edition"] == rules.current_edition().number  # the default
    assert data["description"] == "<b>hot</b>"
    assert [(e["card"], e["count"]) for e in data["entries"]] == [(wisp.pk, 3), (shared.pk, 2)]


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"entries": []}, "name"),
        ({"name": "x", "edition": 99}, "edition"),  # not on file
        ({"name": "x", "visibility": "secret"}, "visibility"),
        ({"name": "x", "entries": [{"card": 1, "count": 0}]}, "entries"),
        ({"name": "x", "entries": [{"card": 1, "count": 101}]}, "entries"),
        ({"name": "x", "entries": [{"card": 1, "count": 1}, {"card": 1, "count": 2}]}, "entries"),
        ({"name": "x", "entries": [{"card": "one", "count": 1}]}, "entries"),
        ({"name": "x", "entries": "4 Wisp"}, "entries"),
    ],
)
def test_bad_input_is_a_400_with_field_errors(api, alice, body, field):
    api.force_authenticate(alice)
    response = api.post(URL, body, format="json")
    assert response.status_code == 400
    assert field in response.json()
    assert not Deck.objects.exists()


def test_cards_that_are_private_or_missing_are_refused(api, alice, bob, make_card):
    secret = make_card(owner=bob)
    api.force_authenticate(alice)
    response = api.post(
        URL,
        {"name": "x", "entries": [{"card": secret.pk, "count": 1}, {"card": 999999, "count": 1}]},
        format="json",
    )
    assert response.status_code == 400
    assert (
        str(secret.pk) in response.json()["entries"][0]
        and "999999" in response.json()["entries"][0]
    )
    assert not Deck.objects.exists()


def test_reading_a_deck(api, alice, legal_deck):
    api.force_authenticate(alice)
    data = api.get(f"{URL}{legal_deck.pk}/").json()
    assert data["name"] == "Embers" and data["size"] == 40 and data["legal"] is True
    assert len(data["entries"]) == 10 and {e["count"] for e in data["entries"]} == {4}


def test_patch_changes_details_and_keeps_entries(api, alice, legal_deck):
    api.force_authenticate(alice)
    response = api.patch(
        f"{URL}{legal_deck.pk}/", {"name": "Cinders", "edition": 11}, format="json"
    )
    assert response.status_code == 200
    data = response.json()
    assert (data["name"], data["edition"], data["size"]) == ("Cinders", 11, 40)


def test_entries_replace_the_list(api, alice, legal_deck, make_card):
    wisp = make_card(name="Only")
    api.force_authenticate(alice)
    response = api.patch(
        f"{URL}{legal_deck.pk}/", {"entries": [{"card": wisp.pk, "count": 2}]}, format="json"
    )
    assert [(e["name"], e["count"]) for e in response.json()["entries"]] == [("Only", 2)]


def test_put_replaces_everything(api, alice, legal_deck):
    api.force_authenticate(alice)
    response = api.put(f"{URL}{legal_deck.pk}/", {"name": "Empty"}, format="json")
    assert response.status_code == 200
    assert response.json()["entries"] == [] and response.json()["size"] == 0


def test_a_bad_patch_changes_nothing(api, alice, legal_deck):
    api.force_authenticate(alice)
    response = api.patch(
        f"{URL}{legal_deck.pk}/",
        {"name": "New", "entries": [{"card": 999999, "count": 1}]},
        format="json",
    )
    assert response.status_code == 400
    legal_deck.refresh_from_db()
    assert legal_deck.name == "Embers" and legal_deck.entries.count() == 10


def test_delete(api, alice, legal_deck):
    api.force_authenticate(alice)
    assert api.delete(f"{URL}{legal_deck.pk}/").status_code == 204
    assert not Deck.objects.exists()


def test_the_schema_still_builds(api):
    response = api.get("/api/schema/")
    assert response.status_code == 200
    body = response.content.decode()
    for path in (
        "/api/v1/decks/",
        "/api/v1/decks/{id}/validation/",
        "/api/v1/decks/{id}/print.pdf",
    ):
        assert path in body


def test_card_ids_too_large_for_the_database_are_a_400(api, alice, make_deck):
    """A regression: an id past 2**63 - 1 reached the database, which could not hold it."""
    deck = make_deck()
    api.force_authenticate(alice)
    entries = [{"card": 2**63, "count": 1}]
    answer = api.post(URL, {"name": "Huge", "entries": entries}, format="json")
    assert answer.status_code == 400 and "entries" in answer.json()
    answer = api.patch(f"{URL}{deck.pk}/", {"entries": entries}, format="json")
    assert answer.status_code == 400 and "entries" in answer.json()


def test_a_search_longer_than_any_query_is_a_400(api):
    assert api.get(URL, {"q": "x" * 300}).status_code == 200
    answer = api.get(URL, {"q": "x" * 301})
    assert answer.status_code == 400 and "the limit is 300" in answer.json()["q"][0]


def test_the_schema_describes_the_list_as_pages(client):
    """A regression: the list answers a page ({count, next, previous, results}), not a list."""
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/json").json()
    ok = schema["paths"]["/api/v1/decks/"]["get"]["responses"]["200"]
    assert ok["content"]["application/json"]["schema"]["$ref"].endswith("PaginatedDeckSummaryList")


@pytest.mark.parametrize("method", ["post", "put", "patch"])
def test_an_entry_without_a_card_is_a_400_naming_the_field(api, alice, make_deck, method):
    """A regression: PATCH with {"entries": [{"count": 1}]} was a server error."""
    deck = make_deck()
    api.force_authenticate(alice)
    url = URL if method == "post" else f"{URL}{deck.pk}/"
    body = {"name": "Embers", "entries": [{"count": 1}]}
    if method == "patch":
        body = {"entries": [{"count": 1}]}
    response = getattr(api, method)(url, body, format="json")
    assert response.status_code == 400
    assert "card" in str(response.json()["entries"]) and "required" in str(response.json())
    assert Deck.objects.count() == 1
