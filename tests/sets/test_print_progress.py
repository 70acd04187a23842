"""/sets/{id}/print/progress/: what the set's print page asks every second while the cards
are drawn. Each ask moves the print along; once every card is drawn, the link to the PDF."""

from __future__ import annotations

import pytest
from django.core.cache import cache

from decks import print_renders
from tests.sets.world import make_cards, make_set

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _few_a_request(monkeypatch) -> None:
    cache.clear()
    monkeypatch.setattr(print_renders, "RENDERS_PER_REQUEST", 2)
    monkeypatch.setattr(print_renders, "_send", lambda ids, marked=None: None)


def test_alice_watches_her_set_drawn_then_downloads_it(client, alice):
    card_set = make_set(alice, "private", cards=make_cards(alice, 3))
    client.force_login(alice)
    address = f"/sets/{card_set.pk}/print/progress/?copies=2&backs=sheet"
    first = client.get(address).content.decode()
    assert "2 of 3 ready" in first and 'hx-trigger="every 1s"' in first
    done = client.get(address).content.decode()
    assert "Download the PDF" in done
    assert f"/sets/{card_set.pk}/print.pdf?copies=2&amp;backs=sheet" in done
    pdf = client.get(f"/sets/{card_set.pk}/print.pdf?copies=2&backs=sheet")
    assert pdf.status_code == 200 and pdf.content.startswith(b"%PDF")


def test_bob_sees_no_progress_of_alices_unreleased_set(client, alice, bob):
    card_set = make_set(alice, "private", cards=make_cards(alice, 3))
    client.force_login(bob)
    assert client.get(f"/sets/{card_set.pk}/print/progress/").status_code == 404


def test_bad_options_say_so(client, alice):
    card_set = make_set(alice, "private", cards=make_cards(alice, 3))
    client.force_login(alice)
    answer = client.get(f"/sets/{card_set.pk}/print/progress/?copies=zero")
    assert answer.status_code == 200
    assert "cannot be read" in answer.content.decode()


def test_an_empty_set_says_there_is_nothing_to_print(client, alice):
    card_set = make_set(alice, "private", cards=[])
    client.force_login(alice)
    answer = client.get(f"/sets/{card_set.pk}/print/progress/")
    assert "nothing to print" in answer.content.decode()
