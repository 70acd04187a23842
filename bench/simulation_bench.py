"""A 100,000-game goldfish run through the site, played by two Celery workers on Redis.

Run from the project root: ``.venv/bin/python bench/simulation_bench.py [--games N] [--workers N]``.
Needs Redis (``KOTC_BENCH_REDIS_URL``, default redis://127.0.0.1:6379/14). It uses a fresh
SQLite database in a temporary folder, the reference deck of the goldfish engine, and
prints the time from the request to the finished result."""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# Ten million games in twenty seconds, from the request to the result.
GOAL_PER_SECOND = 500_000
sys.path.insert(0, str(ROOT))

from bench.celery_workers import celery_workers  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()

    redis_url = os.environ.get("KOTC_BENCH_REDIS_URL", "redis://127.0.0.1:6379/14")
    var = Path(tempfile.mkdtemp(prefix="kotc-bench-"))
    env = {
        **os.environ,
        "KOTC_VAR_DIR": str(var),
        "CELERY_BROKER_URL": redis_url,
        "DJANGO_SETTINGS_MODULE": "kotc_site.settings.base",
        "DJANGO_DEBUG": "0",
        "OMP_NUM_THREADS": "1",
        "OPENBLAS_NUM_THREADS": "1",
    }
    os.environ.update(env)

    import django

    django.setup()
    import redis
    from django.contrib.auth import get_user_model
    from django.core.management import call_command

    try:
        redis.Redis.from_url(redis_url, socket_connect_timeout=2).flushdb()
    except redis.RedisError as error:
        print(f"Redis is not reachable at {redis_url}: {error}")
        return 2
    call_command("migrate", verbosity=0)

    from cards.services import card_create
    from decks.goldfish.reference import reference_deck
    from decks.models import Deck, DeckEntry
    from simulations import services
    from simulations.models import SimulationRun

    user = get_user_model().objects.create_user("bench", password="bench-password-1")
    deck = Deck.objects.create(owner=user, name="Reference", edition=14)
    for count, card in reference_deck().entries:
        definition = {
            "name": card.name,
            "kind": card.kind,
            "design_edition": 14,
            "level": card.level,
            "sp": card.sp if card.kind == "minion" else None,
            "hp": card.hp if card.kind == "minion" else None,
            "ability_text": card.ability_text,
            "flavor_text": "",
        }
        DeckEntry.objects.create(
            deck=deck, card=card_create(owner=user, definition=definition), count=count
        )

    with celery_workers(args.workers, env):  # connected before the clock starts
        from decks.services import deck_definition

        options = services.options_for_edition(
            {"games": args.games, "seed": 1, "max_turns": 20, "going": "first", "bury": "default"},
            edition=14,
        )
        started = time.perf_counter()
        run, _ = services.simulation_start(
            definition=deck_definition(deck), options=options, deck_id=deck.pk
        )
        while True:
            run.refresh_from_db()
            if run.status in ("succeeded", "failed"):
                break
            if time.perf_counter() - started > 600:
                print("The run did not finish within 600 s.")
                return 1
            time.sleep(0.02)
        elapsed = time.perf_counter() - started

    if run.status != SimulationRun.Status.SUCCEEDED:
        print(f"The run failed: {run.error}")
        return 1
    print(
        f"{args.games:,} games through the site with {args.workers} workers "
        f"({run.chunks_total} chunks): {elapsed:.2f} s = {args.games / elapsed:,.0f} games/s "
        f"(goal: {GOAL_PER_SECOND:,} games/s, {args.games / GOAL_PER_SECOND:.1f} s)"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
