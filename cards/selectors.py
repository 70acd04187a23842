"""Reading cards and collections, with who may see what in one place.

Private cards are seen by their owner only. Unlisted cards are seen by anyone who has their
address (their id) but are never listed to others. Public cards are listed in the gallery.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.core.exceptions import ObjectDoesNotExist, PermissionDenied
from django.db.models import Count, Exists, OuterRef, Prefetch, Q, QuerySet, Sum
from django.db.models.functions import Coalesce
from django.http import Http404

from cards import rules, verdicts
from cards.limits import MAX_ID
from cards.models import Card, CardRevision, CardVerdict, CollectionEntry
from cards.search import (
    CardQuery,
    CardResults,
    as_query,
    filter_cards,
    find_cards,
    ordering,
    tagged_by,
)


def as_id(value: Any) -> int | None:
    """A value as a row id, or None when it cannot be one (so lookups never overflow)."""
    try:
        number = int(value)
    except (TypeError, ValueError):
        return None
    return number if 1 <= number <= MAX_ID else None


def signed_in_user(user: Any) -> Any:
    """The user when signed in; None for a visitor (AnonymousUser) or no one."""
    return user if user is not None and user.is_authenticated else None


def _with_verdicts(queryset: QuerySet[Card]) -> QuerySet[Card]:
    edition = rules.current_edition().number
    return queryset.select_related("owner").prefetch_related(
        Prefetch(
            "verdicts",
            queryset=CardVerdict.objects.filter(edition=edition),
            to_attr="current_verdicts",
        )
    )


def cards_visible_to(user: Any) -> QuerySet[Card]:
    """The cards `user` may find in lists: their own and the public ones."""
    user = signed_in_user(user)
    public = Q(visibility=Card.Visibility.PUBLIC, hold__isnull=True)
    condition = public | Q(owner=user) if user is not None else public
    return _with_verdicts(Card.objects.filter(condition))


def card_viewable_q(user: Any, *, held: bool = False) -> Q:
    """Cards `user` may open by id: their own, and anyone's public or unlisted ones.

    A card a moderator hid (community.models.Hold) is gone for everyone but its designer;
    `held=True` lets such cards through for the moderators' own pages, which check who asks."""
    user = signed_in_user(user)
    shared = ~Q(visibility=Card.Visibility.PRIVATE)
    if not held:
        shared &= Q(hold__isnull=True)
    return shared | Q(owner=user) if user is not None else shared


def card_held(card: Card) -> bool:
    """Whether a moderator hid the card (community.models.Hold). Read from the loaded row when
    it was selected with it (`select_related("hold")`), from the database otherwise."""
    try:
        card.hold  # noqa: B018 - the reverse one-to-one raises when there is no hold
    except ObjectDoesNotExist:
        return False
    return True


def card_visible_to(card: Card, user: Any) -> bool:
    """Whether `user` may see `card`: card_viewable_q for a card already loaded. A card a
    moderator hid is its designer's alone, as a private one is."""
    user = signed_in_user(user)
    if user is not None and card.owner_id == user.pk:
        return True
    return card.visibility != Card.Visibility.PRIVATE and not card_held(card)


def why_withheld(card: Card) -> str:
    """Why someone other than its designer may not see the card, in a sentence's first words."""
    if card.visibility == Card.Visibility.PRIVATE:
        return "That card is private"
    return "A moderator has hidden that card"


WITHHELD_NAME = "Withheld card"


def withheld_card(card: Card) -> Card:
    """What someone who may not see `card` gets in its place (in a deck, a sample hand, a
    print job): an unsaved blank that says only that a card is there. It keeps the id, so the
    owner of a deck can take it out, and nothing its designer wrote: no name, kind, level,
    stats, text, flavor or picture. Never save it."""
    stand_in = Card(
        pk=card.pk,
        owner_id=card.owner_id,
        visibility=Card.Visibility.PRIVATE,
        name=WITHHELD_NAME,
        kind="",
        level=0,
        ability_text="",
        flavor_text="",
    )
    stand_in.withheld = True
    return stand_in


def for_viewer(card: Card, user: Any) -> Card:
    """The card itself when `user` may see it, its withheld stand-in otherwise."""
    return card if card_visible_to(card, user) else withheld_card(card)


def card_for_viewer(*, user: Any, pk: Any) -> Card:
    """The card if `user` may see it; Http404 otherwise (a private card does not exist to
    anyone but its owner)."""
    pk = as_id(pk)
    if pk is None:
        raise Http404("No such card.")
    card = _with_verdicts(Card.objects.filter(card_viewable_q(user))).filter(pk=pk).first()
    if card is None:
        raise Http404("No such card.")
    return card


def card_for_owner(*, user: Any, pk: Any) -> Card:
    """The card if `user` owns it. Http404 when they may not even see it, PermissionDenied
    when they may see it but not change it."""
    card = card_for_viewer(user=user, pk=pk)
    if signed_in_user(user) is None or card.owner_id != user.pk:
        raise PermissionDenied("Only the card's designer may change it.")
    return card


def viewable_card(*, user: Any, pk: Any) -> Card | None:
    """The card if `user` may open it, or None: for a form or an API that names a card and
    answers a field error rather than a 404 when it cannot be seen."""
    pk = as_id(pk)
    if pk is None:
        return None
    return Card.objects.filter(card_viewable_q(user), pk=pk).first()


def owned_card(*, user: Any, pk: Any) -> Card | None:
    """The card if `user` designed it, or None."""
    pk = as_id(pk)
    if pk is None or signed_in_user(user) is None:
        return None
    return Card.objects.filter(pk=pk, owner=user).first()


def card_original(card: Card, user: Any) -> Card | None:
    """The card `card` was copied from, when `user` may still see it."""
    if not card.forked_from_id:
        return None
    return (
        Card.objects.filter(card_viewable_q(user), pk=card.forked_from_id)
        .select_related("owner")
        .first()
    )


def fork_count(card: Card, user: Any) -> int:
    """How many copies of `card` `user` may see."""
    return card.forks.filter(card_viewable_q(user)).count()


# The card lists below search only among the cards their viewer may see: the query narrows
# that set and orders it (cards.search.find_cards), never widens it. Each is a CardResults
# sequence: it pages like a QuerySet, reading only the page's cards.


def gallery_cards(
    *, user: Any = None, q: str | CardQuery = "", designer: Any = None
) -> CardResults:
    """Public cards matching the query, in its order (relevance when words are searched,
    newest first otherwise); with `designer`, theirs alone (their profile). Raises QueryError."""
    cards = Card.objects.filter(visibility=Card.Visibility.PUBLIC, hold__isnull=True)
    if designer is not None:
        cards = cards.filter(owner=designer)
    return find_cards(_with_verdicts(cards), q)


def cards_owned_by(*, user: Any, q: str | CardQuery = "") -> CardResults:
    cards = _with_verdicts(Card.objects.filter(owner=user))
    return find_cards(cards, tagged_by(q, user))


def cards_listed_for(*, user: Any, q: str | CardQuery = "") -> CardResults:
    """The API list: the user's own cards and public ones, matching the query."""
    # `tag:` reads the viewer's own tags, as on the site's lists.
    return find_cards(cards_visible_to(user), tagged_by(q, user))


# -- pictures ---------------------------------------------------------------------------------


def picture_audience(name: str, user: Any) -> str | None:
    """Who may see the uploaded picture stored as `name`, as far as `user` is concerned:
    "everyone" when a card that others may see shows it (now, or in a shared revision),
    "you" when only `user`'s own cards do, and None when `user` may not see it at all.

    Pictures are stored once under a name made from their content, so one file may serve
    several cards; it may be seen by whoever may see any card or revision that shows it."""
    cards = Card.objects.filter(image=name)
    revisions = CardRevision.objects.filter(data__image=name)
    # Shown to others: a card they may open by id (card_viewable_q: neither private nor hidden
    # by a moderator), or a shared revision of such a card.
    shared = card_viewable_q(None)
    shared_revisions = revisions.filter(shared=True, card__in=Card.objects.filter(shared))
    if cards.filter(shared).exists() or shared_revisions.exists():
        return "everyone"
    user = signed_in_user(user)
    if user is not None and (
        cards.filter(owner=user).exists() or revisions.filter(card__owner=user).exists()
    ):
        return "you"
    return None


# -- collections ----------------------------------------------------------------------------


def collection_entries(*, user: Any, q: str | CardQuery = "") -> QuerySet[CollectionEntry]:
    """The user's collection: their own cards and the ones they saved that they may still see,
    by name unless the query orders them otherwise (relevance, with so few, is by name too)."""
    query = as_query(q)
    visible = Card.objects.filter(card_viewable_q(user))
    cards = filter_cards(visible, query)
    order, descending = query.sort()
    if query.order in (None, "relevance"):
        order, descending = "name", query.direction == "desc"
    return (
        CollectionEntry.objects.filter(owner=user, card__in=cards)
        .select_related("card", "card__owner")
        .prefetch_related(
            Prefetch(
                "card__verdicts",
                queryset=CardVerdict.objects.filter(edition=rules.current_edition().number),
                to_attr="current_verdicts",
            )
        )
        .order_by(*ordering(order, descending, prefix="card__"))
    )


def collection_withdrawn(user: Any) -> int:
    """Cards the user saved that their designers have since made private: gone from the
    collection, and counted so it can say so."""
    user = signed_in_user(user)
    if user is None:
        return 0
    hidden = CollectionEntry.objects.filter(owner=user).exclude(
        card__in=Card.objects.filter(card_viewable_q(user))
    )
    return hidden.count()


def collection_cards(user: Any) -> QuerySet[Card]:
    """Cards in the user's collection: their own and the ones they saved (still visible)."""
    user = signed_in_user(user)
    if user is None:
        return Card.objects.none()
    saved = CollectionEntry.objects.filter(owner=user, card=OuterRef("pk"))
    return _with_verdicts(
        Card.objects.filter(card_viewable_q(user)).filter(Q(owner=user) | Exists(saved))
    ).order_by("name", "pk")


def collection_entry(*, user: Any, card_id: Any) -> CollectionEntry:
    card_id = as_id(card_id)
    if card_id is None:
        raise Http404("That card is not in your collection.")
    entry = collection_entries(user=user).filter(card_id=card_id).first()
    if entry is None:
        raise Http404("That card is not in your collection.")
    return entry


@dataclass(frozen=True)
class CollectionTotals:
    cards: int
    copies: int
    minions: int
    spells: int
    own: int
    saved: int


def collection_totals(
    *, user: Any, entries: QuerySet[CollectionEntry] | None = None
) -> CollectionTotals:
    entries = collection_entries(user=user) if entries is None else entries
    numbers = entries.order_by().aggregate(
        cards=Count("pk"),
        copies=Coalesce(Sum("copies"), 0),
        minions=Count("pk", filter=Q(card__kind=Card.Kind.MINION)),
        spells=Count("pk", filter=Q(card__kind=Card.Kind.SPELL)),
        own=Count("pk", filter=Q(card__owner=user)),
    )
    return CollectionTotals(saved=numbers["cards"] - numbers["own"], **numbers)


def owned_copies(*, user: Any, card: Card) -> CollectionEntry | None:
    if signed_in_user(user) is None:
        return None
    return CollectionEntry.objects.filter(owner=user, card=card).first()


# -- verdicts ---------------------------------------------------------------------------------


def card_check(card: Card, edition: int | None = None) -> rules.CardCheck:
    number = edition if edition is not None else rules.current_edition().number
    return rules.check_card(card.to_rules_card(), number)


def current_verdict_row(card: Card) -> CardVerdict:
    """The card's verdict under the current edition, with its warnings count: the stored row
    (loaded with the card by the lists) while it is fresh, else judged now and stored, so a
    list never runs the rules twice for a card."""
    stored = getattr(card, "current_verdicts", None)
    if stored is None and card.pk is not None and not card.withheld:
        # Not loaded with the card (a page of one card): read, not judged and written again.
        stored = list(card.verdicts.filter(edition=rules.current_edition().number))
    row = verdicts.current_verdict(card, stored)
    if stored is None or row not in stored:
        card.current_verdicts = [row]
    return row


def current_verdict(card: Card) -> str:
    """The card's verdict under the current edition (see current_verdict_row)."""
    return current_verdict_row(card).verdict
