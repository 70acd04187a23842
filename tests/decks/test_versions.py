"""A deck's versions: made by every save, the builder's changes folded into the next one, saved
with a note or published as a snapshot, reverted to; the diff of each; and the pages."""

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from decks import services
from decks.diff import entries_diff
from decks.models import DeckVersion
from decks.versions import has_unsaved_changes, version_revert, version_save, versions_ensure

pytestmark = pytest.mark.django_db


def numbers(deck):
    return list(
        DeckVersion.objects.filter(deck=deck).order_by("number").values_list("number", flat=True)
    )


def test_a_new_deck_is_version_1(make_deck, make_card):
    card = make_card(visibility="public")
    deck = make_deck(entries=[(card, 2)])
    version = deck.versions.get()
    assert (version.number, version.added, version.removed, version.changed) == (1, 1, 0, 0)
    assert version.entries[0]["card"] == card.pk and version.entries[0]["count"] == 2
    assert version.entries[0]["definition"]["name"] == card.name
    assert version.author == deck.owner and not version.shared


def test_builder_changes_fold_into_the_next_saved_version(alice, make_deck, make_card):
    one, two, three = (make_card(name=n, visibility="public") for n in ("Ash", "Bolt", "Cinder"))
    deck = make_deck(entries=[(one, 2), (two, 1)])
    services.deck_change_count(deck=deck, user=alice, card=one, delta=1)
    services.deck_change_count(deck=deck, user=alice, card=two, delta=-1)
    services.deck_set_count(deck=deck, user=alice, card=three, count=4)
    assert numbers(deck) == [1]  # autosaves make no version
    assert has_unsaved_changes(deck)
    version = version_save(deck=deck, user=alice, note="  More   ash ")
    assert version.number == 2 and version.note == "More ash"
    assert (version.added, version.removed, version.changed) == (1, 1, 1)
    assert not has_unsaved_changes(deck)


def test_saving_an_unchanged_deck_is_refused_but_a_snapshot_is_published(alice, make_deck):
    deck = make_deck()
    with pytest.raises(ValidationError) as error:
        version_save(deck=deck, user=alice)
    assert "Nothing has changed since version 1" in str(error.value)
    # Published as it is: the latest version holds it already, so no empty version is added.
    snapshot = version_save(deck=deck, user=alice, snapshot=True, note="Release")
    assert (snapshot.snapshot, snapshot.number, snapshot.note) == (True, 1, "Release")
    assert numbers(deck) == [1]


def test_a_snapshot_of_cards_rewritten_since_is_a_new_version(alice, make_deck, make_card):
    card = make_card(name="Ash", visibility="public")
    deck = make_deck(entries=[(card, 2)])
    card.flavor_text = "Rewritten since."
    card.save()
    snapshot = version_save(deck=deck, user=alice, snapshot=True)
    assert (snapshot.snapshot, snapshot.number) == (True, 2)
    assert snapshot.entries[0]["definition"]["flavor_text"] == "Rewritten since."


def test_only_the_owner_saves(bob, make_deck):
    deck = make_deck(visibility="public")
    with pytest.raises(PermissionDenied):
        version_save(deck=deck, user=bob)


def test_bad_notes_are_field_errors(alice, make_deck, make_card):
    deck = make_deck()
    services.deck_set_count(deck=deck, user=alice, card=make_card(), count=1)
    for note, field in (("x" * 201, "note"), (12, "note")):
        with pytest.raises(ValidationError) as error:
            version_save(deck=deck, user=alice, note=note)
        assert field in error.value.message_dict
    with pytest.raises(ValidationError):
        version_save(deck=deck, user=alice, snapshot="yes")
    assert numbers(deck) == [1]


def test_every_form_of_save_makes_a_version_when_something_changed(alice, make_deck, make_card):
    card = make_card(visibility="public")
    deck = make_deck()
    services.deck_update(deck=deck, user=alice, name="Renamed")
    services.deck_update(deck=deck, user=alice, name="Renamed")  # nothing changed: none
    services.deck_set_entries(deck=deck, user=alice, entries=[(card, 3)])
    assert numbers(deck) == [1, 2, 3]
    assert deck.versions.get(number=2).name == "Renamed"
    # Sharing the deck makes a version others may see, though nothing else changed.
    services.deck_update(deck=deck, user=alice, visibility="public")
    latest = deck.versions.order_by("-number").first()
    assert latest.number == 4 and latest.shared


def test_revert_makes_a_new_version_equal_to_the_old(alice, make_deck, make_card):
    one, two = make_card(name="Ash", visibility="public"), make_card(name="Bolt")
    deck = make_deck(entries=[(one, 2)], name="First")
    services.deck_update(deck=deck, user=alice, name="Second")
    services.deck_set_entries(deck=deck, user=alice, entries=[(two, 4)])
    new, left_out = version_revert(version=deck.versions.get(number=1), user=alice)
    assert (new.number, left_out) == (4, 0)
    assert new.note == "Reverted to version 1"
    deck.refresh_from_db()
    assert deck.name == "First"
    assert [(e.card_id, e.count) for e in deck.entries.all()] == [(one.pk, 2)]
    assert numbers(deck) == [1, 2, 3, 4]  # nothing deleted
    assert entries_diff(deck.versions.get(number=1).entries, new.entries).is_empty


def test_revert_keeps_the_primer_written_since_unless_asked(alice, make_deck, make_card, client):
    one, two = make_card(name="Ash", visibility="public"), make_card(name="Bolt")
    deck = make_deck(entries=[(one, 2)], name="First")  # version 1: no description
    services.deck_update(deck=deck, user=alice, description="How to play it, at length.")
    services.deck_set_entries(deck=deck, user=alice, entries=[(two, 4)])
    client.force_login(alice)
    answer = client.post(f"/decks/{deck.pk}/history/1/revert/", follow=True)
    assert "Its description was kept as it is." in answer.content.decode()
    deck.refresh_from_db()
    assert deck.description == "How to play it, at length."
    assert [(e.card_id, e.count) for e in deck.entries.all()] == [(one.pk, 2)]
    # Asked: the version's description comes back with its cards.
    client.post(f"/decks/{deck.pk}/history/1/revert/", {"description": "on"})
    deck.refresh_from_db()
    assert deck.description == ""
    assert deck.versions.order_by("-number").first().note.endswith("its description too")


def test_revert_leaves_out_cards_no_longer_usable(alice, bob, make_deck, make_card):
    theirs = make_card(owner=bob, name="Borrowed", visibility="public")
    mine = make_card(name="Mine")
    deck = make_deck(entries=[(theirs, 2), (mine, 1)])
    services.deck_set_entries(deck=deck, user=alice, entries=[(mine, 1)])
    theirs.visibility = "private"
    theirs.save()
    new, left_out = version_revert(version=deck.versions.get(number=1), user=alice)
    assert left_out == 2 and "left out" in new.note
    assert [e.card_id for e in deck.entries.all()] == [mine.pk]


def test_revert_by_another_is_refused(bob, make_deck):
    deck = make_deck(visibility="public")
    with pytest.raises(PermissionDenied):
        version_revert(version=deck.versions.get(), user=bob)


def test_a_deck_without_versions_gets_version_1_lazily(alice, make_deck):
    deck = make_deck()
    DeckVersion.objects.filter(deck=deck).delete()
    versions_ensure(deck)
    versions_ensure(deck)
    assert numbers(deck) == [1]


# -- pages ------------------------------------------------------------------------------------


def test_history_page_lists_versions_with_diff_and_revert(client, alice, make_deck, make_card):
    card = make_card(visibility="public")
    deck = make_deck(entries=[(card, 1)])
    services.deck_set_count(deck=deck, user=alice, card=card, count=3)
    client.force_login(alice)
    page = client.get(f"/decks/{deck.pk}/history/")
    assert page.status_code == 200
    assert b"The deck has changes since version 1" in page.content
    response = client.post(f"/decks/{deck.pk}/history/save/", {"note": "Three copies"})
    assert response.status_code == 302
    page = client.get(f"/decks/{deck.pk}/history/").content.decode()
    assert "Three copies" in page and "0 added · 0 removed · 1 changed" in page
    assert "Revert to version 1" in page
    diff = client.get(f"/decks/{deck.pk}/history/2/").content.decode()
    assert "Changes since version 1" in diff and card.name in diff
    client.post(f"/decks/{deck.pk}/history/save/", {"note": "", "snapshot": "true"})
    assert deck.versions.get(number=2).snapshot and deck.versions.count() == 2
    response = client.post(f"/decks/{deck.pk}/history/1/revert/")
    assert response.status_code == 302 and deck.versions.count() == 3


def test_history_pages_refuse_bad_input(client, alice, bob, make_deck):
    deck = make_deck(visibility="public")
    client.force_login(alice)
    assert client.get(f"/decks/{deck.pk}/history/99/").status_code == 404
    assert client.get(f"/decks/{deck.pk}/history/compare/?a=x&b=1").status_code == 400
    assert client.get(f"/decks/{deck.pk}/history/compare/?a=1&b=99").status_code == 404
    assert client.get(f"/decks/{deck.pk}/history/compare/").status_code == 200
    assert client.get(f"/decks/{deck.pk}/history/save/").status_code == 405
    response = client.post(f"/decks/{deck.pk}/history/save/", {"note": "x" * 300}, follow=True)
    assert response.status_code == 200 and deck.versions.count() == 1
    client.force_login(bob)
    assert client.post(f"/decks/{deck.pk}/history/save/").status_code == 403
    assert client.post(f"/decks/{deck.pk}/history/1/revert/").status_code == 403
    assert client.get(f"/decks/{deck.pk}/history/").status_code == 200


def test_compare_versions_page_shows_changes_and_missing_runs(client, alice, make_deck, make_card):
    one, two = (
        make_card(name="Ash", visibility="public"),
        make_card(name="Bolt", visibility="public"),
    )
    deck = make_deck(entries=[(one, 2)])
    services.deck_set_entries(deck=deck, user=alice, entries=[(two, 1)])
    client.force_login(alice)
    page = client.get(f"/decks/{deck.pk}/history/compare/?a=1&b=2").content.decode()
    assert "Ash" in page and "Bolt" in page
    assert "Version 1 and Version 2 have no finished goldfish run" in page


def test_compare_opens_on_the_previous_version_against_the_latest(
    client, alice, make_deck, make_card
):
    one, two = make_card(name="Ash"), make_card(name="Bolt")
    deck = make_deck(entries=[(one, 2)])
    services.deck_set_entries(deck=deck, user=alice, entries=[(two, 1)])
    services.deck_set_entries(deck=deck, user=alice, entries=[(two, 3)])
    client.force_login(alice)
    page = client.get(f"/decks/{deck.pk}/history/compare/").content.decode()
    assert '<option value="2" selected>' in page and '<option value="3" selected>' in page
    assert "Version 2 and Version 3" in page
