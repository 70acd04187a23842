"""Who may do what with a deck through the API: owner, another person, a visitor, for each
visibility. Private decks do not exist to others (404); shared ones are read-only to them."""

import pytest

pytestmark = pytest.mark.django_db

VISIBILITIES = ["private", "unlisted", "public"]


@pytest.fixture
def deck_of(make_deck, make_card):
    def make(visibility):
        card = make_card(visibility="public")
        return make_deck(visibility=visibility, entries=[(card, 2)])

    return make


def who(api, alice, bob, viewer):
    if viewer == "owner":
        api.force_authenticate(alice)
    elif viewer == "other":
        api.force_authenticate(bob)
    return api


READ_ACTIONS = [
    ("retrieve", "get", "{}/"),
    ("validation", "get", "{}/validation/"),
    ("export", "get", "{}/export/"),
    ("print", "get", "{}/print.pdf"),
]


@pytest.mark.parametrize("visibility", VISIBILITIES)
@pytest.mark.parametrize("viewer", ["owner", "other", "anon"])
@pytest.mark.parametrize(("action", "method", "path"), READ_ACTIONS)
def test_reading(api, alice, bob, deck_of, visibility, viewer, action, method, path):
    deck = deck_of(visibility)
    client = who(api, alice, bob, viewer)
    response = getattr(client, method)("/api/v1/decks/" + path.format(deck.pk))
    expected = 404 if visibility == "private" and viewer != "owner" else 200
    assert response.status_code == expected, (action, response.content[:200])


WRITE_ACTIONS = [
    ("update", "patch", "{}/", {"name": "Taken"}),
    ("replace", "put", "{}/", {"name": "Taken"}),
    ("delete", "delete", "{}/", None),
]


@pytest.mark.parametrize("visibility", VISIBILITIES)
@pytest.mark.parametrize("viewer", ["owner", "other", "anon"])
@pytest.mark.parametrize(("action", "method", "path", "body"), WRITE_ACTIONS)
def test_writing(api, alice, bob, deck_of, visibility, viewer, action, method, path, body):
    deck = deck_of(visibility)
    client = who(api, alice, bob, viewer)
    response = getattr(client, method)("/api/v1/decks/" + path.format(deck.pk), body, format="json")
    if viewer == "owner":
        assert response.status_code in (200, 204)
        return
    if viewer == "anon":
        assert response.status_code in (401, 403)
    else:
        assert response.status_code == (404 if visibility == "private" else 403)
    deck.refresh_from_db()
    assert deck.name == "Embers"


@pytest.mark.parametrize("visibility", VISIBILITIES)
@pytest.mark.parametrize("viewer", ["owner", "other", "anon"])
def test_forking(api, alice, bob, deck_of, visibility, viewer):
    deck = deck_of(visibility)
    client = who(api, alice, bob, viewer)
    response = client.post(f"/api/v1/decks/{deck.pk}/fork/")
    if viewer == "anon":
        assert response.status_code in (401, 403)
    elif viewer == "other" and visibility == "private":
        assert response.status_code == 404
    else:
        assert response.status_code == 201
        assert response.json()["forked_from"] == deck.pk


@pytest.mark.parametrize("viewer", ["other", "anon"])
def test_creating_and_importing_need_an_account(api, alice, bob, viewer):
    client = who(api, alice, bob, viewer)
    create = client.post("/api/v1/decks/", {"name": "New"}, format="json")
    imported = client.post("/api/v1/decks/import/", {"list": "1 X", "name": "New"}, format="json")
    if viewer == "anon":
        assert create.status_code in (401, 403) and imported.status_code in (401, 403)
    else:
        assert create.status_code == 201 and imported.status_code == 400
