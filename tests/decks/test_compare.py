"""Two decks side by side (page and API), and the one diff both it and versions use."""

import doctest

import pytest

from decks import diff as diff_module
from decks.diff import counts_by_entry, entries_diff

URL = "/api/v1/decks/compare/"


def test_the_examples_of_the_diff_hold():
    failed, tried = doctest.testmod(diff_module)
    assert tried > 5 and not failed


def test_diff_sorts_entries_into_added_removed_changed_and_same():
    before = [{"card": 1, "count": 2}, {"card": 2, "count": 1, "board": "maybe"}]
    after = [{"card": 1, "count": 3}, {"card": 2, "count": 1, "board": "main"}]
    diff = entries_diff(before, after)
    assert [(c.card, c.board, c.kind) for c in diff.changes()] == [
        (2, "main", "added"),
        (2, "maybe", "removed"),
        (1, "main", "changed"),
    ]
    assert diff.changed[0].delta == 1 and not diff.same
    assert entries_diff([], []).is_empty
    assert counts_by_entry([{"card": "4", "count": "2", "board": None}]) == {(4, "main"): 2}


@pytest.mark.django_db
def test_compare_two_decks(api, alice, bob, make_deck, make_card):
    ash, bolt, cinder = (make_card(name=n, visibility="public") for n in ("Ash", "Bolt", "Cinder"))
    mine = make_deck(entries=[(ash, 2), (bolt, 1)], visibility="public")
    theirs = make_deck(owner=bob, entries=[(bolt, 3), (cinder, 1)], visibility="unlisted")
    api.force_authenticate(alice)
    body = api.get(URL, {"a": mine.pk, "b": theirs.pk}).json()
    assert body["a"]["id"] == mine.pk and body["b"]["size"] == 4
    assert [c["name"] for c in body["only_a"]] == ["Ash"]
    assert [c["name"] for c in body["only_b"]] == ["Cinder"]
    assert [(c["name"], c["before"], c["after"]) for c in body["different"]] == [("Bolt", 1, 3)]
    assert body["same"] == []
    page = api.get("/decks/compare/", {"a": mine.pk, "b": theirs.pk})
    assert page.status_code == 200
    assert b"Only in A" in page.content and b"Cinder" in page.content
    assert api.get("/decks/compare/").status_code == 200


@pytest.mark.django_db
def test_withheld_cards_compare_without_names(api, alice, bob, make_deck, make_card):
    secret = make_card(name="Hidden Flame")
    mine = make_deck(entries=[(secret, 2)], visibility="public")
    other = make_deck(entries=[(secret, 1)], visibility="public", name="Other")
    api.force_authenticate(bob)
    response = api.get(URL, {"a": mine.pk, "b": other.pk})
    different = response.json()["different"]
    assert different[0]["withheld"] and different[0]["card"] is None
    assert different[0]["name"] is None
    assert b"Hidden Flame" not in response.content
    page = api.get("/decks/compare/", {"a": mine.pk, "b": other.pk})
    assert b"Hidden Flame" not in page.content and b"Withheld card" in page.content


@pytest.mark.django_db
def test_a_deck_the_viewer_may_not_see_is_not_found(api, bob, make_deck):
    private = make_deck()
    public = make_deck(visibility="public")
    api.force_authenticate(bob)
    assert api.get(URL, {"a": public.pk, "b": private.pk}).status_code == 404
    assert api.get("/decks/compare/", {"a": private.pk, "b": public.pk}).status_code == 404
    assert api.get(URL, {"a": public.pk, "b": 10**12}).status_code == 404


@pytest.mark.django_db
@pytest.mark.parametrize(
    "query",
    [
        {},
        {"a": "x", "b": "1"},
        {"a": "1"},
        {"a": "0", "b": "1"},
        {"a": "1", "b": "1", "c": "2"},
        {"a": "1.5", "b": "1"},
        {"a": str(2**70), "b": "1"},
    ],
)
def test_bad_queries_are_400s(api, query):
    response = api.get(URL, query)
    assert response.status_code == 400, response.content
    if "c" not in query and query:
        assert api.get("/decks/compare/", query).status_code == 400
