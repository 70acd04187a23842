"""The goldfish pages: start a run from a deck, watch its progress, read the charts."""

from pathlib import Path
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from cards import rules
from decks import goldfish
from decks.selectors import deck_for_viewer
from decks.services import deck_definition
from simulations import charts, services
from simulations.forms import GoldfishForm
from simulations.selectors import result_for_viewer, run_for_viewer


@login_required
@require_POST
def goldfish_start(request: HttpRequest, deck_id: int) -> HttpResponse:
    deck = deck_for_viewer(user=request.user, pk=deck_id)
    form = GoldfishForm(request.POST)
    if not form.is_valid():
        return render(request, "simulations/start.html", {"deck": deck, "form": form}, status=400)
    try:
        options = services.options_for_edition(form.cleaned_data, edition=deck.edition)
        run, _ = services.simulation_start(
            definition=deck_definition(deck), options=options, deck_id=deck.pk, user=request.user
        )
    except goldfish.GoldfishError as error:
        form.add_error(None, str(error))
        return render(request, "simulations/start.html", {"deck": deck, "form": form}, status=400)
    except services.BrokerUnavailable:
        messages.error(
            request,
            "The simulation queue is unavailable right now, so nothing was started. "
            "Try again shortly.",
        )
        return redirect(deck.get_absolute_url())
    return redirect("simulation-detail", run_id=run.id)


def simulation_detail(request: HttpRequest, run_id: str) -> HttpResponse:
    run = run_for_viewer(user=request.user, run_id=run_id)
    context = run_context(run, result_for_viewer(run, request.user))
    partial = request.headers.get("HX-Request") == "true"
    template = "simulations/_run.html" if partial else "simulations/detail.html"
    return render(request, template, context)


def goldfish_policy(request: HttpRequest) -> HttpResponse:
    policy = Path(goldfish.__path__[0]) / "POLICY.md"
    return render(
        request, "simulations/policy.html", {"policy": policy.read_text(encoding="utf-8")}
    )


def edition_name(number: Any) -> str:
    try:
        return rules.get_edition(number).name
    except rules.RulesError:
        return f"edition {number}"


def run_context(run: Any, result: dict[str, Any] | None) -> dict[str, Any]:
    """The run page's content, from the result as the viewer may read it."""
    context: dict[str, Any] = {"run": run, "progress": services.run_progress(run)}
    context["percent"] = round(context["progress"] * 100)
    context["result"] = result
    if result:
        drawn, last, played = charts.run_charts(result)
        context.update({"charts": drawn, "chart_turns": last, "turns_played": played})
        context["edition_name"] = edition_name(result.get("edition"))
        context["won"] = result["games"] - result["not_won"]
        context["won_share"] = context["won"] / result["games"] if result["games"] else 0
        context["turns"] = [
            {
                "turn": turn,
                "p_kill": result["p_kill_by_turn"][turn],
                "damage": result["mean_damage_by_turn"][turn],
                "resources": result["mean_resources_by_turn"][turn],
            }
            for turn in result["p_kill_by_turn"]
        ]
        shown = [t for t in ("1", "3", "5", "7", "10") if t in result["p_kill_by_turn"]]
        context["seen_turns"] = shown
        context["seen"] = [
            {"name": name, "odds": [odds.get(t, 0.0) for t in shown]}
            for name, odds in sorted(result["p_seen_by_turn"].items())
        ]
    return context
