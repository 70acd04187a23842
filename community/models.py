"""Comments, likes and follows, the notifications they send, and their moderation.

A comment, a like, a report or a moderation hold is about one thing: a card, a deck or (for
reports) a comment. Each names it by a foreign key of its own rather than a generic relation, so
the database checks that it exists, removes what belongs to it when it is deleted, and indexes
the lists that are read most (a card's comments, newest last)."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.exceptions import PermissionDenied
from django.db import models
from django.db.models import Q

MAX_COMMENT = 5000
MAX_REASON = 500


def _one_target(*fields: str) -> Q:
    """Exactly one of `fields` is set."""
    condition = Q()
    for field in fields:
        others = {f"{other}__isnull": True for other in fields if other != field}
        condition |= Q(**{f"{field}__isnull": False}, **others)
    return condition


class Comment(models.Model):
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="comments"
    )
    card = models.ForeignKey(
        "cards.Card", null=True, blank=True, on_delete=models.CASCADE, related_name="comments"
    )
    deck = models.ForeignKey(
        "decks.Deck", null=True, blank=True, on_delete=models.CASCADE, related_name="comments"
    )
    text = models.TextField(max_length=MAX_COMMENT)
    created = models.DateTimeField(auto_now_add=True)
    # Set when the author changes the text, so readers see that it was edited.
    edited = models.DateTimeField(null=True, blank=True)
    # Hidden by a moderator: gone for everyone but its author (who sees why) and moderators.
    hidden = models.BooleanField(default=False)
    hidden_reason = models.CharField(max_length=MAX_REASON, blank=True)

    class Meta:
        ordering = ["created", "pk"]
        constraints = [
            models.CheckConstraint(condition=_one_target("card", "deck"), name="comment_one_target")
        ]
        indexes = [
            models.Index(fields=["card", "created"], name="comment_card_created"),
            models.Index(fields=["deck", "created"], name="comment_deck_created"),
        ]

    def __str__(self) -> str:
        return f"comment {self.pk} by {self.author_id}"

    @property
    def target(self) -> Any:
        return self.card if self.card_id else self.deck


class Like(models.Model):
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    card = models.ForeignKey(
        "cards.Card", null=True, blank=True, on_delete=models.CASCADE, related_name="likes"
    )
    deck = models.ForeignKey(
        "decks.Deck", null=True, blank=True, on_delete=models.CASCADE, related_name="likes"
    )
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.CheckConstraint(condition=_one_target("card", "deck"), name="like_one_target"),
            # One like per person and thing: a second click (or a retried request) is a no-op.
            models.UniqueConstraint(
                fields=["card", "user"], condition=Q(card__isnull=False), name="like_unique_card"
            ),
            models.UniqueConstraint(
                fields=["deck", "user"], condition=Q(deck__isnull=False), name="like_unique_deck"
            ),
        ]

    def __str__(self) -> str:
        return f"like by {self.user_id}"


class Follow(models.Model):
    follower = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="following"
    )
    designer = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="followers"
    )
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created", "-pk"]
        constraints = [
            models.UniqueConstraint(fields=["follower", "designer"], name="follow_unique"),
            models.CheckConstraint(
                condition=~Q(follower=models.F("designer")), name="follow_not_self"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.follower_id} follows {self.designer_id}"


class Kind(models.TextChoices):
    """What a notification is about; each kind can be switched off on its own."""

    COMMENT = "comment", "Comments on your cards and decks"
    FOLLOW = "follow", "Someone follows you"
    DECK_VERSION = "deck_version", "A new version of a deck you like"
    PUBLISHED = "published", "Someone you follow publishes a card or deck"
    MODERATION = "moderation", "A moderator's action on something you wrote"


class Notification(models.Model):
    """One line in someone's notifications. It keeps what it points to, not words about it:
    the line is written when it is shown, through the same gate as everything else, so a card
    or deck made private later shows nothing of itself."""

    recipient = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notifications"
    )
    kind = models.CharField(max_length=20, choices=Kind.choices)
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    comment = models.ForeignKey(
        Comment, null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    card = models.ForeignKey(
        "cards.Card", null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    deck = models.ForeignKey(
        "decks.Deck", null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    # A set's release (community.notify.set_released), read through the sets' gate when shown.
    card_set = models.ForeignKey(
        "sets.CardSet", null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    # A deck version's number; a moderator's action and reason.
    number = models.PositiveIntegerField(null=True, blank=True)
    action = models.CharField(max_length=10, blank=True)
    reason = models.CharField(max_length=MAX_REASON, blank=True)
    # How many cards and decks a "published" notice stands for: one a day per designer, the
    # first named, the rest counted (community.notify.designer_published).
    count = models.PositiveIntegerField(default=1)
    created = models.DateTimeField(auto_now_add=True)
    read = models.BooleanField(default=False)

    class Meta:
        ordering = ["-created", "-pk"]
        indexes = [
            models.Index(fields=["recipient", "-created"], name="notification_recipient"),
            models.Index(fields=["recipient"], condition=Q(read=False), name="notification_unread"),
        ]

    def __str__(self) -> str:
        return f"{self.kind} for {self.recipient_id}"


class NotificationMute(models.Model):
    """A kind of notification someone switched off. Every kind is on until they do."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    kind = models.CharField(max_length=20, choices=Kind.choices)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "kind"], name="mute_unique")]

    def __str__(self) -> str:
        return f"{self.user_id} muted {self.kind}"


class ReportReason(models.TextChoices):
    SPAM = "spam", "Spam or advertising"
    ABUSE = "abuse", "Harassment or hate"
    EXPLICIT = "explicit", "Sexual or violent content"
    COPYRIGHT = "copyright", "Someone else's work"
    OTHER = "other", "Something else"


class Report(models.Model):
    """Someone asks the moderators to look at a comment, a card or a deck. Reports never hide
    anything by themselves: however many there are, only a moderator hides."""

    reporter = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+"
    )
    comment = models.ForeignKey(
        Comment, null=True, blank=True, on_delete=models.CASCADE, related_name="reports"
    )
    card = models.ForeignKey(
        "cards.Card", null=True, blank=True, on_delete=models.CASCADE, related_name="reports"
    )
    deck = models.ForeignKey(
        "decks.Deck", null=True, blank=True, on_delete=models.CASCADE, related_name="reports"
    )
    reason = models.CharField(max_length=12, choices=ReportReason.choices)
    details = models.CharField(max_length=MAX_REASON, blank=True)
    created = models.DateTimeField(auto_now_add=True)
    # Closed when a moderator acts on the thing reported (hides it, or dismisses the reports).
    open = models.BooleanField(default=True)

    class Meta:
        ordering = ["created", "pk"]
        constraints = [
            models.CheckConstraint(
                condition=_one_target("comment", "card", "deck"), name="report_one_target"
            ),
            # One open report per person and thing: many reports from one account count once.
            *(
                models.UniqueConstraint(
                    fields=["reporter", field],
                    condition=Q(open=True, **{f"{field}__isnull": False}),
                    name=f"report_open_unique_{field}",
                )
                for field in ("comment", "card", "deck")
            ),
        ]
        indexes = [models.Index(fields=["created"], condition=Q(open=True), name="report_open")]

    def __str__(self) -> str:
        return f"report {self.pk} by {self.reporter_id}"


class Hold(models.Model):
    """A card or deck a moderator hid, and why. Deleted when it is restored (the log keeps it)."""

    card = models.OneToOneField(
        "cards.Card", null=True, blank=True, on_delete=models.CASCADE, related_name="hold"
    )
    deck = models.OneToOneField(
        "decks.Deck", null=True, blank=True, on_delete=models.CASCADE, related_name="hold"
    )
    reason = models.CharField(max_length=MAX_REASON)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.CheckConstraint(condition=_one_target("card", "deck"), name="hold_one_target")
        ]

    def __str__(self) -> str:
        return f"hold on {'card' if self.card_id else 'deck'} {self.card_id or self.deck_id}"


class AppendOnly(models.QuerySet):
    """The log's rows are written once: no bulk update or delete either."""

    def update(self, **kwargs: Any) -> int:
        raise PermissionDenied("The moderation log is append-only.")

    def delete(self) -> tuple[int, dict[str, int]]:
        raise PermissionDenied("The moderation log is append-only.")


class ModerationEntry(models.Model):
    """Who did what to what, when and why. Targets are kept as kind and id, not foreign keys,
    so the entry outlives what it is about (a deleted comment, a deleted account)."""

    class Action(models.TextChoices):
        HIDE = "hide", "Hid"
        RESTORE = "restore", "Restored"
        DISMISS = "dismiss", "Dismissed the reports on"

    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    actor_name = models.CharField(max_length=150)
    action = models.CharField(max_length=10, choices=Action.choices)
    target_kind = models.CharField(max_length=10)
    target_id = models.PositiveBigIntegerField()
    reason = models.CharField(max_length=MAX_REASON)
    created = models.DateTimeField(auto_now_add=True)

    objects = AppendOnly.as_manager()

    class Meta:
        ordering = ["-created", "-pk"]
        permissions = [("moderate", "Can hide and restore comments, cards and decks")]
        verbose_name_plural = "moderation log"

    def __str__(self) -> str:
        return f"{self.actor_name} {self.action} {self.target_kind} {self.target_id}"

    def save(self, *args: Any, **kwargs: Any) -> None:
        if self.pk is not None:
            raise PermissionDenied("The moderation log is append-only.")
        super().save(*args, **kwargs)

    def delete(self, *args: Any, **kwargs: Any) -> tuple[int, dict[str, int]]:
        raise PermissionDenied("The moderation log is append-only.")
