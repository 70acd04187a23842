"""Re-judge stored cards after the edition data or the rules engine changed.

Runs by itself after `migrate`; run it by hand after editing cards/editions/*.json on a server
that is not migrated, or with --all to recompute every card.
"""

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from cards.verdicts import verdicts_refresh


class Command(BaseCommand):
    help = "Refresh the stored per-edition verdicts of cards (those made by other rules)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--all", action="store_true", help="Recompute every card, not only stale ones."
        )

    def handle(self, *args: Any, **options: Any) -> None:
        count = verdicts_refresh(everything=options["all"])
        self.stdout.write(self.style.SUCCESS(f"Refreshed the verdicts of {count} card(s)."))
