"""The shelves API: alice's tags, folders and saved searches are hers alone; bad input is a 400
naming the field, another person's ids a 404, and nothing changes when refused."""

from __future__ import annotations

import pytest

from shelves import services
from shelves.models import CardTag, Folder

pytestmark = pytest.mark.django_db


@pytest.fixture
def as_alice(api, alice):
    api.force_authenticate(alice)
    return api


def test_tagging_many_cards_at_once_then_searching_by_tag(as_alice, alice, make_card):
    cards = [make_card(alice, f"Card {n}") for n in range(3)]
    answer = as_alice.post(
        "/api/v1/shelves/bulk/",
        {"operation": "tag", "cards": [c.pk for c in cards[:2]], "tag": "Aggro"},
        format="json",
    )
    assert answer.status_code == 200, answer.content
    assert answer.json()["cards"] == [c.pk for c in cards[:2]]
    tags = as_alice.get("/api/v1/shelves/tags/").json()
    assert [(t["name"], t["card_count"]) for t in tags] == [("aggro", 2)]
    # The cards API reads tag: with the asker's own tags, as the site's lists do.
    found = as_alice.get("/api/v1/cards/", {"q": "tag:aggro"}).json()["results"]
    assert sorted(c["id"] for c in found) == sorted(c.pk for c in cards[:2])
    as_alice.force_authenticate(None)
    assert as_alice.get("/api/v1/cards/", {"q": "tag:aggro"}).json()["results"] == []


def test_a_too_long_tag_name_is_a_400(as_alice, alice, make_card):
    card = make_card(alice, "C")
    answer = as_alice.post("/api/v1/shelves/tags/", {"name": "x" * 41}, format="json")
    assert answer.status_code == 400 and "name" in answer.json()
    answer = as_alice.post(
        "/api/v1/shelves/bulk/",
        {"operation": "tag", "cards": [card.pk], "tag": "x" * 41},
        format="json",
    )
    assert answer.status_code == 400 and "tag" in answer.json()
    assert not CardTag.objects.exists()


def test_tagging_someone_elses_card_is_a_404_and_changes_nothing(as_alice, alice, bob, make_card):
    mine = make_card(alice, "Mine")
    public = make_card(bob, "Bob's", visibility="public")
    secret = make_card(bob, "Bob's secret")
    for foreign in (public, secret):
        answer = as_alice.post(
            "/api/v1/shelves/bulk/",
            {"operation": "tag", "cards": [mine.pk, foreign.pk], "tag": "x"},
            format="json",
        )
        assert answer.status_code == 404
        assert "Bob" not in answer.content.decode()
    assert not CardTag.objects.exists()


def test_an_unknown_or_foreign_folder_is_a_404(as_alice, bob, alice, make_card):
    bobs = services.folder_create(user=bob, name="Bob's folder")
    assert as_alice.get("/api/v1/shelves/folders/999999/").status_code == 404
    assert as_alice.get(f"/api/v1/shelves/folders/{bobs.pk}/").status_code == 404
    assert as_alice.delete(f"/api/v1/shelves/folders/{bobs.pk}/").status_code == 404
    answer = as_alice.post(
        "/api/v1/shelves/folders/", {"name": "Inside Bob's", "parent": bobs.pk}, format="json"
    )
    assert answer.status_code == 404
    card = make_card(alice, "C")
    answer = as_alice.post(
        "/api/v1/shelves/bulk/",
        {"operation": "move", "cards": [card.pk], "folder": bobs.pk},
        format="json",
    )
    assert answer.status_code == 404
    assert Folder.objects.filter(owner=alice).count() == 0
    assert "Bob's folder" not in as_alice.get("/api/v1/shelves/folders/").content.decode()


def test_moving_a_folder_into_its_own_descendant_is_a_400_on_parent(as_alice):
    top = as_alice.post("/api/v1/shelves/folders/", {"name": "Top"}, format="json").json()
    inner = as_alice.post(
        "/api/v1/shelves/folders/", {"name": "Inner", "parent": top["id"]}, format="json"
    ).json()
    assert inner["parent"] == top["id"]
    for parent in (top["id"], inner["id"]):
        answer = as_alice.patch(
            f"/api/v1/shelves/folders/{top['id']}/", {"parent": parent}, format="json"
        )
        assert answer.status_code == 400
        assert "parent" in answer.json()
    assert as_alice.get(f"/api/v1/shelves/folders/{top['id']}/").json()["children"] == [inner["id"]]


def test_a_saved_search_the_parser_cannot_read_is_a_400_with_its_message(as_alice):
    answer = as_alice.post(
        "/api/v1/shelves/smart-folders/", {"name": "Bad", "query": "tag:"}, format="json"
    )
    assert answer.status_code == 400
    assert "tag:aggro" in answer.json()["query"][0]
    answer = as_alice.post(
        "/api/v1/shelves/smart-folders/", {"name": "Burn", "query": "tag:burn"}, format="json"
    )
    assert answer.status_code == 201
    assert answer.json()["opens"] == "/cards/mine/?q=tag%3Aburn"


def test_archive_and_unarchive_through_the_api(as_alice, alice, make_card, make_deck):
    card = make_card(alice, "C")
    deck = make_deck(alice, "D")
    body = {"operation": "archive", "cards": [card.pk], "decks": [deck.pk]}
    assert as_alice.post("/api/v1/shelves/bulk/", body, format="json").status_code == 200
    assert as_alice.get("/cards/mine/").status_code in (200, 302)
    body["action"] = "unarchive"
    assert as_alice.post("/api/v1/shelves/bulk/", body, format="json").status_code == 200


def test_signed_out_is_a_401(api):
    assert api.get("/api/v1/shelves/tags/").status_code == 401
    assert (
        api.post("/api/v1/shelves/bulk/", {"operation": "archive"}, format="json").status_code
        == 401
    )


def test_your_cards_and_decks_by_tag_and_archive_as_your_pages_list_them(
    as_alice, alice, bob, make_card, make_deck
):
    aggro, other, shelved = (make_card(alice, name) for name in ("Rush", "Wall", "Old Rush"))
    theirs = make_card(bob, "Bob's Rush", visibility="public")
    decks = [make_deck(alice, name) for name in ("Fast", "Slow", "Old Fast")]
    services.items_tag(user=alice, name="aggro", cards=[aggro, shelved], decks=[decks[0], decks[2]])
    services.items_archive(user=alice, cards=[shelved], decks=[decks[2]], archived=True)
    services.items_tag(user=bob, name="aggro", cards=[theirs])

    def ids(answer):
        assert answer.status_code == 200, answer.content
        return sorted(item["id"] for item in answer.json()["results"])

    cards = "/api/v1/shelves/cards/"
    assert ids(as_alice.get(cards, {"q": "tag:aggro"})) == [aggro.pk]
    assert ids(as_alice.get(cards, {"q": "tag:aggro", "archived": "1"})) == [aggro.pk, shelved.pk]
    assert ids(as_alice.get(cards)) == sorted([aggro.pk, other.pk])
    assert as_alice.get(cards, {"q": "level<<3"}).status_code == 400
    assert as_alice.get(cards, {"archived": "maybe"}).status_code == 400
    listed = "/api/v1/decks/"
    assert ids(as_alice.get(listed, {"mine": "1", "q": "tag:aggro"})) == [decks[0].pk]
    assert ids(as_alice.get(listed, {"mine": "1", "q": "tag:aggro", "archived": "1"})) == [
        decks[0].pk,
        decks[2].pk,
    ]
    assert ids(as_alice.get(listed, {"mine": "1", "q": "fast"})) == [decks[0].pk]
    bad = as_alice.get(listed, {"mine": "1", "q": "tag:"})
    assert bad.status_code == 400 and "q" in bad.json()
    as_alice.force_authenticate(None)
    assert as_alice.get(cards).status_code in (401, 403)
