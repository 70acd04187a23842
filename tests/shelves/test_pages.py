"""The shelves in pages: My cards and My decks with their bulk bar, filters and archive, the
shelves page, folders and saved searches."""

from __future__ import annotations

import pytest

from shelves import services
from shelves.models import CardTag, Folder

pytestmark = pytest.mark.django_db


@pytest.fixture
def alices(client, alice):
    client.force_login(alice)
    return client


def test_tag_selected_on_my_cards_then_filter_by_all_or_any(alices, alice, make_card):
    one, two, three = (make_card(alice, name) for name in ("Alpha", "Beta", "Gamma"))
    page = alices.get("/cards/mine/").content.decode()
    assert 'id="shelves-bulk"' in page and "Tag selected" in page
    answer = alices.post(
        "/shelves/bulk/",
        {
            "kind": "cards",
            "ids": [one.pk, two.pk],
            "tag": "aggro",
            "action": "tag",
            "next": "/cards/mine/",
        },
    )
    assert answer.status_code == 302 and answer["Location"] == "/cards/mine/"
    alices.post("/shelves/bulk/", {"kind": "cards", "ids": [one.pk], "tag": "wip", "action": "tag"})
    every = alices.get("/cards/mine/", {"tags": ["aggro", "wip"], "match": "all"})
    assert every["Location"] == "/cards/mine/?q=tag%3Aaggro+tag%3Awip"
    shown = alices.get(every["Location"]).content.decode()
    assert "Alpha" in shown and "Beta" not in shown
    either = alices.get("/cards/mine/", {"tags": ["aggro", "wip"], "match": "any"})
    shown = alices.get(either["Location"]).content.decode()
    assert "Alpha" in shown and "Beta" in shown and "Gamma" not in shown


def test_a_bad_tag_search_is_explained(alices):
    answer = alices.get("/cards/mine/", {"q": "tag:"})
    assert answer.status_code == 400
    assert "tag:aggro" in answer.content.decode()


def test_archived_cards_leave_my_cards_until_shown(alices, alice, make_card):
    card = make_card(alice, "Old Thing")
    alices.post("/shelves/bulk/", {"kind": "cards", "ids": [card.pk], "action": "archive"})
    assert "Old Thing" not in alices.get("/cards/mine/").content.decode()
    shown = alices.get("/cards/mine/", {"archived": "1"}).content.decode()
    assert "Old Thing" in shown and "Archived" in shown
    alices.post("/shelves/bulk/", {"kind": "cards", "ids": [card.pk], "action": "unarchive"})
    assert "Old Thing" in alices.get("/cards/mine/").content.decode()


def test_my_decks_tags_and_archive(alices, alice, make_deck):
    keep = make_deck(alice, "Keeper Deck")
    other = make_deck(alice, "Other Deck")
    alices.post(
        "/shelves/bulk/", {"kind": "decks", "ids": [keep.pk], "tag": "aggro", "action": "tag"}
    )
    shown = alices.get("/decks/mine/", {"q": "tag:aggro"}).content.decode()
    assert "Keeper Deck" in shown and "Other Deck" not in shown
    assert "Other Deck" in alices.get("/decks/mine/", {"q": "deck -tag:aggro"}).content.decode()
    assert alices.get("/decks/mine/", {"q": "tag:"}).status_code == 400
    alices.post("/shelves/bulk/", {"kind": "decks", "ids": [other.pk], "action": "archive"})
    assert "Other Deck" not in alices.get("/decks/mine/").content.decode()


def test_someone_elses_items_in_the_bulk_bar_are_a_404(alices, bob, make_card):
    public = make_card(bob, "Bob Public", visibility="public")
    answer = alices.post(
        "/shelves/bulk/", {"kind": "cards", "ids": [public.pk], "tag": "x", "action": "tag"}
    )
    assert answer.status_code == 404
    assert not CardTag.objects.exists()


def test_nested_folders_with_breadcrumbs_and_a_cycle_is_a_form_error(alices, alice):
    answer = alices.post("/shelves/folders/new/", {"folder-name": "Top", "folder-holds": "mixed"})
    top = Folder.objects.get(name="Top")
    assert answer["Location"] == f"/shelves/folders/{top.pk}/"
    alices.post(
        "/shelves/folders/new/",
        {"folder-name": "Inner", "folder-parent": top.pk, "folder-holds": "cards"},
    )
    inner = Folder.objects.get(name="Inner")
    page = alices.get(f"/shelves/folders/{inner.pk}/").content.decode()
    assert 'aria-label="Breadcrumbs"' in page and "Top" in page
    answer = alices.post(
        f"/shelves/folders/{top.pk}/edit/",
        {"folder-name": "Top", "folder-parent": inner.pk, "folder-holds": "mixed"},
    )
    assert answer.status_code == 400
    assert "cannot go inside itself" in answer.content.decode()
    assert alices.get(f"/shelves/folders/{top.pk}/delete/").status_code == 200
    alices.post(f"/shelves/folders/{top.pk}/delete/")
    inner.refresh_from_db()
    assert inner.parent is None


def test_another_persons_folder_is_a_404(alices, bob):
    folder = services.folder_create(user=bob, name="Bob's")
    assert alices.get(f"/shelves/folders/{folder.pk}/").status_code == 404
    assert alices.post(f"/shelves/folders/{folder.pk}/delete/").status_code == 404
    assert Folder.objects.filter(pk=folder.pk).exists()


def test_a_saved_search_is_checked_and_opens_my_cards(alices):
    answer = alices.post(
        "/shelves/smart/new/",
        {"smart-name": "Bad", "smart-query": "kind:dragon", "smart-holds": "cards"},
    )
    assert answer.status_code == 400
    assert "not a card type" in answer.content.decode()
    alices.post(
        "/shelves/smart/new/",
        {"smart-name": "Burners", "smart-query": "tag:burn", "smart-holds": "cards"},
    )
    home = alices.get("/shelves/").content.decode()
    assert "Burners" in home
    from shelves.models import SmartFolder

    smart = SmartFolder.objects.get(name="Burners")
    assert alices.get(f"/shelves/smart/{smart.pk}/")["Location"] == "/cards/mine/?q=tag%3Aburn"


def test_the_gallery_reads_only_your_own_tags(client, alice, bob, make_card):
    card = make_card(alice, "Shared Burn", visibility="public")
    services.items_tag(user=alice, name="burn", cards=[card])
    client.force_login(bob)
    assert (
        "Shared Burn"
        not in client.get("/cards/", {"q": "tag:burn", "view": "list"}).content.decode()
    )
    client.force_login(alice)
    assert (
        "Shared Burn" in client.get("/cards/", {"q": "tag:burn", "view": "list"}).content.decode()
    )


def test_signed_out_pages_go_to_login(client):
    assert client.get("/shelves/")["Location"].startswith("/accounts/login/")


def test_a_decks_saved_search_opens_my_decks(alices, alice, make_deck):
    deck = make_deck(alice, "Golem Rush")
    services.items_tag(user=alice, name="rush", decks=[deck])
    alices.post(
        "/shelves/smart/new/",
        {"smart-name": "Rushes", "smart-query": "tag:rush", "smart-holds": "decks"},
    )
    from shelves.models import SmartFolder

    smart = SmartFolder.objects.get(name="Rushes")
    opened = alices.get(f"/shelves/smart/{smart.pk}/")
    assert opened["Location"] == "/decks/mine/?q=tag%3Arush"
    assert "Golem Rush" in alices.get(opened["Location"]).content.decode()


def test_tags_are_renamed_and_deleted_without_touching_cards(alices, alice, make_card):
    card = make_card(alice, "Labelled")
    tag = services.items_tag(user=alice, name="old", cards=[card])
    alices.post(f"/shelves/tags/{tag.pk}/edit/", {"tag-name": "New-Name"})
    tag.refresh_from_db()
    assert tag.name == "new-name"
    answer = alices.post(f"/shelves/tags/{tag.pk}/edit/", {"tag-name": "two words"}, follow=True)
    assert "letters, digits, - and _ only" in answer.content.decode()
    alices.post(f"/shelves/tags/{tag.pk}/delete/")
    assert not CardTag.objects.exists()
    assert "Labelled" in alices.get("/cards/mine/").content.decode()


def test_a_folder_holding_decks_cannot_become_a_cards_folder(alices, alice, make_deck):
    folder = services.folder_create(user=alice, name="Mixed")
    services.items_move(user=alice, folder=folder, decks=[make_deck(alice, "D")])
    answer = alices.post(
        f"/shelves/folders/{folder.pk}/edit/",
        {"folder-name": "Mixed", "folder-holds": "cards"},
    )
    assert answer.status_code == 400
    assert "holds decks" in answer.content.decode()


def test_a_bulk_change_without_ticks_says_so(alices):
    answer = alices.post(
        "/shelves/bulk/",
        {"kind": "cards", "action": "archive", "next": "/cards/mine/"},
        follow=True,
    )
    assert "Tick at least one first." in answer.content.decode()
    answer = alices.post(
        "/shelves/bulk/", {"kind": "cards", "ids": ["1x"], "action": "archive"}, follow=True
    )
    assert "is not a card or deck id" in answer.content.decode()
