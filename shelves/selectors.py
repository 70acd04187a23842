"""Reading a person's shelves. Everything is the viewer's own: another person's folder, tag or
saved search is not there (404), and the cards and decks read are the viewer's own, through the
site's gates (cards.selectors.cards_visible_to, decks.selectors.decks_visible_to)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.db.models import Count, QuerySet
from django.http import Http404

from cards.models import Card
from cards.search import CardQuery, CardResults, find_cards, tagged_by
from cards.selectors import cards_visible_to
from decks.models import Deck
from decks.selectors import decks_visible_to, user_or_none
from shelves.models import (
    ArchivedCard,
    ArchivedDeck,
    CardTag,
    DeckTag,
    Folder,
    FolderCard,
    FolderDeck,
    SmartFolder,
    Tag,
)
from shelves.queries import archived_cards_q, archived_decks_q


def _owner(user: Any) -> Any:
    owner = user_or_none(user)
    if owner is None:
        raise Http404("Log in to see your shelves.")
    return owner


# -- the viewer's own cards and decks ---------------------------------------------------------


def own_cards(user: Any) -> QuerySet[Card]:
    owner = _owner(user)
    return cards_visible_to(owner).filter(owner=owner)


def own_decks(user: Any) -> QuerySet[Deck]:
    owner = _owner(user)
    return decks_visible_to(owner).filter(owner=owner)


def owned_cards(*, user: Any, ids: Iterable[int]) -> list[Card]:
    """The user's own cards of these ids; a 404 naming the first that is not one of theirs
    (another person's card, even a public one, is not theirs to shelve)."""
    wanted = list(dict.fromkeys(ids))
    found = Card.objects.filter(owner=_owner(user), pk__in=wanted).in_bulk()
    for pk in wanted:
        if pk not in found:
            raise Http404(f"You have no card {pk}.")
    return [found[pk] for pk in wanted]


def owned_decks(*, user: Any, ids: Iterable[int]) -> list[Deck]:
    wanted = list(dict.fromkeys(ids))
    found = Deck.objects.filter(owner=_owner(user), pk__in=wanted).in_bulk()
    for pk in wanted:
        if pk not in found:
            raise Http404(f"You have no deck {pk}.")
    return [found[pk] for pk in wanted]


def my_cards(*, user: Any, q: str | CardQuery = "", show_archived: bool = False) -> CardResults:
    """The user's cards matching the query (`tag:` reading their own tags), the archived ones
    left out unless asked for. Raises QueryError."""
    cards = own_cards(user)
    if not show_archived:
        cards = cards.exclude(archived_cards_q())
    return find_cards(cards, tagged_by(q, user))


def archived_count(user: Any) -> tuple[int, int]:
    """How many of the user's cards and decks are archived."""
    owner = _owner(user)
    return (
        ArchivedCard.objects.filter(card__owner=owner).count(),
        ArchivedDeck.objects.filter(deck__owner=owner).count(),
    )


# -- what a list shows of each item -----------------------------------------------------------


@dataclass
class Shelf:
    """Where one card or deck sits on its owner's shelves."""

    tags: list[str] = field(default_factory=list)
    folder: Folder | None = None
    archived: bool = False


def card_shelves(*, user: Any, cards: Sequence[Card]) -> dict[int, Shelf]:
    owner = user_or_none(user)
    ids = [card.pk for card in cards if owner is not None and card.owner_id == owner.pk]
    shelves = {pk: Shelf() for pk in ids}
    tagged = CardTag.objects.filter(card__in=ids, tag__owner=owner).order_by("tag__name")
    for card_id, name in tagged.values_list("card_id", "tag__name"):
        shelves[card_id].tags.append(name)
    for place in FolderCard.objects.filter(card__in=ids, folder__owner=owner).select_related(
        "folder"
    ):
        shelves[place.card_id].folder = place.folder
    for card_id in ArchivedCard.objects.filter(card__in=ids).values_list("card_id", flat=True):
        shelves[card_id].archived = True
    return shelves


def deck_shelves(*, user: Any, decks: Sequence[Deck]) -> dict[int, Shelf]:
    owner = user_or_none(user)
    ids = [deck.pk for deck in decks if owner is not None and deck.owner_id == owner.pk]
    shelves = {pk: Shelf() for pk in ids}
    tagged = DeckTag.objects.filter(deck__in=ids, tag__owner=owner).order_by("tag__name")
    for deck_id, name in tagged.values_list("deck_id", "tag__name"):
        shelves[deck_id].tags.append(name)
    for place in FolderDeck.objects.filter(deck__in=ids, folder__owner=owner).select_related(
        "folder"
    ):
        shelves[place.deck_id].folder = place.folder
    for deck_id in ArchivedDeck.objects.filter(deck__in=ids).values_list("deck_id", flat=True):
        shelves[deck_id].archived = True
    return shelves


# -- tags, folders, saved searches ------------------------------------------------------------


def tags_of(user: Any) -> QuerySet[Tag]:
    """The user's tags, each with how many of their cards and decks carry it."""
    return Tag.objects.filter(owner=_owner(user)).annotate(
        card_count=Count("card_tags", distinct=True), deck_count=Count("deck_tags", distinct=True)
    )


def tag_for_owner(*, user: Any, pk: int) -> Tag:
    tag = tags_of(user).filter(pk=pk).first()
    if tag is None:
        raise Http404("You have no such tag.")
    return tag


def folders_of(user: Any) -> QuerySet[Folder]:
    return Folder.objects.filter(owner=_owner(user)).annotate(
        card_count=Count("card_places", distinct=True),
        deck_count=Count("deck_places", distinct=True),
    )


def folder_for_owner(*, user: Any, pk: Any) -> Folder:
    folder = folders_of(user).filter(pk=pk).select_related("parent").first()
    if folder is None:
        raise Http404("You have no such folder.")
    return folder


def folder_tree(user: Any) -> list[tuple[Folder, int]]:
    """The user's folders, each after the one it is in, with its depth (0 at the top)."""
    folders = list(folders_of(user))
    children: dict[int | None, list[Folder]] = {}
    for folder in folders:
        children.setdefault(folder.parent_id, []).append(folder)
    tree: list[tuple[Folder, int]] = []

    def visit(parent: int | None, depth: int) -> None:
        for folder in children.get(parent, []):
            tree.append((folder, depth))
            visit(folder.pk, depth + 1)

    visit(None, 0)
    return tree


def breadcrumbs(folder: Folder) -> list[Folder]:
    """The folders around `folder`, from the top down, itself last."""
    trail = [folder]
    seen = {folder.pk}
    while trail[0].parent_id is not None and trail[0].parent_id not in seen:
        parent = Folder.objects.get(pk=trail[0].parent_id)
        seen.add(parent.pk)
        trail.insert(0, parent)
    return trail


def folder_children(folder: Folder) -> QuerySet[Folder]:
    return Folder.objects.filter(parent=folder).annotate(
        card_count=Count("card_places", distinct=True),
        deck_count=Count("deck_places", distinct=True),
    )


def folder_cards(*, user: Any, folder: Folder) -> QuerySet[Card]:
    placed = FolderCard.objects.filter(folder=folder).values("card_id")
    return own_cards(user).filter(pk__in=placed).order_by("name", "pk")


def folder_decks(*, user: Any, folder: Folder) -> QuerySet[Deck]:
    placed = FolderDeck.objects.filter(folder=folder).values("deck_id")
    return own_decks(user).filter(pk__in=placed).order_by("name", "pk")


def smart_folders_of(user: Any) -> QuerySet[SmartFolder]:
    return SmartFolder.objects.filter(owner=_owner(user))


def smart_for_owner(*, user: Any, pk: Any) -> SmartFolder:
    smart = smart_folders_of(user).filter(pk=pk).first()
    if smart is None:
        raise Http404("You have no such saved search.")
    return smart


def folder_choices(user: Any, *, holding: str | None = None) -> list[tuple[int, str]]:
    """The user's folders as a select's choices, indented by depth; `holding` ("cards" or
    "decks") keeps those that take it."""
    choices = []
    for folder, depth in folder_tree(user):
        if holding == "cards" and not folder.takes_cards:
            continue
        if holding == "decks" and not folder.takes_decks:
            continue
        choices.append((folder.pk, "\u2003" * depth + folder.name))
    return choices


def not_archived(decks: QuerySet[Deck]) -> QuerySet[Deck]:
    return decks.exclude(archived_decks_q())
