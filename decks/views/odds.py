"""The deck's draw odds: the chance of at least k of a chosen set of its cards by a turn, worked
out exactly (decks.odds), next to the goldfish's estimate where a run of the deck has one.

The question is read from the query (?cards=12&cards=15&at_least=2&turn=3&going=first&bury=0;
the API takes `cards` as one comma-separated value) and answered for the cards the viewer may
see: a card of the deck withheld from them cannot be chosen, and an unknown card and a withheld
one get the same answer, which names neither. The API (decks.api_odds) asks the same.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from decks import deck_page, odds, selectors
from decks.goldfish import GoldfishError
from decks.models import Deck, DeckEntry
from decks.services import deck_definition
from decks.views.page_parts import is_htmx
from simulations.models import SimulationRun
from simulations.runs import options_from_json
from simulations.selectors import result_for_viewer
from simulations.services import run_cache_key

DEFAULT_TURN = 3
MAX_CARDS_CHOSEN = 200  # a deck holds at most this many entries (decks.models.MAX_ENTRIES)
RUNS_LOOKED_AT = 20  # the latest finished runs of the deck searched for a matching one
_NUMBER = re.compile(r"^[0-9]{1,9}$")
QUESTION_FIELDS = ("cards", "at_least", "turn", "going", "bury")


@dataclass(frozen=True)
class Question:
    card_ids: tuple[int, ...] = ()
    at_least: int = 1
    turn: int = DEFAULT_TURN
    going: str = "first"
    bury: int = 0
    asked: bool = False  # the query asks something (the empty form asks nothing)


@dataclass(frozen=True)
class Estimate:
    """The goldfish's estimate of the same chance, or why it has none."""

    chance: float | None
    note: str
    run_id: Any = None


@dataclass
class Answer:
    question: Question
    choices: list[DeckEntry]  # the deck's cards the viewer may choose
    deck_size: int
    rules: odds.DrawRules
    errors: dict[str, str] = field(default_factory=dict)
    odds: odds.Odds | None = None
    estimate: Estimate | None = None
    asked: bool = False  # the viewer asked a question (not the empty form)

    @property
    def spread(self) -> list[tuple[int, float]]:
        """Each number of chosen copies with its chance in percent."""
        if self.odds is None:
            return []
        return [
            (copies, float(chance * 100)) for copies, chance in enumerate(self.odds.distribution)
        ]

    @property
    def estimate_percent(self) -> float | None:
        if self.estimate is None or self.estimate.chance is None:
            return None
        return self.estimate.chance * 100

    @property
    def chosen_names(self) -> list[str]:
        chosen = set(self.question.card_ids)
        return [entry.card.name for entry in self.choices if entry.card.pk in chosen]


def _whole(value: str, name: str, errors: dict[str, str], default: int, label: str) -> int:
    value = value.strip()
    if not value:
        return default
    if not _NUMBER.match(value):
        errors[name] = f"Write the {label} as a whole number, like {default}."
        return default
    return int(value)


def read_question(params: Mapping[str, Sequence[str]]) -> tuple[Question, dict[str, str]]:
    """The question a query asks, and a message for each value it cannot read. `params` maps a
    name to its values (a QueryDict's lists); `cards` may repeat or hold ids with commas."""
    errors: dict[str, str] = {}
    ids: list[int] = []
    for value in params.get("cards", []):
        for part in str(value).split(","):
            part = part.strip()
            if not part:
                continue
            if not _NUMBER.match(part):
                errors["cards"] = "Choose cards by their numbers, like 12,15."
                continue
            ids.append(int(part))
    if len(ids) > MAX_CARDS_CHOSEN:
        errors["cards"] = f"Choose at most {MAX_CARDS_CHOSEN} cards."
    first = {name: str(values[0]) if values else "" for name, values in params.items()}
    going = first.get("going", "").strip() or "first"
    if going not in odds.GOING:
        errors["going"] = "Choose going first or going second."
        going = "first"
    question = Question(
        card_ids=tuple(dict.fromkeys(ids)),
        at_least=_whole(first.get("at_least", ""), "at_least", errors, 1, "number of copies"),
        turn=_whole(first.get("turn", ""), "turn", errors, DEFAULT_TURN, "turn"),
        going=going,
        bury=_whole(first.get("bury", ""), "bury", errors, 0, "number of cards buried"),
        asked=any(name in params for name in QUESTION_FIELDS),
    )
    return question, errors


def answer(deck: Deck, user: Any, question: Question, errors: dict[str, str]) -> Answer:
    """The odds of `question` for the deck as `user` sees it, or the problems with it."""
    entries = selectors.sorted_entries(deck)
    choices = [entry for entry in entries if not entry.card.withheld]
    result = Answer(
        question=question,
        choices=choices,
        deck_size=sum(entry.count for entry in entries),
        rules=odds.DrawRules(opening_hand=5),
        errors=dict(errors),
        asked=question.asked,
    )
    try:
        result.rules = odds.DrawRules.from_goldfish(deck.edition_rules.goldfish)
    except odds.OddsError as error:
        result.errors[error.field] = str(error)
        return result
    copies = {entry.card.pk: entry.count for entry in choices}
    unknown = [pk for pk in question.card_ids if pk not in copies]
    if unknown:
        result.errors["cards"] = (
            f"Choose among this deck's cards that you may see; {_numbers(unknown)} "
            f"{'is not one' if len(unknown) == 1 else 'are not'}."
        )
    if not question.card_ids:
        if result.asked:
            result.errors.setdefault("cards", "Choose at least one card of the deck.")
        return result
    if result.errors:
        return result
    try:
        seen = odds.cards_seen(
            result.rules,
            turn=question.turn,
            going=question.going,
            deck_size=result.deck_size,
            bury=question.bury,
        )
        result.odds = odds.draw_odds(
            deck_size=result.deck_size,
            copies=sum(copies[pk] for pk in question.card_ids),
            seen=seen,
            at_least=question.at_least,
        )
    except odds.OddsError as error:
        result.errors[error.field] = str(error)
        return result
    result.estimate = goldfish_estimate(deck, user, result)
    return result


def _numbers(ids: Sequence[int]) -> str:
    return ", ".join(f"#{pk}" for pk in ids[:5]) + (" …" if len(ids) > 5 else "")


def goldfish_estimate(deck: Deck, user: Any, result: Answer) -> Estimate:
    """The goldfish's chance for the same question, from the deck's latest finished run that
    played the deck as it is now, going the same way. The goldfish counts, for each card name,
    the games that had drawn at least one copy by each turn (p_seen_by_turn), so it answers
    'at least 1 of one card' only."""
    question = result.question
    names = {name.casefold() for name in result.chosen_names}
    whole_name = [e for e in result.choices if e.card.name.casefold() in names]
    if question.at_least != 1 or len(names) != 1 or len(whole_name) != len(question.card_ids):
        return Estimate(
            None,
            "The goldfish keeps, for each card name, the chance to have drawn at least one"
            " copy by each turn; it has no estimate for this question (ask for at least 1 copy"
            " of one card name).",
        )
    definition = deck_definition(deck)
    if any(row.get("withheld") for row in definition["cards"]):
        return Estimate(None, "No goldfish estimate: the deck holds cards you may not see.")
    runs = SimulationRun.objects.filter(deck=deck, status=SimulationRun.Status.SUCCEEDED)
    for run in runs.order_by("-finished", "-created")[:RUNS_LOOKED_AT]:
        options = run.options or {}
        if options.get("going") != question.going:
            continue
        try:
            if run.cache_key != run_cache_key(definition, options_from_json(options)):
                continue
        except (GoldfishError, TypeError, ValueError):
            continue
        data = result_for_viewer(run, user) or {}
        name = result.chosen_names[0]
        by_turn = data.get("p_seen_by_turn", {}).get(name, {})
        chance = by_turn.get(str(question.turn))
        if chance is None:
            return Estimate(
                None, f"The latest goldfish run played {options.get('max_turns')} turns only."
            )
        rule = options.get("bury")
        note = f"{options.get('games')} goldfish games, bury rule '{rule}'"
        if rule != "none" and result.rules.opening_bury:
            # The goldfish buries as its rule says, game by game: not the bury asked here.
            note += f" (it buries as its rule says, not {question.bury} cards)"
        elif rule == "none" and question.bury:
            note += " (it buries no card)"
        return Estimate(float(chance), note + ".", run.pk)
    return Estimate(
        None,
        f"No finished goldfish run of the deck as it is now, going {question.going}: start one"
        " to compare.",
    )


@require_GET
def deck_odds(request: HttpRequest, pk: int) -> HttpResponse:
    deck = selectors.deck_for_viewer(user=request.user, pk=pk)
    question, errors = read_question(dict(request.GET.lists()))
    result = answer(deck, request.user, question, errors)
    context = {
        "deck": deck,
        "odds_answer": result,
        "reserves_note": deck_page.reserves_note(deck.edition_rules),
    }
    # htmx swaps the panel in (200: htmx swaps only a success); the page says what is wrong
    # with a 400.
    if is_htmx(request):
        return render(request, "decks/_odds.html", context)
    status = 400 if result.errors else 200
    return render(request, "decks/_odds_page.html", context, status=status)
