"""The shelves as filters of cards and decks, for the lists that read them (decks.selectors,
shelves.selectors). Only models here, so that a selector of another app may ask without the
shelves' selectors asking it back."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.db.models import Q

from cards.search import Term
from shelves.models import ArchivedCard, ArchivedDeck, DeckTag


def archived_cards_q() -> Q:
    return Q(pk__in=ArchivedCard.objects.values("card_id"))


def archived_decks_q() -> Q:
    return Q(pk__in=ArchivedDeck.objects.values("deck_id"))


def deck_tagged_q(names: Sequence[str], tagger: int | None) -> Q:
    """The decks `tagger` tagged with any of `names`; none without a tagger. No one else's
    tags are read (cards.search.filters.tagged_q for cards)."""
    if tagger is None:
        return Q(pk__in=[])
    tagged = DeckTag.objects.filter(tag__owner_id=tagger, tag__name__in=list(names))
    return Q(pk__in=tagged.values("deck_id"))


def deck_terms_q(terms: Sequence[Term], user: Any) -> Q:
    """Every tag: term of a deck list's search (cards.search.split_tag_terms), for `user`."""
    signed_in = user is not None and getattr(user, "is_authenticated", False)
    tagger = user.pk if signed_in else None
    condition = Q()
    for term in terms:
        tagged = deck_tagged_q(str(term.value).split(","), tagger)
        condition &= ~tagged if term.negated else tagged
    return condition
