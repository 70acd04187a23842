from typing import Any

from django.apps import AppConfig
from django.db.models.signals import post_migrate


def _refresh_stale_verdicts(sender: AppConfig, using: str = "default", **kwargs: Any) -> None:
    """After migrate, queue the re-judging of the cards whose stored verdicts came from other
    edition data or another version of the rules engine: the release does not wait for it,
    the site judges a card it shows meanwhile, and `legal:` searches say how far it has gone
    (cards.verdicts). A broker that cannot take it now leaves it to the beat's sweep."""
    import logging

    from django.db import connections

    from cards.verdicts import verdicts_refresh_queue

    tables = connections[using].introspection.table_names()
    if not {"cards_cardverdict", "cards_card", "cards_verdictrefresh"} <= set(tables):
        return
    try:
        refresh = verdicts_refresh_queue()
    except Exception as error:  # the broker's own errors: kombu's, redis', OSError
        logging.getLogger(__name__).warning(
            "Stored verdicts are stale and could not be queued for refreshing (%s): the"
            " workers' sweep will queue them.",
            error,
        )
        return
    if refresh is not None and kwargs.get("verbosity", 1) >= 1:
        print(f"  Queued the refresh of the stored verdicts of {refresh.total} card(s).")


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
