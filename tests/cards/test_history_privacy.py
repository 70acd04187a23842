"""A card's history and pictures show others only what they could see at the time."""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from cards import services

from .conftest import WISP, png_bytes

pytestmark = pytest.mark.django_db


def test_history_hides_what_was_written_while_the_card_was_private(client, alice, bob):
    card = services.card_create(owner=alice, definition=WISP, visibility="public")
    services.card_update(card=card, user=alice, visibility="private")
    services.card_update(card=card, user=alice, definition={"ability_text": "Secret plan: x."})
    services.card_update(card=card, user=alice, definition={"ability_text": "Draw 2 cards."})
    services.card_update(card=card, user=alice, visibility="public")

    client.force_login(bob)
    page = client.get(reverse("card-history", args=[card.pk])).content.decode()
    assert "Secret plan" not in page
    assert "Revision 1" in page and "Revision 3" in page and "Revision 2" not in page
    # The shared state, shown against the last shared one ("Draw 1 card."), not the secret.
    assert "<del>1</del><ins>2</ins>" in page
    client.logout()
    assert "Secret plan" not in client.get(reverse("card-history", args=[card.pk])).content.decode()

    client.force_login(alice)
    assert "Secret plan" in client.get(reverse("card-history", args=[card.pk])).content.decode()


def test_a_private_picture_is_served_to_its_designer_only(client, alice, bob):
    upload = SimpleUploadedFile("art.png", png_bytes(color="purple"), content_type="image/png")
    card = services.card_create(owner=alice, definition=WISP, image=upload)
    url = card.image.url
    client.force_login(alice)
    response = client.get(url)
    assert response.status_code == 200
    assert response["Cache-Control"] == "private, no-cache"
    client.force_login(bob)
    assert client.get(url).status_code == 404
    client.logout()
    assert client.get(url).status_code == 404

    services.card_update(card=card, user=alice, visibility="public")
    response = client.get(url)
    assert response.status_code == 200
    assert response["Cache-Control"] == "public, max-age=3600"


def test_an_old_picture_from_a_private_time_stays_hidden(client, alice, bob):
    secret_art = SimpleUploadedFile("a.png", png_bytes(color="red"), content_type="image/png")
    card = services.card_create(owner=alice, definition=WISP, image=secret_art)
    old_url = card.image.url
    new_art = SimpleUploadedFile("b.png", png_bytes(color="blue"), content_type="image/png")
    card = services.card_update(card=card, user=alice, image=new_art)
    card = services.card_update(card=card, user=alice, visibility="public")
    client.force_login(bob)
    assert client.get(card.image.url).status_code == 200
    assert client.get(old_url).status_code == 404


def test_nothing_else_under_media_is_served(client, alice, make_card):
    card = make_card(visibility="public")
    client.get(reverse("api-card-render", args=[card.pk]))  # fills the render cache
    assert client.get("/media/renders/").status_code == 404
    assert client.get("/media/cards/../renders/x.png").status_code == 404
