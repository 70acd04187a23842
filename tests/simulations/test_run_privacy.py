"""A run keeps each card as it was played, and a card may have been private then, under other
words. alice ran her public deck while one of its cards was private, named and worded
otherwise; then she shared that card under new words. bob reads the run everywhere it shows:
the card as it is now, never its words of then. alice, its designer, still reads the run as
it was played."""

import pytest

from cards.services import card_create, card_update
from decks.models import DeckEntry
from tests.simulations.conftest import minion
from tests.simulations.test_compare import start

pytestmark = pytest.mark.django_db

THEN = minion("Moonglass Heir", 1, 2, 2, "Quibble the marrowfen: Draw 1 card.")
NOW = minion("Sunlit Heir", 1, 2, 2, "")
SECRET_WORDS = ("Moonglass", "marrowfen", "Quibble")


def run_addresses(run: str, other: str) -> list[str]:
    return [
        f"/simulations/{run}/",
        f"/api/v1/simulations/{run}/",
        f"/simulations/{run}/compare/{other}/",
        f"/api/v1/simulations/{run}/compare/{other}/",
        f"/simulations/{run}/play/?game=1&turn=3",
    ]


@pytest.fixture
def shared_after_the_run(client, alice, make_deck, inline_workers):
    """alice's public deck, run twice while one of its cards was private; then that card is
    shared under new words. The runs' ids."""
    deck = make_deck(alice, visibility="public")
    heir = card_create(owner=alice, definition=THEN, visibility="private")
    DeckEntry.objects.create(deck=deck, card=heir, count=4)
    client.force_login(alice)
    runs = start(client, deck, going="first"), start(client, deck, going="second")
    card_update(card=heir, user=alice, definition=NOW, visibility="public")
    return runs


def test_a_card_shared_after_a_run_reads_as_it_is_now(client, bob, shared_after_the_run):
    run, other = shared_after_the_run
    client.force_login(bob)
    for address in run_addresses(run, other):
        answer = client.get(address)
        assert answer.status_code == 200, address
        body = answer.content.decode()
        assert not [word for word in SECRET_WORDS if word in body], address
        assert "Sunlit Heir" in body, address


def test_a_card_private_again_is_withheld_from_the_run(client, alice, bob, shared_after_the_run):
    run, other = shared_after_the_run
    heir = alice.cards.get(name="Sunlit Heir")
    card_update(card=heir, user=alice, visibility="private")
    client.force_login(bob)
    for address in run_addresses(run, other):
        body = client.get(address).content.decode()
        assert not [word for word in (*SECRET_WORDS, "Sunlit") if word in body], address


def test_its_designer_reads_the_run_as_it_was_played(client, alice, shared_after_the_run):
    run, _ = shared_after_the_run
    client.force_login(alice)
    body = client.get(f"/api/v1/simulations/{run}/").content.decode()
    assert "Moonglass Heir" in body
