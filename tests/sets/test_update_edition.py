"""/sets/{id}/update-edition/: alice previews what the current edition would make of her
set's older cards, then updates them, each as a new revision."""

from __future__ import annotations

import pytest

from cards import rules
from sets.models import CardSet
from tests.sets.world import make_cards, make_set

pytestmark = pytest.mark.django_db


def test_alice_previews_then_updates_her_older_cards(client, alice):
    cards = make_cards(alice, 2)
    card_set = make_set(alice, "private", cards=cards)
    client.force_login(alice)
    preview = client.get(f"/sets/{card_set.pk}/update-edition/")
    assert preview.status_code == 200 and "Card 1" in preview.content.decode()
    assert all(c.revisions.count() == 1 for c in cards)
    assert client.post(f"/sets/{card_set.pk}/update-edition/").status_code == 302
    current = rules.current_edition().number
    for card in cards:
        card.refresh_from_db()
        assert card.design_edition == current and card.revisions.count() == 2
    assert CardSet.objects.get(pk=card_set.pk).edition == current


def test_strangers_may_not_update(client, alice, bob):
    card_set = make_set(alice, "released")
    client.force_login(bob)
    assert client.get(f"/sets/{card_set.pk}/update-edition/").status_code == 403
    assert client.post(f"/sets/{card_set.pk}/update-edition/").status_code == 403
