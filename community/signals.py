"""Receivers: a new shared version of a deck tells the people who like it; a moderator's hold
on a card, or its lifting, is a change of every deck holding it.

The sender is named by its label, so this app does not import the decks app's models when it
is loaded, and the receiver is connected whether or not versions are ever saved."""

from __future__ import annotations

from typing import Any

from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver
from django.utils import timezone

from cards import models as cards_models
from community import notify
from community.models import Hold
from sets import signals as sets_signals


@receiver(post_save, sender="decks.DeckVersion", dispatch_uid="community-deck-version")
def deck_version_saved(sender: type, instance: Any, created: bool, **kwargs: Any) -> None:
    if not created or kwargs.get("raw"):
        return
    # A version others may never see (saved while the deck was private) is no news to them.
    if not instance.shared:
        return
    # In the same transaction as the version: rolled back with it, never sent for nothing.
    notify.deck_version_created(deck=instance.deck, number=instance.number)


@receiver(cards_models.design_published, dispatch_uid="community-published")
def designer_published(sender: type, design: Any, together: bool = False, **kwargs: Any) -> None:
    # In the same transaction as the change that made it public, as above. Cards made public
    # together (a set's release) are told of by their set's notice instead (set_released).
    if not together:
        notify.designer_published(design=design)


@receiver(sets_signals.set_released, dispatch_uid="community-set-released")
def set_released(sender: type, card_set: Any, designer_ids: Any, **kwargs: Any) -> None:
    # In the release's transaction: a failed release tells no one.
    notify.set_released(card_set=card_set, designer_ids=designer_ids)


@receiver(post_save, sender=Hold, dispatch_uid="community-hold-saved")
@receiver(post_delete, sender=Hold, dispatch_uid="community-hold-deleted")
def hold_changed(sender: type[Hold], instance: Hold, **kwargs: Any) -> None:
    """A held card is withheld from everyone but its designer: the decks holding it change for
    their viewers, so their `updated` moves, as when the card itself is saved (decks.signals),
    and answers remembered by it (decks.validation) are not served again."""
    if instance.card_id is None or kwargs.get("raw"):
        return
    from decks.models import Deck

    Deck.objects.filter(entries__card_id=instance.card_id).update(updated=timezone.now())
