"""Re-judge stored cards after the edition data or the rules engine changed.

`migrate` queues this for the workers by itself; run it by hand after editing
cards/editions/*.json on a server that is not migrated, or with --all to recompute every card.
"""

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from cards.verdicts import verdicts_refresh, verdicts_refresh_queue


class Command(BaseCommand):
    help = "Refresh the stored per-edition verdicts of cards (those made by other rules)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--all", action="store_true", help="Recompute every card, not only stale ones."
        )
        parser.add_argument(
            "--queue",
            action="store_true",
            help="Queue the cards for the workers, in chunks they share, instead of judging"
            " them here.",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        if not options["queue"]:
            count = verdicts_refresh(everything=options["all"])
            self.stdout.write(self.style.SUCCESS(f"Refreshed the verdicts of {count} card(s)."))
            return
        try:
            refresh = verdicts_refresh_queue(everything=options["all"])
        except Exception as error:  # the broker's own errors: kombu's, redis', OSError
            raise CommandError(f"The workers' queue cannot take the refresh: {error}") from error
        if refresh is None:
            self.stdout.write("No stored verdict is stale: nothing to queue.")
        else:
            self.stdout.write(
                self.style.SUCCESS(f"Queued the refresh of {refresh.total} card(s) ({refresh.pk}).")
            )
