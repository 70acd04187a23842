"""The Tabletop Simulator export: the saved object holds to the format, its sheets are the
size and grid it says, and a card or deck kept private never reaches anyone else's table."""

from __future__ import annotations

import io
import json
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from django.test import Client
from django.urls import reverse
from PIL import Image

from decks.tabletop import (
    CARD_ID_BASE,
    CELL_HEIGHT,
    CELL_WIDTH,
    FACES_PER_SHEET,
    MAX_COLUMNS,
    MAX_ROWS,
    MAX_SHEET_SIDE,
    DeckCard,
    plan_sheets,
)
from decks.tabletop_sheets import back_cell, withheld_face

pytestmark = pytest.mark.django_db


def client_for(user: Any = None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def saved(client: Client, deck: Any) -> dict[str, Any]:
    response = client.get(reverse("deck-tabletop", args=[deck.pk]))
    assert response.status_code == 200
    assert response["Content-Disposition"].startswith("attachment;")
    return json.loads(response.content)


def check_format(data: dict[str, Any], deck_copies: int) -> dict[str, Any]:
    """The saved object's structure as Tabletop Simulator reads it; returns the deck object."""
    (deck,) = data["ObjectStates"]
    assert deck["Name"] == "DeckCustom"
    sheets = deck["CustomDeck"]
    assert sheets and all(key.isdigit() for key in sheets)
    for sheet in sheets.values():
        assert set(sheet) >= {
            "FaceURL",
            "BackURL",
            "NumWidth",
            "NumHeight",
            "BackIsHidden",
            "UniqueBack",
        }
        assert 1 <= sheet["NumWidth"] <= MAX_COLUMNS and 1 <= sheet["NumHeight"] <= MAX_ROWS
        assert sheet["NumWidth"] * sheet["NumHeight"] <= 70
        assert sheet["FaceURL"].startswith("http://testserver/")
        assert sheet["BackIsHidden"] is True and sheet["UniqueBack"] is False
    assert len(deck["DeckIDs"]) == deck_copies == len(deck["ContainedObjects"])
    for card_id, card in zip(deck["DeckIDs"], deck["ContainedObjects"], strict=True):
        sheet_number, place = divmod(card_id, CARD_ID_BASE)
        sheet = sheets[str(sheet_number)]
        # The last place of every grid holds the back, never a card.
        assert place < sheet["NumWidth"] * sheet["NumHeight"] - 1
        assert card["Name"] == "Card" and card["CardID"] == card_id
        assert card["CustomDeck"] == {str(sheet_number): sheet}
        assert set(card["Transform"]) >= {"posX", "posY", "posZ", "rotX", "rotY", "rotZ"}
        assert isinstance(card["Nickname"], str) and isinstance(card["Description"], str)
    return deck


def image_at(client: Client, url: str) -> tuple[int, Image.Image]:
    parts = urlsplit(url)
    response = client.get(parts.path, parse_qs(parts.query))
    if response.status_code != 200:
        return response.status_code, Image.new("RGB", (1, 1))
    assert response["Content-Type"] == "image/jpeg"
    return 200, Image.open(io.BytesIO(response.content))


def cell(image: Image.Image, place: int, columns: int) -> Image.Image:
    row, column = divmod(place, columns)
    left, top = column * CELL_WIDTH, row * CELL_HEIGHT
    return image.crop((left, top, left + CELL_WIDTH, top + CELL_HEIGHT))


def difference(one: Image.Image, other: Image.Image) -> float:
    """The mean difference of two pictures' pixels (0 to 255); JPEG leaves a few units."""
    a, b = one.convert("L").tobytes(), other.convert("L").tobytes()
    return sum(abs(x - y) for x, y in zip(a, b, strict=True)) / len(a)


def test_the_saved_object_follows_the_format_and_counts_the_deck(
    alice, make_card, make_deck
) -> None:
    wisp = make_card(visibility="public")
    spark = make_card(visibility="public", name="Spark Two", level=4)
    extra = make_card(visibility="public", name="Maybe Not")
    deck = make_deck(entries=[(wisp, 3), (spark, 2)], visibility="public", maybe=[(extra, 2)])
    data = saved(client_for(alice), deck)
    found = check_format(data, deck_copies=5)
    names = [card["Nickname"] for card in found["ContainedObjects"]]
    assert sorted(names) == ["Ember Wisp"] * 3 + ["Spark Two"] * 2  # the maybeboard is not played
    wisp_card = next(c for c in found["ContainedObjects"] if c["Nickname"] == "Ember Wisp")
    assert "WHISPER: Draw 1 card." in wisp_card["Description"]
    assert len(set(found["DeckIDs"])) == 2  # copies share one face


def test_the_sheets_match_their_grid_and_stay_under_4096_pixels(
    alice, make_card, make_deck
) -> None:
    cards = [make_card(visibility="public", name=f"Wisp {n}") for n in range(3)]
    deck = make_deck(entries=[(card, 2) for card in cards], visibility="public")
    client = client_for(alice)
    found = check_format(saved(client, deck), deck_copies=6)
    sheet = found["CustomDeck"]["1"]
    assert (sheet["NumWidth"], sheet["NumHeight"]) == (4, 1)  # 3 faces and the back
    status, image = image_at(client, sheet["FaceURL"])
    assert status == 200
    assert image.size == (sheet["NumWidth"] * CELL_WIDTH, sheet["NumHeight"] * CELL_HEIGHT)
    assert max(image.size) <= MAX_SHEET_SIDE
    assert difference(cell(image, 3, 4), back_cell()) < 8
    status, back = image_at(client, sheet["BackURL"])
    assert status == 200 and back.size == (CELL_WIDTH, CELL_HEIGHT)


def test_the_largest_grid_fits_and_a_deck_of_many_cards_takes_more_sheets() -> None:
    cards = [DeckCard(card=None, copies=1, face_key=f"card-{n}") for n in range(150)]
    plan = plan_sheets(cards)
    assert [len(sheet.faces) for sheet in plan.sheets] == [FACES_PER_SHEET, FACES_PER_SHEET, 12]
    full = plan.sheets[0]
    assert (full.columns, full.rows) == (MAX_COLUMNS, MAX_ROWS)
    assert full.size == (4090, 4011)
    assert all(max(sheet.size) <= MAX_SHEET_SIDE for sheet in plan.sheets)
    assert plan.card_ids["card-0"] == 100 and plan.card_ids["card-69"] == 200
    assert plan.card_ids["card-149"] == 311


def test_a_withheld_card_is_a_plain_face_with_no_name_or_text(
    alice, bob, make_card, make_deck
) -> None:
    shown = make_card(visibility="public", name="Open Flame")
    secret = make_card(visibility="private", name="Hidden Ember", ability_text="Draw 2 cards.")
    deck = make_deck(entries=[(shown, 2), (secret, 3)], visibility="public")
    body = client_for(bob).get(reverse("deck-tabletop", args=[deck.pk])).content.decode()
    assert "Hidden Ember" not in body and "Draw 2 cards" not in body
    found = check_format(json.loads(body), deck_copies=5)
    withheld = [c for c in found["ContainedObjects"] if c["Nickname"] == "Withheld card"]
    assert len(withheld) == 3 and all(c["Description"] == "" for c in withheld)
    sheet = found["CustomDeck"]["1"]
    place = withheld[0]["CardID"] % CARD_ID_BASE
    for viewer in (bob, None):  # with bob's key, and as someone not signed in
        url = sheet["FaceURL"] if viewer else sheet["FaceURL"].split("&as=")[0]
        status, image = image_at(client_for(viewer), url)
        assert status == 200
        assert difference(cell(image, place, sheet["NumWidth"]), withheld_face()) < 8


def test_the_owners_key_lets_a_table_see_her_private_deck(alice, bob, make_card, make_deck) -> None:
    secret = make_card(visibility="private", name="Hidden Ember")
    deck = make_deck(entries=[(secret, 2)], visibility="private")
    found = check_format(saved(client_for(alice), deck), deck_copies=2)
    sheet = found["CustomDeck"]["1"]
    assert found["ContainedObjects"][0]["Nickname"] == "Hidden Ember"
    # The table fetches with no cookie: the key in the address is what lets it in.
    status, image = image_at(client_for(), sheet["FaceURL"])
    assert status == 200
    assert difference(cell(image, 0, sheet["NumWidth"]), withheld_face()) > 20
    # Without the key, or with a key forged for another deck, a private deck is not there.
    bare = sheet["FaceURL"].split("&as=")[0]
    forged = sheet["FaceURL"].replace(f"/decks/{deck.pk}/", f"/decks/{deck.pk + 1}/")
    for client, url in ((client_for(), bare), (client_for(bob), bare), (client_for(bob), forged)):
        assert image_at(client, url)[0] == 404
    for name in ("deck-tabletop", "deck-cockatrice"):
        assert client_for(bob).get(reverse(name, args=[deck.pk])).status_code == 404
    assert client_for(bob).get(reverse("deck-tabletop-back", args=[deck.pk])).status_code == 404


def test_the_addresses_stay_and_their_version_moves_with_the_deck(
    alice, make_card, make_deck
) -> None:
    wisp = make_card(visibility="public")
    deck = make_deck(entries=[(wisp, 2)], visibility="public")
    client = client_for(alice)
    before = saved(client, deck)["ObjectStates"][0]["CustomDeck"]["1"]["FaceURL"]
    wisp.ability_text = "WHISPER: Draw 2 cards."
    wisp.save()
    after = saved(client, deck)["ObjectStates"][0]["CustomDeck"]["1"]["FaceURL"]
    assert urlsplit(before).path == urlsplit(after).path
    assert parse_qs(urlsplit(before).query)["v"] != parse_qs(urlsplit(after).query)["v"]


def test_a_sheet_the_deck_does_not_have_is_not_there(alice, make_card, make_deck) -> None:
    deck = make_deck(entries=[(make_card(visibility="public"), 1)], visibility="public")
    client = client_for(alice)
    assert client.get(reverse("deck-tabletop-sheet", args=[deck.pk, 2])).status_code == 404
    assert client.get(reverse("deck-tabletop-sheet", args=[deck.pk, 0])).status_code == 404


def test_the_api_gives_the_same_saved_object(api, alice, bob, make_card, make_deck) -> None:
    deck = make_deck(entries=[(make_card(visibility="public"), 4)], visibility="public")
    response = api.get(f"/api/v1/decks/{deck.pk}/tabletop/")
    assert response.status_code == 200
    check_format(response.json(), deck_copies=4)
    private = make_deck(entries=[(make_card(), 1)], visibility="private")
    api.force_authenticate(bob)
    assert api.get(f"/api/v1/decks/{private.pk}/tabletop/").status_code == 404
