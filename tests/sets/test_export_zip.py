"""/sets/{id}/export.zip: the set's ZIP carries each card's uploaded picture that the exporter
may see (the picture gate, cards.selectors.picture_audience), named in set.json, so the set can
be imported with its art; a card withheld from them brings neither its text nor its picture."""

from __future__ import annotations

import io
import json
import zipfile

import pytest

from cards import services as card_services
from cards.models import Card
from tests.sets.world import definition, make_cards, make_set
from tests.sets.world_pictures import png

pytestmark = pytest.mark.django_db


def members(content: bytes) -> tuple[dict[str, bytes], dict]:
    with zipfile.ZipFile(io.BytesIO(content)) as archive:
        files = {name: archive.read(name) for name in archive.namelist()}
    return files, json.loads(files["set.json"])


def pictured(owner, name: str, color: str, visibility: str = "private") -> Card:
    return card_services.card_create(
        owner=owner, definition=definition(name), image=png(color), visibility=visibility
    )


def test_bob_gets_the_pictures_of_alices_released_set(client, alice, bob):
    ember = pictured(alice, "Ember", "red")
    plain = make_cards(alice, 1, prefix="Plain")[0]
    card_set = make_set(alice, "released", cards=[ember, plain])
    client.force_login(bob)
    files, document = members(client.get(f"/sets/{card_set.pk}/export.zip").content)
    with Card.objects.get(pk=ember.pk).image.open("rb") as handle:
        stored = handle.read()
    assert files["pictures/001-ember.png"] == stored
    assert [entry.get("picture") for entry in document["cards"]] == [
        "pictures/001-ember.png",
        None,
    ]


def test_alice_exports_her_unreleased_set_with_its_private_pictures(client, alice):
    card_set = make_set(alice, "private", cards=[pictured(alice, "Ember", "red")])
    client.force_login(alice)
    files, _document = members(client.get(f"/sets/{card_set.pk}/export.zip").content)
    assert "pictures/001-ember.png" in files


def test_a_card_made_private_again_keeps_its_picture_from_strangers(client, alice, bob):
    secret = pictured(alice, "Secret", "purple")
    card_set = make_set(alice, "released", cards=[pictured(alice, "Ember", "red"), secret])
    secret = Card.objects.get(pk=secret.pk)
    card_services.card_update(card=secret, user=alice, visibility="private")
    with secret.image.open("rb") as handle:
        secret_bytes = handle.read()
    client.force_login(bob)
    content = client.get(f"/sets/{card_set.pk}/export.zip").content
    files, document = members(content)
    assert [name for name in files if name.startswith("pictures/")] == ["pictures/001-ember.png"]
    assert document["cards"][1] == {"number": 2, "withheld": True}
    assert secret_bytes not in content


def test_a_picture_shared_by_a_private_card_only_is_left_out(client, alice, bob, monkeypatch):
    card_set = make_set(alice, "released", cards=[pictured(alice, "Ember", "red")])
    # The gate has the last word on each picture, whatever the card's own visibility.
    monkeypatch.setattr("sets.sharing.picture_audience", lambda name, user: None)
    client.force_login(bob)
    files, document = members(client.get(f"/sets/{card_set.pk}/export.zip").content)
    assert not [name for name in files if name.startswith("pictures/")]
    assert "picture" not in document["cards"][0]
