"""Decks people build from their own cards and the cards others share."""

from __future__ import annotations

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.urls import reverse

from cards import rules
from cards.models import SharedDesign

MAX_NAME = 100
MAX_DESCRIPTION = 20_000  # a primer: Markdown with sections and card links (cards.markup)
MAX_ENTRIES = 200  # entries of a deck, its maybeboard's included
MAX_COUNT = 100  # copies of one card in a deck


def default_edition() -> int:
    return rules.current_edition().number


class Deck(SharedDesign):
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="decks"
    )
    name = models.CharField(max_length=MAX_NAME)
    description = models.TextField(max_length=MAX_DESCRIPTION, blank=True)
    edition = models.PositiveSmallIntegerField(
        default=default_edition, help_text="The edition the deck is built for."
    )

    class Meta:
        ordering = ["-updated", "-pk"]
        indexes = [
            models.Index(fields=["visibility", "-updated"], name="deck_visibility_updated"),
            models.Index(fields=["owner", "-updated"], name="deck_owner_updated"),
            # A designer's feed of what they made public (community.feed), and the week's
            # new designs on the home page.
            models.Index(fields=["owner", "-published"], name="deck_owner_published"),
            models.Index(fields=["-published"], name="deck_published"),
            # The lists of someone signed in: public decks and their own, newest first. The
            # names' index for searching them is made by migration 0002 (cards.text_index).
            models.Index(fields=["-updated", "-id"], name="deck_updated"),
        ]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("deck-detail", args=[self.pk])

    @property
    def edition_rules(self) -> rules.Edition:
        try:
            return rules.get_edition(self.edition)
        except rules.UnknownEdition:
            # An edition whose data file was removed: judge the deck by the current rules.
            return rules.current_edition()


class Board(models.TextChoices):
    """Where an entry sits: the deck that is played, or the maybeboard of cards being
    considered, which is never counted, judged, drawn, played or printed."""

    MAIN = "main", "Deck"
    MAYBE = "maybe", "Maybeboard"


class DeckEntry(models.Model):
    """Copies of one card in a deck, or on its maybeboard (a card may be on both).

    Deleting a card removes it from every deck that holds it (CASCADE): a card belongs to its
    designer, who may always delete it. The deck's validation then shows the smaller size, and
    an exported deck keeps full copies of its cards, so nothing needs the original to be rebuilt.
    """

    deck = models.ForeignKey(Deck, on_delete=models.CASCADE, related_name="entries")
    card = models.ForeignKey("cards.Card", on_delete=models.CASCADE, related_name="deck_entries")
    count = models.PositiveSmallIntegerField(
        default=1, validators=[MinValueValidator(1), MaxValueValidator(MAX_COUNT)]
    )
    board = models.CharField(max_length=5, choices=Board.choices, default=Board.MAIN)

    class Meta:
        ordering = ["pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["deck", "card", "board"], name="deck_entry_unique_card_board"
            ),
            models.CheckConstraint(
                condition=models.Q(board__in=["main", "maybe"]), name="deck_entry_board_known"
            ),
            models.CheckConstraint(
                condition=models.Q(count__gte=1) & models.Q(count__lte=MAX_COUNT),
                name="deck_entry_count_range",
            ),
        ]
        verbose_name_plural = "deck entries"

    def __str__(self) -> str:
        where = " (maybeboard)" if self.board == Board.MAYBE else ""
        return f"{self.count} × {self.card_id}{where}"


class DeckVersion(models.Model):
    """A saved state of a deck. Number 1 is the deck as first saved; each save after it (the
    owner's "Save version", an edit of the deck's details, an import, a revert) adds the next.
    Changes made in the builder in between are kept on the deck at once and folded into the
    next version, whose diff is against the version before it (see decks.versions).

    `entries` keeps each card as it was (its definition, its owner, whether it was shared)
    beside its count and board, so a version reads the same after its cards change; reading
    it still goes through the card gate, and a card the viewer may not see is withheld."""

    deck = models.ForeignKey(Deck, on_delete=models.CASCADE, related_name="versions")
    number = models.PositiveIntegerField()
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    note = models.CharField(max_length=200, blank=True)
    name = models.CharField(max_length=MAX_NAME)
    description = models.TextField(blank=True)  # the deck's, checked when the deck was saved
    edition = models.PositiveSmallIntegerField()
    entries = models.JSONField(default=list)
    # How many cards were added, removed and given another count since the version before.
    added = models.PositiveIntegerField(default=0)
    removed = models.PositiveIntegerField(default=0)
    changed = models.PositiveIntegerField(default=0)
    # A published snapshot: a state the owner chose to show as it is while they keep editing.
    snapshot = models.BooleanField(default=False)
    # Whether others could ever see this state: the deck was unlisted or public when it was
    # saved. Others see only shared versions, so a deck's private drafts never reach them.
    shared = models.BooleanField(default=False)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["deck", "-number"]
        constraints = [
            models.UniqueConstraint(fields=["deck", "number"], name="deck_version_unique_number")
        ]

    def __str__(self) -> str:
        return f"{self.deck_id} v{self.number}"

    def get_absolute_url(self) -> str:
        return reverse("deck-version", args=[self.deck_id, self.number])
