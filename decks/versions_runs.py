"""The goldfish runs of a deck's versions, and two versions' kill-turn curves on one chart.

A run belongs to the version current when it started (SimulationRun.deck_version, set by
simulations.services). Whoever may see a version may see its runs (a run is visible to whoever
may see its deck: simulations.selectors.run_for_viewer); their results are read through
result_for_viewer, so a card the viewer may not see is never named. The chart is the goldfish
compare chart (simulations.charts.compare_charts), the same as two runs compared.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from decks.models import DeckVersion
from simulations.charts import compare_charts
from simulations.models import SimulationRun
from simulations.selectors import result_for_viewer

RUNS_SHOWN = 5  # runs listed under each version of the history


def version_runs(versions: Sequence[DeckVersion]) -> dict[int, list[SimulationRun]]:
    """The latest runs of each version, newest first, by the version's id."""
    runs: dict[int, list[SimulationRun]] = {version.pk: [] for version in versions}
    found = SimulationRun.objects.filter(deck_version__in=[v.pk for v in versions]).order_by(
        "-created"
    )
    for run in found.defer("deck_snapshot", "result"):
        listed = runs[run.deck_version_id]  # type: ignore[index]
        if len(listed) < RUNS_SHOWN:
            listed.append(run)
    return runs


def latest_finished_run(version: DeckVersion) -> SimulationRun | None:
    return (
        SimulationRun.objects.filter(deck_version=version, status=SimulationRun.Status.SUCCEEDED)
        .order_by("-finished", "-created")
        .first()
    )


@dataclass(frozen=True)
class Curves:
    """The kill-turn charts of two versions' latest finished runs, or which of them has none."""

    runs: tuple[SimulationRun | None, SimulationRun | None]
    labels: tuple[str, str]
    charts: dict[str, Any] | None
    chart_turns: int = 0

    @property
    def missing(self) -> list[str]:
        return [label for label, run in zip(self.labels, self.runs, strict=True) if run is None]


def versions_curves(first: DeckVersion, second: DeckVersion, user: Any) -> Curves:
    labels = (f"A · version {first.number}", f"B · version {second.number}")
    runs = (latest_finished_run(first), latest_finished_run(second))
    if runs[0] is None or runs[1] is None:
        return Curves(runs, labels, None)
    results = [result_for_viewer(run, user) for run in runs]
    drawn, last = compare_charts(results, list(labels))  # type: ignore[arg-type]
    return Curves(runs, labels, drawn, last)
