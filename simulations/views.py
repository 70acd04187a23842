"""The goldfish pages: start a run from a deck, watch its progress, read the charts, and
compare two runs on the same charts."""

import re
import uuid
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.formats import date_format
from django.views.decorators.http import require_http_methods

from cards import rules
from decks import goldfish
from decks.selectors import deck_for_viewer
from decks.services import deck_definition
from simulations import charts, comparison, policy_page, runs, services
from simulations.forms import GoldfishForm
from simulations.models import SimulationRun
from simulations.selectors import result_for_viewer, run_for_viewer, runs_to_compare_with

NO_SUCH_RUN = "There is no goldfish run at that address that you may open."
NOT_A_LINK = (
    "That is not the link of a goldfish run: paste an address such as"
    " https://…/simulations/<run id>/, or the run's id."
)
MAX_LINK = 2000  # characters of a pasted link that are read
RUN_ID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", re.I)


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def goldfish_start(request: HttpRequest, deck_id: int) -> HttpResponse:
    deck = deck_for_viewer(user=request.user, pk=deck_id)
    if request.method != "POST":
        # A run is started from the deck page's Goldfish section: an address opened by hand
        # (or the form's page reloaded) leads there.
        return redirect(f"{deck.get_absolute_url()}#goldfish")
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
    if not partial:
        context.update(picker_context(run, request.user))
    template = "simulations/_run.html" if partial else "simulations/detail.html"
    return render(request, template, context)


def simulation_compare_choose(request: HttpRequest, run_id: str) -> HttpResponse:
    """Where the run page's "Compare with…" picker sends its choice (`with`, one of the
    viewer's runs) or a pasted link (`link`): on to the compare page, or back with what was
    wrong."""
    run = run_for_viewer(user=request.user, run_id=run_id)
    chosen = request.GET.get("with", "").strip() or request.GET.get("link", "").strip()
    if not chosen:
        return render(request, "simulations/choose.html", picker_context(run, request.user))
    other_id = other_run_id(chosen, run.id)
    error = ""
    if other_id is None:
        error = NOT_A_LINK
    elif other_id == run.id:
        error = comparison.SAME_RUN
    else:
        try:
            run_for_viewer(user=request.user, run_id=other_id)
        except Http404:
            error = NO_SUCH_RUN
    if error:
        context = {
            **picker_context(run, request.user),
            "compare_error": error,
            "pasted": chosen[:MAX_LINK],
        }
        return render(request, "simulations/choose.html", context, status=400)
    return redirect("simulation-compare", run_id=run.id, other_id=other_id)


def simulation_compare(request: HttpRequest, run_id: str, other_id: str) -> HttpResponse:
    """Two runs on the same charts. Both must be runs the viewer may open (404 otherwise, as
    on the run page); each result is read as she may read it."""
    run = run_for_viewer(user=request.user, run_id=run_id)
    other = run_for_viewer(user=request.user, run_id=other_id)
    if run.pk == other.pk:
        context = {**picker_context(run, request.user), "compare_error": comparison.SAME_RUN}
        return render(request, "simulations/choose.html", context, status=400)
    context = compare_context(run, other, request.user)
    partial = request.headers.get("HX-Request") == "true"
    template = "simulations/_compare.html" if partial else "simulations/compare.html"
    return render(request, template, context)


def goldfish_policy(request: HttpRequest) -> HttpResponse:
    page = policy_page.render_policy(policy_page.policy_source())
    return render(request, "simulations/policy.html", {"policy": page})


def edition_name(number: Any) -> str:
    try:
        return rules.get_edition(number).name
    except rules.RulesError:
        return f"edition {number}"


def run_context(run: Any, result: dict[str, Any] | None) -> dict[str, Any]:
    """The run page's content, from the result as the viewer may read it."""
    context: dict[str, Any] = {"run": run, "progress": runs.run_progress(run)}
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


# -- comparing two runs -----------------------------------------------------------------------


def other_run_id(text: str, current: uuid.UUID) -> uuid.UUID | None:
    """The run a pasted link or id names: the first run id in it that is not the current run's
    (a compare link holds both), else the current run's own; None when it holds none."""
    found = [uuid.UUID(match) for match in RUN_ID.findall(text[:MAX_LINK])]
    others = [run_id for run_id in found if run_id != current]
    if others:
        return others[0]
    return found[0] if found else None


def run_choice_label(run: SimulationRun) -> str:
    """A run as the picker lists it: its options, when it finished, and its deck."""
    options = run.options
    when = date_format(timezone.localtime(run.finished or run.created), "j M Y, H:i")
    return (
        f"{options.get('games', 0):,} games · going {options.get('going')} · bury"
        f" {options.get('bury')} · up to {options.get('max_turns')} turns · {when}"
        f" · {run.deck.name if run.deck else 'no deck'}"
    )


def picker_context(run: SimulationRun, user: Any) -> dict[str, Any]:
    """The "Compare with…" picker: the viewer's other finished runs, this deck's first, then
    each other deck's, grouped by deck."""
    groups: dict[Any, dict[str, Any]] = {}
    for other in runs_to_compare_with(run=run, user=user):
        if other.deck_id not in groups:
            name = other.deck.name if other.deck else ""
            label = f"This deck: {name}" if other.deck_id == run.deck_id else f"Deck: {name}"
            groups[other.deck_id] = {"label": label, "runs": []}
        groups[other.deck_id]["runs"].append({"id": other.id, "label": run_choice_label(other)})
    ordered = sorted(groups.items(), key=lambda item: item[0] != run.deck_id)
    return {"run": run, "compare_groups": [group for _, group in ordered]}


def compare_context(run: SimulationRun, other: SimulationRun, user: Any) -> dict[str, Any]:
    """The compare page's content: both runs, how they differ, and once both have finished,
    their charts and numbers side by side."""
    facts = (comparison.run_facts(run), comparison.run_facts(other))
    differences = comparison.option_differences(*facts)
    labels = comparison.series_labels(differences)
    sides = []
    for letter, label, each, fact in zip(
        comparison.LETTERS, labels, (run, other), facts, strict=True
    ):
        progress = runs.run_progress(each)
        sides.append(
            {
                "letter": letter,
                "style": len(sides) + 1,
                "label": label,
                "run": each,
                "deck_name": fact.deck_name,
                "progress": progress,
                "percent": round(progress * 100),
                "result": result_for_viewer(each, user) if each.finished_ok else None,
            }
        )
    context: dict[str, Any] = {
        "run": run,
        "other": other,
        "sides": sides,
        "differences": differences,
        "only_luck": comparison.only_luck(differences),
        "pending": any(side["run"].status in ("queued", "running") for side in sides),
        "failed": [side for side in sides if side["run"].status == "failed"],
        "ready": all(side["result"] for side in sides),
    }
    if context["ready"]:
        first, second = sides[0]["result"], sides[1]["result"]
        drawn, last = charts.compare_charts([first, second], labels)
        played = max(len(first["p_kill_by_turn"]), len(second["p_kill_by_turn"]))
        odds_turns = [
            turn
            for turn in comparison.MILESTONES
            if turn in first["p_kill_by_turn"] or turn in second["p_kill_by_turn"]
        ]
        context.update(
            {
                "charts": drawn,
                "chart_turns": last,
                "turns_played": played,
                "headline": comparison.headline_rows(first, second),
                "turns": comparison.turn_rows(first, second),
                "seen_turns": odds_turns,
                "seen": comparison.draw_odds_rows(first, second, odds_turns),
            }
        )
    return context
