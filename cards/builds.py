"""Decks a person has built from the printed copies of their collection.

A deck marked built has the person's copies sleeved in it: those copies are not free for
another deck. The collection page says, card by card, how many copies sit in built decks and
which ones; a deck's shortfall (decks.shortfall) and its print of "only the copies I'm short
of" count them as taken.

Who may mark what: a person marks only decks they may see (decks.selectors.deck_viewable_q):
their own, and the public or unlisted decks of others that they play from their own copies. A
private deck of someone else does not exist for them (Http404 from the views, PermissionDenied
here). A mark is the person's own data and nobody else ever reads it. A deck marked built that
its owner has since made private holds no copies and is not named: the mark stays, and counts
again if the deck is shared again (the person may unmark it then).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from django.core.exceptions import PermissionDenied
from django.db import IntegrityError, transaction
from django.db.models import QuerySet

from cards.models import CollectionEntry, DeckBuild
from decks.models import Board, Deck, DeckEntry
from decks.selectors import deck_viewable_q, user_or_none

# -- writes -----------------------------------------------------------------------------------


def _require_viewer(deck: Deck, user: Any) -> Any:
    user = user_or_none(user)
    if user is None:
        raise PermissionDenied("Log in to mark the decks you have built.")
    if deck.visibility == Deck.Visibility.PRIVATE and deck.owner_id != user.pk:
        raise PermissionDenied("This deck is private.")
    return user


def deck_build_mark(*, user: Any, deck: Deck) -> tuple[DeckBuild, bool]:
    """Mark the deck built by `user`: their copies of its cards are sleeved in it. Marking it
    again changes nothing. Returns the mark and whether it is new."""
    user = _require_viewer(deck, user)
    existing = DeckBuild.objects.filter(owner=user, deck=deck).first()
    if existing is not None:
        return existing, False
    try:
        # Two marks sent at once: the unique constraint keeps one, and the other finds it.
        with transaction.atomic():
            return DeckBuild.objects.create(owner=user, deck=deck), True
    except IntegrityError:
        return DeckBuild.objects.get(owner=user, deck=deck), False


@transaction.atomic
def deck_build_unmark(*, user: Any, deck: Deck) -> bool:
    """Take the mark off: the deck's copies are free again. Returns whether there was one."""
    user = _require_viewer(deck, user)
    deleted, _ = DeckBuild.objects.filter(owner=user, deck=deck).delete()
    return bool(deleted)


# -- reads ------------------------------------------------------------------------------------


def built_decks(*, user: Any) -> QuerySet[Deck]:
    """The decks `user` has marked built and may still see, newest mark first."""
    user = user_or_none(user)
    if user is None:
        return Deck.objects.none()
    return (
        Deck.objects.filter(deck_viewable_q(user), builds__owner=user)
        .select_related("owner")
        .order_by("-builds__built_at", "-pk")
    )


def is_built(*, user: Any, deck: Deck) -> bool:
    user = user_or_none(user)
    return user is not None and DeckBuild.objects.filter(owner=user, deck=deck).exists()


@dataclass(frozen=True)
class BuiltUse:
    """Copies of one card sleeved in one of the person's built decks."""

    deck_id: int
    deck_name: str
    copies: int

    @property
    def url(self) -> str:
        return Deck(pk=self.deck_id).get_absolute_url()


def copies_in_built_decks(
    *, user: Any, card_ids: Iterable[int], leave_out: Deck | None = None
) -> dict[int, list[BuiltUse]]:
    """For each of the cards, the built decks of `user` (those they may still see) that hold
    copies of it, with how many: the deck itself, not its maybeboard. `leave_out` is a deck not
    to count (the one being looked at)."""
    user = user_or_none(user)
    ids = list(card_ids)
    if user is None or not ids:
        return {}
    decks = Deck.objects.filter(deck_viewable_q(user), builds__owner=user)
    if leave_out is not None:
        decks = decks.exclude(pk=leave_out.pk)
    rows = (
        DeckEntry.objects.filter(board=Board.MAIN, card_id__in=ids, deck__in=decks)
        .order_by("deck__name", "deck_id")
        .values_list("card_id", "deck_id", "deck__name", "count")
    )
    uses: dict[int, list[BuiltUse]] = {}
    for card_id, deck_id, name, count in rows:
        uses.setdefault(card_id, []).append(BuiltUse(deck_id, name, count))
    return uses


@dataclass(frozen=True)
class CardBuilds:
    """Where the copies of one card of the collection are: in built decks, or free."""

    owned: int
    uses: tuple[BuiltUse, ...]

    @property
    def in_built(self) -> int:
        return sum(use.copies for use in self.uses)

    @property
    def free(self) -> int:
        return max(0, self.owned - self.in_built)

    @property
    def short(self) -> int:
        """Copies the built decks hold beyond those owned: printed stand-ins, or a count to fix."""
        return max(0, self.in_built - self.owned)


def collection_builds(*, user: Any, entries: Iterable[CollectionEntry]) -> list[CollectionEntry]:
    """The collection entries of `user`, each with where its copies are (`entry.builds`, a
    CardBuilds). The entries are the collection's (cards.selectors.collection_entries): cards
    the user may see."""
    entries = list(entries)
    uses = copies_in_built_decks(user=user, card_ids=[entry.card_id for entry in entries])
    for entry in entries:
        entry.builds = CardBuilds(entry.copies, tuple(uses.get(entry.card_id, ())))
    return entries
