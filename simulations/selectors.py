"""Reading goldfish runs: who may see a run, and what its result may show them."""

from dataclasses import dataclass
from typing import Any

from django.http import Http404

from cards.models import Card
from cards.selectors import WITHHELD_NAME, card_viewable_q, signed_in_user
from decks.models import Deck, DeckEntry
from decks.selectors import deck_for_viewer, deck_viewable_q
from simulations.models import SimulationRun


def run_for_viewer(*, user: Any, run_id: Any) -> SimulationRun:
    """A run is visible to whoever can see its deck. Show its result through
    `result_for_viewer`, never `run.result` itself."""
    run = SimulationRun.objects.filter(pk=run_id).first()
    if run is None or run.deck_id is None:
        raise Http404("No such simulation.")
    deck_for_viewer(user=user, pk=run.deck_id, entries=False)
    return run


def recent_runs(*, deck: Any, user: Any, limit: int = 3) -> list[SimulationRun]:
    """The latest runs of the deck that `user` started (none for someone not logged in)."""
    if user is None or not user.is_authenticated:
        return []
    return list(SimulationRun.objects.filter(deck=deck, requested_by=user)[:limit])


def runs_to_compare_with(*, run: SimulationRun, user: Any, limit: int = 100) -> list[SimulationRun]:
    """The viewer's own finished runs, other than `run`, of decks she may still open: what the
    run page offers to compare it with (the latest `limit` of them)."""
    if user is None or not user.is_authenticated:
        return []
    runs = (
        SimulationRun.objects.filter(
            requested_by=user,
            status=SimulationRun.Status.SUCCEEDED,
            deck__in=Deck.objects.filter(deck_viewable_q(user)),
        )
        .exclude(pk=run.pk)
        .select_related("deck")
        .order_by("-finished", "-created")
    )
    return list(runs[:limit])


@dataclass(frozen=True)
class RunCards:
    """The cards of a run's deck snapshot as a viewer may read them now.

    A run keeps each card as it was when the deck was played, and a card may have been private
    then, under other words. So a card is shown as the snapshot kept it only to its designer,
    or when it reads now as it read then; a card the viewer may see that has changed since is
    shown as it is now, and the run's notes on its old text (problems, effects the goldfish
    left out) are left out with it; a card the viewer may not see is withheld."""

    names: dict[str, str]  # a card's name in the snapshot -> the name shown
    quiet: frozenset[str]  # snapshot names whose notes quote words the viewer may not read
    entries: list[dict[str, Any]]  # the snapshot's entries, rewritten as the viewer reads them


def run_cards(run: SimulationRun, user: Any) -> RunCards:
    """How `user` may read each card of `run` now. A run made before snapshots kept card ids
    is judged by the names of its deck's cards as they are now."""
    entries = [dict(entry) for entry in run.deck_snapshot.get("cards", [])]
    kept_ids = {
        entry["card"].get("id") for entry in entries if isinstance(entry.get("card"), dict)
    } - {None}
    readable = Card.objects.filter(card_viewable_q(user))
    viewer = signed_in_user(user)
    if kept_ids:
        now = {card.pk: card for card in readable.filter(pk__in=kept_ids).select_related("owner")}
    else:
        in_deck = DeckEntry.objects.filter(deck_id=run.deck_id).values("card_id")
        now = {card.name: card for card in readable.filter(pk__in=in_deck)}
    names: dict[str, str] = {}
    changed: set[str] = set()
    withheld: set[str] = set()
    for entry in entries:
        kept = entry.get("card")
        if not kept:
            continue
        name = kept.get("name", "")
        card = now.get(kept.get("id") if kept_ids else name)
        if card is None:
            withheld.add(name)
            del entry["card"]
            entry["withheld"] = True
            continue
        as_now = {"id": card.pk, **card.definition(), "designer": card.owner.get_username()}
        mine = viewer is not None and card.owner_id == viewer.pk
        if not kept_ids or mine or {**kept, "designer": ""} == {**as_now, "designer": ""}:
            names.setdefault(name, name)
            continue
        names[name] = card.name
        changed.add(name)
        entry["card"] = as_now
    withheld -= set(names)
    for number, name in enumerate(sorted(withheld), start=1):
        names[name] = WITHHELD_NAME if len(withheld) == 1 else f"{WITHHELD_NAME} {number}"
    return RunCards(names=names, quiet=frozenset(changed | withheld), entries=entries)


def result_for_viewer(run: SimulationRun, user: Any) -> dict[str, Any] | None:
    """The run's result as `user` may read it (see RunCards): the draw odds name each card as
    the viewer may read it now, and the notes on a card's text (unmodelled cards, effects left
    out, problems) leave out the cards withheld or changed since."""
    result = run.result
    if not result:
        return result
    cards = run_cards(run, user)
    if not cards.quiet:
        return result
    names, quiet = cards.names, cards.quiet
    return {
        **result,
        "p_seen_by_turn": {
            names.get(name, name): odds for name, odds in result["p_seen_by_turn"].items()
        },
        "unmodeled_cards": [name for name in result["unmodeled_cards"] if name not in quiet],
        "ignored_effects": {
            name: items
            for name, items in result.get("ignored_effects", {}).items()
            if name not in quiet
        },
        "problems": [
            problem for problem in result.get("problems", []) if problem.get("card") not in quiet
        ],
    }
