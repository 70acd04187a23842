"""Designers as others see them: a profile, the feed of those you follow, the home page's lists.

Everything here is read through the gates of the cards and decks it shows
(`target_viewable_q`), and narrowed to what is public: a profile or a feed never shows private
or unlisted work, nor anything a moderator holds, even to someone who could open it by its
link."""

from __future__ import annotations

import heapq
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.db.models import Count, Q, QuerySet
from django.urls import reverse
from django.utils import timezone

from cards.models import Card, Visibility
from cards.selectors import signed_in_user
from community.models import Follow, Like
from community.selectors import designer_by_name, target_viewable_q
from decks.models import Deck, DeckVersion

FEED_PAGE = 20
HOME_LIST = 6
WEEK = timedelta(days=7)


def _public(kind: str, viewer: Any) -> Q:
    """What anyone may find: public, and through the viewer's gate (moderators' holds too)."""
    return target_viewable_q(kind, viewer) & Q(visibility=Visibility.PUBLIC)


def public_cards(viewer: Any) -> QuerySet[Card]:
    return Card.objects.filter(_public("card", viewer), hold__isnull=True)


def public_decks(viewer: Any) -> QuerySet[Deck]:
    return Deck.objects.filter(_public("deck", viewer), hold__isnull=True)


# -- profiles ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Profile:
    """A designer's page: who they are and what they made public."""

    designer: Any
    cards: int
    decks: int
    likes_received: int
    followers: int
    following: int

    @property
    def username(self) -> str:
        return str(self.designer.username)

    @property
    def joined(self) -> datetime:
        return self.designer.date_joined  # type: ignore[no-any-return]


def profile_of(*, username: str, viewer: Any) -> Profile:
    """Http404 when no active account has that name."""
    designer = designer_by_name(username)
    cards = public_cards(viewer).filter(owner=designer)
    decks = public_decks(viewer).filter(owner=designer)
    # Likes on what is public now: a like of a card made private since is no longer shown.
    likes = Like.objects.filter(Q(card__in=cards.values("pk")) | Q(deck__in=decks.values("pk")))
    return Profile(
        designer=designer,
        cards=cards.count(),
        decks=decks.count(),
        likes_received=likes.count(),
        followers=Follow.objects.filter(designer=designer, follower__is_active=True).count(),
        following=Follow.objects.filter(follower=designer, designer__is_active=True).count(),
    )


# -- the feed ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class FeedItem:
    """One line of the feed: a card or deck made public, or a new version of a public deck."""

    kind: str  # "card", "deck" or "version"
    when: datetime
    designer: Any
    card: Card | None = None
    deck: Deck | None = None
    number: int | None = None  # the version's

    @property
    def name(self) -> str:
        target = self.card or self.deck
        return target.name if target is not None else ""

    @property
    def url(self) -> str:
        if self.kind == "version" and self.deck is not None:
            return reverse("deck-version", args=[self.deck.pk, self.number])
        target = self.card or self.deck
        return target.get_absolute_url() if target is not None else ""

    @property
    def text(self) -> str:
        if self.kind == "version":
            return f"{self.designer.username} saved version {self.number} of the deck “{self.name}”"
        return f"{self.designer.username} published the {self.kind} “{self.name}”"


@dataclass(frozen=True)
class FeedPage:
    items: list[FeedItem]
    # Where the next page starts (the `before` of its address); None on the last page.
    older: datetime | None


def _newest(items: Iterable[FeedItem], limit: int) -> tuple[list[FeedItem], bool]:
    """The `limit` newest items of several lists each newest first, and whether there are more."""
    merged: Iterator[FeedItem] = heapq.merge(*items, key=lambda item: item.when, reverse=True)  # type: ignore[call-overload]
    page = []
    for item in merged:
        if len(page) == limit:
            return page, True
        page.append(item)
    return page, False


def feed_for(*, user: Any, before: datetime | None = None, limit: int = FEED_PAGE) -> FeedPage:
    """What the people `user` follows made public, and their public decks' new versions,
    newest first: `limit` items older than `before`."""
    user = signed_in_user(user)
    if user is None:
        return FeedPage(items=[], older=None)
    followed = Follow.objects.filter(follower=user).values("designer")
    cards = public_cards(user).filter(owner__in=followed, published__isnull=False)
    decks = public_decks(user).filter(owner__in=followed, published__isnull=False)
    # Version 1 is the deck as first saved: its news is the deck's own line.
    versions = DeckVersion.objects.filter(
        deck__in=decks.values("pk"), shared=True, number__gt=1
    ).select_related("deck__owner")
    if before is not None:
        cards = cards.filter(published__lt=before)
        decks = decks.filter(published__lt=before)
        versions = versions.filter(created__lt=before)
    take = limit + 1
    lists = [
        [
            FeedItem(kind="card", when=card.published, designer=card.owner, card=card)
            for card in cards.select_related("owner").order_by("-published", "-pk")[:take]
        ],
        [
            FeedItem(kind="deck", when=deck.published, designer=deck.owner, deck=deck)
            for deck in decks.select_related("owner").order_by("-published", "-pk")[:take]
        ],
        [
            FeedItem(
                kind="version",
                when=version.created,
                designer=version.deck.owner,
                deck=version.deck,
                number=version.number,
            )
            for version in versions.order_by("-created", "-pk")[:take]
        ],
    ]
    items, more = _newest(lists, limit)
    return FeedPage(items=items, older=items[-1].when if more and items else None)


# -- the home page ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Week:
    """The week's public cards and decks: the newest, and the most liked this week."""

    new_cards: list[Card]
    new_decks: list[Deck]
    liked_cards: list[Card]
    liked_decks: list[Deck]


def _most_liked(kind: str, designs: QuerySet[Any], since: datetime) -> list[Any]:
    """The designs liked most since `since`, most first, each with `week_likes`. Counted from
    the week's likes, so the work grows with them, not with every public card; a few more than
    shown are counted, for those the viewer may not see."""
    counts = (
        Like.objects.filter(created__gte=since, **{f"{kind}__isnull": False})
        .values(kind)
        .annotate(n=Count("pk"))
        .order_by("-n", f"-{kind}")[: HOME_LIST * 4]
    )
    liked = {row[kind]: row["n"] for row in counts}
    shown = {design.pk: design for design in designs.filter(pk__in=list(liked))}
    ranked = [shown[pk] for pk in liked if pk in shown][:HOME_LIST]
    for design in ranked:
        design.week_likes = liked[design.pk]
    return ranked


def this_week(viewer: Any) -> Week:
    since = timezone.now() - WEEK
    cards = public_cards(viewer).select_related("owner")
    decks = public_decks(viewer).select_related("owner")
    return Week(
        new_cards=list(cards.filter(published__gte=since).order_by("-published")[:HOME_LIST]),
        new_decks=list(decks.filter(published__gte=since).order_by("-published")[:HOME_LIST]),
        liked_cards=_most_liked("card", cards, since),
        liked_decks=_most_liked("deck", decks, since),
    )


def recent_own(user: Any) -> tuple[list[Card], list[Deck]]:
    """Someone's own cards and decks they changed last, for their home page."""
    return (
        list(Card.objects.filter(owner=user).order_by("-updated", "-pk")[:HOME_LIST]),
        list(Deck.objects.filter(owner=user).order_by("-updated", "-pk")[:HOME_LIST]),
    )
