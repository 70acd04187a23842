"""Stored verdicts: each card's verdict under every edition, kept fresh as cards and rules
change, so searches and lists read them instead of judging every card again.

A row is fresh while its `rules_version` is the fingerprint of what it was judged by
(:func:`fingerprint`): the rules engine, the edition's data, and the data and guide of the
card's design edition. A new edition, or a fix to one edition's data or guide, makes stale only
the rows that read it.

After a release, stale rows are re-judged in the background (:func:`verdicts_refresh_queue`,
which migrate calls): the cards are split into chunks by id, the workers judge them side by
side (cards.tasks), each chunk in one transaction, and the site serves meanwhile. A card shown
while its row is stale is judged there and then, and stored (:func:`current_verdict`), and
`legal:` searches say how far the refresh has gone (:func:`refresh_progress`).
"""

from __future__ import annotations

import hashlib
import logging
from collections import defaultdict
from collections.abc import Iterable, Sequence
from datetime import timedelta
from functools import cache
from pathlib import Path
from typing import Any, NamedTuple

from django.db import DatabaseError, connection, transaction
from django.db.models import F
from django.utils import timezone

from cards import rules
from cards.models import RULES_FIELDS, Card, CardVerdict, VerdictRefresh, VerdictRefreshChunk

logger = logging.getLogger(__name__)

# What a row holds. Raised when it holds more, so that every row is judged again to fill it
# (2: the number of warnings).
STORED = "2"
# Cards judged in one chunk (one task, one transaction): about a second's work.
CHUNK = 1_000
REFRESH_CHUNK = "cards.tasks.refresh_verdict_chunk"
REFRESH_SWEEP = "cards.tasks.refresh_sweep"  # sent by celery beat (CELERY_BEAT_SCHEDULE)


# -- what a verdict depends on ----------------------------------------------------------------


def _folders() -> tuple[Path, Path, Path]:
    """The rules engine, the editions' data and the guides."""
    engine = Path(rules.__file__).resolve().parent
    editions = engine.parent / "editions"
    return engine, editions, editions / "guides"


def _file(path: Path) -> bytes:
    return path.read_bytes() if path.is_file() else b"(none)"


@cache
def _engine() -> bytes:
    engine, _, _ = _folders()
    digest = hashlib.sha256(f"stored {STORED}".encode())
    for path in sorted(engine.glob("*.py")):
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    return digest.digest()


@cache
def fingerprint(edition: int, design: int | None) -> str:
    """What the verdict under `edition` of a card designed for `design` (its Edition
    Indicator) is judged by: the rules engine, the edition's data, and the design edition's
    data and guide (its rulebook words the text its guide reads). A card designed for an
    edition with no guide on file is read under the current edition's guide."""
    _, editions, guides = _folders()
    digest = hashlib.sha256(_engine())
    digest.update(f"edition {edition}".encode())
    digest.update(_file(editions / f"{edition}.json"))
    digest.update(f"design {design}".encode())
    if design is not None:
        digest.update(_file(editions / f"{design}.json"))
    guide = guides / f"{design}.json"
    if design is None or not guide.is_file():
        guide = guides / f"{rules.current_edition().number}.json"
        digest.update(b"read under the current guide")
    digest.update(_file(guide))
    return digest.hexdigest()


def _design(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def is_fresh(row: CardVerdict, design: object) -> bool:
    return row.rules_version == fingerprint(row.edition, _design(design))


# -- judging and storing ----------------------------------------------------------------------


class Row(NamedTuple):
    """A verdict row as it is written, in the order of CardVerdict's fields: a refresh writes a
    million of them, and a plain tuple costs a tenth of a model instance to make."""

    card_id: int
    edition: int
    verdict: str
    playable: bool
    warnings: int
    rules_version: str

    def as_model(self) -> CardVerdict:
        return CardVerdict(**self._asdict())


def _judged(card_id: int, card: rules.Card, editions: Iterable[int]) -> list[Row]:
    design = _design(card.design_edition)
    rows = []
    for number in editions:
        result = rules.check_card(card, number)
        rows.append(
            Row(
                card_id,
                number,
                result.verdict.value,
                result.playable,
                min(len(result.warnings), 32_767),
                fingerprint(number, design),
            )
        )
    return rows


def _upsert_copied(rows: Sequence[Row]) -> None:
    """PostgreSQL: the rows copied (COPY) into a table of this transaction, then upserted from
    it in one statement; a third of the time of an INSERT of as many rows."""
    table = CardVerdict._meta.db_table
    columns = Row._fields
    updates = ", ".join(f"{column} = EXCLUDED.{column}" for column in columns[2:])
    with connection.cursor() as cursor:
        cursor.execute(
            "CREATE TEMPORARY TABLE IF NOT EXISTS verdict_rows"
            " (card_id integer, edition smallint, verdict varchar(12), playable boolean,"
            " warnings smallint, rules_version varchar(64)) ON COMMIT DELETE ROWS"
        )
        with cursor.cursor.copy(f"COPY verdict_rows ({', '.join(columns)}) FROM STDIN") as copy:
            for row in rows:
                copy.write_row(row)
        cursor.execute(
            f"INSERT INTO {table} ({', '.join(columns)}) SELECT {', '.join(columns)}"
            f" FROM verdict_rows ON CONFLICT (card_id, edition) DO UPDATE SET {updates}"
        )
        cursor.execute("DELETE FROM verdict_rows")


def _store(rows: Sequence[Row], playable: dict[int, list[int]]) -> None:
    """Write the rows (an upsert on card and edition, in bulk, not a read and a write each)
    and each card's playable editions, where they changed. Inside a transaction."""
    if connection.vendor == "postgresql" and len(rows) > 100:
        _upsert_copied(rows)
    else:
        CardVerdict.objects.bulk_create(
            [row.as_model() for row in rows],
            batch_size=1_000,
            update_conflicts=True,
            unique_fields=["card", "edition"],
            update_fields=list(Row._fields[2:]),
        )
    # Cards share a few lists of playable editions: one statement for each list. That column
    # alone: a re-judged card keeps its `updated` stamp (its place among the newest, its
    # render URLs).
    by_list: dict[tuple[int, ...], list[int]] = defaultdict(list)
    for card_id, editions in playable.items():
        by_list[tuple(editions)].append(card_id)
    for editions, ids in by_list.items():
        for start in range(0, len(ids), 500):
            Card.objects.filter(pk__in=ids[start : start + 500]).update(playable_in=list(editions))


@transaction.atomic
def card_verdicts_refresh(*, card: Card) -> list[CardVerdict]:
    """Store the card's verdict under every edition, and the editions it is playable under on
    the card itself (Card.playable_in, which the search reads on PostgreSQL): both in one
    transaction, so a search never sees them disagree. Returns the rows, by edition."""
    editions = list(rules.load_editions())
    rows = _judged(card.pk, card.to_rules_card(), editions)
    card.playable_in = [row.edition for row in rows if row.playable]
    _store(rows, {card.pk: card.playable_in})
    CardVerdict.objects.filter(card=card).exclude(edition__in=editions).delete()
    return [row.as_model() for row in rows]


def refresh_chunk(first: int, last: int, *, everything: bool = False) -> int:
    """Re-judge the cards with ids from `first` to `last` whose stored verdicts are stale
    (every one of them with `everything`); only the editions whose rows are stale are judged.
    Returns how many cards were judged.

    The cards are judged outside any transaction, and their rows written in a short one, so
    a chunk holds no lock while the rules run (SQLite takes its write lock when a transaction
    begins). A card saved meanwhile was judged by its save: its rows are left as they are."""
    editions = list(rules.load_editions())
    stored: dict[int, dict[int, tuple[str, bool]]] = defaultdict(dict)
    rows_in_range = CardVerdict.objects.filter(card_id__gte=first, card_id__lte=last)
    if not everything:  # else every edition is judged again: nothing stored is read
        for card_id, edition, version, playable in rows_in_range.values_list(
            "card_id", "edition", "rules_version", "playable"
        ):
            stored[card_id][edition] = (version, playable)
    cards = Card.objects.filter(pk__gte=first, pk__lte=last).order_by("pk")
    rows: dict[int, list[Row]] = {}
    playable: dict[int, list[int]] = {}
    stamps: dict[int, Any] = {}
    for card_id, updated, playable_in, *fields in cards.values_list(
        "pk", "updated", "playable_in", *RULES_FIELDS
    ):
        card = rules.Card(**dict(zip(RULES_FIELDS, fields, strict=True)))
        kept = stored.get(card_id, {})
        design = _design(card.design_edition)
        stale = [
            number
            for number in editions
            if everything or kept.get(number, ("", False))[0] != fingerprint(number, design)
        ]
        if not stale:
            continue
        rows[card_id] = _judged(card_id, card, stale)
        stamps[card_id] = updated
        now = {number: kept[number][1] for number in editions if number not in stale}
        now.update((row.edition, row.playable) for row in rows[card_id])
        editions_playable = sorted(number for number, yes in now.items() if yes)
        if editions_playable != playable_in:
            playable[card_id] = editions_playable
    with transaction.atomic():
        if rows:
            # Locked (PostgreSQL) until the rows are written: a save waits, then judges anew.
            unchanged = {
                card_id
                for card_id, updated in Card.objects.select_for_update()
                .filter(pk__gte=first, pk__lte=last)
                .values_list("pk", "updated")
                if card_id in stamps and updated == stamps[card_id]
            }
            _store(
                [row for card_id in unchanged for row in rows[card_id]],
                {card_id: playable[card_id] for card_id in unchanged if card_id in playable},
            )
            rows = {card_id: rows[card_id] for card_id in unchanged}
        rows_in_range.exclude(edition__in=editions).delete()
    return len(rows)


def _chunks(ids: Sequence[int], size: int) -> list[tuple[int, int, int]]:
    """The first and last id of each run of `size` ids, and how many ids it holds."""
    runs = [ids[start : start + size] for start in range(0, len(ids), size)]
    return [(run[0], run[-1], len(run)) for run in runs]


def _card_ids() -> list[int]:
    return list(Card.objects.order_by("pk").values_list("pk", flat=True))


def verdicts_refresh(*, everything: bool = False) -> int:
    """Re-judge the stale cards (or all of them) here and now, chunk by chunk; returns how
    many cards were judged. `manage.py refresh_card_verdicts` without --queue."""
    return sum(
        refresh_chunk(first, last, everything=everything)
        for first, last, _ in _chunks(_card_ids(), CHUNK)
    )


# -- the refresh in the background ------------------------------------------------------------


def stale_verdicts() -> bool:
    """Whether any stored verdict was judged by other rules, or is missing."""
    editions = list(rules.load_editions())
    designs = set(Card.objects.order_by().values_list("design_edition", flat=True).distinct())
    current = {fingerprint(number, _design(design)) for number in editions for design in designs}
    if CardVerdict.objects.exclude(rules_version__in=current).exists():
        return True
    return CardVerdict.objects.count() != Card.objects.count() * len(editions)


def verdicts_refresh_queue(*, everything: bool = False) -> VerdictRefresh | None:
    """Queue the re-judging of every card (the chunks judge only stale rows, or all with
    `everything`) for the workers to share; None when nothing is stale. Raises what the
    broker raises when it cannot take the chunks, having recorded nothing."""
    from kotc_site.celery import send_tasks

    if not everything and not stale_verdicts():
        return None
    ids = _card_ids()
    chunks = _chunks(ids, CHUNK)
    # Recorded before the chunks are sent, so that the first of them finds it to count on.
    refresh = VerdictRefresh.objects.create(
        total=len(ids), updated=timezone.now(), finished=None if chunks else timezone.now()
    )
    try:
        send_tasks(
            REFRESH_CHUNK,
            ([refresh.pk, first, last, everything, cards] for first, last, cards in chunks),
        )
    except Exception:
        refresh.delete()
        raise
    return refresh


def refresh_chunk_done(refresh_id: int, cards: int, first: int | None = None) -> bool:
    """Count a chunk's cards (as many as it held when queued, so that the chunks add up to
    the total whatever was deleted meanwhile) and finish the refresh with its last chunk. A
    chunk (named by its first card's id) delivered twice counts once. False when there is
    no such refresh (yet: it is recorded before its chunks are sent)."""
    now = timezone.now()
    with transaction.atomic():
        if not VerdictRefresh.objects.filter(pk=refresh_id).exists():
            return False
        if first is not None:
            _, new = VerdictRefreshChunk.objects.get_or_create(refresh_id=refresh_id, first=first)
            if not new:
                return True
        VerdictRefresh.objects.filter(pk=refresh_id).update(done=F("done") + cards, updated=now)
        VerdictRefresh.objects.filter(
            pk=refresh_id, finished__isnull=True, done__gte=F("total")
        ).update(finished=now)
    return True


def refresh_progress() -> int | None:
    """How far the refresh going on has gone, in percent; None when none is going on."""
    try:
        going = VerdictRefresh.objects.filter(finished__isnull=True).first()
    except DatabaseError:  # a database not migrated this far: no refresh to speak of
        return None
    return None if going is None else going.percent


def refresh_note(query: Any) -> str | None:
    """What a search that filters on verdicts (`legal:`) says while they are being
    re-judged: its matches are those of the verdicts stored so far."""
    if not any(term.key == "legal" for term in getattr(query, "terms", ())):
        return None
    percent = refresh_progress()
    if percent is None:
        return None
    return (
        f"Verdicts are being updated for new rules ({percent}% done): until then, legal: finds"
        " cards by the verdicts stored before."
    )


def refresh_sweep(*, stalled_after: float = 600.0) -> VerdictRefresh | None:
    """The beat's look (every few minutes): a refresh whose chunks stopped coming in (their
    queue lost, or never reached) is closed, and stale verdicts are queued again, so that a
    release whose refresh could not be queued is refreshed all the same."""
    quiet_since = timezone.now() - timedelta(seconds=stalled_after)
    going = VerdictRefresh.objects.filter(finished__isnull=True)
    if going.filter(updated__gte=quiet_since).exists():
        return None
    going.update(finished=timezone.now())
    return verdicts_refresh_queue()


def current_verdict(card: Card, stored: list[CardVerdict] | None = None) -> CardVerdict:
    """The card's stored row under the current edition when it is fresh; else the card is
    judged now, under every edition, and stored, so the next page reads it. Storing is best
    effort: the row judged is given all the same when the database cannot take it."""
    number = rules.current_edition().number
    for row in stored or ():
        if row.edition == number and is_fresh(row, card.design_edition):
            return row
    # A withheld card's stand-in (cards.selectors.withheld_card) keeps the card's id and
    # nothing else: what it is judged is never stored as the card's.
    if card.pk is not None and not card.withheld:
        try:
            rows = card_verdicts_refresh(card=card)
            return next(row for row in rows if row.edition == number)
        except DatabaseError as error:
            logger.warning("Could not store the verdicts of card %s: %s", card.pk, error)
    return _judged(card.pk, card.to_rules_card(), [number])[0].as_model()
