"""Reading cards and collections, with who may see what in one place.

Private cards are seen by their owner only. Unlisted cards are seen by anyone who has their
address (their id) but are never listed to others. Public cards are listed in the gallery.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from typing import Any

from django.core.exceptions import PermissionDenied
from django.db.models import Count, Exists, OuterRef, Prefetch, Q, QuerySet, Sum
from django.db.models.functions import Coalesce
from django.http import Http404

from cards import rules
from cards.models import DEFINITION_FIELDS, Card, CardRevision, CardVerdict, CollectionEntry
from cards.render import ART_DEFAULTS
from cards.search import CardQuery, CardResults, as_query, filter_cards, find_cards, ordering

MAX_ID = 2**63 - 1  # the largest id a database column holds


def as_id(value: Any) -> int | None:
    """A value as a row id, or None when it cannot be one (so lookups never overflow)."""
    try:
        number = int(value)
    except (TypeError, ValueError):
        return None
    return number if 1 <= number <= MAX_ID else None


def _user_or_none(user: Any) -> Any:
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
    user = _user_or_none(user)
    public = Q(visibility=Card.Visibility.PUBLIC)
    condition = public | Q(owner=user) if user is not None else public
    return _with_verdicts(Card.objects.filter(condition))


def card_viewable_q(user: Any) -> Q:
    """Cards `user` may open by id: their own, and anyone's public or unlisted ones."""
    user = _user_or_none(user)
    shared = ~Q(visibility=Card.Visibility.PRIVATE)
    return shared | Q(owner=user) if user is not None else shared


def card_visible_to(card: Card, user: Any) -> bool:
    """Whether `user` may see `card`: card_viewable_q for a card already loaded."""
    user = _user_or_none(user)
    return card.visibility != Card.Visibility.PRIVATE or (
        user is not None and card.owner_id == user.pk
    )


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
    if _user_or_none(user) is None or card.owner_id != user.pk:
        raise PermissionDenied("Only the card's designer may change it.")
    return card


# The card lists below search only among the cards their viewer may see: the query narrows
# that set and orders it (cards.search.find_cards), never widens it. Each is a CardResults
# sequence: it pages like a QuerySet, reading only the page's cards.


def gallery_cards(*, user: Any = None, q: str | CardQuery = "") -> CardResults:
    """Public cards matching the query, in its order (relevance when words are searched,
    newest first otherwise). Raises QueryError."""
    cards = _with_verdicts(Card.objects.filter(visibility=Card.Visibility.PUBLIC))
    return find_cards(cards, q)


def cards_owned_by(*, user: Any, q: str | CardQuery = "") -> CardResults:
    cards = _with_verdicts(Card.objects.filter(owner=user))
    return find_cards(cards, q)


def cards_listed_for(*, user: Any, q: str | CardQuery = "") -> CardResults:
    """The API list: the user's own cards and public ones, matching the query."""
    return find_cards(cards_visible_to(user), q)


# -- pictures ---------------------------------------------------------------------------------


def picture_audience(name: str, user: Any) -> str | None:
    """Who may see the uploaded picture stored as `name`, as far as `user` is concerned:
    "everyone" when a card that others may see shows it (now, or in a shared revision),
    "you" when only `user`'s own cards do, and None when `user` may not see it at all.

    Pictures are stored once under a name made from their content, so one file may serve
    several cards; it may be seen by whoever may see any card or revision that shows it."""
    cards = Card.objects.filter(image=name)
    revisions = CardRevision.objects.filter(data__image=name)
    shared_revisions = revisions.filter(shared=True).exclude(
        card__visibility=Card.Visibility.PRIVATE
    )
    if cards.exclude(visibility=Card.Visibility.PRIVATE).exists() or shared_revisions.exists():
        return "everyone"
    user = _user_or_none(user)
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
    user = _user_or_none(user)
    if user is None:
        return 0
    hidden = CollectionEntry.objects.filter(owner=user).exclude(
        card__in=Card.objects.filter(card_viewable_q(user))
    )
    return hidden.count()


def collection_cards(user: Any) -> QuerySet[Card]:
    """Cards in the user's collection: their own and the ones they saved (still visible)."""
    user = _user_or_none(user)
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
    if _user_or_none(user) is None:
        return None
    return CollectionEntry.objects.filter(owner=user, card=card).first()


# -- verdicts ---------------------------------------------------------------------------------


def card_check(card: Card, edition: int | None = None) -> rules.CardCheck:
    number = edition if edition is not None else rules.current_edition().number
    return rules.check_card(card.to_rules_card(), number)


def current_verdict(card: Card) -> str:
    """The card's verdict under the current edition, from the stored table when loaded."""
    stored = getattr(card, "current_verdicts", None)
    if stored:
        return stored[0].verdict
    return card_check(card).verdict.value


# -- revisions --------------------------------------------------------------------------------

FIELD_LABELS = {
    "name": "Name",
    "kind": "Kind",
    "design_edition": "Edition Indicator",
    "level": "Level",
    "sp": "SP",
    "hp": "HP",
    "ability_text": "Ability text",
    "flavor_text": "Flavor text",
    "art_zoom": "Picture zoom",
    "art_x": "Picture focus across",
    "art_y": "Picture focus down",
    "artist": "Artist",
    "art_licence": "Art licence",
    "image": "Image",
}
TEXT_FIELDS = {"name", "ability_text", "flavor_text"}


@dataclass(frozen=True)
class DiffPiece:
    kind: str  # "same", "removed" or "inserted"
    text: str


@dataclass(frozen=True)
class FieldChange:
    field: str
    label: str
    old: Any
    new: Any
    pieces: tuple[DiffPiece, ...] = ()  # word-level diff, for text fields


@dataclass(frozen=True)
class RevisionView:
    revision: CardRevision
    changes: tuple[FieldChange, ...]


def _tokens(text: str) -> list[str]:
    import re

    return re.findall(r"\s+|\w+|[^\w\s]", text or "")


def text_diff(old: str, new: str) -> tuple[DiffPiece, ...]:
    """Word-level differences between two texts, as kept, removed and inserted pieces."""
    before, after = _tokens(old), _tokens(new)
    pieces: list[DiffPiece] = []
    matcher = difflib.SequenceMatcher(a=before, b=after, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            pieces.append(DiffPiece("same", "".join(before[i1:i2])))
            continue
        if i2 > i1:
            pieces.append(DiffPiece("removed", "".join(before[i1:i2])))
        if j2 > j1:
            pieces.append(DiffPiece("inserted", "".join(after[j1:j2])))
    return tuple(pieces)


def revision_changes(old: dict[str, Any] | None, new: dict[str, Any]) -> tuple[FieldChange, ...]:
    changes: list[FieldChange] = []
    for field in (*DEFINITION_FIELDS, "image"):
        # A revision leaves out framing and credit the card does not have (Card.definition).
        default = ART_DEFAULTS.get(field)
        before = None if old is None else old.get(field, default)
        after = new.get(field, default)
        if old is not None and before == after:
            continue
        if old is None and after in (None, "", default):
            continue
        pieces: tuple[DiffPiece, ...] = ()
        if field in TEXT_FIELDS and old is not None:
            pieces = text_diff(before or "", after or "")
        changes.append(FieldChange(field, FIELD_LABELS[field], before, after, pieces))
    return tuple(changes)


def revisions_visible_to(card: Card, user: Any) -> QuerySet[CardRevision]:
    """The card's revisions `user` may read: all of them for its designer, for anyone else
    only the shared ones (states that were current while the card was unlisted or public).
    The caller has checked that `user` may see the card."""
    revisions = card.revisions.all()
    user = _user_or_none(user)
    if user is None or card.owner_id != user.pk:
        revisions = revisions.filter(shared=True)
    return revisions


def card_history(*, card: Card, user: Any) -> list[RevisionView]:
    """The revisions `user` may read, newest first, each with what it changed from the one
    before it that they may read (so a change is never shown against a private state)."""
    revisions = list(revisions_visible_to(card, user).select_related("author").order_by("number"))
    views: list[RevisionView] = []
    previous: dict[str, Any] | None = None
    for revision in revisions:
        views.append(RevisionView(revision, revision_changes(previous, revision.data)))
        previous = revision.data
    return list(reversed(views))
