"""How long a 60-card deck's Tabletop Simulator sheet takes: drawn cold, read when stored, and
drawn for a second deck of 59 of those cards (their faces already scaled).

Run from the project root: ``.venv/bin/python bench/tabletop_bench.py [--rounds N]``.
The benchmark makes its own SQLite database and file store in a temporary folder and sends the
requests through Django's test client, so it measures the whole request. Goals: a cold sheet
(every card rendered, scaled and laid out) in seconds, not minutes; a stored one read in well
under a second; a sheet of faces already scaled in a few seconds.
"""

from __future__ import annotations

from private_site import private_site

_TMP = private_site("kotc-tabletop-bench-")  # before Django is imported

import argparse  # noqa: E402
import time  # noqa: E402

import django  # noqa: E402

django.setup()

from django.contrib.auth import get_user_model  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.test import Client  # noqa: E402
from django.urls import reverse  # noqa: E402

from cards import services as card_services  # noqa: E402
from decks import services as deck_services  # noqa: E402
from tests.decks.conftest import MINION  # noqa: E402  (a card of the 14th's guide, at its level)

# Goals in seconds, beside what the figures are measured against.
COLD_GOAL = 60.0
STORED_GOAL = 0.5
SCALED_GOAL = 10.0


def sheet_seconds(client: Client, deck_id: int) -> float:
    url = reverse("deck-tabletop-sheet", args=[deck_id, 1])
    started = time.perf_counter()
    response = client.get(url)
    elapsed = time.perf_counter() - started
    if response.status_code != 200:
        raise SystemExit(f"{url} answered {response.status_code}")
    return elapsed


def line(name: str, seconds: float, goal: float) -> bool:
    verdict = "ok" if seconds <= goal else "OVER"
    print(f"{name:<46} {seconds:8.3f} s   goal ≤ {goal:g} s   {verdict}")
    return seconds <= goal


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=1, help="decks of fresh cards to draw")
    args = parser.parse_args()

    call_command("migrate", verbosity=0, interactive=False)
    owner = get_user_model().objects.create_user("bench", "bench@example.com", "bench-pass-123")
    client = Client()
    client.force_login(owner)
    within = True
    for round_ in range(args.rounds):
        cards = [
            card_services.card_create(
                owner=owner,
                definition={**MINION, "name": f"Ember {round_}-{n}"},
                visibility="public",
            )
            for n in range(60)
        ]
        first, second = (
            deck_services.deck_create(owner=owner, name=name, visibility="public", entries=entries)
            for name, entries in (
                ("Embers", [(card, 1) for card in cards]),
                ("Embers but one", [(card, 1) for card in cards[1:]]),
            )
        )
        within &= line(
            "60-card sheet, cold (renders too)", sheet_seconds(client, first.pk), COLD_GOAL
        )
        within &= line("the same sheet, stored", sheet_seconds(client, first.pk), STORED_GOAL)
        within &= line(
            "59 of the same cards (faces scaled)",
            sheet_seconds(client, second.pk),
            SCALED_GOAL,
        )
    return 0 if within else 1


if __name__ == "__main__":
    try:
        raise SystemExit(main())
    finally:
        _TMP.cleanup()
