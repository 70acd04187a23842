"""A token is a full client: the files the API hands a token (a card's picture, a deck's
exports, sheets and PDF) are served to that token too, and to no one else's."""

from __future__ import annotations

import json
from urllib.parse import urlsplit

import pytest
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from accounts import services as account_services
from cards import services as card_services
from decks import services as deck_services
from tests.cards.conftest import WISP, png_bytes

pytestmark = pytest.mark.django_db


def token_of(user) -> str:
    return account_services.token_create(user=user, name="script")[1]


def as_token(token: str) -> Client:
    """A client that sends the token and no cookie, as a script does."""
    return Client(HTTP_AUTHORIZATION=f"Token {token}")


@pytest.fixture
def secret(alice):
    """Alice's private card with a picture, in her private deck."""
    card = card_services.card_create(
        owner=alice, definition={**WISP, "name": "Hidden Ember"}, image=png_bytes()
    )
    deck = deck_services.deck_create(owner=alice, name="Embers", entries=[(card, 2)])
    return card, deck


def test_alice_fetches_her_private_picture_with_the_address_her_token_was_given(alice, bob, secret):
    card, _ = secret
    token = token_of(alice)
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    address = api.get(f"/api/v1/cards/{card.pk}/").json()["image"]
    path = urlsplit(address).path

    answer = as_token(token).get(path)
    assert answer.status_code == 200
    assert b"".join(answer.streaming_content) == png_bytes()
    assert answer["Cache-Control"] == "private, no-cache"
    assert "Authorization" in answer["Vary"]

    # Bob's token, no token, or a token that is not one: the picture is not his to see.
    assert as_token(token_of(bob)).get(path).status_code == 404
    assert Client().get(path).status_code == 404
    wrong = as_token("0" * 64).get(path)
    assert wrong.status_code == 401 and wrong["WWW-Authenticate"] == "Token"
    assert wrong.json() == {"detail": "Invalid token."}
    # A revoked token reads nothing more.
    account_services.tokens_revoke_all(user=alice)
    assert as_token(token).get(path).status_code == 401


def test_her_token_reads_her_private_decks_exports_and_sheets(alice, bob, secret):
    _, deck = secret
    token, bobs = token_of(alice), token_of(bob)
    files = [
        reverse("deck-export", args=[deck.pk]),
        reverse("deck-export-text", args=[deck.pk]),
        reverse("deck-cockatrice", args=[deck.pk]),
        reverse("deck-tabletop", args=[deck.pk]),
        reverse("deck-print-pdf", args=[deck.pk]) + "?paper=a4&backs=none",
        reverse("deck-tabletop-back", args=[deck.pk]),
    ]
    for path in files:
        assert as_token(token).get(path).status_code == 200, path
        assert as_token(bobs).get(path).status_code == 404, path
    assert "Hidden Ember" in as_token(token).get(files[1]).content.decode()

    # The sheet address the API hands her token, with its key taken off: the token alone.
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    saved = api.get(f"/api/v1/decks/{deck.pk}/tabletop/").json()
    sheet = urlsplit(saved["ObjectStates"][0]["CustomDeck"]["1"]["FaceURL"])
    bare = sheet.path + "?" + sheet.query.split("&as=")[0]
    answer = as_token(token).get(bare)
    assert answer.status_code == 200 and answer["Content-Type"] == "image/jpeg"
    assert as_token(bobs).get(bare).status_code == 404
    assert json.loads(as_token(token).get(files[0]).content)["name"] == "Embers"


def test_a_token_never_writes_through_a_site_form(alice, secret):
    """Only reads: a form trusts the session and its CSRF check, never a header."""
    _, deck = secret
    answer = as_token(token_of(alice)).post(reverse("deck-fork", args=[deck.pk]))
    assert answer.status_code in (302, 403)
    assert alice.decks.count() == 1
