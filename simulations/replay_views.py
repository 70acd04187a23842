"""Open one game of a finished goldfish run at the start of a turn, on the playtest board, to
play on by hand: the game is played again from the run's deck snapshot and options."""

from __future__ import annotations

from typing import Any

from django import forms
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_GET

from decks import goldfish, playtest
from decks.goldfish.replay import ReplayedGame, card_entries, replay_game
from simulations import selectors
from simulations.models import SimulationRun
from simulations.runs import goldfish_deck, options_from_json


class PlayGameForm(forms.Form):
    """Which game of the run (1 for its first) and from which turn."""

    def __init__(self, *args: Any, games: int, max_turns: int, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["game"] = forms.IntegerField(label="Game number", min_value=1, max_value=games)
        self.fields["turn"] = forms.IntegerField(
            label="From turn", min_value=1, max_value=max_turns
        )


def play_form(run: SimulationRun, data: Any = None) -> PlayGameForm:
    options = run.options or {}
    return PlayGameForm(
        data,
        games=int(options.get("games", 1)),
        max_turns=int(options.get("max_turns", 1)),
        initial={"game": 1, "turn": 1},
    )


def _ending(game: ReplayedGame, max_turns: int) -> str:
    if game.kill_turn is not None:
        return f"In the run, the goldfish fell on turn {game.kill_turn}."
    if game.decked:
        return "In the run, this game ended drawing from an empty deck."
    return f"In the run, the goldfish was not beaten by turn {max_turns}."


@require_GET
def simulation_playtest(request: HttpRequest, run_id: str) -> HttpResponse:
    """Game ``?game=`` of the run at the start of turn ``?turn=``, before its Draw Phase. The
    viewer must be allowed to see the run; each card shows as she may read it now
    (simulations.selectors.RunCards), face down when she may not."""
    run = selectors.run_for_viewer(user=request.user, run_id=run_id)
    form = play_form(run, request.GET)
    context: dict[str, Any] = {"run": run, "form": form}
    if not run.finished_ok:
        form.is_valid()
        form.add_error(None, "The run has not finished: its games open once it has.")
        return render(request, "simulations/play_game.html", context, status=400)
    if not form.is_valid():
        return render(request, "simulations/play_game.html", context, status=400)
    number, turn = form.cleaned_data["game"], form.cleaned_data["turn"]
    try:
        deck = goldfish_deck(run.deck_snapshot)
        options = options_from_json(run.options)
        game = replay_game(deck, options, number)
        state = game.at_turn(turn)
    except goldfish.GoldfishError as error:
        form.add_error("turn", str(error))
        return render(request, "simulations/play_game.html", context, status=400)
    note = (
        f"Game #{number} of the run at the start of turn {turn}, before its Draw Phase: draw"
        f" (d) to go on. {_ending(game, options.max_turns)}"
    )
    if game.irregular:
        note += (
            " The engine moved a card its zone no longer held in this game; the cards shown may"
            " differ from its counts after that."
        )
    board = playtest.game_board(
        entries=selectors.run_cards(run, request.user).entries,
        entry_of_card=card_entries(deck),
        zones={
            "library": state.library,
            "hand": state.hand,
            "field": state.field,
            "granary": state.granary,
            "grave": state.grave,
        },
        turn=turn,
        damage=state.damage,
        sword_counters=state.sword_counters,
        edition=options.edition,
        going=options.going,
        hp=options.hp,
        note=note,
    )
    context.update(
        {
            "deck": run.deck,
            "board": board,
            "replay": {"number": number, "turn": turn, "game": game},
            "back_url": reverse("simulation-detail", args=[run.id]),
            "back_label": "the goldfish results",
            "heading": f"Game #{number} from turn {turn}: {run.deck.name if run.deck else ''}",
            "zone_list": playtest.zone_list(board),
        }
    )
    return render(request, "decks/playtest.html", context)
