"""On the site, alice invites bob to co-own her set; he accepts on his Sets page and numbers his
own card into it. Her private cards stay withheld from him; carol sees nothing."""

from __future__ import annotations

import pytest

from tests.sets.world import make_cards, make_set

pytestmark = pytest.mark.django_db


def test_bob_co_owns_and_adds_his_card(client, alice, bob, carol):
    card_set = make_set(alice, "private")
    client.force_login(alice)
    assert client.post(f"/sets/{card_set.pk}/invite/", {"username": "bob"}).status_code == 302
    client.force_login(bob)
    assert "invites you to co-own" in client.get("/sets/").content.decode()
    assert client.get(f"/sets/{card_set.pk}/").status_code == 404
    assert client.post(f"/sets/{card_set.pk}/accept/").status_code == 302
    page = client.get(f"/sets/{card_set.pk}/").content.decode()
    assert "Withheld card" in page and "Embers 1" not in page
    mine = make_cards(bob, 1, prefix="Bob")[0]
    form = client.get(f"/sets/{card_set.pk}/edit/").content.decode()
    assert f"number_{mine.pk}" in form
    ids = list(card_set.entries.order_by("position").values_list("card_id", flat=True))
    data = {
        "name": "Embers",
        "code": "EMB",
        "edition": 17,
        "visibility": "public",
        **{f"number_{card_id}": n for n, card_id in enumerate(ids, start=1)},
        f"number_{mine.pk}": 3,
    }
    answer = client.post(f"/sets/{card_set.pk}/edit/", data)
    assert answer.status_code == 302, answer.content.decode()[:2000]
    assert card_set.entries.count() == 3
    # Only alice releases it.
    assert client.post(f"/sets/{card_set.pk}/release/").status_code == 403
    client.force_login(carol)
    assert client.get(f"/sets/{card_set.pk}/").status_code == 404
