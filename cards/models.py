"""Cards people design, their revisions, their verdicts per edition, and collections."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from django.conf import settings
from django.db import models
from django.dispatch import Signal
from django.urls import reverse
from django.utils import timezone

from cards import rules, search
from cards.limits import MAX_ART_ZOOM, MAX_CREDIT, MAX_NAME
from cards.render import ART_DEFAULTS

# What the rules read of a card: rules.Card's fields.
RULES_FIELDS = (
    "name",
    "kind",
    "design_edition",
    "level",
    "sp",
    "hp",
    "ability_text",
    "flavor_text",
)


def rules_card(card: Any) -> rules.Card:
    """What the rules read of a card, a stored one or a definition being checked."""
    return rules.Card(**{field: getattr(card, field) for field in RULES_FIELDS})


DEFINITION_FIELDS = (
    *RULES_FIELDS,
    # How the picture is framed and whom it credits: printed, but not read by the rules.
    *ART_DEFAULTS,
)


class Visibility(models.TextChoices):
    PRIVATE = "private", "Private — only you"
    UNLISTED = "unlisted", "Unlisted — anyone with the link"
    PUBLIC = "public", "Public — in the gallery"


# Sent once for each card or deck, when it is first made public (as a keyword argument,
# `design`): followers hear of it (community.signals). Sent after the row is saved, inside the
# caller's transaction, so a rolled-back change tells no one.
design_published = Signal()

# Cards and decks made public inside `published_together()` are announced by whoever made them
# public together (a set's release, by the set's own notice): the signal says `together=True`.
_published_together: ContextVar[bool] = ContextVar("published_together", default=False)


@contextmanager
def published_together() -> Iterator[None]:
    token = _published_together.set(True)
    try:
        yield
    finally:
        _published_together.reset(token)


class SharedDesign(models.Model):
    """What cards and decks have alike: who may see them, where they were copied from."""

    Visibility = Visibility

    visibility = models.CharField(
        max_length=10, choices=Visibility.choices, default=Visibility.PRIVATE
    )
    forked_from = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="forks"
    )
    # Kept as text so the credit survives when the original is deleted or made private.
    forked_from_name = models.CharField(max_length=100, blank=True)
    forked_from_owner = models.CharField(max_length=150, blank=True)
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)
    # When it was first made public: its moment in its designer's followers' feed. Kept when it
    # is made private again, so showing it once more is not news a second time.
    published = models.DateTimeField(null=True, blank=True, editable=False)

    class Meta:
        abstract = True

    def save(self, *args: Any, **kwargs: Any) -> None:
        first_shown = self.visibility == Visibility.PUBLIC and self.published is None
        if first_shown:
            self.published = timezone.now()
            fields = kwargs.get("update_fields")
            if fields is not None:
                kwargs["update_fields"] = {*fields, "published"}
        super().save(*args, **kwargs)
        if first_shown:
            design_published.send(
                sender=type(self), design=self, together=_published_together.get()
            )


class Card(SharedDesign):
    """A card as its designer saved it. The printed fields follow the 13th/14th layout."""

    # A stand-in for a card the viewer may not see says so (see cards.selectors.withheld_card).
    withheld = False
    withdrawn = False

    class Kind(models.TextChoices):
        MINION = "minion", "Minion"
        SPELL = "spell", "Spell"

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="cards"
    )
    name = models.CharField(max_length=MAX_NAME)
    kind = models.CharField(max_length=10, choices=Kind.choices)
    design_edition = models.PositiveSmallIntegerField(
        null=True, blank=True, verbose_name="Edition Indicator"
    )
    level = models.PositiveSmallIntegerField()
    sp = models.PositiveSmallIntegerField(null=True, blank=True, verbose_name="SP")
    hp = models.PositiveSmallIntegerField(null=True, blank=True, verbose_name="HP")
    ability_text = models.TextField(blank=True)
    flavor_text = models.TextField(blank=True)
    image = models.FileField(upload_to="cards/", blank=True, max_length=200)
    # The picture's framing (see cards.render.CardFace) and its credit line.
    art_zoom = models.FloatField(default=ART_DEFAULTS["art_zoom"])
    art_x = models.FloatField(default=ART_DEFAULTS["art_x"])
    art_y = models.FloatField(default=ART_DEFAULTS["art_y"])
    artist = models.CharField(max_length=MAX_CREDIT, blank=True)
    art_licence = models.CharField(max_length=MAX_CREDIT, blank=True)
    # The credit (forked_from_name, forked_from_owner) is of a card read from a deck file,
    # not of one copied on the site: the file names its designer, not the card itself.
    imported = models.BooleanField(default=False)
    # The editions the card is playable under (legal, or refurbished), sorted: the playable
    # rows of its verdicts (CardVerdict, still the one source for each edition's verdict),
    # kept on the card as well so that PostgreSQL indexes them beside its words and answers
    # `legal:14 wolf` from both indexes at once rather than joining the verdicts card by card.
    # Written with the verdicts, in one place: cards.verdicts.card_verdicts_refresh.
    playable_in = models.JSONField(default=list, blank=True, editable=False)

    class Meta:
        ordering = ["-updated", "-pk"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(art_zoom__gte=1.0, art_zoom__lte=MAX_ART_ZOOM),
                name="card_art_zoom_range",
            ),
            models.CheckConstraint(
                condition=models.Q(art_x__gte=0.0, art_x__lte=1.0, art_y__gte=0.0, art_y__lte=1.0),
                name="card_art_focus_range",
            ),
        ]
        indexes = [
            models.Index(fields=["visibility", "-updated"], name="card_visibility_updated"),
            models.Index(fields=["owner", "-updated"], name="card_owner_updated"),
            # A designer's feed of what they made public (community.feed), and the week's
            # new designs on the home page.
            models.Index(fields=["owner", "-published"], name="card_owner_published"),
            models.Index(fields=["-published"], name="card_published"),
            # One for each order of the card search (cards.search.sort_expressions), read
            # either way. The words are indexed by migration 0003: PostgreSQL's search vector
            # and SQLite's FTS5 table are not fields of the model.
            *(
                models.Index(*search.sort_expressions(order, down), name=f"card_by_{name}")
                for name, order, down in search.INDEXED_ORDERS
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("card-detail", args=[self.pk])

    def definition(self) -> dict[str, Any]:
        """The card object of the check API (and of exports, revisions and copies).

        The picture's framing and credit are given only when they differ from a card without
        them (ART_DEFAULTS): left out, they read as those values, so the card object of a card
        that has none is the same as before they could be set."""
        return {
            field: getattr(self, field)
            for field in DEFINITION_FIELDS
            if field not in ART_DEFAULTS or getattr(self, field) != ART_DEFAULTS[field]
        }

    def to_rules_card(self) -> rules.Card:
        return rules_card(self)

    @property
    def is_minion(self) -> bool:
        return self.kind == self.Kind.MINION

    @property
    def render_version(self) -> str:
        """Changes whenever the card is saved; lets render URLs be cached by browsers."""
        stamp = self.updated.timestamp() if self.updated else 0
        return f"{int(stamp * 1000):x}"


class CardRevision(models.Model):
    """A saved state of a card's printed content. Number 1 is the card as first saved."""

    card = models.ForeignKey(Card, on_delete=models.CASCADE, related_name="revisions")
    number = models.PositiveIntegerField()
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    note = models.CharField(max_length=200, blank=True)
    # The definition plus "image": the stored file name ("" when the card has none).
    data = models.JSONField()
    # Whether others could ever see this state: the card was unlisted or public while it was
    # the newest revision. History shows others only shared revisions, so text written while
    # the card was private never reaches them, even after the card is shared again.
    shared = models.BooleanField(default=False)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["card", "number"]
        constraints = [
            models.UniqueConstraint(fields=["card", "number"], name="card_revision_unique_number")
        ]

    def __str__(self) -> str:
        return f"{self.card_id} r{self.number}"


class CardVerdict(models.Model):
    """A card's verdict under one edition, kept fresh on save so searches can filter on it.

    `rules_version` fingerprints what the row was judged by: the rules engine, the edition's
    data, and the data and guide of the card's design edition (cards.verdicts.fingerprint).
    Rows judged by other rules are stale: the site judges such a card again when it shows it,
    and the refresh queued after migrate (cards.tasks) re-judges them all.
    """

    card = models.ForeignKey(Card, on_delete=models.CASCADE, related_name="verdicts")
    edition = models.PositiveSmallIntegerField()
    verdict = models.CharField(max_length=12, choices=[(v.value, v.value) for v in rules.Verdict])
    playable = models.BooleanField()
    # How many warnings the check gave: the badge of a list ("Legal · 1 warning") reads it
    # here rather than running the rules for every card listed.
    warnings = models.PositiveSmallIntegerField(default=0)
    rules_version = models.CharField(max_length=64)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["card", "edition"], name="card_verdict_unique_edition")
        ]
        indexes = [models.Index(fields=["edition", "playable"], name="card_verdict_playable")]

    def __str__(self) -> str:
        return f"{self.card_id} @{self.edition}: {self.verdict}"


class VerdictRefresh(models.Model):
    """One re-judging of the stored cards, queued after migrate (or by hand): how far it has
    gone, so that `legal:` searches can say their verdicts are being updated."""

    started = models.DateTimeField(auto_now_add=True)
    total = models.PositiveIntegerField()  # the cards on file when it started
    done = models.PositiveIntegerField(default=0)  # the cards its chunks have been through
    updated = models.DateTimeField()  # when a chunk last came in (or it started)
    finished = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-started", "-pk"]

    def __str__(self) -> str:
        return f"Verdict refresh {self.pk}: {self.done}/{self.total}"

    @property
    def percent(self) -> int:
        """How far it has gone, in whole percent: 100 only when finished."""
        if self.finished is not None or not self.total:
            return 100
        return min(99, self.done * 100 // self.total)


class VerdictRefreshChunk(models.Model):
    """A chunk of a refresh that has been counted, by its first card's id: a chunk delivered
    twice (its worker lost before it said it was done) counts once."""

    refresh = models.ForeignKey(VerdictRefresh, on_delete=models.CASCADE, related_name="chunks")
    first = models.BigIntegerField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["refresh", "first"], name="one_count_a_refresh_chunk")
        ]

    def __str__(self) -> str:
        return f"Chunk from card {self.first} of verdict refresh {self.refresh_id}"


class CollectionEntry(models.Model):
    """A card in someone's collection, with how many printed copies they own."""

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="collection"
    )
    card = models.ForeignKey(Card, on_delete=models.CASCADE, related_name="collection_entries")
    copies = models.PositiveIntegerField(default=0)
    added = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-added", "-pk"]
        constraints = [
            models.UniqueConstraint(fields=["owner", "card"], name="collection_unique_card")
        ]
        verbose_name_plural = "collection entries"

    def __str__(self) -> str:
        return f"{self.owner_id}: {self.card_id} ×{self.copies}"


class DeckBuild(models.Model):
    """A deck someone has built from their printed copies: those copies are sleeved in it, so
    another deck cannot use them (see cards.builds). Only decks the person may see are marked,
    and only the ones they may still see hold copies."""

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="deck_builds"
    )
    # By name: decks.models imports this module.
    deck = models.ForeignKey("decks.Deck", on_delete=models.CASCADE, related_name="builds")
    built_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-built_at", "-pk"]
        constraints = [
            models.UniqueConstraint(fields=["owner", "deck"], name="deck_build_unique_deck")
        ]

    def __str__(self) -> str:
        return f"{self.owner_id}: deck {self.deck_id} built"
