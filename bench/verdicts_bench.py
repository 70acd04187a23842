"""Re-judging stored cards after the rules changed: cards a second, through the site's refresh
(chunks shared by two Celery workers on Redis), beside one card at a time in one process.

Run from the project root: ``.venv/bin/python bench/verdicts_bench.py [--cards N] [--workers N]
[--database-url URL] [--seed-only]``.
Needs Redis (``KOTC_BENCH_REDIS_URL``, default redis://127.0.0.1:6379/14). It uses a fresh
SQLite database in a temporary folder, or PostgreSQL with ``--database-url`` (the database is
made if the server lacks it, and kept: a later run re-judges the cards seeded there).

The cards are each different, as real cards are: each is one to three abilities drawn from a
pool written with its design edition's guide components (many cards share an ability, none
shares all), with its own name, level and stats. Every stored verdict is made stale, as a new
engine would make it, and every edition is judged again (``--all``). The goal: a million cards
in at most 10 minutes on two cores, so at least 1,700 cards a second.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.celery_workers import celery_workers  # noqa: E402
from bench.databases import create_postgres_database, is_postgresql  # noqa: E402

GOAL_PER_SECOND = 1_700
GOAL_MILLION_SECONDS = 600
REFERENCE_CARDS = 1_000
DESIGNS = (17, 17, 17, 16, 15, 14, None)
LETTERS = "ABCDEFGHIJKLMNOPRSTUVWY"


def ability_pool(rng: random.Random, edition: int, size: int) -> list[str]:
    """`size` different abilities written from the edition's guide components."""
    from cards.rules import RulesError, get_guide
    from cards.rules.guide import ComponentKind
    from cards.rules.writer import AbilityDesign, Choice, SubAbilityDesign, write_ability

    guide = get_guide(edition)
    kinds = {
        kind: [c for c in guide.components if c.kind is kind and not c.redacted]
        for kind in ComponentKind
    }

    def choice(kind: ComponentKind) -> Choice:
        component = rng.choice(kinds[kind])
        return Choice(component.id, {letter: rng.randint(1, 5) for letter in component.letters})

    found: set[str] = set()
    for _ in range(size * 20):
        if len(found) >= size:
            break
        target = choice(ComponentKind.TARGET) if rng.random() < 0.6 else None
        effects = tuple(choice(ComponentKind.EFFECT) for _ in range(rng.choice((1, 1, 2))))
        costs = (choice(ComponentKind.COST),) if rng.random() < 0.4 else ()
        condition = choice(ComponentKind.CONDITION) if rng.random() < 0.3 else None
        name = "".join(rng.choice(LETTERS) for _ in range(rng.randint(3, 9)))
        design = AbilityDesign(
            (SubAbilityDesign(effects, target),), name=name, condition=condition, costs=costs
        )
        try:
            found.add(write_ability(design, edition))
        except RulesError:
            continue
    return sorted(found)


def seed(count: int, rng: random.Random) -> None:
    """`count` different cards, each with a stale verdict under every edition."""
    from django.contrib.auth import get_user_model
    from django.db import connection, transaction

    from cards import rules
    from cards.models import Card, CardVerdict

    owner = get_user_model().objects.create_user("bench", password="bench-password-1")
    pools = {
        edition: ability_pool(rng, edition, max(2_000, count // 50)) for edition in (14, 15, 16, 17)
    }
    editions = sorted(rules.load_editions())
    batch = 5_000
    for start in range(0, count, batch):
        cards = []
        for number in range(start, min(start + batch, count)):
            design = rng.choice(DESIGNS)
            pool = pools[design or 17]
            kind = "minion" if rng.random() < 0.7 else "spell"
            abilities = 1 if kind == "spell" else rng.choice((1, 1, 2, 3))
            cards.append(
                Card(
                    owner=owner,
                    name=f"Card {number}",
                    kind=kind,
                    design_edition=design,
                    level=rng.randint(1, 9),
                    sp=rng.randint(0, 8) if kind == "minion" else None,
                    hp=rng.randint(1, 8) if kind == "minion" else None,
                    ability_text="\n".join(rng.sample(pool, abilities)),
                    flavor_text="",
                    visibility="public",
                )
            )
        with transaction.atomic():
            made = Card.objects.bulk_create(cards)
            ids = [card.pk for card in made]
            if not all(ids):
                ids = list(Card.objects.order_by("-pk").values_list("pk", flat=True)[: len(cards)])
            CardVerdict.objects.bulk_create(
                [
                    CardVerdict(
                        card_id=card_id,
                        edition=edition,
                        verdict="legal",
                        playable=True,
                        rules_version="older rules",
                    )
                    for card_id in ids
                    for edition in editions
                ],
                batch_size=5_000,
            )
    connection.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=100_000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--database-url", default="")
    parser.add_argument(
        "--seed-only",
        action="store_true",
        help="seed the cards and stop (a later run on the same database times their refresh)",
    )
    args = parser.parse_args()

    redis_url = os.environ.get("KOTC_BENCH_REDIS_URL", "redis://127.0.0.1:6379/14")
    var = Path(tempfile.mkdtemp(prefix="kotc-bench-"))
    env = {
        **os.environ,
        "KOTC_VAR_DIR": str(var),
        "CELERY_BROKER_URL": redis_url,
        "DJANGO_SETTINGS_MODULE": "kotc_site.settings.base",
        "DJANGO_DEBUG": "0",
        "DATABASE_URL": args.database_url or f"sqlite:///{var}/bench.sqlite3",
    }
    os.environ.update(env)
    if is_postgresql(args.database_url):
        create_postgres_database(args.database_url)

    import django

    django.setup()
    import redis
    from django.core.management import call_command

    try:
        redis.Redis.from_url(redis_url, socket_connect_timeout=2).flushdb()
    except redis.RedisError as error:
        print(f"Redis is not reachable at {redis_url}: {error}")
        return 2
    # The refresh migrate queues by itself (cards.apps) is not the one being timed: on cards an
    # earlier run seeded, it would be sent first and its chunks judged within the clock.
    from django.apps import apps
    from django.db.models.signals import post_migrate

    post_migrate.disconnect(sender=apps.get_app_config("cards"), dispatch_uid="cards-verdicts")
    call_command("migrate", verbosity=0)

    from cards import verdicts
    from cards.models import Card, CardVerdict, VerdictRefresh

    if Card.objects.count() == args.cards and Card.objects.filter(owner__username="bench").exists():
        # The same cards, seeded by an earlier run on this database: their verdicts made stale.
        CardVerdict.objects.update(rules_version="older rules")
        print(f"{args.cards:,} different cards seeded before; every verdict made stale again")
    else:
        call_command("flush", interactive=False, verbosity=0)
        began = time.perf_counter()
        seed(args.cards, random.Random(1))
        print(f"seeded {args.cards:,} different cards in {time.perf_counter() - began:.0f} s")
    if args.seed_only:
        return 0

    # The reference: one card at a time in this process, each in a transaction of its own.
    sample = list(Card.objects.order_by("-pk")[:REFERENCE_CARDS])
    started = time.perf_counter()
    for card in sample:
        verdicts.card_verdicts_refresh(card=card)
    reference = len(sample) / (time.perf_counter() - started)

    with celery_workers(args.workers, env):  # connected before the clock starts
        started = time.perf_counter()
        refresh = verdicts.verdicts_refresh_queue(everything=True)
        assert refresh is not None
        while True:
            refresh = VerdictRefresh.objects.get(pk=refresh.pk)
            if refresh.finished is not None:
                break
            if time.perf_counter() - started > 3_600:
                print(f"The refresh did not finish within an hour ({refresh.percent}%).")
                return 1
            time.sleep(0.2)
        elapsed = time.perf_counter() - started

    stale = verdicts.stale_verdicts()
    rate = args.cards / elapsed
    million = 1_000_000 / rate
    print(
        f"{args.cards:,} different cards re-judged under {len(verdicts.rules.load_editions())}"
        f" editions by {args.workers} workers: {elapsed:.1f} s = {rate:,.0f} cards/s"
        f" (goal: at least {GOAL_PER_SECOND:,}; one card at a time in one process:"
        f" {reference:,.0f} cards/s, {rate / reference:.1f}x)"
    )
    print(
        f"a million cards at that rate: {million / 60:.1f} min"
        f" (goal: at most {GOAL_MILLION_SECONDS // 60} min)"
    )
    if stale:
        print("Some stored verdicts are still stale: the refresh missed them.")
    return 1 if stale else 0


if __name__ == "__main__":
    raise SystemExit(main())
