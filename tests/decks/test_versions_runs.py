"""Each version keeps its goldfish runs: a run belongs to the version current when it started,
the history lists them, and two versions compare with their kill-turn curves overlaid."""

import re

import pytest

from cards.services import card_create
from decks import services
from decks.models import Deck, DeckEntry
from tests.simulations.conftest import STARTER, minion

pytestmark = pytest.mark.django_db

OPTIONS = {"games": 500, "seed": 2, "max_turns": 20, "going": "first", "bury": "default"}


@pytest.fixture
def starter(alice):
    """A deck made straight in the database, as before versions were kept: it has none yet."""
    deck = Deck.objects.create(owner=alice, name="Starter", edition=14, visibility="public")
    for count, definition in STARTER:
        card = card_create(owner=alice, definition=definition, visibility="public")
        DeckEntry.objects.create(deck=deck, card=card, count=count)
    return deck


def start(client, deck, **options):
    from simulations.models import SimulationRun

    answer = client.post(f"/decks/{deck.pk}/goldfish/", {**OPTIONS, **options})
    assert answer.status_code == 302, answer.content.decode()
    return SimulationRun.objects.get(pk=answer.headers["Location"].strip("/").split("/")[-1])


def test_runs_belong_to_the_version_they_played(client, alice, bob, starter, inline_workers):
    client.force_login(alice)
    first = start(client, starter)
    assert first.deck_version.number == 1  # made when the run started
    extra = card_create(owner=alice, definition=minion("Spare Whelp", 0, 1), visibility="public")
    services.deck_set_count(deck=starter, user=alice, card=extra, count=2)
    second = start(client, starter)
    assert second.deck_version.number == 2
    assert second.deck_version.note == "Saved when a goldfish run started"
    # Another person's run of a deck with unsaved changes belongs to no version.
    services.deck_set_count(deck=starter, user=alice, card=extra, count=3)
    client.force_login(bob)
    assert start(client, starter).deck_version is None
    client.force_login(alice)
    history = client.get(f"/decks/{starter.pk}/history/").content.decode()
    assert history.count("Goldfish run: 500 games") == 2


def test_two_versions_compare_with_their_curves(client, alice, starter, inline_workers):
    client.force_login(alice)
    start(client, starter)
    extra = card_create(owner=alice, definition=minion("Spare Whelp", 0, 1), visibility="public")
    services.deck_set_count(deck=starter, user=alice, card=extra, count=4)
    start(client, starter)
    page = client.get(f"/decks/{starter.pk}/history/compare/?a=1&b=2")
    assert page.status_code == 200
    text = page.content.decode()
    assert "Spare Whelp" in text
    charts = re.findall(r"<svg.*?</svg>", text, re.S)
    assert len(charts) == 2 and all("chart-several" in svg for svg in charts)
    assert "A · version 1" in text and "B · version 2" in text
