"""A set: cards released together, each numbered in it, by one designer or several."""

from __future__ import annotations

from django.conf import settings
from django.core.validators import RegexValidator
from django.db import models
from django.urls import reverse

from cards.models import Visibility
from decks.models import default_edition
from sets.limits import CODE_PATTERN, MAX_DESCRIPTION, MAX_NAME

code_validator = RegexValidator(
    CODE_PATTERN, "A set's code is 2 to 5 capital letters, like EMB or WISPS."
)


class CardSet(models.Model):
    """A designer's set. Until it is released only its designers see it, whatever its
    visibility says; the release makes it and every card in it public at once."""

    Visibility = Visibility

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="card_sets"
    )
    name = models.CharField(max_length=MAX_NAME)
    code = models.CharField(max_length=5, validators=[code_validator])
    description = models.TextField(max_length=MAX_DESCRIPTION, blank=True)
    # The symbol printed beside the number: a small PNG, checked and re-encoded
    # (cards.images), kept in the row so it travels with the set and is served through its gate.
    symbol = models.BinaryField(blank=True, default=b"")
    visibility = models.CharField(
        max_length=10, choices=Visibility.choices, default=Visibility.PRIVATE
    )
    # The edition the set was made for: its cards are judged under it as well as the current one.
    edition = models.PositiveSmallIntegerField(default=default_edition)
    release_at = models.DateTimeField(null=True, blank=True)
    released_at = models.DateTimeField(null=True, blank=True)
    # What the release changed, so that undoing it puts it back.
    visibility_before_release = models.CharField(max_length=10, blank=True)
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-updated", "-pk"]
        constraints = [
            models.UniqueConstraint(fields=["owner", "code"], name="set_code_unique_per_owner"),
        ]
        indexes = [models.Index(fields=["release_at"], name="set_release_at")]

    def __str__(self) -> str:
        return f"{self.name} ({self.code})"

    def get_absolute_url(self) -> str:
        return reverse("set-detail", args=[self.pk])

    @property
    def released(self) -> bool:
        return self.released_at is not None

    @property
    def scheduled(self) -> bool:
        return self.released_at is None and self.release_at is not None


class SetDesigner(models.Model):
    """A co-owner of a set: invited by its owner, a designer of it once they accept. Each
    designer adds their own cards."""

    card_set = models.ForeignKey(CardSet, on_delete=models.CASCADE, related_name="designers")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="set_memberships"
    )
    accepted = models.BooleanField(default=False)
    invited = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["pk"]
        constraints = [
            models.UniqueConstraint(fields=["card_set", "user"], name="set_designer_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.user_id} in set {self.card_set_id}"


class SetEntry(models.Model):
    """A card's place in a set: its number is its position, from 1."""

    card_set = models.ForeignKey(CardSet, on_delete=models.CASCADE, related_name="entries")
    card = models.ForeignKey("cards.Card", on_delete=models.CASCADE, related_name="set_entries")
    position = models.PositiveIntegerField()
    # What the release changed on the card: its visibility before, and the revision it was
    # released at (a later revision shows as "changed after release").
    visibility_before_release = models.CharField(max_length=10, blank=True)
    released_revision = models.PositiveIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["card_set", "position"]
        constraints = [
            models.UniqueConstraint(fields=["card_set", "card"], name="set_entry_unique_card"),
            models.UniqueConstraint(
                fields=["card_set", "position"], name="set_entry_unique_position"
            ),
        ]
        verbose_name_plural = "set entries"

    def __str__(self) -> str:
        return f"{self.card_id} as number {self.position} of set {self.card_set_id}"
