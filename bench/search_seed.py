"""Seeding the search benchmark's database: designers, public, private and unlisted cards with
their stored verdicts, and decks of those cards.

Import it after ``django.setup()``: it reads the models. Rows are written with COPY on
PostgreSQL and batched inserts on SQLite, far faster than the ORM at a million cards; a
database that already holds cards only gets the ones missing.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.color import no_style
from django.db import connection, transaction

from bench.search_seed_words import (
    ADJECTIVES,
    ARCHETYPES,
    FLAVORS,
    KEYWORDS,
    NOUNS,
    SENTENCES,
)
from cards import rules
from cards.models import Card, CardVerdict
from cards.verdicts import fingerprint
from decks.models import Board, Deck, DeckEntry

DESIGNERS = 1_000
EDITION_INDICATORS = (None, 11, 13, 14, 14, 14)
NOW = datetime(2026, 11, 1, tzinfo=UTC)
SPREAD = timedelta(days=730)
TEMPLATES = 2_000


def on_postgres() -> bool:
    return connection.vendor == "postgresql"


# Each card's ability text ends in words of its own, drawn for it, as real cards' texts are
# each different: a reminder in parentheses, which the rules pass over (tutorial text), so
# that a card's verdict is its body's, worked out once. The verdict is worked out with these
# words in their place.
REMINDER = " (seeded words)"


def _reminder(rng: random.Random) -> str:
    words = (rng.choice(ADJECTIVES), rng.choice(NOUNS), rng.choice(ADJECTIVES), rng.choice(NOUNS))
    return " ({})".format(" ".join(words).lower())


def _templates(rng: random.Random) -> list[dict[str, Any]]:
    """Card bodies (kind, level, stats, ability text) that the seeded cards share, so each one's
    verdict is worked out once by the rules engine; each card adds words of its own to the
    text (_reminder)."""
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


def _verdicts(body: dict[str, Any], design_edition: int | None) -> list[tuple[int, str, bool, int]]:
    text = body["ability_text"]
    body = {**body, "ability_text": text + REMINDER if text else text}
    card = rules.Card(name="Seeded card", design_edition=design_edition, flavor_text="", **body)
    found = []
    for number in sorted(rules.load_editions()):
        try:
            result = rules.check_card(card, number)
            found.append(
                (number, result.verdict.value, bool(result.playable), len(result.warnings))
            )
        except Exception:  # a rules engine being rewritten must not stop the benchmark
            found.append((number, "invalid", False, 0))
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
    if on_postgres():
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
    verdicts: dict[tuple[int, int | None], list[tuple[int, str, bool, int]]] = {}
    designers = _seed_users()
    start = (Card.objects.order_by("-pk").values_list("pk", flat=True).first() or 0) + 1
    card_defaults = _defaults(Card)
    began = time.perf_counter()
    cards: list[tuple[int, int, int | None]] = []

    def verdicts_of(template: int, design_edition: int | None) -> list[tuple[int, str, bool, int]]:
        key = (template, design_edition)
        if key not in verdicts:
            verdicts[key] = _verdicts(templates[template], design_edition)
        return verdicts[key]

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
            # The editions its verdicts below call playable, kept on the card as the site's
            # services keep them (a JSON list, as text for COPY and SQLite alike).
            playable = [n for n, _, ok, _ in verdicts_of(template, design_edition) if ok]
            yield {
                **card_defaults,
                "id": pk,
                "playable_in": json.dumps(playable),
                "owner_id": designers[number % len(designers)],
                "name": f"{rng.choice(ADJECTIVES)} {rng.choice(NOUNS)}",
                "design_edition": design_edition,
                "flavor_text": rng.choice(FLAVORS),
                "visibility": visibility,
                "created": updated - timedelta(days=rng.random() * 30),
                "updated": updated,
                **body,
                "ability_text": body["ability_text"] + _reminder(rng)
                if body["ability_text"]
                else "",
            }

    def verdict_rows() -> Iterator[dict[str, Any]]:
        for pk, template, design_edition in cards:
            for edition, verdict, playable, warnings in verdicts_of(template, design_edition):
                yield {
                    "card_id": pk,
                    "edition": edition,
                    "verdict": verdict,
                    "playable": playable,
                    "warnings": warnings,
                    "rules_version": fingerprint(edition, design_edition),
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


def _reset_sequences(*models: Any) -> None:
    statements = connection.ops.sequence_reset_sql(no_style(), list(models))
    with connection.cursor() as cursor:
        for statement in statements:
            cursor.execute(statement)


def analyze() -> None:
    began = time.perf_counter()
    with connection.cursor() as cursor:
        cursor.execute("VACUUM ANALYZE" if on_postgres() else "ANALYZE")
    print(f"analyzed in {time.perf_counter() - began:.0f} s", flush=True)
