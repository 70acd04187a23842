"""Starting goldfish runs and queueing their chunks.

A run is saved with its chunks, then its chunks are sent to the workers once the run is
committed; what happens to a chunk after that (played once, the run finished with its last) is
the chunk bookkeeping of simulations.runs."""

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
from django.utils import timezone

from decks import goldfish
from decks.models import Deck, DeckVersion
from decks.versions import version_for_run
from simulations import dispatch
from simulations.models import SimulationChunk, SimulationRun
from simulations.runs import deck_check, goldfish_deck, options_json, run_finish_if_complete

logger = logging.getLogger(__name__)


class BrokerUnavailable(Exception):
    """The queue that feeds the workers cannot be reached; nothing was started."""


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


def run_start_key(requester: Any, cache_key: str) -> str:
    """One person's run of one deck content with one set of options (SimulationRun.start_key)."""
    who = f"user:{requester.pk}" if requester is not None else "anonymous"
    return hashlib.sha256(f"{who}:{cache_key}".encode()).hexdigest()


def run_deadline() -> datetime:
    return timezone.now() + timedelta(seconds=settings.KOTC["RUN_DEADLINE_SECONDS"])


def run_deck_version(deck_id: int | None, user: Any) -> DeckVersion | None:
    """The deck's version a run started now belongs to (decks.versions.version_for_run)."""
    deck = Deck.objects.filter(pk=deck_id).first() if deck_id is not None else None
    return version_for_run(deck=deck, user=user) if deck is not None else None


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
            deck_version = run_deck_version(deck_id, requester)
            if finished is not None:
                run = SimulationRun.objects.create(
                    deck_id=deck_id,
                    deck_version=deck_version,
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
            plan = goldfish.plan_chunks(options.games)
            run = SimulationRun.objects.create(
                deck_id=deck_id,
                deck_version=deck_version,
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
    chosen = list(range(run.chunks_total)) if indexes is None else list(indexes)
    deadline = run.deadline.isoformat() if run.deadline else None
    dispatch.send_tasks(dispatch.PLAY_CHUNK, ([str(run.id), index, deadline] for index in chosen))
    SimulationChunk.objects.filter(run=run, index__in=chosen).update(dispatched=timezone.now())


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
        # Sent now, not on commit: staff (the admin) and `goldfish_resume` call this outside
        # any transaction, where on_commit would send at once anyway, and they need the
        # broker's refusal here to report it. The run is QUEUED again before anything is sent.
        enqueue_chunks(run, indexes=pending)
    SimulationRun.objects.filter(pk=run.pk).update(requeued=timezone.now())
    run_finish_if_complete(run_id=run.pk)
    return len(pending)


def run_in_process(*, definition: dict[str, Any], options: goldfish.Options) -> dict[str, Any]:
    """The whole run in this process, chunk by chunk as the workers would play it."""
    deck = goldfish_deck(definition)
    tallies = [
        goldfish.play_chunk(deck, options, first, end)
        for first, end in goldfish.plan_chunks(options.games)
    ]
    check = deck_check(definition, options.edition)
    return goldfish.summarize(goldfish.merge(tallies), deck, options, check).as_dict()
