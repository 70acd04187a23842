"""/sets/{id}/print.pdf: the set's cards as the decks print, N copies of each, with backs and
bleed; a card withheld from the viewer prints face down; bad options are a 400. Cards never
drawn before are drawn a few a request and the rest by the workers, as decks' prints are:
until then the answer is a page with the progress (202)."""

from __future__ import annotations

import pytest
from django.core.cache import cache

from decks import print_renders
from sets import printing as set_printing
from tests.sets.world import make_cards, make_set

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _nothing_queued_yet() -> None:
    cache.clear()


@pytest.fixture
def two_a_request(monkeypatch) -> None:
    monkeypatch.setattr(print_renders, "RENDERS_PER_REQUEST", 2)


@pytest.fixture
def queued(monkeypatch) -> list[tuple[list[int], object]]:
    sends: list[tuple[list[int], object]] = []
    monkeypatch.setattr(
        print_renders, "_send", lambda ids, marked=None: sends.append((ids, marked))
    )
    return sends


def test_alice_prints_two_copies_of_each_card_with_backs(client, alice):
    card_set = make_set(alice, "private", cards=make_cards(alice, 3))
    client.force_login(alice)
    answer = client.get(
        f"/sets/{card_set.pk}/print.pdf", {"copies": 2, "backs": "sheet", "bleed": "on"}
    )
    assert answer.status_code == 200
    assert answer.content.startswith(b"%PDF")
    assert "EMB-embers-bleed.pdf" in answer["Content-Disposition"]


def test_a_big_set_is_drawn_a_few_cards_a_request_then_printed(
    client, alice, two_a_request, queued, django_capture_on_commit_callbacks
):
    card_set = make_set(alice, "private", cards=make_cards(alice, 5))
    client.force_login(alice)
    query = {"copies": 2, "backs": "duplex", "bleed": "on"}
    with django_capture_on_commit_callbacks(execute=True):
        first = client.get(f"/sets/{card_set.pk}/print.pdf", query)
    assert first.status_code == 202
    page = first.content.decode()
    assert "2 of 5 ready" in page
    assert f"/sets/{card_set.pk}/print/progress/?" in page  # the page asks again by itself
    assert "Ask again" in page  # and says how without JavaScript
    # The rest went to the workers, to the set's own task, which draws them with numbers.
    assert [marked.task for _ids, marked in queued] == [set_printing.MAKE_SET_PRINT_IMAGES]
    assert queued[0][1].args == (card_set.pk,)
    answers = [client.get(f"/sets/{card_set.pk}/print.pdf", query) for _ in range(2)]
    assert [answer.status_code for answer in answers] == [202, 200]
    assert answers[-1].content.startswith(b"%PDF")


def test_the_workers_draw_the_set_with_its_numbers(client, alice, two_a_request):
    cards = make_cards(alice, 5)
    card_set = make_set(alice, "private", cards=cards)
    set_printing.set_print_images_make(set_id=card_set.pk, card_ids=[c.pk for c in cards])
    client.force_login(alice)
    answer = client.get(f"/sets/{card_set.pk}/print.pdf")
    assert answer.status_code == 200 and answer.content.startswith(b"%PDF")


def test_bob_cannot_print_alices_unreleased_set(client, alice, bob):
    card_set = make_set(alice, "private", cards=make_cards(alice, 3))
    client.force_login(bob)
    assert client.get(f"/sets/{card_set.pk}/print.pdf").status_code == 404


@pytest.mark.parametrize(
    "query", [{"copies": 0}, {"copies": "x"}, {"paper": "napkin"}, {"backs": "both"}]
)
def test_bad_print_options_are_a_400(client, alice, query):
    card_set = make_set(alice, "private")
    client.force_login(alice)
    answer = client.get(f"/sets/{card_set.pk}/print.pdf", query)
    assert answer.status_code == 400
    assert "print options" in answer.content.decode()


def test_an_empty_set_has_nothing_to_print(client, alice):
    card_set = make_set(alice, "private", cards=[])
    client.force_login(alice)
    answer = client.get(f"/sets/{card_set.pk}/print.pdf")
    assert answer.status_code == 400 and "nothing to print" in answer.content.decode()
