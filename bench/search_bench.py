"""Card and deck search at community scale: p50 and p95 of every query form, API and pages.

Run from the project root:
``.venv/bin/python bench/search_bench.py [--database-url URL] [--cards N] [--decks N]
[--rounds R] [--drop]``.

Without ``--database-url`` it makes its own SQLite database in a temporary folder (the embedded
default). With a PostgreSQL URL it creates that database if it is missing and keeps it for the
next run unless ``--drop`` is given; a run on a database that already holds cards only adds the
ones missing, so one database can grow from 300,000 cards to 1,000,000.

It seeds N public cards (and 2% more private and 2% unlisted ones) by 1,000 designers with
COPY on PostgreSQL and batched inserts on SQLite, their stored verdicts (and the editions each
card is playable under, kept on the card as the site keeps them), and decks of those
cards; then it sends each query through Django's test client (the whole request: routing,
view, search, pagination, serializer or template; no network, no throttles) and prints a
table of p50 and p95 per query form: of the wall time, and of the CPU time the request took
in this process and its PostgreSQL backend (which other work on a shared machine does not
stretch). A SQLite URL (sqlite:////path) keeps that database too, for the next run.

This file sets up Django and runs the steps; the seeding is in bench/search_seed.py (the words
the cards are made of in bench/search_seed_words.py), the query forms and their measuring in
bench/search_queries.py.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
_TMP = tempfile.TemporaryDirectory(prefix="kotc-search-bench-")


def _arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database-url", default="", help="default: a new SQLite database")
    parser.add_argument("--cards", type=int, default=100_000, help="public cards to seed")
    parser.add_argument(
        "--decks", type=int, default=None, help="decks (default: as many as cards, 100,000 at most)"
    )
    parser.add_argument("--rounds", type=int, default=20, help="requests per query form")
    parser.add_argument("--drop", action="store_true", help="drop the PostgreSQL database after")
    parser.add_argument("--only", default="", help="measure only rows whose label holds this")
    return parser.parse_args()


ARGS = _arguments()
# Settings read these when they are imported: a private var folder, no debug bookkeeping, no
# throttles (the benchmark is one client sending many requests).
os.environ["KOTC_VAR_DIR"] = _TMP.name
os.environ["DATABASE_URL"] = ARGS.database_url or f"sqlite:///{Path(_TMP.name) / 'bench.sqlite3'}"
os.environ["DJANGO_DEBUG"] = "0"
os.environ["DJANGO_SETTINGS_MODULE"] = "kotc_site.settings.base"
os.environ.setdefault("KOTC_LOG_LEVEL", "ERROR")
for scope in ("CHECK", "TOKEN", "SIMULATION", "ANON", "USER"):
    os.environ[f"KOTC_THROTTLE_{scope}"] = "off"
sys.path.insert(0, str(ROOT))

import time  # noqa: E402

import django  # noqa: E402

from bench.databases import (  # noqa: E402
    create_postgres_database,
    drop_postgres_database,
    is_postgresql,
)

POSTGRES = is_postgresql(ARGS.database_url)
if POSTGRES:
    create_postgres_database(ARGS.database_url)

django.setup()

import logging  # noqa: E402

# Refused queries (the old code refuses the new syntax) are counted in the table, not logged.
logging.getLogger("django.request").setLevel(logging.ERROR)

from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from django.db.models.signals import post_migrate  # noqa: E402

from bench.search_queries import measure  # noqa: E402
from bench.search_seed import analyze, seed_cards, seed_decks  # noqa: E402
from cards.models import Card  # noqa: E402
from decks.models import Deck  # noqa: E402


def main() -> int:
    # Stored verdicts are seeded with the rules of this checkout; re-judging a million seeded
    # cards after migrate is not what is being measured.
    from django.apps import apps

    post_migrate.disconnect(sender=apps.get_app_config("cards"), dispatch_uid="cards-verdicts")
    began = time.perf_counter()
    call_command("migrate", verbosity=0, interactive=False)
    print(f"{connection.vendor}: migrated in {time.perf_counter() - began:.0f} s", flush=True)
    seed_cards(ARGS.cards)
    seed_decks(ARGS.decks if ARGS.decks is not None else min(ARGS.cards, 100_000))
    analyze()
    cards = Card.objects.count()
    decks = Deck.objects.count()
    print(f"{cards:,} cards, {decks:,} decks; {ARGS.rounds} requests per query form", flush=True)
    measure(ARGS.rounds, ARGS.only)
    return 0


if __name__ == "__main__":
    try:
        raise SystemExit(main())
    finally:
        connection.close()
        if POSTGRES and ARGS.drop:
            drop_postgres_database(ARGS.database_url)
        _TMP.cleanup()
