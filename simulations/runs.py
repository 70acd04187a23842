"""The chunk bookkeeping of goldfish runs: playing a chunk once, however often it is
delivered, finishing the run with its last chunk, failing it saying why, and its progress.

A run is split into chunks of whole blocks of games; each block has its own seed derived from
the run's seed, so the result does not depend on how many workers or chunks share the work.
This module stores what the pure engine (decks.goldfish) produces; it sends nothing to the
queue (starting runs and queueing chunks is simulations.services), so the workers' tasks
(simulations.tasks) and the sweep can call it without importing what queues them."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db.models import F
from django.utils import timezone

from cards import rules
from decks import goldfish
from simulations.models import SimulationChunk, SimulationRun


def lease_seconds() -> int:
    """How long a worker holds a chunk it took. A worker that dies holding one leaves it with
    the broker, which hands it out again after its visibility timeout (Redis) and restore
    interval: the lease outlasts both, so the sweep does not send it a second time."""
    options = settings.CELERY_BROKER_TRANSPORT_OPTIONS
    visibility = int(options.get("visibility_timeout", 60))  # type: ignore[call-overload]
    restore = int(options.get("unacked_restore_interval", 5))  # type: ignore[call-overload]
    return visibility + 2 * restore + 30


def goldfish_deck(definition: dict[str, Any]) -> goldfish.Deck:
    """The deck as the engine plays it. Each card keeps its printed text: the engine reads it
    with the one reader (cards.rules.read_card_text), under the guide of the card's design
    edition and as that edition's rulebook words it, which is how its check reads it; a text
    refurbished by a later edition would be words that guide does not have."""
    return goldfish.Deck.from_json(definition)


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


def options_from_json(data: dict[str, Any]) -> goldfish.Options:
    return goldfish.Options(**data)


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
    ).as_dict()
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


def run_progress(run: SimulationRun) -> float:
    if run.status == SimulationRun.Status.SUCCEEDED:
        return 1.0
    if not run.chunks_total:
        return 0.0
    done = run.chunks.filter(tally__isnull=False).count()
    return round(done / run.chunks_total, 4)
