"""The deck page's forms post to addresses of their own; opened by hand (a bookmark, a reload
after a failed post) those addresses lead back to the deck page, not to an empty 405."""

import pytest

pytestmark = pytest.mark.django_db


def test_alice_opening_her_decks_edit_address_lands_on_the_deck(client, alice, make_deck):
    deck = make_deck()
    client.force_login(alice)
    response = client.get(f"/decks/{deck.pk}/edit/")
    assert response.status_code == 302 and response["Location"] == deck.get_absolute_url()


def test_the_edit_address_still_saves_a_post(client, alice, make_deck):
    deck = make_deck()
    client.force_login(alice)
    response = client.post(
        f"/decks/{deck.pk}/edit/",
        {"name": "Cinders", "description": "", "edition": deck.edition, "visibility": "private"},
    )
    assert response.status_code == 302
    deck.refresh_from_db()
    assert deck.name == "Cinders"


def test_bob_learns_nothing_from_the_edit_address_of_alices_private_deck(client, bob, make_deck):
    deck = make_deck()
    client.force_login(bob)
    assert client.get(f"/decks/{deck.pk}/edit/").status_code == 404


def test_anyone_signed_out_is_asked_to_log_in(client, make_deck):
    deck = make_deck(visibility="public")
    for address in (f"/decks/{deck.pk}/edit/", f"/decks/{deck.pk}/goldfish/"):
        response = client.get(address)
        assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_the_goldfish_address_leads_to_the_decks_goldfish_section(client, alice, bob, make_deck):
    deck = make_deck(visibility="public")
    for viewer in (alice, bob):
        client.force_login(viewer)
        response = client.get(f"/decks/{deck.pk}/goldfish/")
        assert response.status_code == 302
        assert response["Location"] == f"{deck.get_absolute_url()}#goldfish"
        assert 'id="goldfish"' in client.get(response["Location"]).content.decode()


def test_bob_cannot_reach_the_goldfish_of_alices_private_deck(client, bob, make_deck):
    deck = make_deck()
    client.force_login(bob)
    assert client.get(f"/decks/{deck.pk}/goldfish/").status_code == 404


def test_other_methods_are_still_refused(client, alice, make_deck):
    deck = make_deck()
    client.force_login(alice)
    assert client.put(f"/decks/{deck.pk}/edit/").status_code == 405
    assert client.delete(f"/decks/{deck.pk}/goldfish/").status_code == 405
