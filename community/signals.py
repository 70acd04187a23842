"""Receivers: a new shared version of a deck tells the people who like it.

The sender is named by its label, so this app does not import the decks app's models when it
is loaded, and the receiver is connected whether or not versions are ever saved."""

from __future__ import annotations

from typing import Any

from django.db.models.signals import post_save
from django.dispatch import receiver

from community import notify


@receiver(post_save, sender="decks.DeckVersion", dispatch_uid="community-deck-version")
def deck_version_saved(sender: type, instance: Any, created: bool, **kwargs: Any) -> None:
    if not created or kwargs.get("raw"):
        return
    # A version others may never see (saved while the deck was private) is no news to them.
    if not instance.shared:
        return
    # In the same transaction as the version: rolled back with it, never sent for nothing.
    notify.deck_version_created(deck=instance.deck, number=instance.number)
