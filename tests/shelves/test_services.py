"""Folders, the archive and saved searches: what they change, and what they never touch."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.http import Http404

from cards.models import Card
from decks.models import Deck
from shelves import selectors, services
from shelves.limits import MAX_DEPTH
from shelves.models import FolderCard, Tag

pytestmark = pytest.mark.django_db


def test_a_folder_cannot_go_inside_itself_or_a_folder_inside_it(alice):
    top = services.folder_create(user=alice, name="Top")
    middle = services.folder_create(user=alice, name="Middle", parent=top)
    bottom = services.folder_create(user=alice, name="Bottom", parent=middle)
    for parent in (top, bottom):
        with pytest.raises(ValidationError) as error:
            services.folder_update(user=alice, folder=top, parent=parent)
        assert "parent" in error.value.message_dict
    assert [f.name for f in selectors.breadcrumbs(bottom)] == ["Top", "Middle", "Bottom"]


def test_folders_go_only_so_deep(alice):
    parent = None
    for number in range(MAX_DEPTH):
        parent = services.folder_create(user=alice, name=f"F{number}", parent=parent)
    with pytest.raises(ValidationError):
        services.folder_create(user=alice, name="Too deep", parent=parent)


def test_deleting_a_folder_moves_what_it_holds_up_and_deletes_nothing(alice, make_card, make_deck):
    top = services.folder_create(user=alice, name="Top")
    inner = services.folder_create(user=alice, name="Inner", parent=top)
    innermost = services.folder_create(user=alice, name="Innermost", parent=inner)
    card = make_card(alice, "Kept")
    deck = make_deck(alice, "Kept deck")
    services.items_move(user=alice, folder=inner, cards=[card], decks=[deck])
    services.folder_delete(user=alice, folder=inner)
    innermost.refresh_from_db()
    assert innermost.parent == top
    assert FolderCard.objects.get(card=card).folder == top
    services.folder_delete(user=alice, folder=top)
    assert Card.objects.filter(pk=card.pk).exists() and Deck.objects.filter(pk=deck.pk).exists()
    assert not FolderCard.objects.filter(card=card).exists()


def test_a_cards_folder_takes_no_decks(alice, make_deck):
    folder = services.folder_create(user=alice, name="Cards only", holds="cards")
    with pytest.raises(ValidationError) as error:
        services.items_move(user=alice, folder=folder, decks=[make_deck(alice, "D")])
    assert "folder" in error.value.message_dict


def test_someone_elses_cards_and_folders_are_not_yours(alice, bob, make_card):
    public = make_card(bob, "Bob's public", visibility="public")
    with pytest.raises(Http404):
        selectors.owned_cards(user=alice, ids=[public.pk])
    folder = services.folder_create(user=bob, name="Bob's")
    with pytest.raises(Http404):
        selectors.folder_for_owner(user=alice, pk=folder.pk)
    with pytest.raises(ValidationError):
        services.items_tag(user=alice, name="x", cards=[public])
    assert not Tag.objects.filter(owner=alice).exists()


def test_archiving_hides_from_the_owners_list_only(alice, bob, make_card):
    card = make_card(alice, "Put away", visibility="public")
    services.items_archive(user=alice, cards=[card])
    assert [c.name for c in selectors.my_cards(user=alice)] == []
    assert [c.name for c in selectors.my_cards(user=alice, show_archived=True)] == ["Put away"]
    from cards.selectors import gallery_cards

    assert [c.name for c in gallery_cards(user=bob)] == ["Put away"]
    services.items_archive(user=alice, cards=[card], archived=False)
    assert [c.name for c in selectors.my_cards(user=alice)] == ["Put away"]


def test_a_saved_search_is_checked_by_the_search(alice):
    with pytest.raises(ValidationError) as error:
        services.smart_folder_create(user=alice, name="Bad", query="kind:dragon")
    assert "not a card type" in error.value.message_dict["query"][0]
    with pytest.raises(ValidationError):
        services.smart_folder_create(user=alice, name="Bad", query="tag:", holds="decks")
    smart = services.smart_folder_create(user=alice, name="Burn", query="tag:burn level<=3")
    assert smart.query == "tag:burn level<=3"


def test_tag_names_are_kept_without_case_and_checked(alice, make_card):
    card = make_card(alice, "C")
    tag = services.items_tag(user=alice, name="WIP", cards=[card])
    assert tag.name == "wip"
    assert services.items_tag(user=alice, name="wip", cards=[card]) == tag
    with pytest.raises(ValidationError):
        services.items_tag(user=alice, name="x" * 41, cards=[card])
    with pytest.raises(ValidationError):
        services.items_untag(user=alice, name="never", cards=[card])
