"""Marking a deck built and unmarking it: the services, the API and the deck page's buttons,
and the collection page saying where each card's copies are."""

import pytest
from django.core.exceptions import PermissionDenied
from django.urls import reverse

from cards import builds
from cards import services as card_services
from cards.models import DeckBuild

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}


@pytest.fixture
def wisp(alice, make_card):
    card = make_card(name="Wisp", visibility="public")
    card_services.collection_add(user=alice, card=card, copies=4)
    return card


# -- services ---------------------------------------------------------------------------------


def test_marking_twice_keeps_one_mark(alice, make_deck, wisp):
    deck = make_deck(entries=[(wisp, 3)])
    first, created = builds.deck_build_mark(user=alice, deck=deck)
    again, created_again = builds.deck_build_mark(user=alice, deck=deck)
    assert created and not created_again and first.pk == again.pk
    assert builds.deck_build_unmark(user=alice, deck=deck)
    assert not builds.deck_build_unmark(user=alice, deck=deck)
    assert not DeckBuild.objects.exists()


def test_only_decks_one_may_see_are_marked(alice, bob, make_deck, wisp):
    private = make_deck(entries=[(wisp, 3)])
    shared = make_deck(name="Shared", visibility="unlisted", entries=[(wisp, 3)])
    with pytest.raises(PermissionDenied):
        builds.deck_build_mark(user=bob, deck=private)
    with pytest.raises(PermissionDenied):
        builds.deck_build_mark(user=None, deck=shared)
    _mark, created = builds.deck_build_mark(user=bob, deck=shared)
    assert created and list(builds.built_decks(user=bob)) == [shared]


def test_a_deck_deleted_takes_its_marks_with_it(alice, make_deck, wisp):
    deck = make_deck(entries=[(wisp, 3)])
    builds.deck_build_mark(user=alice, deck=deck)
    deck.delete()
    assert not DeckBuild.objects.exists()


# -- the API ----------------------------------------------------------------------------------


def test_mark_and_unmark_through_the_api(api, alice, make_deck, wisp):
    deck = make_deck(entries=[(wisp, 3)])
    api.force_authenticate(alice)
    url = f"/api/v1/decks/{deck.pk}/built/"
    response = api.post(url)
    assert response.status_code == 201
    assert response.json()["deck"] == deck.pk and response.json()["built"] is True
    again = api.post(url, {"anything": "ignored"}, format="json")
    assert again.status_code == 200 and again.json()["built_at"] == response.json()["built_at"]
    assert DeckBuild.objects.filter(owner=alice, deck=deck).count() == 1
    assert api.delete(url).status_code == 204
    assert api.delete(url).status_code == 204
    assert not DeckBuild.objects.exists()


def test_marking_a_deck_one_may_not_see_is_a_404(api, alice, bob, make_deck, wisp):
    private = make_deck(entries=[(wisp, 3)])
    api.force_authenticate(bob)
    for method in (api.post, api.delete):
        response = method(f"/api/v1/decks/{private.pk}/built/")
        assert response.status_code == 404
        assert response["Content-Type"].startswith("application/json")
    assert not DeckBuild.objects.exists()


@pytest.mark.parametrize("bad", ["0", "424242", "99999999999999999999999", "ashes", "-1", "1.5"])
def test_a_nonsense_deck_id_is_a_404(api, alice, bad):
    api.force_authenticate(alice)
    response = api.post(f"/api/v1/decks/{bad}/built/")
    assert response.status_code == 404
    assert response["Content-Type"].startswith("application/json")


def test_the_api_needs_an_account(api, alice, make_deck, wisp):
    deck = make_deck(visibility="public", entries=[(wisp, 3)])
    url = f"/api/v1/decks/{deck.pk}/built/"
    assert api.post(url).status_code == 401
    assert api.delete(url).status_code == 401
    assert not DeckBuild.objects.exists()


# -- the site ---------------------------------------------------------------------------------


def test_the_panel_marks_and_unmarks(client, alice, make_deck, wisp):
    deck = make_deck(name="Ashes", entries=[(wisp, 3)])
    client.force_login(alice)
    html = client.post(reverse("deck-build", args=[deck.pk]), headers=HTMX).content.decode()
    assert "“Ashes” is marked built" in html and "data-announce" in html
    assert "Unmark built" in html and reverse("deck-unbuild", args=[deck.pk]) in html
    again = client.post(reverse("deck-build", args=[deck.pk]), headers=HTMX).content.decode()
    assert "was already marked built" in again
    response = client.post(reverse("deck-unbuild", args=[deck.pk]))
    assert response.status_code == 302 and response["Location"] == deck.get_absolute_url()
    assert not DeckBuild.objects.exists()
    page = client.get(response["Location"]).content.decode()
    assert "no longer marked built" in page


def test_a_private_deck_of_another_is_a_404_on_the_site(client, alice, bob, make_deck, wisp):
    deck = make_deck(entries=[(wisp, 3)])
    client.force_login(bob)
    assert client.post(reverse("deck-build", args=[deck.pk])).status_code == 404
    assert client.get(reverse("deck-shortfall", args=[deck.pk]), headers=HTMX).status_code == 404
    assert not DeckBuild.objects.exists()


def test_signed_out_the_forms_ask_to_log_in(client, alice, make_deck, wisp):
    deck = make_deck(visibility="public", entries=[(wisp, 3)])
    response = client.post(reverse("deck-build", args=[deck.pk]))
    assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")
    assert not DeckBuild.objects.exists()


def test_the_collection_says_where_the_copies_are(client, alice, make_deck, wisp, make_card):
    ashes = make_deck(name="Ashes", entries=[(wisp, 3)])
    embers = make_deck(name="Embers", entries=[(wisp, 2)])
    lone = make_card(name="Lonely")
    card_services.collection_add(user=alice, card=lone, copies=2)
    builds.deck_build_mark(user=alice, deck=ashes)
    builds.deck_build_mark(user=alice, deck=embers)
    client.force_login(alice)
    html = client.get(reverse("collection")).content.decode()
    assert (
        f'5 in <a href="{ashes.get_absolute_url()}">Ashes</a> (3),'
        f' <a href="{embers.get_absolute_url()}">Embers</a> (2);' in html
    )
    assert "0 free, <strong>1 short</strong>" in html
    assert "none; 2 free" in html
    # Setting the copies from the row says it again.
    row = client.post(
        reverse("collection-copies", args=[wisp.pk]), {"copies": "6"}, headers=HTMX
    ).content.decode()
    assert 'data-in-built="5" data-free="1"' in row
