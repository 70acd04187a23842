"""Card and deck search at community scale: p50 and p95 of every query form, API and pages.

Run from the project root:
``.venv/bin/python bench/search_bench.py [--database-url URL] [--cards N] [--decks N]
[--rounds R] [--drop]``.

Without ``--database-url`` it makes its own SQLite database in a temporary folder (the embedded
default). With a PostgreSQL URL it creates that database if it is missing and keeps it for the
next run unless ``--drop`` is given; a run on a database that already holds cards only adds the
ones missing, so one database can grow from 300,000 cards to 1,000,000.

It seeds N public cards (and 2% more private and 2% unlisted ones) by 1,000 designers with
COPY on PostgreSQL and batched inserts on SQLite, their stored verdicts, and decks of those
cards; then it sends each query through Django's test client (the whole request: routing,
view, search, pagination, serializer or template; no network, no throttles) and prints a
table of p50 and p95 per query form: of the wall time, and of the CPU time the request took
in this process and its PostgreSQL backend (which other work on a shared machine does not
stretch). A SQLite URL (sqlite:////path) keeps that database too, for the next run.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path
from urllib.parse import urlparse, urlunparse

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

import random  # noqa: E402
import time  # noqa: E402
from collections.abc import Iterator  # noqa: E402
from datetime import UTC, datetime, timedelta  # noqa: E402
from typing import Any  # noqa: E402

import django  # noqa: E402


def _create_postgres_database(url: str) -> None:
    import psycopg

    parsed = urlparse(url)
    name = parsed.path.lstrip("/")
    admin = urlunparse(parsed._replace(path="/postgres"))
    with psycopg.connect(admin, autocommit=True) as connection:
        found = connection.execute(
            "SELECT 1 FROM pg_database WHERE datname = %s", [name]
        ).fetchone()
        if not found:
            connection.execute(f'CREATE DATABASE "{name}"')


def _drop_postgres_database(url: str) -> None:
    import psycopg

    parsed = urlparse(url)
    admin = urlunparse(parsed._replace(path="/postgres"))
    with psycopg.connect(admin, autocommit=True) as connection:
        connection.execute(f'DROP DATABASE IF EXISTS "{parsed.path.lstrip("/")}"')


POSTGRES = ARGS.database_url.startswith(("postgres://", "postgresql://"))
if POSTGRES:
    _create_postgres_database(ARGS.database_url)

django.setup()

import logging  # noqa: E402

# Refused queries (the old code refuses the new syntax) are counted in the table, not logged.
logging.getLogger("django.request").setLevel(logging.ERROR)

from django.contrib.auth import get_user_model  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.core.management.color import no_style  # noqa: E402
from django.db import connection, transaction  # noqa: E402
from django.db.models.signals import post_migrate  # noqa: E402
from django.test import Client  # noqa: E402

from cards import rules  # noqa: E402
from cards.models import Card, CardVerdict  # noqa: E402
from decks.models import Board, Deck, DeckEntry  # noqa: E402

DESIGNERS = 1_000
EDITION_INDICATORS = (None, 11, 13, 14, 14, 14)
NOW = datetime(2026, 11, 1, tzinfo=UTC)
SPREAD = timedelta(days=730)

ADJECTIVES = [
    "Ember",
    "Fire",
    "Frost",
    "Storm",
    "Tide",
    "Ash",
    "Cinder",
    "Reef",
    "Iron",
    "Stone",
    "Moon",
    "Sun",
    "Star",
    "Shadow",
    "Night",
    "Dawn",
    "Dusk",
    "Thorn",
    "Bramble",
    "Gale",
    "Ember",
    "Wild",
    "Old",
    "Young",
    "Grim",
    "Bright",
    "Hollow",
    "Silent",
    "Howling",
    "Sunken",
    "Golden",
    "Silver",
    "Copper",
    "Crystal",
    "Amber",
    "Jade",
    "Obsidian",
    "Pale",
    "Crimson",
    "Azure",
    "Verdant",
    "Ashen",
    "Gloom",
    "Mist",
    "Smoke",
    "Spark",
    "Thunder",
    "Rain",
    "Snow",
    "Hail",
    "Salt",
    "Sand",
    "Dust",
    "Bone",
    "Blood",
    "Root",
    "Leaf",
    "Moss",
    "Fern",
    "Briar",
    "Coral",
    "Pearl",
    "Shell",
    "Wave",
    "Deep",
    "High",
    "Low",
    "Far",
    "Near",
    "Lost",
    "Found",
    "Broken",
    "Mended",
    "Swift",
    "Slow",
    "Quiet",
    "Loud",
    "Ancient",
    "Feral",
    "Noble",
    "Humble",
    "Rogue",
    "Loyal",
    "Cursed",
    "Blessed",
    "Dread",
    "Hallowed",
    "Rusted",
    "Gilded",
    "Molten",
    "Frozen",
    "Burning",
    "Drowned",
    "Wandering",
    "Sleeping",
    "Waking",
    "Hungry",
    "Sated",
    "Lucky",
    "Fickle",
    "Stubborn",
    "Clever",
    "Patient",
    "Restless",
    "Northern",
    "Southern",
    "Eastern",
    "Western",
    "Inner",
    "Outer",
    "Upper",
    "Under",
    "Twin",
    "Lone",
    "Grand",
    "Petty",
    "Sacred",
    "Profane",
    "Woven",
    "Carved",
    "Forged",
    "Sown",
    "Reaped",
    "Buried",
    "Risen",
    "Fallen",
]
NOUNS = [
    "Wolf",
    "Whelp",
    "Sprite",
    "Hound",
    "Guardian",
    "Golem",
    "Drake",
    "Wisp",
    "Spark",
    "Rain",
    "Winds",
    "Whetstone",
    "Lore",
    "Haunt",
    "Knight",
    "Witch",
    "Sage",
    "Archer",
    "Warden",
    "Reaver",
    "Raven",
    "Owl",
    "Hawk",
    "Serpent",
    "Toad",
    "Bear",
    "Stag",
    "Boar",
    "Fox",
    "Hare",
    "Mole",
    "Beetle",
    "Moth",
    "Spider",
    "Wyrm",
    "Giant",
    "Troll",
    "Imp",
    "Shade",
    "Ghost",
    "Wraith",
    "Lich",
    "Golem",
    "Titan",
    "Colossus",
    "Keeper",
    "Herald",
    "Scout",
    "Ranger",
    "Monk",
    "Priest",
    "Bard",
    "Thief",
    "Smith",
    "Miner",
    "Farmer",
    "Sower",
    "Reaper",
    "Miller",
    "Baker",
    "Hunter",
    "Fisher",
    "Sailor",
    "Pilot",
    "Captain",
    "Admiral",
    "Duke",
    "Queen",
    "King",
    "Prince",
    "Squire",
    "Page",
    "Jester",
    "Oracle",
    "Seer",
    "Prophet",
    "Mystic",
    "Shaman",
    "Druid",
    "Hermit",
    "Pilgrim",
    "Nomad",
    "Exile",
    "Outlaw",
    "Bandit",
    "Pirate",
    "Corsair",
    "Gate",
    "Tower",
    "Bridge",
    "Well",
    "Forge",
    "Mill",
    "Granary",
    "Garden",
    "Orchard",
    "Grove",
    "Marsh",
    "Fen",
    "Moor",
    "Dune",
    "Reef",
    "Cove",
    "Harbor",
    "Beacon",
    "Lantern",
    "Candle",
    "Torch",
    "Brand",
    "Blade",
    "Shield",
    "Spear",
    "Bow",
    "Hammer",
    "Anvil",
    "Crown",
    "Ring",
    "Amulet",
    "Charm",
    "Rune",
    "Sigil",
    "Tome",
    "Scroll",
    "Chalice",
    "Relic",
    "Totem",
    "Idol",
    "Mask",
    "Cloak",
    "Banner",
    "Drum",
    "Horn",
    "Bell",
]
KEYWORDS = [
    "RIPPLE",
    "HAUNT",
    "WHISPER",
    "SMASH",
    "WAIL",
    "BLAZE",
    "SURGE",
    "TEMPEST",
    "EMBER",
    "GROWL",
    "HOWL",
    "ROOT",
    "GLEAN",
    "HARVEST",
    "DELVE",
    "ECHO",
    "WARD",
    "MEND",
]
SENTENCES = [
    "Draw {n} card{s}.",
    "Draw 1 card.",
    "When this card is summoned: Draw 1 card.",
    "Inflict {n} damage to an enemy player.",
    "Inflict {n} damage to target in-play minion.",
    "Inflict {n} fire damage to each enemy minion.",
    "Roll {n} six-sided dice and inflict damage equal to the total to an enemy player.",
    "Place {n} Sword Counter{s} on target minion.",
    "Place {n} Shield Counter{s} on this minion.",
    "Excavate {n}.",
    "Excavate {n}, then bury 1 card.",
    "Bury {n} card{s} from your hand.",
    "Sow {n}.",
    "Sow {n} into your granary.",
    "Return target minion to its owner's hand.",
    "Heal {n} HP.",
    "Your minions get +{n} SP this turn.",
    "Target minion gets -{n} HP until the end of the turn.",
    "Search your deck for a spell and put it into your hand.",
    "Ghost-play, must pay resource cost: Draw 1 card.",
    "Destroy target minion with {n} SP or less.",
    "Discard {n} card{s}, then draw {n} card{s}.",
    "Look at the top {n} cards of your deck.",
    "Summon a {n}/{n} Wolf token.",
    "Each player draws {n} card{s}.",
    "Exhaust target minion.",
    "Pierce {n}.",
]
FLAVORS = [
    "Small, but hot.",
    "Where it swims, the cards follow.",
    "It fetches only what burns.",
    "The coral remembers every tide.",
    "Built from what the fire left.",
    "The sky has teeth.",
    "Sails full, hands fuller.",
    "Look up. Then run.",
    "The moon keeps its own counsel.",
    "Under the moon, every shadow is a door.",
    "No one sows without hoping.",
    "It hums in the dark.",
    "Old roads remember the feet that wore them.",
    "The wolf does not ask.",
    "",
    "",
    "",
]
ARCHETYPES = [
    "Aggro",
    "Control",
    "Tempo",
    "Ramp",
    "Burn",
    "Mill",
    "Midrange",
    "Combo",
    "Tribal",
    "Tide",
    "Storm",
    "Toolbox",
]
TEMPLATES = 2_000


def _templates(rng: random.Random) -> list[dict[str, Any]]:
    """Card bodies (kind, level, stats, ability text) that the seeded cards share, so each one's
    verdict is worked out once by the rules engine."""
    bodies = []
    for _ in range(TEMPLATES):
        kind = "minion" if rng.random() < 0.65 else "spell"
        sentences = rng.sample(SENTENCES, rng.choice((1, 1, 2, 2, 3)))
        parts = []
        for sentence in sentences:
            n = rng.randint(1, 4)
            parts.append(sentence.format(n=n, s="" if n == 1 else "s"))
        text = " ".join(parts)
        if kind == "minion" and rng.random() < 0.5:
            text = f"{rng.choice(KEYWORDS)}: {text}"
        if kind == "minion" and rng.random() < 0.25:
            text = ""
        bodies.append(
            {
                "kind": kind,
                "level": rng.randint(0, 9),
                "sp": rng.randint(0, 8) if kind == "minion" else None,
                "hp": rng.randint(0, 8) if kind == "minion" else None,
                "ability_text": text,
            }
        )
    return bodies


def _verdicts(body: dict[str, Any], design_edition: int | None) -> list[tuple[int, str, bool]]:
    card = rules.Card(name="Seeded card", design_edition=design_edition, flavor_text="", **body)
    found = []
    for number in sorted(rules.load_editions()):
        try:
            result = rules.check_card(card, number)
            found.append((number, result.verdict.value, bool(result.playable)))
        except Exception:  # a rules engine being rewritten must not stop the benchmark
            found.append((number, "invalid", False))
    return found


def _seed_users() -> list[int]:
    User = get_user_model()
    have = set(
        User.objects.filter(username__startswith="designer").values_list("username", flat=True)
    )
    missing = [f"designer{i:04d}" for i in range(1, DESIGNERS + 1)]
    User.objects.bulk_create(
        [User(username=name, password="!") for name in missing if name not in have]
    )
    return list(
        User.objects.filter(username__startswith="designer")
        .order_by("pk")
        .values_list("pk", flat=True)
    )


def _columns(model: Any) -> list[str]:
    return [field.column for field in model._meta.concrete_fields]


def _write(model: Any, rows: Iterator[dict[str, Any]]) -> None:
    """Insert the rows: COPY on PostgreSQL, batched inserts on SQLite."""
    columns = _columns(model)
    table = model._meta.db_table
    if POSTGRES:
        with connection.cursor() as cursor:
            names = ", ".join(f'"{column}"' for column in columns)
            with cursor.cursor.copy(f'COPY "{table}" ({names}) FROM STDIN') as copy:
                for row in rows:
                    copy.write_row([row.get(column) for column in columns])
        return
    marks = ", ".join("?" for _ in columns)
    names = ", ".join(f'"{column}"' for column in columns)
    raw = connection.connection
    batch: list[list[Any]] = []
    adapt = connection.ops.adapt_datetimefield_value
    for row in rows:
        values = []
        for column in columns:
            value = row.get(column)
            if isinstance(value, datetime):
                value = adapt(value)
            elif isinstance(value, bool):
                value = int(value)
            values.append(value)
        batch.append(values)
        if len(batch) >= 5_000:
            raw.executemany(f'INSERT INTO "{table}" ({names}) VALUES ({marks})', batch)
            batch = []
    if batch:
        raw.executemany(f'INSERT INTO "{table}" ({names}) VALUES ({marks})', batch)


def _defaults(model: Any) -> dict[str, Any]:
    values: dict[str, Any] = {}
    for field in model._meta.concrete_fields:
        if field.has_default() and not callable(field.default):
            values[field.column] = field.default
        elif field.blank and field.get_internal_type() in ("CharField", "TextField", "FileField"):
            values[field.column] = ""
        else:
            values[field.column] = None
    return values


def seed_cards(public: int) -> None:
    """N public cards, and one private and one unlisted card for every 50 public ones."""
    total = public + 2 * (public // 50)
    have = Card.objects.count()
    if have >= total:
        return
    rng = random.Random(have)
    templates = _templates(random.Random(7))
    verdicts: dict[tuple[int, int | None], list[tuple[int, str, bool]]] = {}
    designers = _seed_users()
    version = _rules_version()
    start = (Card.objects.order_by("-pk").values_list("pk", flat=True).first() or 0) + 1
    card_defaults = _defaults(Card)
    began = time.perf_counter()
    cards: list[tuple[int, int, int | None]] = []

    def card_rows() -> Iterator[dict[str, Any]]:
        for offset in range(total - have):
            pk = start + offset
            number = have + offset
            visibility = "public"
            if number % 52 == 50:
                visibility = "private"
            elif number % 52 == 51:
                visibility = "unlisted"
            template = rng.randrange(TEMPLATES)
            body = templates[template]
            design_edition = rng.choice(EDITION_INDICATORS)
            cards.append((pk, template, design_edition))
            updated = NOW - SPREAD * rng.random()
            yield {
                **card_defaults,
                "id": pk,
                "owner_id": designers[number % len(designers)],
                "name": f"{rng.choice(ADJECTIVES)} {rng.choice(NOUNS)}",
                "design_edition": design_edition,
                "flavor_text": rng.choice(FLAVORS),
                "visibility": visibility,
                "created": updated - timedelta(days=rng.random() * 30),
                "updated": updated,
                **body,
            }

    def verdict_rows() -> Iterator[dict[str, Any]]:
        for pk, template, design_edition in cards:
            key = (template, design_edition)
            if key not in verdicts:
                verdicts[key] = _verdicts(templates[template], design_edition)
            for edition, verdict, playable in verdicts[key]:
                yield {
                    "card_id": pk,
                    "edition": edition,
                    "verdict": verdict,
                    "playable": playable,
                    "rules_version": version,
                }

    verdict_start = CardVerdict.objects.order_by("-pk").values_list("pk", flat=True).first() or 0

    def numbered(rows: Iterator[dict[str, Any]], first: int) -> Iterator[dict[str, Any]]:
        for index, row in enumerate(rows):
            yield {"id": first + index, **row}

    with transaction.atomic():
        _write(Card, card_rows())
        _write(CardVerdict, numbered(verdict_rows(), verdict_start + 1))
    _reset_sequences(Card, CardVerdict)
    print(
        f"seeded {total - have:,} cards and their verdicts in {time.perf_counter() - began:.0f} s",
        flush=True,
    )


def seed_decks(count: int) -> None:
    have = Deck.objects.count()
    if have >= count:
        return
    rng = random.Random(10_000 + have)
    designers = _seed_users()
    public = list(
        Card.objects.filter(visibility="public").order_by().values_list("pk", flat=True)[:200_000]
    )
    deck_start = (Deck.objects.order_by("-pk").values_list("pk", flat=True).first() or 0) + 1
    entry_start = (DeckEntry.objects.order_by("-pk").values_list("pk", flat=True).first() or 0) + 1
    deck_defaults = _defaults(Deck)
    edition = rules.current_edition().number
    began = time.perf_counter()

    def deck_rows() -> Iterator[dict[str, Any]]:
        for offset in range(count - have):
            number = have + offset
            updated = NOW - SPREAD * rng.random()
            name = f"{rng.choice(ADJECTIVES)} {rng.choice(NOUNS)} {rng.choice(ARCHETYPES)}"
            yield {
                **deck_defaults,
                "id": deck_start + offset,
                "owner_id": designers[number % len(designers)],
                "name": name,
                "description": "Seeded for the search benchmark.",
                "edition": edition,
                "visibility": "public" if number % 25 else "private",
                "created": updated - timedelta(days=rng.random() * 30),
                "updated": updated,
            }

    def entry_rows() -> Iterator[dict[str, Any]]:
        pk = entry_start
        for offset in range(count - have):
            for card in rng.sample(public, rng.randint(8, 16)):
                yield {
                    "id": pk,
                    "deck_id": deck_start + offset,
                    "card_id": card,
                    "count": rng.randint(1, 4),
                    "board": Board.MAIN.value,
                }
                pk += 1

    with transaction.atomic():
        _write(Deck, deck_rows())
        _write(DeckEntry, entry_rows())
    _reset_sequences(Deck, DeckEntry)
    print(f"seeded {count - have:,} decks in {time.perf_counter() - began:.0f} s", flush=True)


def _rules_version() -> str:
    from cards.services import rules_version

    return rules_version()


def _reset_sequences(*models: Any) -> None:
    statements = connection.ops.sequence_reset_sql(no_style(), list(models))
    with connection.cursor() as cursor:
        for statement in statements:
            cursor.execute(statement)


def analyze() -> None:
    began = time.perf_counter()
    with connection.cursor() as cursor:
        cursor.execute("VACUUM ANALYZE" if POSTGRES else "ANALYZE")
    print(f"analyzed in {time.perf_counter() - began:.0f} s", flush=True)


# -- measuring --------------------------------------------------------------------------------

API = "/api/v1/cards/"
GALLERY = "/cards/"
DECK_API = "/api/v1/decks/"
DECK_GALLERY = "/decks/"

# (label, path, query parameters, as a designer?) in the order of the printed table.
ROWS: list[tuple[str, str, dict[str, str], bool]] = [
    ("(empty)", API, {"q": ""}, False),
    ("`fire`", API, {"q": "fire"}, False),
    ("`fire wolf`", API, {"q": "fire wolf"}, False),
    ('`"draw card"`', API, {"q": '"draw card"'}, False),
    ("`kind:spell level<=2`", API, {"q": "kind:spell level<=2"}, False),
    ("`name:ember`", API, {"q": "name:ember"}, False),
    ("`text:excavate sp>=3`", API, {"q": "text:excavate sp>=3"}, False),
    ("`f` (the first letter typed)", API, {"q": "f"}, False),
    ("`fir` (a word being typed)", API, {"q": "fir"}, False),
    ("`draw` (in a third of the texts)", API, {"q": "draw"}, False),
    ('`"draw 1 card" -kind:spell`', API, {"q": '"draw 1 card" -kind:spell'}, False),
    ("`flavor:moon hp=0`", API, {"q": "flavor:moon hp=0"}, False),
    ("`level>=9 sp!=2`", API, {"q": "level>=9 sp!=2"}, False),
    ("`edition:none`", API, {"q": "edition:none"}, False),
    ("`by:designer0042`", API, {"q": "by:designer0042"}, False),
    ("`legal:14 wolf`", API, {"q": "legal:14 wolf"}, False),
    ("`-legal:13 kind:minion`", API, {"q": "-legal:13 kind:minion"}, False),
    ('`name="fire wolf"`', API, {"q": 'name="fire wolf"'}, False),
    ("`order:name`", API, {"q": "order:name"}, False),
    ("`order:level direction:desc`", API, {"q": "order:level direction:desc"}, False),
    ("`order:sp storm`", API, {"q": "order:sp storm"}, False),
    (
        "`order:hp direction:asc kind:minion`",
        API,
        {"q": "order:hp direction:asc kind:minion"},
        False,
    ),
    ("`order:newest draw`", API, {"q": "order:newest draw"}, False),
    ("`fire`, page 2", API, {"q": "fire", "page": "2"}, False),
    ("(empty), page 40 (the last the count reaches)", API, {"q": "", "page": "40"}, False),
    ("`fire` as a designer (public + own)", API, {"q": "fire"}, True),
    ("gallery page `/cards/?q=fire`", GALLERY, {"q": "fire"}, False),
    ("gallery page (empty)", GALLERY, {}, False),
    (
        "gallery page `kind:spell level<=2`, list view",
        GALLERY,
        {"q": "kind:spell level<=2", "view": "list"},
        False,
    ),
    ("gallery as you type `fire wo` (htmx)", GALLERY, {"q": "fire wo"}, False),
    ("decks API (empty)", DECK_API, {}, False),
    ("decks API `fire`", DECK_API, {"q": "fire"}, False),
    ("decks API `wolf aggro`", DECK_API, {"q": "wolf aggro"}, False),
    ("decks API `ire` (inside words)", DECK_API, {"q": "ire"}, False),
    ("decks API as a designer (public + own)", DECK_API, {"q": "storm"}, True),
    ("deck gallery page (empty)", DECK_GALLERY, {}, False),
    ("deck gallery page `fire`", DECK_GALLERY, {"q": "fire"}, False),
    ("deck gallery page `designer0042`", DECK_GALLERY, {"q": "designer0042"}, False),
]


def percentile(samples: list[float], fraction: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, max(0, round(fraction * (len(ordered) - 1))))]


def _cpu_ns() -> int:
    """The CPU time used so far by this process and, on PostgreSQL on this machine, by its
    database backend (the scheduler's count in /proc, to the nanosecond): the work a request
    costs, which other work on a shared machine does not stretch as it does the wall time."""
    used = time.process_time_ns()
    if POSTGRES and connection.connection is not None:
        try:
            with open(f"/proc/{connection.connection.info.backend_pid}/schedstat") as stat:
                used += int(stat.read().split()[0])
        except (OSError, ValueError, IndexError):
            pass  # a database on another machine: this process's time only
    return used


def measure(rounds: int, only: str) -> None:
    anonymous = Client()
    designer = Client()
    designer.force_login(get_user_model().objects.get(username="designer0042"))
    rows = [row for row in ROWS if only.lower() in row[0].lower()]
    timings: dict[str, list[float]] = {label: [] for label, *_ in rows}
    cpu: dict[str, list[float]] = {label: [] for label, *_ in rows}
    outcome: dict[str, str] = {}
    # Round-robin, so no query form is measured only on caches the one before it warmed.
    for round_number in range(rounds + 1):
        for label, path, params, as_designer in rows:
            client = designer if as_designer else anonymous
            headers = {"HTTP_HX_REQUEST": "true"} if "htmx" in label else {}
            cpu_began = _cpu_ns()
            began = time.perf_counter()
            response = client.get(path, params, **headers)
            elapsed = (time.perf_counter() - began) * 1000
            used = (_cpu_ns() - cpu_began) / 1e6
            if round_number == 0:
                outcome[label] = _outcome(response)
                continue  # the first request of each form warms the process, not measured
            timings[label].append(elapsed)
            cpu[label].append(used)
    width = max(len(label) for label, *_ in rows)
    print(f"\n| {'query':<{width}} | p50 ms | p95 ms | CPU p50 | CPU p95 | answer |")
    print(f"| {'-' * width} | ---: | ---: | ---: | ---: | --- |")
    for label, *_ in rows:
        samples = timings[label]
        print(
            f"| {label:<{width}} | {percentile(samples, 0.5):,.1f} | "
            f"{percentile(samples, 0.95):,.1f} | {percentile(cpu[label], 0.5):,.1f} | "
            f"{percentile(cpu[label], 0.95):,.1f} | {outcome[label]} |"
        )
    print(
        "\nms: wall time of the whole request; CPU: the CPU time it took in this process and "
        "(PostgreSQL) its database backend, which load from other work does not stretch."
    )


def _outcome(response: Any) -> str:
    if response.status_code != 200:
        return f"status {response.status_code}"
    if response.get("Content-Type", "").startswith("application/json"):
        data = response.json()
        more = "+" if data.get("count_capped") else ""
        return f"{data.get('count'):,}{more} found, {len(data.get('results', []))} shown"
    return "page"


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
            _drop_postgres_database(ARGS.database_url)
        _TMP.cleanup()
