"""Changing a person's shelves: tags, folders, the archive and saved searches. Each service
takes the acting user and checks that what it changes is theirs; the cards and decks it is
given must be the user's own (shelves.selectors.owned_cards finds them, a 404 for any other).
Nothing here changes or deletes a card or a deck."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction

from cards.models import Card
from cards.search import QueryError, parse_query, split_tag_terms, tag_name, tag_problem
from decks.models import Deck
from kotc_site.inputs import name_problem
from shelves.limits import (
    MAX_BULK,
    MAX_DEPTH,
    MAX_FOLDER_NAME,
    MAX_FOLDERS,
    MAX_SMART_FOLDERS,
    MAX_SMART_NAME,
    MAX_TAGS,
)
from shelves.models import (
    ArchivedCard,
    ArchivedDeck,
    CardTag,
    DeckTag,
    Folder,
    FolderCard,
    FolderDeck,
    Holds,
    SmartFolder,
    Tag,
)

UNSET: Any = object()


def _check_owner(user: Any, *things: Any) -> None:
    for thing in things:
        if thing.owner_id != user.pk:
            raise ValidationError("That is not yours.")


def _check_items(user: Any, cards: Sequence[Card], decks: Sequence[Deck]) -> None:
    if not cards and not decks:
        raise ValidationError({"cards": ["Choose at least one card or deck."]})
    if len(cards) + len(decks) > MAX_BULK:
        raise ValidationError({"cards": [f"Choose at most {MAX_BULK} cards and decks at once."]})
    _check_owner(user, *cards, *decks)


def _clean_name(name: Any, field: str, limit: int) -> str:
    text = (name or "").strip() if isinstance(name, str) else ""
    if not text:
        raise ValidationError({field: ["A name is needed."]})
    if len(text) > limit:
        raise ValidationError({field: [f"At most {limit} characters; this has {len(text)}."]})
    problem = name_problem(text)
    if problem:
        raise ValidationError({field: [problem]})
    return text


def clean_tag_name(name: Any, field: str = "tag") -> str:
    text = tag_name(name) if isinstance(name, str) else ""
    problem = tag_problem(text)
    if problem:
        raise ValidationError({field: [problem]})
    return text


# -- tags -------------------------------------------------------------------------------------


@transaction.atomic
def tag_ensure(*, user: Any, name: Any) -> Tag:
    """The user's tag of that name, made if they have none yet."""
    name = clean_tag_name(name)
    tag = Tag.objects.filter(owner=user, name=name).first()
    if tag is not None:
        return tag
    if Tag.objects.filter(owner=user).count() >= MAX_TAGS:
        raise ValidationError({"tag": [f"You have {MAX_TAGS} tags, the most one may have."]})
    return Tag.objects.get_or_create(owner=user, name=name)[0]


@transaction.atomic
def tag_rename(*, user: Any, tag: Tag, name: Any) -> Tag:
    _check_owner(user, tag)
    name = clean_tag_name(name, "name")
    if Tag.objects.filter(owner=user, name=name).exclude(pk=tag.pk).exists():
        raise ValidationError({"name": [f"You already have a tag named '{name}'."]})
    tag.name = name
    tag.save(update_fields=["name"])
    return tag


@transaction.atomic
def tag_delete(*, user: Any, tag: Tag) -> None:
    """Forget a tag: the cards and decks it labelled stay as they are."""
    _check_owner(user, tag)
    tag.delete()


@transaction.atomic
def items_tag(
    *, user: Any, name: Any, cards: Sequence[Card] = (), decks: Sequence[Deck] = ()
) -> Tag:
    _check_items(user, cards, decks)
    tag = tag_ensure(user=user, name=name)
    have_cards = set(CardTag.objects.filter(tag=tag).values_list("card_id", flat=True))
    have_decks = set(DeckTag.objects.filter(tag=tag).values_list("deck_id", flat=True))
    CardTag.objects.bulk_create(
        [CardTag(tag=tag, card=card) for card in cards if card.pk not in have_cards]
    )
    DeckTag.objects.bulk_create(
        [DeckTag(tag=tag, deck=deck) for deck in decks if deck.pk not in have_decks]
    )
    return tag


@transaction.atomic
def items_untag(
    *, user: Any, name: Any, cards: Sequence[Card] = (), decks: Sequence[Deck] = ()
) -> Tag:
    _check_items(user, cards, decks)
    name = clean_tag_name(name)
    tag = Tag.objects.filter(owner=user, name=name).first()
    if tag is None:
        raise ValidationError({"tag": [f"You have no tag named '{name}'."]})
    CardTag.objects.filter(tag=tag, card__in=[card.pk for card in cards]).delete()
    DeckTag.objects.filter(tag=tag, deck__in=[deck.pk for deck in decks]).delete()
    return tag


# -- the archive ------------------------------------------------------------------------------


@transaction.atomic
def items_archive(
    *, user: Any, cards: Sequence[Card] = (), decks: Sequence[Deck] = (), archived: bool = True
) -> None:
    """Put the cards and decks away (or bring them back): only their owner's lists change."""
    _check_items(user, cards, decks)
    card_ids = [card.pk for card in cards]
    deck_ids = [deck.pk for deck in decks]
    if not archived:
        ArchivedCard.objects.filter(card__in=card_ids).delete()
        ArchivedDeck.objects.filter(deck__in=deck_ids).delete()
        return
    have = set(ArchivedCard.objects.filter(card__in=card_ids).values_list("card_id", flat=True))
    ArchivedCard.objects.bulk_create(
        [ArchivedCard(card_id=pk) for pk in card_ids if pk not in have]
    )
    have = set(ArchivedDeck.objects.filter(deck__in=deck_ids).values_list("deck_id", flat=True))
    ArchivedDeck.objects.bulk_create(
        [ArchivedDeck(deck_id=pk) for pk in deck_ids if pk not in have]
    )


# -- folders ----------------------------------------------------------------------------------


def _depth(folder: Folder | None) -> int:
    """How deep a folder is (1 at the top)."""
    depth = 0
    seen: set[int] = set()
    while folder is not None and folder.pk not in seen:
        seen.add(folder.pk)
        depth += 1
        folder = folder.parent
    return depth


def _height(folder: Folder) -> int:
    """How many levels the folder and the folders inside it make (1 for one with none)."""
    level = [folder.pk]
    height = 0
    while level and height <= MAX_DEPTH:
        height += 1
        level = list(Folder.objects.filter(parent__in=level).values_list("pk", flat=True))
    return height


def _check_parent(user: Any, folder: Folder | None, parent: Folder | None) -> None:
    if parent is None:
        return
    _check_owner(user, parent)
    if folder is not None:
        ancestor: Folder | None = parent
        while ancestor is not None:
            if ancestor.pk == folder.pk:
                raise ValidationError(
                    {"parent": ["A folder cannot go inside itself or a folder inside it."]}
                )
            ancestor = ancestor.parent
    height = _height(folder) if folder is not None else 1
    if _depth(parent) + height > MAX_DEPTH:
        raise ValidationError({"parent": [f"Folders go at most {MAX_DEPTH} deep."]})


def _clean_holds(holds: Any) -> str:
    if holds not in Holds.values:
        raise ValidationError({"holds": ["Choose cards, decks or mixed."]})
    return str(holds)


@transaction.atomic
def folder_create(
    *, user: Any, name: Any, parent: Folder | None = None, holds: Any = Holds.MIXED
) -> Folder:
    name = _clean_name(name, "name", MAX_FOLDER_NAME)
    holds = _clean_holds(holds)
    _check_parent(user, None, parent)
    if Folder.objects.filter(owner=user).count() >= MAX_FOLDERS:
        raise ValidationError({"name": [f"You have {MAX_FOLDERS} folders, the most one may have."]})
    return Folder.objects.create(owner=user, name=name, parent=parent, holds=holds)


@transaction.atomic
def folder_update(
    *, user: Any, folder: Folder, name: Any = UNSET, parent: Any = UNSET, holds: Any = UNSET
) -> Folder:
    """Rename a folder, move it (not into itself or a folder inside it), or change what it
    holds (not while it holds the other kind)."""
    _check_owner(user, folder)
    if name is not UNSET:
        folder.name = _clean_name(name, "name", MAX_FOLDER_NAME)
    if parent is not UNSET:
        _check_parent(user, folder, parent)
        folder.parent = parent
    if holds is not UNSET:
        holds = _clean_holds(holds)
        if holds == Holds.CARDS and folder.deck_places.exists():
            raise ValidationError({"holds": ["The folder holds decks; move them out first."]})
        if holds == Holds.DECKS and folder.card_places.exists():
            raise ValidationError({"holds": ["The folder holds cards; move them out first."]})
        folder.holds = holds
    folder.save()
    return folder


@transaction.atomic
def folder_delete(*, user: Any, folder: Folder) -> None:
    """Delete a folder, never what is in it: its folders and the cards and decks it holds move
    up to the folder around it (or to the top; a card or deck a folder there cannot take is
    left in no folder)."""
    _check_owner(user, folder)
    parent = folder.parent
    Folder.objects.filter(parent=folder).update(parent=parent)
    if parent is not None and parent.takes_cards:
        FolderCard.objects.filter(folder=folder).update(folder=parent)
    if parent is not None and parent.takes_decks:
        FolderDeck.objects.filter(folder=folder).update(folder=parent)
    folder.delete()


@transaction.atomic
def items_move(
    *, user: Any, folder: Folder | None, cards: Sequence[Card] = (), decks: Sequence[Deck] = ()
) -> None:
    """Put the cards and decks in a folder (or in none)."""
    _check_items(user, cards, decks)
    card_ids = [card.pk for card in cards]
    deck_ids = [deck.pk for deck in decks]
    FolderCard.objects.filter(card__in=card_ids).delete()
    FolderDeck.objects.filter(deck__in=deck_ids).delete()
    if folder is None:
        return
    _check_owner(user, folder)
    if cards and not folder.takes_cards:
        raise ValidationError({"folder": [f"“{folder.name}” holds decks only."]})
    if decks and not folder.takes_decks:
        raise ValidationError({"folder": [f"“{folder.name}” holds cards only."]})
    FolderCard.objects.bulk_create([FolderCard(folder=folder, card_id=pk) for pk in card_ids])
    FolderDeck.objects.bulk_create([FolderDeck(folder=folder, deck_id=pk) for pk in deck_ids])


# -- saved searches ---------------------------------------------------------------------------


def clean_smart_query(query: Any, holds: str) -> str:
    """A saved search the lists can read: the card search's syntax for cards; for decks, the
    deck lists' (a name, and tag: terms). Its problem is the search's own message."""
    text = query.strip() if isinstance(query, str) else ""
    if not text:
        raise ValidationError({"query": ["A saved search needs a query, like tag:aggro."]})
    try:
        if holds == Holds.DECKS:
            split_tag_terms(text)
        else:
            parse_query(text)
    except QueryError as error:
        raise ValidationError({"query": [error.message]}) from error
    return text


@transaction.atomic
def smart_folder_create(
    *, user: Any, name: Any, query: Any, holds: Any = Holds.CARDS
) -> SmartFolder:
    name = _clean_name(name, "name", MAX_SMART_NAME)
    if holds not in (Holds.CARDS, Holds.DECKS):
        raise ValidationError({"holds": ["Choose cards or decks."]})
    query = clean_smart_query(query, holds)
    if SmartFolder.objects.filter(owner=user).count() >= MAX_SMART_FOLDERS:
        raise ValidationError(
            {"name": [f"You have {MAX_SMART_FOLDERS} saved searches, the most one may have."]}
        )
    return SmartFolder.objects.create(owner=user, name=name, query=query, holds=holds)


@transaction.atomic
def smart_folder_update(
    *, user: Any, smart: SmartFolder, name: Any = UNSET, query: Any = UNSET, holds: Any = UNSET
) -> SmartFolder:
    _check_owner(user, smart)
    if name is not UNSET:
        smart.name = _clean_name(name, "name", MAX_SMART_NAME)
    if holds is not UNSET:
        if holds not in (Holds.CARDS, Holds.DECKS):
            raise ValidationError({"holds": ["Choose cards or decks."]})
        smart.holds = holds
    smart.query = clean_smart_query(smart.query if query is UNSET else query, smart.holds)
    smart.save()
    return smart


@transaction.atomic
def smart_folder_delete(*, user: Any, smart: SmartFolder) -> None:
    _check_owner(user, smart)
    smart.delete()
