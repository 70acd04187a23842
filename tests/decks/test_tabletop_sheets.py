"""A 60-card deck's Tabletop Simulator sheet: drawn once, then read from the store; faces
scaled for one deck serve the next. How long a sheet takes is measured by
``bench/tabletop_bench.py`` (``make bench``), not here."""

from __future__ import annotations

import io

import pytest
from django.core.files.storage import default_storage
from django.test import Client
from django.urls import reverse
from PIL import Image

from decks.print_renders import MAKE_PRINT_IMAGES
from decks.tabletop import CELL_HEIGHT, CELL_WIDTH, plan_sheets
from decks.tabletop_sheets import deck_cards

pytestmark = pytest.mark.django_db


def _never(*args: object, **kwargs: object) -> None:
    raise AssertionError("drawn again, where the store holds it")


def test_a_sixty_card_deck_draws_its_sheet_once_and_then_reads_it(
    alice, make_card, make_deck, monkeypatch
) -> None:
    cards = [
        make_card(visibility="public", name=f"Ember {n}", ability_text="WHISPER: Draw 1 card.")
        for n in range(60)
    ]
    deck = make_deck(entries=[(card, 1) for card in cards], visibility="public")
    client = Client()
    client.force_login(alice)
    url = reverse("deck-tabletop-sheet", args=[deck.pk, 1])

    first = client.get(url)
    monkeypatch.setattr("decks.tabletop_sheets.draw_sheet", _never)
    second = client.get(url)

    assert first.status_code == second.status_code == 200
    assert first.content == second.content
    image = Image.open(io.BytesIO(first.content))
    assert image.size == (10 * CELL_WIDTH, 7 * CELL_HEIGHT) == (4090, 4011)
    (sheet,) = plan_sheets(deck_cards(deck)).sheets
    assert default_storage.exists(f"renders/tabletop-{sheet.content_key}.jpg")


def test_another_deck_of_the_same_cards_reuses_their_scaled_faces(
    alice, make_card, make_deck, monkeypatch
) -> None:
    cards = [make_card(visibility="public", name=f"Ember {n}") for n in range(12)]
    first = make_deck(entries=[(card, 2) for card in cards], visibility="public")
    second = make_deck(entries=[(card, 1) for card in reversed(cards)], visibility="public")
    client = Client()
    client.force_login(alice)
    assert client.get(reverse("deck-tabletop-sheet", args=[first.pk, 1])).status_code == 200
    monkeypatch.setattr("decks.tabletop_sheets.card_render", _never)
    response = client.get(reverse("deck-tabletop-sheet", args=[second.pk, 1]))
    assert response.status_code == 200


def test_downloading_the_saved_object_queues_the_renders_never_drawn(
    alice, make_card, make_deck, monkeypatch, django_capture_on_commit_callbacks
) -> None:
    sent: list[tuple[str, list]] = []
    monkeypatch.setattr(
        "kotc_site.celery.send_tasks", lambda name, calls, **kw: sent.append((name, list(calls)))
    )
    cards = [make_card(visibility="public", name=f"Ember {n}") for n in range(12)]
    secret = make_card(visibility="private", name="Hidden")
    deck = make_deck(entries=[*((card, 1) for card in cards), (secret, 1)], visibility="public")
    viewer = Client()  # the secret card is withheld from a stranger: never queued for them
    with django_capture_on_commit_callbacks(execute=True):
        assert viewer.get(reverse("deck-tabletop", args=[deck.pk])).status_code == 200
    ((name, calls),) = sent
    assert name == MAKE_PRINT_IMAGES
    queued = sorted(pk for call in calls for pk in call[0])
    assert queued == sorted(card.pk for card in cards)
    assert all(len(call[0]) <= 10 for call in calls)
