"""Sending notifications: one place decides who is told, so "no one asked" is never "everyone".

A notification goes to one named person, and only when they have not switched its kind off.
The deck-version notice goes to the people who actually like the deck and may see it."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import timedelta
from typing import Any

from django.db.models import F
from django.utils import timezone

from community.models import Follow, Kind, Like, Notification, NotificationMute

# A designer's followers hear of what they publish at most once in this time: later cards and
# decks are counted on the same notice, which is marked unread again.
PUBLISHED_NOTICE_EVERY = timedelta(days=1)


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


def designer_published(*, design: Any) -> int:
    """Tell the followers of `design`'s designer that it is public now, as one notice a day per
    designer: the first of the day names the card or deck, later ones add to its count. How
    many followers were told anew."""
    kind = "card" if design._meta.model_name == "card" else "deck"
    muted = NotificationMute.objects.filter(kind=Kind.PUBLISHED).values("user")
    followers = set(
        Follow.objects.filter(designer=design.owner_id, follower__is_active=True)
        .exclude(follower__in=muted)
        .values_list("follower", flat=True)
    )
    if not followers:
        return 0
    since = timezone.now() - PUBLISHED_NOTICE_EVERY
    today = Notification.objects.filter(
        kind=Kind.PUBLISHED,
        actor=design.owner_id,
        recipient__in=followers,
        created__gte=since,
        card_set__isnull=True,
    )
    told = set(today.values_list("recipient", flat=True))
    today.update(count=F("count") + 1, read=False)
    rows = [
        Notification(
            recipient_id=user, kind=Kind.PUBLISHED, actor_id=design.owner_id, **{kind: design}
        )
        for user in followers - told
    ]
    Notification.objects.bulk_create(rows)
    return len(rows)


def set_released(*, card_set: Any, designer_ids: Iterable[int]) -> int:
    """Tell the followers of any of the set's designers that it is released: one notice each
    however many of them they follow, from its owner, unless they switched off the notices of
    what designers they follow publish. Someone told of this set before (a release undone, then
    made again) has that notice marked unread, not a second one. How many were told anew."""
    designers = set(designer_ids)
    muted = NotificationMute.objects.filter(kind=Kind.PUBLISHED).values("user")
    followers = set(
        Follow.objects.filter(designer__in=designers, follower__is_active=True)
        .exclude(follower__in=muted)
        .exclude(follower__in=designers)
        .values_list("follower", flat=True)
    )
    if not followers:
        return 0
    before = Notification.objects.filter(
        kind=Kind.PUBLISHED, card_set=card_set, recipient__in=followers
    )
    told = set(before.values_list("recipient", flat=True))
    before.update(read=False)
    rows = [
        Notification(
            recipient_id=user, kind=Kind.PUBLISHED, actor_id=card_set.owner_id, card_set=card_set
        )
        for user in followers - told
    ]
    Notification.objects.bulk_create(rows)
    return len(rows)
