"""The key in alice's Tabletop Simulator export (`?as=`) is no permanent pass: it draws her
deck as it was when she downloaded it, for 30 days, until she logs out everywhere or changes
her password; the export and the deck page say who can see the sheets."""

from __future__ import annotations

import json
import time
from datetime import timedelta
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from decks import services
from decks.tabletop import CARD_ID_BASE
from decks.tabletop_sheets import withheld_face
from tests.decks.test_tabletop import cell, client_for, difference, image_at

pytestmark = pytest.mark.django_db


def download(client: Client, deck: Any) -> dict[str, Any]:
    response = client.get(reverse("deck-tabletop", args=[deck.pk]))
    assert response.status_code == 200
    return json.loads(response.content)


def first_sheet(saved: dict[str, Any]) -> dict[str, Any]:
    return saved["ObjectStates"][0]["CustomDeck"]["1"]


@pytest.fixture
def secret_deck(make_card, make_deck):
    """Alice's private deck of her private card."""
    secret = make_card(visibility="private", name="Hidden Ember")
    return make_deck(entries=[(secret, 2)], visibility="private")


def test_the_export_says_who_sees_the_sheets_and_until_when(alice, secret_deck):
    saved = download(client_for(alice), secret_deck)
    note = saved["Note"]
    until = timezone.now() + timedelta(days=30)
    assert "alice's private cards included, to anyone who has this file" in note
    assert f"{until:%d %b %Y}" in note and "(30 days)" in note
    assert "logs out everywhere or changes password" in note
    assert "anyone not signed in" in download(Client(), make_public(secret_deck))["Note"]

    page = client_for(alice).get(reverse("deck-detail", args=[secret_deck.pk])).content.decode()
    assert "to anyone who has the file, for 30 days" in page


def make_public(deck: Any) -> Any:
    services.deck_update(deck=deck, user=deck.owner, visibility="public")
    return deck


def test_a_key_runs_out_after_30_days(alice, secret_deck, monkeypatch):
    sheet = first_sheet(download(client_for(alice), secret_deck))["FaceURL"]
    assert image_at(Client(), sheet)[0] == 200
    later = time.time() + 31 * 24 * 60 * 60
    monkeypatch.setattr(time, "time", lambda: later)
    assert image_at(Client(), sheet)[0] == 404


def test_logging_out_everywhere_revokes_her_keys(alice, secret_deck):
    browser = client_for(alice)
    sheet = first_sheet(download(browser, secret_deck))["FaceURL"]
    assert image_at(Client(), sheet)[0] == 200
    browser.post(reverse("logout-everywhere"))
    assert image_at(Client(), sheet)[0] == 404
    # A new download, after logging in again, makes a key that works.
    fresh = first_sheet(download(client_for(alice), secret_deck))["FaceURL"]
    assert image_at(Client(), fresh)[0] == 200


def test_a_new_password_revokes_her_keys(alice, secret_deck):
    sheet = first_sheet(download(client_for(alice), secret_deck))["FaceURL"]
    alice.set_password("a-brand-new-secret-42")
    alice.save()
    assert image_at(Client(), sheet)[0] == 404


def test_a_key_draws_the_deck_as_it_was_not_cards_added_since(alice, make_card, make_deck):
    shown = make_card(visibility="public", name="Open Flame")
    deck = make_deck(entries=[(shown, 2)], visibility="public")
    old = first_sheet(download(client_for(alice), deck))["FaceURL"]
    later = make_card(visibility="private", name="Later Secret")
    services.deck_set_entries(deck=deck, user=alice, entries=[(shown, 2), (later, 1)])

    # The old address, its key made before the card was added: a stranger's table shows the
    # card as a stranger sees it, withheld (where the stranger's own export places it).
    stranger = download(Client(), deck)
    place, columns = where(stranger, "Withheld card")
    status, image = image_at(Client(), old)
    assert status == 200
    assert difference(cell(image, place, columns), withheld_face()) < 8
    # Her new download's key draws it.
    saved = download(client_for(alice), deck)
    fresh = first_sheet(saved)["FaceURL"]
    assert parse_qs(urlsplit(fresh).query)["as"] != parse_qs(urlsplit(old).query)["as"]
    place, columns = where(saved, "Later Secret")
    status, image = image_at(Client(), fresh)
    assert difference(cell(image, place, columns), withheld_face()) > 20


def where(saved: dict[str, Any], nickname: str) -> tuple[int, int]:
    """The place on the first sheet of the card named `nickname`, and the sheet's columns."""
    card_id = next(
        card["CardID"]
        for card in saved["ObjectStates"][0]["ContainedObjects"]
        if card["Nickname"] == nickname
    )
    return card_id % CARD_ID_BASE, first_sheet(saved)["NumWidth"]


def test_a_key_for_one_deck_opens_no_other(alice, secret_deck, make_card, make_deck):
    other = make_deck(entries=[(make_card(name="Other Secret"), 1)], visibility="private")
    sheet = first_sheet(download(client_for(alice), secret_deck))["FaceURL"]
    key = parse_qs(urlsplit(sheet).query)["as"][0]
    path = reverse("deck-tabletop-sheet", args=[other.pk, 1])
    assert Client().get(path, {"as": key}).status_code == 404
    assert Client().get(path, {"as": "x" * 5000}).status_code == 404
