"""Shelves for the site-wide tests (authorization, privacy walk, schema fuzzing): a person's
folder with a folder inside it, a tag on their card and deck, a saved search."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from shelves import services
from shelves.models import ArchivedCard, ArchivedDeck, CardTag, DeckTag, Folder, SmartFolder, Tag


@dataclass(frozen=True)
class Shelves:
    folder: Folder
    inner: Folder
    tag: Tag
    smart: SmartFolder


def make_shelves(owner: Any, card: Any = None, deck: Any = None, *, tag: str = "embers") -> Shelves:
    folder = services.folder_create(user=owner, name=f"{owner.username}'s folder")
    inner = services.folder_create(user=owner, name="Inside", parent=folder)
    cards = [card] if card is not None and card.owner_id == owner.pk else []
    decks = [deck] if deck is not None and deck.owner_id == owner.pk else []
    if cards or decks:
        made = services.items_tag(user=owner, name=tag, cards=cards, decks=decks)
        services.items_move(user=owner, folder=inner, cards=cards, decks=decks)
    else:
        made = services.tag_ensure(user=owner, name=tag)
    smart = services.smart_folder_create(user=owner, name="Embers", query=f"tag:{tag}")
    return Shelves(folder=folder, inner=inner, tag=made, smart=smart)


def shelves_snapshot() -> tuple[Any, ...]:
    """Everything on everyone's shelves, for checking that a refused request changed none."""
    return (
        list(Tag.objects.order_by("pk").values_list("pk", "owner", "name")),
        list(CardTag.objects.order_by("pk").values_list("tag", "card")),
        list(DeckTag.objects.order_by("pk").values_list("tag", "deck")),
        list(Folder.objects.order_by("pk").values_list("pk", "owner", "parent", "name", "holds")),
        list(ArchivedCard.objects.order_by("pk").values_list("card")),
        list(ArchivedDeck.objects.order_by("pk").values_list("deck")),
        list(SmartFolder.objects.order_by("pk").values_list("pk", "owner", "name", "query")),
    )


def shelves_of(card: Any, deck: Any = None) -> Shelves:
    """The card's owner's shelves, made the first time they are asked for (the browser tests'
    pages ask once each)."""
    owner = card.owner
    folder = Folder.objects.filter(owner=owner, parent=None).order_by("pk").first()
    if folder is None:
        return make_shelves(owner, card, deck)
    inner = Folder.objects.get(parent=folder)
    tag = Tag.objects.filter(owner=owner).order_by("pk").first()
    smart = SmartFolder.objects.filter(owner=owner).order_by("pk").first()
    assert tag is not None and smart is not None
    return Shelves(folder=folder, inner=inner, tag=tag, smart=smart)
