"""Starting goldfish runs, playing their chunks, and putting the results together.

The engine (decks.goldfish) is pure; this module stores what it produces. A run is split
into chunks of whole blocks of games; each block has its own seed derived from the run's
seed, so the result does not depend on how many workers or chunks share the work."""

from __future__ import annotations

import hashlib
import json
import logging
import secrets
from datetime import datetime, timedelta
from functools import partial
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone

from cards import rules
from decks import goldfish
from simulations.models import SimulationChunk, SimulationRun

logger = logging.getLogger(__name__)

# About a tenth of a second of work per chunk on one core: small enough that a lost
# chunk costs little to redo, large enough that queue overhead stays small.
CHUNK_GAMES = 10_000


class BrokerUnavailable(Exception):
    """The queue that feeds the workers cannot be reached; nothing was started."""


def lease_seconds() -> int:
    """How long a worker holds a chunk it took. A worker that dies holding one leaves it with
    the broker, which hands it out again after its visibility timeout (Redis) and restore
    interval: the lease outlasts both, so the sweep does not send it a second time."""
    options = settings.CELERY_BROKER_TRANSPORT_OPTIONS
    visibility = int(options.get("visibility_timeout", 60))  # type: ignore[call-overload]
    restore = int(options.get("unacked_restore_interval", 5))  # type: ignore[call-overload]
    return visibility + 2 * restore + 30


def goldfish_deck(definition: dict[str, Any]) -> goldfish.Deck:
    """The deck as the engine plays it: each card with its text as refurbished under the
    deck's edition, since that is the text the card is played with."""
    edition = definition.get("edition") or rules.current_edition().number
    played = {
        **definition,
        "cards": [
            {
                **entry,
                "card": {**entry["card"], "ability_text": played_text(entry["card"], edition)},
            }
            for entry in definition["cards"]
        ],
    }
    return goldfish.Deck.from_json(played)


def deck_check(definition: dict[str, Any], edition: int) -> dict[str, Any]:
    """Whether the deck may be played under ``edition``, as its owner wrote it (the printed
    texts, which the check refurbishes itself): ``{"legal", "problems"}``."""
    entries = [
        rules.DeckEntry(
            count=entry["count"],
            card=rules.Card(
                name=entry["card"].get("name", ""),
                kind=entry["card"].get("kind", ""),
                design_edition=entry["card"].get("design_edition"),
                level=entry["card"].get("level"),
                sp=entry["card"].get("sp"),
                hp=entry["card"].get("hp"),
                ability_text=entry["card"].get("ability_text") or "",
                flavor_text=entry["card"].get("flavor_text") or "",
            ),
        )
        for entry in definition["cards"]
        if not entry.get("withheld")
    ]
    check = rules.check_deck(entries, edition)
    return {"legal": check.legal, "problems": [problem.as_dict() for problem in check.problems]}


def played_text(card: dict[str, Any], edition: int) -> str:
    text = card.get("ability_text") or ""
    try:
        return rules.refurbish(text, edition)[0]
    except rules.RulesError:
        return text


def run_cache_key(definition: dict[str, Any], options: goldfish.Options) -> str:
    """Runs are cached by what the engine sees: the cards' game text and counts, and the options."""
    cards = sorted(
        (
            entry["count"],
            entry["card"].get("name", ""),
            entry["card"]["kind"],
            entry["card"]["level"],
            entry["card"].get("sp"),
            entry["card"].get("hp"),
            entry["card"].get("ability_text", ""),
            entry["card"].get("design_edition"),
        )
        for entry in definition["cards"]
    )
    payload = {"cards": cards, "options": options_json(options)}
    return hashlib.sha256(json.dumps(payload, sort_keys=True).encode()).hexdigest()


def options_json(options: goldfish.Options) -> dict[str, Any]:
    return {
        "games": options.games,
        "seed": options.seed,
        "max_turns": options.max_turns,
        "going": options.going,
        "bury": options.bury,
        "edition": options.edition,
        "opponent_hp": options.opponent_hp,
    }


def options_for_edition(data: dict[str, Any], *, edition: int) -> goldfish.Options:
    """Options from validated form or API data: the edition's data sets up the game (the
    goldfish's HP, the opening hand); a run without a seed gets a random one (reported with
    the result). GoldfishError for an edition whose turns the goldfish does not play."""
    seed = data.get("seed")
    return goldfish.Options(
        games=data["games"],
        seed=secrets.randbelow(2**32) if seed is None else seed,
        max_turns=data["max_turns"],
        going=data["going"],
        bury=data["bury"],
        edition=edition,
    )


def options_from_json(data: dict[str, Any]) -> goldfish.Options:
    return goldfish.Options(**data)


def run_start_key(requester: Any, cache_key: str) -> str:
    """One person's run of one deck content with one set of options (SimulationRun.start_key)."""
    who = f"user:{requester.pk}" if requester is not None else "anonymous"
    return hashlib.sha256(f"{who}:{cache_key}".encode()).hexdigest()


def run_deadline() -> datetime:
    return timezone.now() + timedelta(seconds=settings.KOTC["RUN_DEADLINE_SECONDS"])


def simulation_start(
    *,
    definition: dict[str, Any],
    options: goldfish.Options,
    deck_id: int | None = None,
    user: Any = None,
) -> tuple[SimulationRun, bool]:
    """Start a run for `user`, or return their finished or running one for the same deck
    content and options. Returns (run, created). Raises BrokerUnavailable, leaving nothing
    behind, and GoldfishError for a deck the engine cannot play.

    A run belongs to whoever started it: another user's run is never handed out, though its
    finished result is reused (copied into a run of this user's) when the content and options
    are the same, since the numbers would be too. Starts sent at the same moment (a double
    click, a client retrying) all get the one run: its start key is unique.

    The chunks are queued once the run is committed (so a worker never looks for a run that is
    not there yet); a process that stops in between leaves a run with chunks never queued,
    which the sweep (simulations.sweep) queues."""
    withheld = sum(entry["count"] for entry in definition["cards"] if entry.get("withheld"))
    if withheld:
        raise goldfish.GoldfishError(
            f"This deck holds {withheld} withheld card{'s' if withheld != 1 else ''} (kept"
            " private by their designers), and a goldfish run needs every card. Copy the deck"
            " to play it without them."
        )
    goldfish_deck(definition)  # raises GoldfishError on a deck the engine cannot play
    requester = user if getattr(user, "is_authenticated", False) else None
    key = run_cache_key(definition, options)
    start_key = run_start_key(requester, key)
    same = SimulationRun.objects.filter(cache_key=key).exclude(status=SimulationRun.Status.FAILED)
    existing = same.filter(requested_by=requester).order_by("-created").first()
    if existing is not None:
        return existing, False
    finished = same.filter(status=SimulationRun.Status.SUCCEEDED).order_by("-created").first()
    try:
        with transaction.atomic():
            if finished is not None:
                run = SimulationRun.objects.create(
                    deck_id=deck_id,
                    requested_by=requester,
                    deck_snapshot=definition,
                    options=finished.options,
                    cache_key=key,
                    start_key=start_key,
                    status=SimulationRun.Status.SUCCEEDED,
                    chunks_total=finished.chunks_total,
                    result=finished.result,
                    finished=timezone.now(),
                )
                return run, True
            plan = goldfish.plan_chunks(options.games, CHUNK_GAMES)
            run = SimulationRun.objects.create(
                deck_id=deck_id,
                requested_by=requester,
                deck_snapshot=definition,
                options=options_json(options),
                cache_key=key,
                start_key=start_key,
                chunks_total=len(plan),
                deadline=run_deadline(),
            )
            SimulationChunk.objects.bulk_create(
                SimulationChunk(run=run, index=i, first_block=first, end_block=end)
                for i, (first, end) in enumerate(plan)
            )
            run_queue_on_commit(run)
    except IntegrityError:
        # The same start, sent at the same moment, made the run first: it is this one too.
        twin = SimulationRun.objects.filter(start_key=start_key).first()
        if twin is None:
            raise
        return twin, False
    return run, True


def run_queue_on_commit(run: SimulationRun) -> None:
    """Queue the new run's chunks when the transaction that saved it commits (at once when
    there is none). Raises BrokerUnavailable from the commit when the broker refuses them."""
    transaction.on_commit(partial(run_queue_new, run), robust=False)


def run_queue_new(run: SimulationRun) -> None:
    try:
        enqueue_chunks(run)
    except Exception as error:
        # Some chunks may have gone out before the broker failed: deleting the run makes
        # those tasks find nothing and stop, so no half-made run is left.
        logger.warning("Could not queue goldfish run %s: %s", run.id, error)
        run.delete()
        raise BrokerUnavailable(str(error)) from error


def enqueue_chunks(run: SimulationRun, indexes: list[int] | None = None) -> None:
    """Send chunks of the run to the workers (all of them unless `indexes` says which) and
    note when, for the sweep. Raises whatever the broker raises when it cannot take them."""
    from kotc_site.celery import app
    from simulations.tasks import play_chunk

    chosen = list(range(run.chunks_total)) if indexes is None else list(indexes)
    deadline = run.deadline.isoformat() if run.deadline else None
    # A fresh connection with retries off: when the broker is down we want to know now,
    # not after Celery's default minute of retrying.
    with app.connection_for_write() as connection:
        connection.ensure_connection(
            max_retries=1, timeout=settings.CELERY_BROKER_CONNECTION_TIMEOUT
        )
        for index in chosen:
            play_chunk.apply_async(
                args=[str(run.id), index, deadline],
                connection=connection,
                queue=app.conf.task_default_queue,
                retry=False,
            )
    SimulationChunk.objects.filter(run=run, index__in=chosen).update(dispatched=timezone.now())


def chunk_play(*, run_id: str, index: int) -> None:
    """Play one chunk and store its tally once; finish the run when it was the last one.
    Safe to call again for the same chunk (a redelivered task): nothing changes."""
    chunk = SimulationChunk.objects.select_related("run").filter(run_id=run_id, index=index).first()
    if chunk is None:
        return  # the run was withdrawn (its start failed) or deleted
    run = chunk.run
    taken = SimulationChunk.objects.filter(pk=chunk.pk)
    if chunk.tally is not None or run.status == SimulationRun.Status.FAILED:
        taken.update(deliveries=F("deliveries") + 1)
    else:
        # The lease tells the sweep that this chunk is being played, not lost.
        taken.update(
            deliveries=F("deliveries") + 1,
            leased_until=timezone.now() + timedelta(seconds=lease_seconds()),
        )
        if run.status == SimulationRun.Status.QUEUED:
            SimulationRun.objects.filter(pk=run.pk, status=SimulationRun.Status.QUEUED).update(
                status=SimulationRun.Status.RUNNING
            )
        tally = goldfish.play_chunk(
            goldfish_deck(run.deck_snapshot),
            options_from_json(run.options),
            chunk.first_block,
            chunk.end_block,
        )
        taken.filter(tally__isnull=True).update(
            tally=tally.to_json(), done=timezone.now(), leased_until=None
        )
    run_finish_if_complete(run_id=run.pk)


def run_finish_if_complete(*, run_id: Any) -> None:
    run = SimulationRun.objects.get(pk=run_id)
    if run.status in (SimulationRun.Status.SUCCEEDED, SimulationRun.Status.FAILED):
        return
    # Counted first: the tallies are read once, by whoever finished the last chunk.
    if run.chunks.filter(tally__isnull=False).count() < run.chunks_total:
        return
    tallies = list(
        run.chunks.filter(tally__isnull=False).order_by("index").values_list("tally", flat=True)
    )
    options = options_from_json(run.options)
    merged = goldfish.merge(goldfish.Tally.from_json(t) for t in tallies)
    result = goldfish.summarize(
        merged,
        goldfish_deck(run.deck_snapshot),
        options,
        deck_check(run.deck_snapshot, options.edition),
    )
    # Two workers may finish the last chunks together; both compute the same result
    # and only the first write counts.
    SimulationRun.objects.filter(
        pk=run.pk, status__in=[SimulationRun.Status.QUEUED, SimulationRun.Status.RUNNING]
    ).update(status=SimulationRun.Status.SUCCEEDED, result=result, finished=timezone.now())


def run_fail(*, run_id: Any, error: str) -> bool:
    """Mark an unfinished run failed, saying why; False when it had already finished. Its start
    key is freed, so the same start may be tried again."""
    return bool(
        SimulationRun.objects.filter(
            pk=run_id, status__in=[SimulationRun.Status.QUEUED, SimulationRun.Status.RUNNING]
        ).update(
            status=SimulationRun.Status.FAILED,
            error=error[:2000],
            finished=timezone.now(),
            start_key=None,
        )
    )


def run_requeue(run: SimulationRun) -> int:
    """Queue every unplayed chunk of the run again now, whatever the sweep would judge (staff,
    from the admin). A failed run is given a new deadline and runs again; its start key stays
    free, since another run may have taken it. Returns how many chunks were queued."""
    if run.status == SimulationRun.Status.SUCCEEDED:
        return 0
    if run.status == SimulationRun.Status.FAILED:
        SimulationRun.objects.filter(pk=run.pk).update(
            status=SimulationRun.Status.QUEUED, error="", finished=None, deadline=run_deadline()
        )
        run.refresh_from_db()
    pending = list(run.chunks.filter(tally__isnull=True).values_list("index", flat=True))
    if pending:
        enqueue_chunks(run, indexes=pending)
    SimulationRun.objects.filter(pk=run.pk).update(requeued=timezone.now())
    run_finish_if_complete(run_id=run.pk)
    return len(pending)


def run_progress(run: SimulationRun) -> float:
    if run.status == SimulationRun.Status.SUCCEEDED:
        return 1.0
    if not run.chunks_total:
        return 0.0
    done = run.chunks.filter(tally__isnull=False).count()
    return round(done / run.chunks_total, 4)


def run_in_process(*, definition: dict[str, Any], options: goldfish.Options) -> dict[str, Any]:
    """The whole run in this process, chunk by chunk as the workers would play it."""
    deck = goldfish_deck(definition)
    tallies = [
        goldfish.play_chunk(deck, options, first, end)
        for first, end in goldfish.plan_chunks(options.games, CHUNK_GAMES)
    ]
    check = deck_check(definition, options.edition)
    return goldfish.summarize(goldfish.merge(tallies), deck, options, check)
