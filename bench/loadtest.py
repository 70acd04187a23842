"""Load benchmark: the site under gunicorn on PostgreSQL, driven by locust on loopback.

Run from the project root:
``.venv/bin/python bench/loadtest.py [--seconds S] [--restart-postgres]``.

It creates a fresh database (``KOTC_LOAD_DATABASE_URL``, default
postgres://postgres@127.0.0.1:5432/kotc_load), seeds public cards and a 60-card deck, starts
gunicorn on a free loopback port, and for each endpoint runs a bounded number of seconds of
requests from locust's users (bench/locustfile.py, headless, in a process of its own). It
prints requests per second, latency percentiles and the ratio against the trivial endpoint
(/healthz/) measured in the same run. With ``--restart-postgres`` it also restarts PostgreSQL
in the middle of a deck-validation run and checks that the site answers again without being
restarted itself.

Exit status: 0 when every request succeeded (outside the PostgreSQL restart window) and the
site recovered; 1 otherwise."""

from __future__ import annotations

import argparse
import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/kotc_load"
CLIENTS = 4
GOAL_VALIDATION_RATIO = 0.40
WRITER_TOKEN = "0123456789abcdef0123456789abcdef01234567"
IMPORTED_SIZE = 40  # cards in each deck that bench/locustfile.py imports


def half_saved_decks() -> list[str]:
    """Imported decks whose size is not the imported size, and imported cards that lack
    what a card is saved with."""
    from django.db.models import Sum

    from cards.models import Card
    from decks.models import Deck

    broken = []
    for deck in Deck.objects.filter(name__startswith="Imported ").annotate(
        size=Sum("entries__count")
    ):
        if deck.size != IMPORTED_SIZE:
            broken.append(f"{deck.name}: {deck.size} cards")
    # A card is whole with its first revision and its place in its designer's collection.
    cards = Card.objects.filter(name__startswith="Writer card ")
    for card in cards.filter(revisions__isnull=True) | cards.filter(
        collection_entries__isnull=True
    ):
        broken.append(f"card {card.name}: no revision or collection entry")
    return broken


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def recreate_database(url: str) -> None:
    import psycopg

    parsed = urlparse(url)
    name = parsed.path.lstrip("/")
    admin = url.replace(parsed.path, "/postgres")
    with psycopg.connect(admin, autocommit=True) as connection:
        connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        connection.execute(f'CREATE DATABASE "{name}"')


def seed() -> dict[str, str]:
    """Public cards to search, a 60-card deck to validate; returns the URLs to drive."""
    from django.contrib.auth import get_user_model
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    from cards import rules
    from cards.services import card_create
    from decks.models import Deck, DeckEntry

    owner = get_user_model().objects.create_user("loader", password="load-password-1")
    words = ["Ember", "Frost", "Storm", "Shade", "Thorn", "Iron", "Wisp", "Gale"]
    # Real components (the 14th guide's; a 13th Edition wording the 14th refurbishes), each
    # card at the level its design edition's guide computes, as players' cards are.
    texts = [
        "",
        "SPARK: Draw 1 card.",
        "BLAZE: Target 1 in-play card; place 2 Damage Counters on it.",
        "HAUNT: When this card in your hand is destroyed (ghost-play, must pay resource cost):"
        " Draw 2 cards.",
        "RALLY: Target 1 in-play card; place 1 Sword Counter on it.",
    ]
    cards = []
    for i in range(240):
        kind = "spell" if i % 5 == 4 else "minion"
        definition = {
            "name": f"{words[i % 8]} {'Spell' if kind == 'spell' else 'Beast'} {i}",
            "kind": kind,
            "design_edition": 14 if i % 7 else 12,
            "level": 0,
            "sp": None if kind == "spell" else 1 + i % 4,
            "hp": None if kind == "spell" else 1 + i % 5,
            "ability_text": texts[i % len(texts)] if kind == "minion" else "Draw 1 card.",
            "flavor_text": "",
        }
        definition["level"] = rules.design_level(rules.Card(**definition)).computed
        cards.append(card_create(owner=owner, visibility="public", definition=definition))
    from knox.crypto import hash_token
    from knox.settings import CONSTANTS

    from accounts.models import ApiToken

    # A token with a known secret, stored as the site stores every token: by its hash.
    ApiToken(
        user=owner,
        name="load benchmark",
        digest=hash_token(WRITER_TOKEN),
        token_key=WRITER_TOKEN[: CONSTANTS.TOKEN_KEY_LENGTH],
    ).save()
    deck = Deck.objects.create(owner=owner, name="Load deck", edition=14, visibility="public")
    DeckEntry.objects.bulk_create(DeckEntry(deck=deck, card=card, count=1) for card in cards[:60])
    talked_about = seed_community(owner, cards)
    return {
        "trivial": "/healthz/",
        "card search": "/api/v1/cards/?q=kind%3Aminion+level%3C%3D3+ember",
        "deck validation": f"/api/v1/decks/{deck.pk}/validation/",
        "glossary": "/api/v1/glossary/?q=bur",
        "comment list": f"/api/v1/comments/?card={talked_about.pk}",
        "like": f"/api/v1/cards/{talked_about.pk}/like/",
    }


def seed_community(owner: Any, cards: list[Any]) -> Any:
    """A card with a long thread (more comments than a page) by many people, and likes; and
    comments and likes on other cards, so the indexes have rows to skip. Returns that card."""
    from django.contrib.auth import get_user_model

    from community.models import Comment, Like

    people = get_user_model().objects.bulk_create(
        get_user_model()(username=f"talker{n}", password="!") for n in range(40)
    )
    comments, likes = [], []
    for i, card in enumerate(cards[:40]):
        count = 60 if i == 0 else 5
        comments += [
            Comment(
                author=people[n % len(people)],
                card=card,
                text=f"Comment {n}: pairs well with [[{cards[n].name}]] in a **fast** deck.",
            )
            for n in range(count)
        ]
        likes += [Like(user=person, card=card) for person in people[: 40 - i]]
    Comment.objects.bulk_create(comments)
    Like.objects.bulk_create(likes)
    return cards[0]


Figures = dict[str, Any]
Fault = Callable[[], object]


def drive(
    port: int, paths: list[str], seconds: float, *options: str, during: Fault | None = None
) -> list[Figures]:
    """Each path's figures from `seconds` of locust's users (bench/locustfile.py, with its
    `options`, in a process of its own); `during()` is called once the first run is going."""
    locustfile = str(ROOT / "bench" / "locustfile.py")
    command = [sys.executable, locustfile, f"http://127.0.0.1:{port}", *paths, *options]
    command += [f"--seconds={seconds}", f"--users={CLIENTS}", f"--token={WRITER_TOKEN}"]
    locust = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
    assert locust.stdout is not None
    try:
        locust.stdout.readline()  # "running"
        if during:
            during()
        output, _ = locust.communicate(timeout=len(paths) * (seconds + 60))
    finally:
        locust.kill()  # it ends by itself; this is only for a failure here
    lines = [line for line in output.splitlines() if line != "running"]
    figures = [json.loads(line, object_pairs_hook=numbered) for line in lines]
    if locust.returncode or len(figures) != len(paths):
        raise RuntimeError(f"locust ended with status {locust.returncode}")
    return figures


def numbered(pairs: list[tuple[str, Any]]) -> dict[Any, Any]:
    """A JSON object whose keys are status codes (strings in JSON), with numbers as keys."""
    return {int(key) if key.isdigit() else key: value for key, value in pairs}


def wait_until_up(port: int, path: str, timeout: float) -> float | None:
    started = time.monotonic()
    while time.monotonic() - started < timeout:
        try:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
            connection.request("GET", path)
            if connection.getresponse().status == 200:
                return time.monotonic() - started
        except OSError:
            pass
        time.sleep(0.2)
    return None


def restart_postgres(after: float) -> None:
    time.sleep(after)
    cluster = sorted(os.listdir("/etc/postgresql"))[0]
    command = ["pg_ctlcluster", "--skip-systemctl-redirect", cluster, "main", "restart"]
    subprocess.run(command, check=True, capture_output=True, timeout=60)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=8.0, help="seconds per endpoint")
    parser.add_argument("--restart-postgres", action="store_true")
    args = parser.parse_args()

    database_url = os.environ.get("KOTC_LOAD_DATABASE_URL", DEFAULT_DATABASE_URL)
    var = Path(tempfile.mkdtemp(prefix="kotc-load-"))
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "kotc_site.settings.base",
        "DJANGO_DEBUG": "0",
        "DATABASE_URL": database_url,
        "DATABASE_CONN_MAX_AGE": "60",
        "KOTC_VAR_DIR": str(var),
        "KOTC_LOG_LEVEL": "WARNING",
        # Every request comes from one client here: the per-client throttles are switched
        # off so the figures are the endpoints' own.
        **{f"KOTC_THROTTLE_{scope}": "off" for scope in ("CHECK", "ANON", "USER")},
    }
    os.environ.update(env)
    try:
        recreate_database(database_url)
    except Exception as error:  # noqa: BLE001 - any failure here means no PostgreSQL to test
        print(f"PostgreSQL is not reachable at {database_url}: {error}")
        return 2

    import django

    django.setup()
    paths = seed()
    from django.db import connections

    connections.close_all()

    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "kotc_site.wsgi", "--workers=2"]
        + [f"--bind=127.0.0.1:{port}", "--log-level=warning"],
        cwd=ROOT,
        env=env,
        start_new_session=True,
    )
    try:
        if wait_until_up(port, "/healthz/", 30) is None:
            print("gunicorn did not start")
            return 1
        # One second of each endpoint first, uncounted, fills every gunicorn worker's caches.
        runs = drive(port, list(paths.values()), args.seconds, "--warm-up=1")
        figures = dict(zip(paths, runs, strict=True))
        base = figures["trivial"]["rps"] or 1
        print(f"{'endpoint':<16} {'req/s':>8} {'ratio':>6} {'p50 ms':>8} {'p95 ms':>8}", end="")
        print(f" {'p99 ms':>8} {'errors':>7}")
        for name, f in figures.items():
            print(f"{name:<16} {f['rps']:8.1f} {f['rps'] / base:6.2f} {f['p50']:8d}", end="")
            print(f" {f['p95']:8d} {f['p99']:8d} {f['errors']:7d}")
        failed = any(f["errors"] for f in figures.values())
        ratio = figures["deck validation"]["rps"] / base
        print(
            f"deck validation at {ratio:.0%} of the trivial endpoint's rate "
            f"(goal: at least {GOAL_VALIDATION_RATIO:.0%})"
        )
        search = figures["card search"]["rps"] or 1
        for name in ("comment list", "like"):
            print(f"{name} at {figures[name]['rps'] / search:.2f}× card search's rate")
        if args.restart_postgres:
            failed |= not survives_restart(port, paths["deck validation"], max(args.seconds, 6))
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=20)
    print("FAILED" if failed else "OK")
    return 1 if failed else 0


def survives_restart(port: int, path: str, seconds: float) -> bool:
    """Whether the site, validating a deck and importing decks while PostgreSQL restarts, gives
    only 503s meanwhile, validates and imports again without being restarted, and keeps no
    half-saved deck."""
    print("Restarting PostgreSQL during a deck-validation run, with deck imports...")
    [window] = drive(
        port, [path], seconds, "--importers=1", during=lambda: restart_postgres(after=2.0)
    )
    statuses, imports = window["statuses"], window["imports"]
    print(
        f"  during the restart: {window['requests']} validations, statuses {statuses}; "
        f"deck imports, statuses {imports}"
    )
    recovered = wait_until_up(port, path, 30)
    # Imports are judged after the restart, not during it: on a busy machine one import can
    # outlast the seconds before the restart, so none may have been saved in the window.
    [after] = drive(port, [path], 3.0, "--importers=1")
    print(
        f"  answered again {recovered if recovered is None else round(recovered, 2)} s "
        f"after the run; then {after['requests']} requests, {after['errors']} errors; "
        f"deck imports, statuses {after['imports']}"
    )
    imported = bool(after["imports"]) and set(after["imports"]) == {201}
    survived = recovered is not None and not after["errors"] and imported
    if any(code >= 500 and code != 503 for code in {**statuses, **imports}):
        print("  some requests got a 5xx other than 503 during the restart")
        survived = False
    from django.db import connections

    connections.close_all()
    broken = half_saved_decks()
    print(f"  half-saved decks or cards after the restart: {len(broken)} {broken[:3]}")
    return survived and not broken


if __name__ == "__main__":
    raise SystemExit(main())
