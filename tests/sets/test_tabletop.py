"""/sets/{id}/tabletop.json: a set as one Tabletop Simulator deck, one of each card, its sheets
drawn with the numbers; a designer's addresses carry a key that draws the set as they see it."""

from __future__ import annotations

import json
from datetime import timedelta
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from cards import services as card_services
from decks import services as deck_services
from decks.models import Deck
from decks.tabletop_keys import KEY_DAYS, deck_state, make_key, viewer_key
from decks.tabletop_sheets import withheld_face
from sets import services as set_services
from sets.models import SetDesigner
from tests.decks.test_tabletop import cell, client_for, difference, image_at
from tests.sets.world import make_cards, make_set

pytestmark = pytest.mark.django_db


def test_a_released_set_is_one_deck_on_the_table(client, alice):
    card_set = make_set(alice, "released")
    answer = client.get(f"/sets/{card_set.pk}/tabletop.json")
    assert answer.status_code == 200
    table = answer.json()
    deck = table["ObjectStates"][0]
    assert deck["Nickname"] == "Embers (EMB)"
    assert [card["Nickname"] for card in deck["ContainedObjects"]] == ["Embers 1", "Embers 2"]
    sheet = client.get(f"/sets/{card_set.pk}/tabletop/1.jpg")
    assert sheet.status_code == 200 and sheet.content[:2] == b"\xff\xd8"
    assert client.get(f"/sets/{card_set.pk}/tabletop/2.jpg").status_code == 404


# Keyed addresses: the game fetches the sheets without a cookie, so a designer's export carries
# a key (`?as=`) that draws the set as that designer sees it, before its release too.


def download(client: Client, card_set: Any) -> dict[str, Any]:
    response = client.get(reverse("set-tabletop", args=[card_set.pk]))
    assert response.status_code == 200
    return json.loads(response.content)


def first_sheet(saved: dict[str, Any]) -> dict[str, Any]:
    return saved["ObjectStates"][0]["CustomDeck"]["1"]


def key_of(saved: dict[str, Any]) -> str:
    return parse_qs(urlsplit(first_sheet(saved)["FaceURL"]).query)["as"][0]


def sheet_path(card_set: Any, number: int = 1) -> str:
    return reverse("set-tabletop-sheet", args=[card_set.pk, number])


def withheld_at(image: Any, place: int, columns: int) -> bool:
    return difference(cell(image, place, columns), withheld_face()) < 8


def test_alices_export_draws_her_unreleased_set_with_its_key_and_nothing_without(alice):
    card_set = make_set(alice, "private")
    saved = download(client_for(alice), card_set)
    note = saved["Note"]
    until = timezone.now() + timedelta(days=KEY_DAYS)
    assert "to anyone who has this file" in note and f"({KEY_DAYS} days)" in note
    assert f"{until:%d %b %Y}" in note and "logs out everywhere" in note
    sheet = first_sheet(saved)
    status, image = image_at(Client(), sheet["FaceURL"])
    assert status == 200
    for place in range(2):
        assert not withheld_at(image, place, sheet["NumWidth"])
    assert image_at(Client(), sheet["BackURL"])[0] == 200
    # Without the key, a stranger's table sees no set at all, and alice's own browser sees
    # her cards as she does.
    assert Client().get(sheet_path(card_set)).status_code == 404
    assert Client().get(reverse("set-tabletop-back", args=[card_set.pk])).status_code == 404


def test_a_released_set_with_a_private_card_shows_it_only_with_her_key(alice):
    card_set = make_set(alice, "released")
    secret = card_set.entries.order_by("position").first().card
    card_services.card_update(card=secret, user=alice, visibility="private")
    saved = download(client_for(alice), card_set)
    sheet = first_sheet(saved)
    status, image = image_at(Client(), sheet["FaceURL"])
    assert status == 200 and not withheld_at(image, 0, sheet["NumWidth"])
    status, image = image_at(Client(), sheet_path(card_set))
    assert status == 200 and withheld_at(image, 0, sheet["NumWidth"])
    # A stranger's own export carries no key and says so.
    stranger = download(Client(), card_set)
    assert "as" not in parse_qs(urlsplit(first_sheet(stranger)["FaceURL"]).query)
    assert "not signed in" in stranger["Note"]


def test_bob_gets_no_more_than_a_stranger_from_a_set_he_does_not_design(alice, bob):
    card_set = make_set(alice, "co-owned", co_owner=bob)
    bobs = download(client_for(bob), card_set)
    assert image_at(Client(), first_sheet(bobs)["FaceURL"])[0] == 200
    # Bob no longer designs the set: his key draws what a stranger draws, nothing before the
    # release.
    SetDesigner.objects.filter(card_set=card_set, user=bob).delete()
    assert image_at(Client(), first_sheet(bobs)["FaceURL"])[0] == 404
    assert image_at(client_for(bob), first_sheet(bobs)["FaceURL"])[0] == 404
    # Alice's key for her set opens no other set, bob's own included.
    theirs = make_set(bob, "private", code="BOB", name="Bobs")
    key = key_of(download(client_for(alice), card_set))
    assert Client().get(sheet_path(theirs), {"as": key}).status_code == 404
    assert client_for(bob).get(sheet_path(theirs), {"as": key}).status_code == 200


def test_a_key_made_before_a_change_draws_the_changed_card_as_a_stranger_sees_it(alice):
    card_set = make_set(alice, "released")
    old = first_sheet(download(client_for(alice), card_set))
    changed = card_set.entries.order_by("position").first().card
    card_services.card_update(card=changed, user=alice, visibility="private")
    status, image = image_at(Client(), old["FaceURL"])
    assert status == 200 and withheld_at(image, 0, old["NumWidth"])
    fresh = first_sheet(download(client_for(alice), card_set))
    assert fresh["FaceURL"] != old["FaceURL"]
    status, image = image_at(Client(), fresh["FaceURL"])
    assert status == 200 and not withheld_at(image, 0, fresh["NumWidth"])


def test_a_key_made_before_her_unreleased_set_changed_shows_nothing(alice):
    card_set = make_set(alice, "private")
    old = first_sheet(download(client_for(alice), card_set))["FaceURL"]
    more = make_cards(alice, 1, prefix="Later")
    ids = list(card_set.entries.order_by("position").values_list("card_id", flat=True))
    set_services.set_update(card_set=card_set, user=alice, cards=[*ids, more[0].pk])
    assert image_at(Client(), old)[0] == 404


def test_logging_out_everywhere_revokes_her_set_keys(alice):
    card_set = make_set(alice, "private")
    browser = client_for(alice)
    sheet = first_sheet(download(browser, card_set))["FaceURL"]
    assert image_at(Client(), sheet)[0] == 200
    browser.post(reverse("logout-everywhere"))
    assert image_at(Client(), sheet)[0] == 404
    fresh = first_sheet(download(client_for(alice), card_set))["FaceURL"]
    assert image_at(Client(), fresh)[0] == 200


def test_a_forged_too_long_or_wrong_kind_key_is_ignored(alice):
    card_set = make_set(alice, "private")
    key = key_of(download(client_for(alice), card_set))
    forged = key[:-4] + ("AAAA" if not key.endswith("AAAA") else "BBBB")
    for bad in (forged, "x" * 5000, key + "x" * 400):
        assert Client().get(sheet_path(card_set), {"as": bad}).status_code == 404
    # A deck key on a set, a set key on a deck.
    ash = make_cards(alice, 1, prefix="Ash")[0]
    deck = deck_services.deck_create(
        owner=alice, name="Ashes", visibility="private", entries=[(ash, 1)]
    )
    deck = Deck.objects.get(pk=deck.pk)
    deck_key = viewer_key(deck, alice)
    deck_path = reverse("deck-tabletop-sheet", args=[deck.pk, 1])
    assert Client().get(deck_path, {"as": deck_key}).status_code == 200
    assert Client().get(sheet_path(card_set), {"as": deck_key}).status_code == 404
    set_key = make_key("set", deck.pk, alice, deck_state(deck))
    assert Client().get(deck_path, {"as": set_key}).status_code == 404
