from typing import Any

from django.http import Http404

from decks.selectors import deck_for_viewer
from simulations.models import SimulationRun


def run_for_viewer(*, user: Any, run_id: Any) -> SimulationRun:
    """A run is visible to whoever can see its deck."""
    run = SimulationRun.objects.filter(pk=run_id).first()
    if run is None or run.deck_id is None:
        raise Http404("No such simulation.")
    deck_for_viewer(user=user, pk=run.deck_id)
    return run
