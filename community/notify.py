"""Sending notifications: one place decides who is told, so "no one asked" is never "everyone".

A notification goes to one named person, and only when they have not switched its kind off.
The deck-version notice goes to the people who actually like the deck and may see it."""

from __future__ import annotations

from typing import Any

from community.models import Kind, Like, Notification, NotificationMute


def send(*, recipient: Any, kind: str, **fields: Any) -> Notification | None:
    if recipient is None or not recipient.is_active:
        return None
    if NotificationMute.objects.filter(user=recipient, kind=kind).exists():
        return None
    return Notification.objects.create(recipient=recipient, kind=kind, **fields)


def deck_version_created(*, deck: Any, number: int) -> int:
    """Tell each person who likes `deck` (and may see it, and has not switched this off)
    that it has a new version; how many were told."""
    from decks.models import Deck
    from decks.selectors import deck_viewable_q

    if not Deck.objects.filter(deck_viewable_q(None), pk=deck.pk, hold__isnull=True).exists():
        return 0  # a private (or held) deck: its likers may not see it any more
    muted = NotificationMute.objects.filter(kind=Kind.DECK_VERSION).values("user")
    likers = (
        Like.objects.filter(deck=deck, user__is_active=True)
        .exclude(user=deck.owner_id)
        .exclude(user__in=muted)
        .values_list("user", flat=True)
    )
    rows = [
        Notification(recipient_id=user, kind=Kind.DECK_VERSION, deck=deck, number=number)
        for user in likers
    ]
    Notification.objects.bulk_create(rows)
    return len(rows)
