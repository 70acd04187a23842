"""The card page says which sets hold the card, with its number: only sets the viewer may
see (a set not yet released is its designers' alone)."""

from __future__ import annotations

import pytest

from sets import services
from tests.sets.world import make_cards, make_set

pytestmark = pytest.mark.django_db


def test_the_card_page_names_its_sets_to_those_who_may_see_them(client, alice, bob):
    card = make_cards(alice, 1, prefix="Ember", visibility="public")[0]
    other = make_cards(alice, 1, prefix="Spark")[0]
    card_set = make_set(alice, "scheduled", cards=[other, card], name="Cinders", code="CIN")
    client.force_login(bob)
    assert "Cinders" not in client.get(f"/cards/{card.pk}/").content.decode()
    client.force_login(alice)
    page = client.get(f"/cards/{card.pk}/").content.decode()
    assert "In sets" in page and "CIN 002/002" in page
    services.set_release(card_set=card_set, user=alice)
    client.force_login(bob)
    assert "CIN 002/002" in client.get(f"/cards/{card.pk}/").content.decode()
