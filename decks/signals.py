"""A deck's `updated` moves whenever anything its validation reads changes: its entries,
and any of its cards. The validation API remembers answers by it (decks.validation)."""

from typing import Any

from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver
from django.utils import timezone

from cards.models import Card
from decks.models import Deck, DeckEntry


@receiver(post_save, sender=Card)
def card_saved(sender: type[Card], instance: Card, **kwargs: Any) -> None:
    Deck.objects.filter(entries__card_id=instance.pk).update(updated=timezone.now())


@receiver(post_save, sender=DeckEntry)
@receiver(post_delete, sender=DeckEntry)
def entry_changed(sender: type[DeckEntry], instance: DeckEntry, **kwargs: Any) -> None:
    Deck.objects.filter(pk=instance.deck_id).update(updated=timezone.now())
