"""/api/v1/decks/{id}/versions/: listing, reading, saving, publishing and reverting, with who
may do what and bad input; and the privacy of versions (private decks, private cards, drafts
saved while the deck was private)."""

import pytest

from decks import services
from decks.models import DeckVersion

pytestmark = pytest.mark.django_db

URL = "/api/v1/decks/{}/versions/"


def test_list_read_save_publish_revert(api, alice, make_deck, make_card):
    one, two = make_card(name="Ash", visibility="public"), make_card(name="Bolt")
    deck = make_deck(entries=[(one, 2)])
    services.deck_set_count(deck=deck, user=alice, card=two, count=3)
    api.force_authenticate(alice)
    saved = api.post(URL.format(deck.pk), {"note": "Bolts"}, format="json")
    assert saved.status_code == 201, saved.content
    body = saved.json()
    assert (body["number"], body["note"], body["against"]) == (2, "Bolts", 1)
    assert body["diff"] == {"added": 1, "removed": 0, "changed": 0}
    assert [c["name"] for c in body["changes"]] == ["Bolt"]
    assert body["changes"][0]["change"] == "added" and body["changes"][0]["after"] == 3
    assert {e["name"]: e["count"] for e in body["entries"]} == {"Ash": 2, "Bolt": 3}
    # Published as it is: version 2 holds the deck already, and becomes the snapshot.
    published = api.post(URL.format(deck.pk), {"snapshot": True}, format="json")
    assert published.status_code == 200 and published.json()["snapshot"] is True
    assert published.json()["number"] == 2
    listing = api.get(URL.format(deck.pk)).json()
    assert listing["count"] == 2
    assert [v["number"] for v in listing["results"]] == [2, 1]
    assert listing["results"][0]["diff"]["added"] == 1
    one_version = api.get(URL.format(deck.pk) + "1/")
    assert one_version.status_code == 200 and one_version.json()["against"] is None
    reverted = api.post(URL.format(deck.pk) + "1/revert/")
    assert reverted.status_code == 201, reverted.content
    assert reverted.json()["number"] == 3 and reverted.json()["left_out"] == 0
    assert reverted.json()["diff"] == {"added": 0, "removed": 1, "changed": 0}
    assert deck.entries.count() == 1


def test_bad_input(api, alice, make_deck):
    deck = make_deck()
    api.force_authenticate(alice)
    assert api.get(URL.format(deck.pk) + "99/").status_code == 404
    assert api.post(URL.format(deck.pk) + "99/revert/").status_code == 404
    assert api.get(URL.format(deck.pk) + "99999999999999999999999/").status_code == 404
    assert api.get("/api/v1/decks/abc/versions/").status_code == 404
    assert api.get(URL.format(999999)).status_code == 404
    assert api.get(URL.format(deck.pk) + "?page=0").status_code == 400
    assert api.get(URL.format(deck.pk) + "?page=9").status_code == 404
    assert api.get(URL.format(deck.pk) + "?nonsense=1").status_code == 400
    for body in ({"note": "x" * 201}, {"note": 5}, {"snapshot": "maybe"}, {"note": None}):
        response = api.post(URL.format(deck.pk), body, format="json")
        assert response.status_code == 400, (body, response.content)
    unchanged = api.post(URL.format(deck.pk), {}, format="json")
    assert unchanged.status_code == 400 and "note" in unchanged.json()
    assert api.post(URL.format(deck.pk), "[1", content_type="application/json").status_code == 400
    assert DeckVersion.objects.filter(deck=deck).count() == 1


@pytest.mark.parametrize("visibility", ["private", "unlisted", "public"])
@pytest.mark.parametrize("viewer", ["owner", "other", "anon"])
def test_who_may_do_what(api, alice, bob, make_deck, visibility, viewer):
    deck = make_deck(visibility=visibility)
    if viewer == "owner":
        api.force_authenticate(alice)
    elif viewer == "other":
        api.force_authenticate(bob)
    hidden = visibility == "private" and viewer != "owner"
    for path in ("", "1/"):
        assert api.get(URL.format(deck.pk) + path).status_code == (404 if hidden else 200)
    revert = api.post(URL.format(deck.pk) + "1/revert/").status_code
    save = api.post(URL.format(deck.pk), {"snapshot": True}, format="json").status_code
    if viewer == "anon":
        assert (revert, save) in ((401, 401), (403, 403))
    elif hidden:
        assert (revert, save) == (404, 404)
    elif viewer == "other":
        assert (revert, save) == (403, 403)
    else:  # the revert's version holds the deck as it is: publishing publishes that one
        assert (revert, save) == (201, 200)


# -- privacy ----------------------------------------------------------------------------------


def test_private_card_in_a_public_deck_is_withheld(api, alice, bob, make_deck, make_card):
    secret = make_card(name="Secret Ember", ability_text="WHISPER: Draw 1 card.")
    shown = make_card(name="Open Flame", visibility="public")
    deck = make_deck(entries=[(secret, 2), (shown, 1)], visibility="public")
    api.force_authenticate(bob)
    body = api.get(URL.format(deck.pk) + "1/").json()
    withheld = [e for e in body["entries"] if e["withheld"]]
    assert len(withheld) == 1 and withheld[0]["count"] == 2
    assert withheld[0]["card"] is None and withheld[0]["name"] is None
    assert withheld[0]["withdrawn"] is False  # the owner's own private card
    assert b"Secret Ember" not in api.get(URL.format(deck.pk) + "1/").content
    page = api.get(f"/decks/{deck.pk}/history/1/")
    assert page.status_code == 200 and b"Secret Ember" not in page.content
    api.force_authenticate(alice)
    assert b"Secret Ember" in api.get(URL.format(deck.pk) + "1/").content


def test_a_card_made_private_later_is_withheld_in_old_versions(
    api, alice, bob, make_deck, make_card
):
    theirs = make_card(owner=bob, name="Bob's Spark", visibility="public")
    deck = make_deck(entries=[(theirs, 1)], visibility="public")
    theirs.visibility = "private"
    theirs.save()
    api.force_authenticate(alice)
    entry = api.get(URL.format(deck.pk) + "1/").json()["entries"][0]
    assert entry["withheld"] and entry["withdrawn"] and entry["name"] is None


def test_a_card_changed_later_reads_as_it_was(api, alice, make_deck, make_card):
    card = make_card(name="Old Name", visibility="public")
    deck = make_deck(entries=[(card, 1)], visibility="public")
    card.name = "New Name"
    card.save()
    entry = api.get(URL.format(deck.pk) + "1/").json()["entries"][0]
    assert entry["name"] == "Old Name"


def test_text_written_while_a_card_was_private_stays_unread(api, alice, bob, make_deck, make_card):
    card = make_card(name="Draft Name")
    deck = make_deck(entries=[(card, 1)], visibility="public")
    card.name, card.visibility = "Shared Name", "public"
    card.save()
    api.force_authenticate(bob)
    content = api.get(URL.format(deck.pk) + "1/").content
    assert b"Draft Name" not in content and b"Shared Name" in content


def test_versions_saved_while_private_stay_hidden_after_sharing(
    api, alice, bob, make_deck, make_card
):
    card = make_card(visibility="public")
    deck = make_deck(name="Secret plan", entries=[(card, 1)])
    services.deck_update(deck=deck, user=alice, name="Launch")
    services.deck_update(deck=deck, user=alice, visibility="public")
    api.force_authenticate(bob)
    listing = api.get(URL.format(deck.pk)).json()
    assert [v["number"] for v in listing["results"]] == [3]
    assert listing["results"][0]["diff"] == {"added": 1, "removed": 0, "changed": 0}
    assert api.get(URL.format(deck.pk) + "1/").status_code == 404
    assert api.get(URL.format(deck.pk) + "3/").json()["against"] is None
    page = api.get(f"/decks/{deck.pk}/history/").content
    assert b"Secret plan" not in page and b"Version 3" in page
    assert api.get(f"/decks/{deck.pk}/history/compare/?a=1&b=3").status_code == 404
    api.force_authenticate(alice)
    assert [v["number"] for v in api.get(URL.format(deck.pk)).json()["results"]] == [3, 2, 1]


def test_a_private_decks_history_is_not_found(client, bob, make_deck):
    deck = make_deck()
    client.force_login(bob)
    for path in ("history/", "history/1/", "history/compare/?a=1&b=1"):
        assert client.get(f"/decks/{deck.pk}/{path}").status_code == 404
    assert client.post(f"/decks/{deck.pk}/history/1/revert/").status_code == 404
    assert client.post(f"/decks/{deck.pk}/history/save/").status_code == 404


def test_a_patch_of_details_and_entries_is_one_version_or_none(api, alice, make_deck, make_card):
    ash = make_card(name="Ash")
    deck = make_deck(entries=[(ash, 2)])
    api.force_authenticate(alice)
    body = {"name": "Ashes", "entries": [{"card": ash.pk, "count": 3}]}
    response = api.patch(f"/api/v1/decks/{deck.pk}/", body, format="json")
    assert response.status_code == 200, response.content
    assert DeckVersion.objects.filter(deck=deck).count() == 2
    # Entries that cannot be saved leave the details unsaved too, and no version.
    bad = {"name": "Cinders", "entries": [{"card": ash.pk, "count": 0}]}
    assert api.patch(f"/api/v1/decks/{deck.pk}/", bad, format="json").status_code == 400
    deck.refresh_from_db()
    assert deck.name == "Ashes" and DeckVersion.objects.filter(deck=deck).count() == 2


def test_revert_puts_back_the_description_only_when_asked(api, alice, make_deck, make_card):
    deck = make_deck(entries=[(make_card(name="Ash"), 2)])
    deck.description = "Written since."
    deck.save()
    api.force_authenticate(alice)
    assert api.post(URL.format(deck.pk) + "1/revert/").status_code == 201
    deck.refresh_from_db()
    assert deck.description == "Written since."
    answer = api.post(URL.format(deck.pk) + "1/revert/", {"description": True}, format="json")
    assert answer.status_code == 201
    deck.refresh_from_db()
    assert deck.description == ""
    refused = api.post(URL.format(deck.pk) + "1/revert/", {"description": "maybe"}, format="json")
    assert refused.status_code == 400 and "description" in refused.json()
