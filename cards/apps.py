from typing import Any

from django.apps import AppConfig
from django.db.models.signals import post_migrate


def _refresh_stale_verdicts(sender: AppConfig, using: str = "default", **kwargs: Any) -> None:
    """After migrate, re-judge the cards whose stored verdicts came from other edition data
    or another version of the rules engine, so `legal:14` searches stay right."""
    from django.db import connections

    from cards.verdicts import verdicts_refresh

    tables = connections[using].introspection.table_names()
    if "cards_cardverdict" not in tables or "cards_card" not in tables:
        return
    count = verdicts_refresh()
    if count and kwargs.get("verbosity", 1) >= 1:
        print(f"  Refreshed the stored verdicts of {count} card(s).")


def _repair_text_index(sender: AppConfig, using: str = "default", **kwargs: Any) -> None:
    """A migration that rebuilds the card or deck table on SQLite (to alter a column) drops
    the triggers that keep its search index; put them back (cards.text_index)."""
    from django.db import connections

    from cards import text_index

    for table in text_index.repair(connections[using]):
        if kwargs.get("verbosity", 1) >= 1:
            print(f"  Rebuilt the search index {table}.")


class CardsConfig(AppConfig):
    name = "cards"
    verbose_name = "Cards"

    def ready(self) -> None:
        post_migrate.connect(_refresh_stale_verdicts, sender=self, dispatch_uid="cards-verdicts")
        post_migrate.connect(_repair_text_index, sender=self, dispatch_uid="cards-text-index")
