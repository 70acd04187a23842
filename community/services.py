"""Writing comments, likes, follows and reports, and the moderators' actions.

Every function is keyword-only and atomic, takes the acting user and checks it itself. Bad
input raises Django's ValidationError with field errors, so the forms and the API show them.
Notifications are sent from here (community.notify), never from views."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone

from cards import services as card_services
from cards.models import Card
from cards.new_account_links import refuse_new_account_links
from cards.selectors import signed_in_user
from community import notify
from community.models import (
    MAX_COMMENT,
    MAX_REASON,
    Comment,
    Follow,
    Hold,
    Kind,
    Like,
    ModerationEntry,
    Notification,
    NotificationMute,
    Report,
    ReportReason,
)
from community.selectors import LikeState, is_moderator, kind_of, like_state, target_viewable_q
from decks.models import Deck

NOT_SHARED = "Only shared cards and decks take comments and likes; share it first."


def _require_user(user: Any) -> Any:
    if signed_in_user(user) is None:
        raise PermissionDenied("Log in first.")
    return user


def _require_shared(user: Any, target: Card | Deck) -> None:
    """The target exists for `user` (the gate, and no moderator's hold), and is shared: a
    private card's or deck's thread would be a conversation its designer cannot have had."""
    kind = kind_of(target)
    model = Card if kind == "card" else Deck
    if not model.objects.filter(target_viewable_q(kind, user), pk=target.pk).exists():
        raise PermissionDenied(f"No such {kind}.")
    if target.visibility == Card.Visibility.PRIVATE:
        raise ValidationError({kind: [NOT_SHARED]})


def clean_comment_text(*, author: Any, text: Any) -> str:
    if not isinstance(text, str) or not text.strip():
        raise ValidationError({"text": ["Write something first: the comment is empty."]})
    text = text.strip()
    if len(text) > MAX_COMMENT:
        raise ValidationError(
            {"text": [f"A comment holds at most {MAX_COMMENT} characters; this has {len(text)}."]}
        )
    refuse_new_account_links(author=author, text=text, field="text")
    return text


@transaction.atomic
def comment_create(*, author: Any, target: Card | Deck, text: Any) -> Comment:
    _require_user(author)
    _require_shared(author, target)
    text = clean_comment_text(author=author, text=text)
    comment = Comment.objects.create(author=author, text=text, **{kind_of(target): target})
    if target.owner_id != author.pk:
        notify.send(recipient=target.owner, kind=Kind.COMMENT, actor=author, comment=comment)
    return comment


def _require_author(comment: Comment, user: Any) -> None:
    _require_user(user)
    if comment.author_id != user.pk:
        raise PermissionDenied("Only the comment's author may change it.")


@transaction.atomic
def comment_update(*, comment: Comment, user: Any, text: Any) -> Comment:
    _require_author(comment, user)
    comment.text = clean_comment_text(author=user, text=text)
    comment.edited = timezone.now()
    comment.save(update_fields=["text", "edited"])
    return comment


@transaction.atomic
def comment_delete(*, comment: Comment, user: Any) -> None:
    _require_author(comment, user)
    comment.delete()


def like_set(*, user: Any, target: Card | Deck, liked: bool) -> LikeState:
    """Like or unlike: the state asked for, whatever it was, so a double click or a retried
    request changes nothing the second time."""
    _require_user(user)
    _require_shared(user, target)
    kind = kind_of(target)
    if liked and target.owner_id == user.pk:  # a like says what others think of it
        raise ValidationError({kind: [f"You cannot like your own {kind}."]})
    if liked:
        try:
            with transaction.atomic():
                Like.objects.get_or_create(user=user, **{kind: target})
        except IntegrityError:
            pass  # the same like, saved by a request at the same moment
    else:
        Like.objects.filter(user=user, **{kind: target}).delete()
    return like_state(user=user, target=target)


def follow_set(*, follower: Any, designer: Any, following: bool) -> bool:
    _require_user(follower)
    if designer.pk == follower.pk:
        raise ValidationError({"designer": ["You cannot follow yourself."]})
    if not following:
        Follow.objects.filter(follower=follower, designer=designer).delete()
        return False
    try:
        with transaction.atomic():
            _follow, created = Follow.objects.get_or_create(follower=follower, designer=designer)
            # Following again after unfollowing tells the designer once, not once a click.
            repeated = Notification.objects.filter(
                recipient=designer, kind=Kind.FOLLOW, actor=follower, read=False
            ).exists()
            if created and not repeated:
                notify.send(recipient=designer, kind=Kind.FOLLOW, actor=follower)
    except IntegrityError:
        pass
    return True


@transaction.atomic
def notifications_read(*, user: Any, ids: list[int] | None = None) -> int:
    """Mark the user's notifications read: those of `ids`, or all of them."""
    _require_user(user)
    unread = Notification.objects.filter(recipient=user, read=False)
    if ids is not None:
        unread = unread.filter(pk__in=ids)
    return unread.update(read=True)


@transaction.atomic
def notification_settings_set(*, user: Any, on: dict[str, bool]) -> set[str]:
    """Switch kinds on and off (kinds not named keep their setting); the kinds now off."""
    _require_user(user)
    unknown = set(on) - set(Kind.values)
    if unknown:
        raise ValidationError({"kinds": [f"Unknown kinds: {', '.join(sorted(unknown))}."]})
    for kind, wanted in on.items():
        if wanted:
            NotificationMute.objects.filter(user=user, kind=kind).delete()
        else:
            NotificationMute.objects.get_or_create(user=user, kind=kind)
    return set(NotificationMute.objects.filter(user=user).values_list("kind", flat=True))


def _clean_reason(reason: Any, field: str, *, required: bool) -> str:
    text = reason.strip() if isinstance(reason, str) else ""
    if required and not text:
        raise ValidationError({field: ["Say why: the reason is shown to the author."]})
    if len(text) > MAX_REASON:
        raise ValidationError({field: [f"At most {MAX_REASON} characters."]})
    return text


@transaction.atomic
def report_create(
    *, reporter: Any, target: Comment | Card | Deck, reason: Any, details: Any = ""
) -> tuple[Report, bool]:
    """Report something to the moderators; (the report, whether it is new). A second report
    of the same thing by the same person while the first is open is the first one."""
    _require_user(reporter)
    if reason not in ReportReason.values:
        raise ValidationError({"reason": ["Choose one of the reasons."]})
    details = _clean_reason(details, "details", required=False)
    kind = "comment" if isinstance(target, Comment) else kind_of(target)
    owner_id = target.author_id if isinstance(target, Comment) else target.owner_id
    if owner_id == reporter.pk:
        raise ValidationError({kind: ["That is your own; delete or change it instead."]})
    existing = Report.objects.filter(reporter=reporter, open=True, **{kind: target}).first()
    if existing is not None:
        return existing, False
    try:
        with transaction.atomic():
            report = Report.objects.create(
                reporter=reporter, reason=reason, details=details, **{kind: target}
            )
    except IntegrityError:
        return Report.objects.get(reporter=reporter, open=True, **{kind: target}), False
    return report, True


@transaction.atomic
def moderate(
    *, moderator: Any, action: str, target: Comment | Card | Deck, reason: Any
) -> ModerationEntry:
    """Hide or restore a comment, a card or a deck, or dismiss its reports; logged, and the
    author told why (unless it is a dismissal, which changes nothing of theirs)."""
    if not is_moderator(moderator):
        raise PermissionDenied("Only moderators may do that.")
    if action not in ModerationEntry.Action.values:
        raise ValidationError({"action": ["Choose hide, restore or dismiss."]})
    reason = _clean_reason(reason, "reason", required=True)
    kind = "comment" if isinstance(target, Comment) else kind_of(target)
    if action == "hide":
        _hide(target, kind, reason)
    elif action == "restore":
        _restore(target, kind)
    if action in ("hide", "dismiss"):
        Report.objects.filter(open=True, **{kind: target}).update(open=False)
    entry = ModerationEntry.objects.create(
        actor=moderator,
        actor_name=moderator.get_username(),
        action=action,
        target_kind=kind,
        target_id=target.pk,
        reason=reason,
    )
    if action != "dismiss":
        author = target.author if isinstance(target, Comment) else target.owner
        notify.send(
            recipient=author,
            kind=Kind.MODERATION,
            action=action,
            reason=reason,
            **{kind: target},
        )
    return entry


def _hide(target: Any, kind: str, reason: str) -> None:
    if kind == "comment":
        target.hidden, target.hidden_reason = True, reason
        target.save(update_fields=["hidden", "hidden_reason"])
    else:
        Hold.objects.update_or_create(**{kind: target}, defaults={"reason": reason})


def _restore(target: Any, kind: str) -> None:
    if kind == "comment":
        target.hidden, target.hidden_reason = False, ""
        target.save(update_fields=["hidden", "hidden_reason"])
    else:
        Hold.objects.filter(**{kind: target}).delete()
        if kind == "card":
            card_services.card_shown_again(card=target)
