"""A person's tags, folders, archive marks and saved searches. They live in tables of their
own, beside the cards and decks they sort: a card or deck knows nothing of them, and removing
any of them leaves the cards and decks as they were."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.urls import reverse

from cards.models import Card
from decks.models import Deck
from shelves.limits import MAX_FOLDER_NAME, MAX_SMART_NAME, MAX_SMART_QUERY, MAX_TAG_LENGTH


class Holds(models.TextChoices):
    """What a folder or a saved search holds."""

    CARDS = "cards", "Cards"
    DECKS = "decks", "Decks"
    MIXED = "mixed", "Cards and decks"


class Tag(models.Model):
    """One of a person's private labels. Its name is stored without case (cards.search.tag_name),
    as `tag:` searches it."""

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="shelf_tags"
    )
    name = models.CharField(max_length=MAX_TAG_LENGTH)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(fields=["owner", "name"], name="shelves_tag_owner_name")
        ]

    def __str__(self) -> str:
        return self.name


class CardTag(models.Model):
    tag = models.ForeignKey(Tag, on_delete=models.CASCADE, related_name="card_tags")
    card = models.ForeignKey(Card, on_delete=models.CASCADE, related_name="+")

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["tag", "card"], name="shelves_cardtag_tag_card")
        ]
        indexes = [models.Index(fields=["card", "tag"], name="shelves_cardtag_card")]

    def __str__(self) -> str:
        return f"{self.tag_id}: card {self.card_id}"


class DeckTag(models.Model):
    tag = models.ForeignKey(Tag, on_delete=models.CASCADE, related_name="deck_tags")
    deck = models.ForeignKey(Deck, on_delete=models.CASCADE, related_name="+")

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["tag", "deck"], name="shelves_decktag_tag_deck")
        ]
        indexes = [models.Index(fields=["deck", "tag"], name="shelves_decktag_deck")]

    def __str__(self) -> str:
        return f"{self.tag_id}: deck {self.deck_id}"


class Folder(models.Model):
    """A folder of a person's cards, decks or both, inside another folder or at the top."""

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="shelf_folders"
    )
    # Deleting a folder moves what it holds up first (shelves.services.folder_delete); the
    # cascade is for an account deleted with everything in it.
    parent = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.CASCADE, related_name="children"
    )
    name = models.CharField(max_length=MAX_FOLDER_NAME)
    holds = models.CharField(max_length=5, choices=Holds.choices, default=Holds.MIXED)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name", "pk"]
        indexes = [models.Index(fields=["owner", "parent"], name="shelves_folder_owner")]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("shelves-folder", args=[self.pk])

    @property
    def takes_cards(self) -> bool:
        return self.holds != Holds.DECKS

    @property
    def takes_decks(self) -> bool:
        return self.holds != Holds.CARDS


class FolderCard(models.Model):
    """Where one of a person's cards sits: one folder at most (moving it changes the folder)."""

    folder = models.ForeignKey(Folder, on_delete=models.CASCADE, related_name="card_places")
    card = models.OneToOneField(Card, on_delete=models.CASCADE, related_name="+")

    def __str__(self) -> str:
        return f"card {self.card_id} in {self.folder_id}"


class FolderDeck(models.Model):
    folder = models.ForeignKey(Folder, on_delete=models.CASCADE, related_name="deck_places")
    deck = models.OneToOneField(Deck, on_delete=models.CASCADE, related_name="+")

    def __str__(self) -> str:
        return f"deck {self.deck_id} in {self.folder_id}"


class ArchivedCard(models.Model):
    """A card its owner put away: gone from their own lists until shown or brought back. Others
    see it as before."""

    card = models.OneToOneField(Card, on_delete=models.CASCADE, related_name="+")
    archived = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"card {self.card_id}, archived"


class ArchivedDeck(models.Model):
    deck = models.OneToOneField(Deck, on_delete=models.CASCADE, related_name="+")
    archived = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"deck {self.deck_id}, archived"


class SmartFolder(models.Model):
    """A saved search in the site's own syntax (cards.search), over a person's cards or decks."""

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="smart_folders"
    )
    name = models.CharField(max_length=MAX_SMART_NAME)
    query = models.CharField(max_length=MAX_SMART_QUERY)
    holds = models.CharField(
        max_length=5,
        choices=[(Holds.CARDS, Holds.CARDS.label), (Holds.DECKS, Holds.DECKS.label)],
        default=Holds.CARDS,
    )
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name", "pk"]
        indexes = [models.Index(fields=["owner", "name"], name="shelves_smart_owner")]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("shelves-smart", args=[self.pk])
