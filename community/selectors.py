"""Reading comments, likes, follows, notifications and reports, each through the gate of the
card or deck it is about: a thread, a count or a notification exists for a viewer only when
the thing itself does (cards.selectors, decks.selectors), and a moderator's hold hides it from
everyone but its owner and the moderators."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.contrib.auth import get_user_model
from django.db.models import Q, QuerySet
from django.http import Http404
from django.urls import reverse

from cards.models import Card
from cards.selectors import as_id, card_viewable_q, signed_in_user
from community.models import (
    Comment,
    Follow,
    Hold,
    Kind,
    Like,
    Notification,
    NotificationMute,
    Report,
)
from decks.models import Deck
from decks.selectors import deck_viewable_q

TARGETS = ("card", "deck")


def is_moderator(user: Any) -> bool:
    user = signed_in_user(user)
    return user is not None and (user.is_staff or user.has_perm("community.moderate"))


def _unheld(model: type[Card] | type[Deck], user: Any) -> Q:
    """Things with no moderator's hold, or held ones the viewer owns (or moderates)."""
    if is_moderator(user):
        return Q()
    user = signed_in_user(user)
    free = Q(hold__isnull=True)
    return free | Q(owner=user) if user is not None else free


def target_viewable_q(kind: str, user: Any) -> Q:
    gate = card_viewable_q(user, held=True) if kind == "card" else deck_viewable_q(user, held=True)
    return gate & _unheld(Card if kind == "card" else Deck, user)


def target_for_viewer(*, user: Any, kind: str, pk: Any) -> Card | Deck:
    """The card or deck if `user` may see it; Http404 otherwise, as on its own page."""
    pk = as_id(pk)
    if kind not in TARGETS or pk is None:
        raise Http404("No such card or deck.")
    model = Card if kind == "card" else Deck
    found = (
        model.objects.filter(target_viewable_q(kind, user), pk=pk)
        .select_related("owner", "hold")
        .first()
    )
    if found is None:
        raise Http404(f"No such {kind}.")
    return found


def kind_of(target: Card | Deck) -> str:
    return "card" if isinstance(target, Card) else "deck"


def comments_visible_q(user: Any) -> Q:
    """Comments that are not hidden, and hidden ones to their author and the moderators."""
    if is_moderator(user):
        return Q()
    user = signed_in_user(user)
    return Q(hidden=False) | Q(author=user) if user is not None else Q(hidden=False)


def comments_on(*, user: Any, target: Card | Deck) -> QuerySet[Comment]:
    """The thread of a card or deck `user` may see (target_for_viewer), oldest first, with
    each author loaded in the same query."""
    return (
        Comment.objects.filter(comments_visible_q(user), **{kind_of(target): target})
        .select_related("author")
        .order_by("created", "pk")
    )


def comment_for_viewer(*, user: Any, pk: Any) -> Comment:
    """The comment if `user` may see it and what it is on; Http404 otherwise."""
    pk = as_id(pk)
    comment = (
        Comment.objects.filter(comments_visible_q(user), pk=pk)
        .select_related("author", "card", "deck")
        .first()
        if pk is not None
        else None
    )
    if comment is None:
        raise Http404("No such comment.")
    kind = "card" if comment.card_id else "deck"
    target_for_viewer(user=user, kind=kind, pk=comment.card_id or comment.deck_id)
    return comment


@dataclass(frozen=True)
class LikeState:
    count: int
    liked: bool


def like_state(*, user: Any, target: Card | Deck) -> LikeState:
    likes = Like.objects.filter(**{kind_of(target): target})
    user = signed_in_user(user)
    liked = user is not None and likes.filter(user=user).exists()
    return LikeState(count=likes.count(), liked=liked)


def designer_by_name(username: str) -> Any:
    """The account of that name; Http404 when there is none (usernames are public)."""
    # A name no account can have (a NUL byte, which PostgreSQL cannot even compare) is no one.
    if not username or len(username) > 150 or "\x00" in username:
        raise Http404("No such designer.")
    user = get_user_model().objects.filter(username=username, is_active=True).first()
    if user is None:
        raise Http404("No such designer.")
    return user


def follows(*, follower: Any, designer: Any) -> bool:
    follower = signed_in_user(follower)
    return (
        follower is not None
        and Follow.objects.filter(follower=follower, designer=designer).exists()
    )


def following_of(user: Any) -> QuerySet[Follow]:
    return Follow.objects.filter(follower=user).select_related("designer")


def followers_of(user: Any) -> QuerySet[Follow]:
    return Follow.objects.filter(designer=user).select_related("follower")


def muted_kinds(user: Any) -> set[str]:
    return set(NotificationMute.objects.filter(user=user).values_list("kind", flat=True))


def wants(user: Any, kind: str) -> bool:
    return not NotificationMute.objects.filter(user=user, kind=kind).exists()


def notifications_of(user: Any) -> QuerySet[Notification]:
    return Notification.objects.filter(recipient=user).select_related(
        "actor",
        "comment__card__hold",
        "comment__deck__hold",
        "card__hold",
        "deck__hold",
        "card_set",
    )


def unread_count(user: Any) -> int:
    user = signed_in_user(user)
    if user is None:
        return 0
    return Notification.objects.filter(recipient=user, read=False).count()


@dataclass(frozen=True)
class NotificationLine:
    """A notification as its recipient reads it: words and a link, written now through the
    gate, so nothing of a card or deck they may no longer see is in it."""

    notification: Notification
    text: str
    url: str

    @property
    def id(self) -> int:
        return self.notification.pk


def _target_name(notification: Notification, user: Any) -> tuple[str, str]:
    """The name and address of what the notification is about, when `user` may see it."""
    for kind in TARGETS:
        target = getattr(notification, kind)
        if target is None:
            continue
        visible = (
            target.owner_id == user.pk
            or model_visible(kind, target, user)
            and (is_moderator(user) or not held(target))
        )
        if visible:
            return f"“{target.name}”", target.get_absolute_url()
        return f"a {kind} you can no longer see", ""
    return "", ""


def held(target: Card | Deck) -> Hold | None:
    """The moderator's hold on a card or deck, if any (read from select_related when loaded)."""
    try:
        return target.hold
    except Hold.DoesNotExist:
        return None


def model_visible(kind: str, target: Card | Deck, user: Any) -> bool:
    return target.visibility != "private" or target.owner_id == getattr(user, "pk", None)


def notification_line(notification: Notification, user: Any) -> NotificationLine:
    actor = notification.actor.username if notification.actor else "Someone"
    comment = notification.comment
    if comment is not None and notification.card is None and notification.deck is None:
        notification.card, notification.deck = comment.card, comment.deck
    name, url = _target_name(notification, user)
    kind = notification.kind
    if kind == Kind.FOLLOW:
        text = f"{actor} follows you."
    elif kind == Kind.COMMENT:
        text = f"{actor} commented on {name}."
        if comment is not None and comment.hidden and not is_moderator(user):
            text = f"{actor} commented on {name}; a moderator has since hidden the comment."
        elif url and comment is not None:
            url += f"#comment-{comment.pk}"
    elif kind == Kind.PUBLISHED and notification.card_set_id is not None:
        text, url = _set_released_line(notification, actor, user)
    elif kind == Kind.PUBLISHED:
        more = notification.count - 1
        text = f"{actor} published {name or 'a card or deck'}"
        text += f" and {more} more." if more else "."
        if more and notification.actor:
            # The day's cards and decks are on the designer's profile, newest first.
            url = reverse("profile", args=[notification.actor.username])
    elif kind == Kind.DECK_VERSION:
        text = f"{name[:1].upper()}{name[1:]}, a deck you like, has a new version"
        text += f" ({notification.number})." if url else "."
    else:
        what = "comment" if comment is not None else ("card" if notification.card else "deck")
        where = f" on {name}" if comment is not None and name else ""
        if notification.action == "restore":
            text = f"Your {what}{where} was restored: {notification.reason}"
        else:
            text = f"Your {what}{where} was hidden: {notification.reason}"
        if url and comment is not None:
            url += f"#comment-{comment.pk}"
    return NotificationLine(notification=notification, text=text, url=url)


def _set_released_line(notification: Notification, actor: str, user: Any) -> tuple[str, str]:
    """A set's release, named and linked while `user` may see the set (sets.selectors); a
    release undone since leaves nothing of the set in the line."""
    from sets.models import CardSet
    from sets.selectors import set_viewable_q

    card_set = CardSet.objects.filter(set_viewable_q(user), pk=notification.card_set_id).first()
    if card_set is None:
        return f"{actor} released a set you can no longer see.", ""
    return (
        f"{actor} released the set “{card_set.name}” ({card_set.code}).",
        card_set.get_absolute_url(),
    )


def _reports_seen_q(moderator: Any) -> Q:
    """Reports on what `moderator` may still see: a card or deck made private since takes its
    reports with it (and the reports on its thread), so the queue never shows what was written
    after it stopped being shared; shared again, its reports come back."""
    cards = Card.objects.filter(target_viewable_q("card", moderator)).values("pk")
    decks = Deck.objects.filter(target_viewable_q("deck", moderator)).values("pk")
    return (
        Q(card__in=cards)
        | Q(deck__in=decks)
        | Q(comment__card__in=cards)
        | Q(comment__deck__in=decks)
    )


def open_reports(*, moderator: Any) -> QuerySet[Report]:
    """The open reports `moderator` may act on, oldest first."""
    return (
        Report.objects.filter(_reports_seen_q(moderator), open=True)
        .select_related("reporter", "comment", "comment__author", "card", "deck")
        .order_by("created", "pk")
    )


def comment_for_moderator(*, moderator: Any, pk: Any) -> Comment:
    """Any comment, hidden ones too, on a card or deck `moderator` may see; Http404 otherwise
    (a comment on something made private since went with it)."""
    pk = as_id(pk)
    comment = (
        Comment.objects.select_related("author", "card", "deck").filter(pk=pk).first()
        if pk is not None
        else None
    )
    if comment is None:
        raise Http404("No such comment.")
    kind = "card" if comment.card_id else "deck"
    target_for_viewer(user=moderator, kind=kind, pk=comment.card_id or comment.deck_id)
    return comment


def report_target(report: Report) -> tuple[str, Any]:
    if report.comment_id:
        return "comment", report.comment
    if report.card_id:
        return "card", report.card
    return "deck", report.deck
