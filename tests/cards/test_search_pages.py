"""Search where people use it: the gallery (as you type, grid and list, sorting), the card
API's capped count, and privacy: a search never finds a card its viewer may not see."""

import pytest

from cards.models import Card, CollectionEntry
from cards.selectors import cards_listed_for, cards_owned_by, collection_entries, gallery_cards
from decks.selectors import deck_card_search
from kotc_site.pagination import CappedPaginator

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


def card(owner, name, visibility="public", **fields):
    values = {"kind": "minion", "level": 1, "sp": 1, "hp": 1, "ability_text": "", **fields}
    return Card.objects.create(owner=owner, visibility=visibility, name=name, **values)


@pytest.fixture
def shelf(alice, bob):
    return {
        "drake": card(alice, "Fire Drake", level=5, ability_text="Inflict 3 damage."),
        "newt": card(alice, "Ember Newt", level=2, ability_text="Fire 1 arrow."),
        "lore": card(bob, "Tidal Lore", kind="spell", level=3, sp=None, hp=None),
    }


@pytest.fixture
def cap(monkeypatch):
    """Counts stop at 2, so a handful of cards shows what a million would."""
    monkeypatch.setattr(CappedPaginator, "cap", 2)


def names(items) -> list[str]:
    return [item.name for item in items]


# -- the API ----------------------------------------------------------------------------------


def test_the_api_lists_the_best_matches_first(api, shelf):
    data = api.get("/api/v1/cards/", {"q": "fire"}).json()
    assert [card["name"] for card in data["results"]] == ["Fire Drake", "Ember Newt"]
    assert (data["count"], data["count_capped"]) == (2, False)


def test_the_api_count_stops_at_the_cap(api, shelf, cap):
    data = api.get("/api/v1/cards/", {"q": ""}).json()
    assert (data["count"], data["count_capped"]) == (2, True)
    assert len(data["results"]) == 2 and data["next"] is None
    answer = api.get("/api/v1/cards/", {"q": "", "page": 2})
    assert answer.status_code == 404
    assert "first 2 results" in answer.json()["detail"]
    assert "narrow the search" in answer.json()["detail"]


def test_a_page_past_the_last_is_still_a_plain_404(api, shelf):
    answer = api.get("/api/v1/cards/", {"q": "fire", "page": 2})
    assert answer.status_code == 404
    assert "narrow" not in answer.json()["detail"]


def test_the_api_sorts_as_the_query_says(api, shelf):
    data = api.get("/api/v1/cards/", {"q": "order:level direction:desc"}).json()
    assert [card["name"] for card in data["results"]] == ["Fire Drake", "Tidal Lore", "Ember Newt"]


def test_a_bad_sort_is_a_400_naming_the_query(api, shelf):
    answer = api.get("/api/v1/cards/", {"q": "order:power"})
    assert answer.status_code == 400
    assert "not a sort order" in answer.json()["q"][0]


def test_the_schema_describes_the_capped_count(api):
    schema = api.get("/api/schema/", HTTP_ACCEPT="application/json").json()
    page = schema["components"]["schemas"]["PaginatedCardOutputList"]
    assert "count_capped" in page["required"]
    assert page["properties"]["count_capped"]["type"] == "boolean"


# -- the gallery ------------------------------------------------------------------------------


def test_the_gallery_searches_as_you_type(client, shelf):
    html = client.get("/cards/").content.decode()
    assert 'hx-get="/cards/"' in html and "delay:250ms" in html and 'hx-push-url="true"' in html
    part = client.get("/cards/", {"q": "fire"}, **HTMX)
    text = part.content.decode()
    assert part.status_code == 200
    assert "<html" not in text and 'id="gallery-count"' in text
    assert "2 cards match “fire”" in text
    assert text.index("Fire Drake") < text.index("Ember Newt")
    assert "Tidal Lore" not in text


def test_a_query_it_cannot_read_is_explained_in_the_part_and_the_page(client, shelf):
    part = client.get("/cards/", {"q": "level<=x"}, **HTMX)
    assert part.status_code == 200  # htmx swaps in only a successful answer
    assert "could not be read" in part.content.decode()
    page = client.get("/cards/", {"q": "level<=x"})
    assert page.status_code == 400 and "whole number" in page.content.decode()


def test_the_count_says_when_it_stopped(client, shelf, cap):
    text = client.get("/cards/", {"q": ""}, **HTMX).content.decode()
    assert "2+ cards." in text
    assert "The first 2 are paged" in text


def test_grid_and_list_views(client, shelf):
    grid = client.get("/cards/", {"q": "fire"}).content.decode()
    assert 'class="card-grid"' in grid and 'class="card-list"' not in grid
    listed = client.get("/cards/", {"q": "fire", "view": "list"}).content.decode()
    assert 'class="card-list"' in listed and 'class="card-grid"' not in listed
    assert '<input type="radio" name="view" value="list" checked>' in listed
    assert "Fire Drake" in listed and "alice" in listed
    odd = client.get("/cards/", {"view": "mosaic"})
    assert odd.status_code == 200 and "no &#x27;mosaic&#x27; view" in odd.content.decode()


def test_the_sort_select_orders_unless_the_query_says(client, shelf):
    by_name = client.get("/cards/", {"order": "name", "view": "list"}).content.decode()
    assert by_name.index("Ember Newt") < by_name.index("Fire Drake") < by_name.index("Tidal Lore")
    assert '<option value="name" selected>' in by_name
    down = client.get("/cards/", {"order": "name", "direction": "desc"}).content.decode()
    assert down.index("Tidal Lore") < down.index("Fire Drake") < down.index("Ember Newt")
    query_wins = client.get("/cards/", {"q": "order:level", "order": "name"}).content.decode()
    assert query_wins.index("Ember Newt") < query_wins.index("Tidal Lore")
    assert query_wins.index("Tidal Lore") < query_wins.index("Fire Drake")
    assert '<option value="level" selected>' in query_wins


@pytest.mark.parametrize(
    ("params", "message"),
    [({"order": "power"}, "not a sort order"), ({"direction": "up"}, "asc or desc")],
)
def test_a_bad_sort_select_is_explained(client, shelf, params, message):
    answer = client.get("/cards/", params)
    assert answer.status_code == 400 and message in answer.content.decode()


def test_page_links_keep_the_search_and_the_view(client, alice, monkeypatch):
    monkeypatch.setattr("cards.views.listing.PAGE_SIZE", 1)
    card(alice, "Fire One")
    card(alice, "Fire Two")
    html = client.get("/cards/", {"q": "fire", "view": "list"}).content.decode()
    assert 'href="?q=fire&amp;view=list&amp;page=2"' in html


# -- privacy ----------------------------------------------------------------------------------


@pytest.fixture
def secrets(alice, bob):
    private = card(bob, "Fire Secret", "private", ability_text="Fire hidden words.")
    unlisted = card(bob, "Fire Link", "unlisted", ability_text="Fire shared words.")
    CollectionEntry.objects.create(owner=alice, card=private)  # saved before it went private
    return private, unlisted


def test_a_search_never_finds_a_card_its_viewer_may_not_see(api, client, alice, bob, secrets):
    for q in ("fire", "secret", '"hidden words"', "text:hidden", "order:name", ""):
        for viewer in (None, alice):
            assert "Fire Secret" not in names(gallery_cards(user=viewer, q=q)), q
            assert "Fire Secret" not in names(cards_listed_for(user=viewer, q=q)), q
            assert "Fire Link" not in names(gallery_cards(user=viewer, q=q)), q
            assert "Fire Link" not in names(cards_listed_for(user=viewer, q=q)), q
        assert "Fire Secret" not in names(e.card for e in collection_entries(user=alice, q=q))
        assert "Fire Secret" not in names(deck_card_search(user=alice, q=q or "fire"))
    assert "Fire Secret" not in api.get("/api/v1/cards/", {"q": "secret"}).content.decode()
    assert "Fire Secret" not in client.get("/cards/", {"q": "secret"}).content.decode()


def test_the_designer_finds_her_own_private_cards(bob, secrets):
    assert names(cards_listed_for(user=bob, q="hidden")) == ["Fire Secret"]
    assert names(cards_owned_by(user=bob, q="secret")) == ["Fire Secret"]
    assert "Fire Secret" not in names(gallery_cards(user=bob, q="secret"))


def test_the_collection_sorts_as_the_query_says(alice, shelf):
    for key in ("drake", "newt", "lore"):
        CollectionEntry.objects.get_or_create(owner=alice, card=shelf[key])
    by_name = names(entry.card for entry in collection_entries(user=alice))
    assert by_name == ["Ember Newt", "Fire Drake", "Tidal Lore"]
    by_level = names(entry.card for entry in collection_entries(user=alice, q="order:level"))
    assert by_level == ["Ember Newt", "Tidal Lore", "Fire Drake"]
