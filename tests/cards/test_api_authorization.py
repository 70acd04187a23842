"""Who may do what to a card through the API.

Three people — the card's owner, another user, and someone not logged in — against a card in
each visibility, for every action. A private card does not exist for anyone but its owner
(404); another user may see a public or unlisted card but not change it (403); someone not
logged in may read what is shared and write nothing (401, asked to log in). Logged-in people
use API tokens.
"""

import pytest

from accounts.models import ApiToken
from cards.models import Card, CollectionEntry
from tests.cards.conftest import WISP

pytestmark = pytest.mark.django_db

VISIBILITIES = ("private", "unlisted", "public")
ACTORS = ("owner", "other", "anonymous")

UPDATE = {**WISP, "name": "Renamed", "level": 2}

# action -> actor -> visibility -> expected status (or, for "list", whether the card is listed)
EXPECTED = {
    "list": {
        "owner": {"private": True, "unlisted": True, "public": True},
        "other": {"private": False, "unlisted": False, "public": True},
        "anonymous": {"private": False, "unlisted": False, "public": True},
    },
    "search": {
        "owner": {"private": True, "unlisted": True, "public": True},
        "other": {"private": False, "unlisted": False, "public": True},
        "anonymous": {"private": False, "unlisted": False, "public": True},
    },
    "retrieve": {
        "owner": {"private": 200, "unlisted": 200, "public": 200},
        "other": {"private": 404, "unlisted": 200, "public": 200},
        "anonymous": {"private": 404, "unlisted": 200, "public": 200},
    },
    "update": {
        "owner": {"private": 200, "unlisted": 200, "public": 200},
        "other": {"private": 404, "unlisted": 403, "public": 403},
        "anonymous": {"private": 401, "unlisted": 401, "public": 401},
    },
    "partial_update": {
        "owner": {"private": 200, "unlisted": 200, "public": 200},
        "other": {"private": 404, "unlisted": 403, "public": 403},
        "anonymous": {"private": 401, "unlisted": 401, "public": 401},
    },
    "delete": {
        "owner": {"private": 204, "unlisted": 204, "public": 204},
        "other": {"private": 404, "unlisted": 403, "public": 403},
        "anonymous": {"private": 401, "unlisted": 401, "public": 401},
    },
    "render": {
        "owner": {"private": 200, "unlisted": 200, "public": 200},
        "other": {"private": 404, "unlisted": 200, "public": 200},
        "anonymous": {"private": 404, "unlisted": 200, "public": 200},
    },
    "export": {
        "owner": {"private": 200, "unlisted": 200, "public": 200},
        "other": {"private": 404, "unlisted": 200, "public": 200},
        "anonymous": {"private": 404, "unlisted": 200, "public": 200},
    },
    "fork": {
        "owner": {"private": 201, "unlisted": 201, "public": 201},
        "other": {"private": 404, "unlisted": 201, "public": 201},
        "anonymous": {"private": 401, "unlisted": 401, "public": 401},
    },
    # The owner's own card is in their collection from the start, so adding it again is a 200.
    "collection_add": {
        "owner": {"private": 200, "unlisted": 200, "public": 200},
        "other": {"private": 400, "unlisted": 201, "public": 201},
        "anonymous": {"private": 401, "unlisted": 401, "public": 401},
    },
}

CASES = [
    (action, actor, visibility)
    for action in EXPECTED
    for actor in ACTORS
    for visibility in VISIBILITIES
]


@pytest.fixture
def as_actor(api, alice, bob):
    def login(actor: str):
        if actor != "anonymous":
            user = alice if actor == "owner" else bob
            _token, secret = ApiToken.objects.create(user=user)
            api.credentials(HTTP_AUTHORIZATION=f"Token {secret}")
        return api

    return login


def perform(api, action: str, card: Card):
    url = f"/api/v1/cards/{card.pk}/"
    if action in ("list", "search"):
        query = {"q": "wisp"} if action == "search" else {}
        return api.get("/api/v1/cards/", query)
    if action == "retrieve":
        return api.get(url)
    if action == "update":
        return api.put(url, UPDATE, format="json")
    if action == "partial_update":
        return api.patch(url, {"name": "Renamed"}, format="json")
    if action == "delete":
        return api.delete(url)
    if action == "render":
        return api.get(f"{url}render.png")
    if action == "export":
        return api.get(f"{url}export/")
    if action == "fork":
        return api.post(f"{url}fork/")
    if action == "collection_add":
        return api.post("/api/v1/collection/", {"card": card.pk, "copies": 2}, format="json")
    raise AssertionError(action)


@pytest.mark.parametrize(("action", "actor", "visibility"), CASES)
def test_authorization_matrix(as_actor, make_card, action, actor, visibility):
    card = make_card(visibility=visibility)
    client = as_actor(actor)
    response = perform(client, action, card)
    expected = EXPECTED[action][actor][visibility]

    if action in ("list", "search"):
        assert response.status_code == 200
        listed = {item["id"] for item in response.json()["results"]}
        assert (card.pk in listed) is expected
        return

    assert response.status_code == expected, response.content
    if response.status_code >= 400:
        assert response["Content-Type"].startswith("application/json")
        assert response.json()
    card_after = Card.objects.filter(pk=card.pk).first()
    if action in ("update", "partial_update"):
        assert card_after.name == ("Renamed" if expected == 200 else "Wisp")
    if action == "delete":
        assert (card_after is None) is (expected == 204)
    if action == "render" and expected == 200:
        assert response["Content-Type"] == "image/png"
    if action == "fork":
        copies = Card.objects.filter(forked_from=card)
        assert copies.exists() is (expected == 201)
    if action == "collection_add" and actor == "other":
        saved = CollectionEntry.objects.filter(card=card, owner__username="bob").first()
        assert (saved is not None) is (expected == 201)
        if saved:
            assert saved.copies == 2


def test_every_action_is_in_the_matrix():
    assert len(CASES) == len(EXPECTED) * 9


@pytest.mark.parametrize("visibility", VISIBILITIES)
def test_collection_entries_are_private_to_their_owner(as_actor, make_card, visibility):
    card = make_card(visibility=visibility)
    client = as_actor("other")
    assert client.get(f"/api/v1/collection/{card.pk}/").status_code == 404
    assert client.patch(f"/api/v1/collection/{card.pk}/", {"copies": 9}).status_code == 404
    assert client.delete(f"/api/v1/collection/{card.pk}/").status_code == 404
    assert card.pk not in [
        e["card"]["id"] for e in client.get("/api/v1/collection/").json()["results"]
    ]
    assert CollectionEntry.objects.get(card=card).copies == 0


def test_anonymous_people_have_no_collection(api):
    assert api.get("/api/v1/collection/").status_code == 401


def test_the_session_works_too_and_needs_the_csrf_token(alice, make_card):
    from rest_framework.test import APIClient

    card = make_card(visibility="private")
    client = APIClient(enforce_csrf_checks=True)
    client.force_login(alice)
    assert client.get(f"/api/v1/cards/{card.pk}/").status_code == 200
    response = client.patch(f"/api/v1/cards/{card.pk}/", {"name": "X"}, format="json")
    assert response.status_code == 403
    assert "CSRF" in response.json()["detail"]
