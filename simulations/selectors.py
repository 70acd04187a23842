"""Reading goldfish runs: who may see a run, and what its result may show them."""

from typing import Any

from django.http import Http404

from cards.models import Card
from cards.selectors import WITHHELD_NAME, card_viewable_q
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


def _hidden_names(run: SimulationRun, user: Any) -> set[str]:
    """Names in the run's deck that `user` may not read now: cards made private since the run
    (or the deck owner's own private cards). A run made before snapshots kept card ids is
    judged by the cards of its deck as they are now."""
    cards = [entry["card"] for entry in run.deck_snapshot.get("cards", []) if "card" in entry]
    names = {card.get("name", "") for card in cards}
    ids = {card["id"] for card in cards if isinstance(card.get("id"), int)}
    readable = Card.objects.filter(card_viewable_q(user))
    if ids:
        visible_ids = set(readable.filter(pk__in=ids).values_list("pk", flat=True))
        shown = {card.get("name", "") for card in cards if card.get("id") in visible_ids}
    else:
        in_deck = DeckEntry.objects.filter(deck_id=run.deck_id).values("card_id")
        shown = set(readable.filter(pk__in=in_deck).values_list("name", flat=True))
    return names - shown


def result_for_viewer(run: SimulationRun, user: Any) -> dict[str, Any] | None:
    """The run's result as `user` may read it: the draw odds name a card only when the viewer
    may see it (others become withheld cards), and the cards played for their stats only, a
    fact about their text, leave out the withheld ones."""
    result = run.result
    if not result:
        return result
    hidden = _hidden_names(run, user)
    if not hidden:
        return result
    labels: dict[str, str] = {}
    for number, name in enumerate(sorted(hidden), start=1):
        labels[name] = WITHHELD_NAME if len(hidden) == 1 else f"{WITHHELD_NAME} {number}"
    return {
        **result,
        "p_seen_by_turn": {
            labels.get(name, name): odds for name, odds in result["p_seen_by_turn"].items()
        },
        "unmodeled_cards": [name for name in result["unmodeled_cards"] if name not in hidden],
        "ignored_effects": {
            name: items
            for name, items in result.get("ignored_effects", {}).items()
            if name not in hidden
        },
        "problems": [
            problem for problem in result.get("problems", []) if problem.get("card") not in hidden
        ],
    }
