"""`manage.py goldfish DECK.json --games N --seed S`: goldfish a deck file in this process."""

import json
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from decks import goldfish
from simulations.services import run_in_process


class Command(BaseCommand):
    help = "Play a deck (deck JSON file) alone against an opponent who does nothing, N times."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("deck", help="A deck JSON file (the format of deck export).")
        parser.add_argument("--games", type=int, default=10_000)
        parser.add_argument("--seed", type=int, default=0)
        parser.add_argument("--max-turns", type=int, default=20)
        parser.add_argument("--going", choices=["first", "second"], default="first")
        parser.add_argument("--bury", default="default", help='"none", "default" or "above:N"')
        parser.add_argument("--json", action="store_true", help="Print the result as JSON.")

    def handle(self, *args: Any, **options: Any) -> None:
        path = Path(options["deck"])
        try:
            definition = json.loads(path.read_text(encoding="utf-8"))
        except OSError as error:
            raise CommandError(f"Cannot read {path}: {error.strerror}") from error
        except json.JSONDecodeError as error:
            raise CommandError(f"{path} is not valid JSON: {error}") from error
        if not isinstance(definition, dict) or not isinstance(definition.get("cards"), list):
            raise CommandError(f'{path} is not a deck: expected an object with a "cards" list.')
        try:
            run_options = goldfish.Options(
                games=options["games"],
                seed=options["seed"],
                max_turns=options["max_turns"],
                going=options["going"],
                bury=options["bury"],
                edition=int(definition.get("edition", 14)),
            )
            result = run_in_process(definition=definition, options=run_options)
        except (goldfish.GoldfishError, ValueError, TypeError, KeyError) as error:
            raise CommandError(str(error)) from error
        if options["json"]:
            self.stdout.write(json.dumps(result, indent=2))
        else:
            self.stdout.write(summary(result))


def summary(result: dict[str, Any]) -> str:
    kill = result["kill_turn"]
    won = result["games"] - result["not_won"]
    lines = [
        f"{result['games']} games, seed {result['seed']}, going {result['going']}, "
        f"bury {result['bury']}, up to {result['max_turns']} turns",
        f"Won {won} ({won / result['games']:.1%}); mean kill turn {fmt(kill['mean'])}, "
        f"median {fmt(kill['median'])}",
        "Turn  P(won by)  Damage  Resources",
    ]
    for turn, p in result["p_kill_by_turn"].items():
        lines.append(
            f"{turn:>4}  {p:9.1%}  {result['mean_damage_by_turn'][turn]:6.1f}  "
            f"{result['mean_resources_by_turn'][turn]:9.2f}"
        )
    if result["unmodeled_cards"]:
        lines.append("Played for their stats only: " + ", ".join(result["unmodeled_cards"]))
    return "\n".join(lines)


def fmt(value: float | None) -> str:
    return "—" if value is None else f"{value:.2f}"
