"""Reading decks, with who may see what in one place.

Private decks are seen by their owner only. Unlisted decks are seen by anyone who has their
address but are never listed to others. Public decks are listed in the gallery.

A deck may hold cards its viewer may not see: the owner's own private cards, or a card another
designer made private after it was added. Every deck read here loads its entries through
`withhold`, which puts a withheld stand-in (cards.selectors.withheld_card) in place of each such
card, so pages, the API, exports, print jobs, the sample hand and goldfish runs only ever get
what the viewer may see. Validation (decks.validation) counts withheld copies and says so.

A deck's entries sit on the deck itself or on its maybeboard (decks.models.Board): cards being
considered. The readers that count, judge, draw or print a deck read the deck's board only
(`sorted_entries`, `deck_size`, `deck_missing`, and decks.validation); the maybeboard is read
apart (`sorted_entries(deck, Board.MAYBE)`) by the page, the exports and the API, which show it
as such.

What the deck page shows is in decks.deck_page; the names of plain lists in decks.list_names.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied
from django.db import connection
from django.db.models import (
    Case,
    Count,
    Exists,
    OuterRef,
    Prefetch,
    Q,
    QuerySet,
    Subquery,
    Sum,
    Value,
    When,
)
from django.db.models.expressions import RawSQL
from django.db.models.functions import Coalesce
from django.http import Http404

from cards import rules, text_index
from cards.models import Card, CollectionEntry
from cards.search import QueryError, Term, filter_cards, words
from cards.selectors import (
    as_id,
    card_for_viewer,
    card_viewable_q,
    card_visible_to,
    withheld_card,
)
from decks.decklist import normalize_name
from decks.models import Board, Deck, DeckEntry
from shelves import queries as shelf_queries

KIND_ORDER = {"minion": 0, "spell": 1}


def user_or_none(user: Any) -> Any:
    """The user when logged in, else None: anonymous visitors own nothing and saved nothing."""
    return user if user is not None and user.is_authenticated else None


def _with_size(queryset: QuerySet[Deck]) -> QuerySet[Deck]:
    """The decks with their size and number of designs, each worked out for the decks of the
    page only (a subquery per deck): grouping every deck's entries to show 24 of them does not
    scale to 100,000 decks."""
    entries = (
        DeckEntry.objects.filter(deck=OuterRef("pk"), board=Board.MAIN).order_by().values("deck")
    )
    return queryset.select_related("owner").annotate(
        size=Coalesce(Subquery(entries.annotate(total=Sum("count")).values("total")), 0),
        card_kinds=Coalesce(Subquery(entries.annotate(kinds=Count("pk")).values("kinds")), 0),
    )


def _name_holds(text: str) -> Q:
    """Decks whose name holds `text` anywhere, case aside, through the names' trigram index
    (cards.text_index): PostgreSQL's pg_trgm index serves `icontains`; SQLite's FTS5 trigram
    table serves a text of three letters or more (shorter ones are read from the names)."""
    if connection.vendor == "sqlite" and len(text) >= 3:
        table = text_index.DECK_FTS_TABLE
        phrase = '"' + text.replace('"', '""') + '"'
        return Q(pk__in=RawSQL(f"SELECT rowid FROM {table} WHERE {table} MATCH %s", [phrase]))
    return Q(name__icontains=text)


def deck_viewable_q(user: Any, *, held: bool = False) -> Q:
    """Decks `user` may open by id: their own, and anyone's public or unlisted ones.

    A deck a moderator hid (community.models.Hold) is gone for everyone but its owner;
    `held=True` lets such decks through for the moderators' own pages, which check who asks."""
    user = user_or_none(user)
    shared = ~Q(visibility=Deck.Visibility.PRIVATE)
    if not held:
        shared &= Q(hold__isnull=True)
    return shared | Q(owner=user) if user is not None else shared


def decks_visible_to(user: Any, *, q: str = "") -> QuerySet[Deck]:
    """The decks `user` may find in lists: their own and the public ones."""
    user = user_or_none(user)
    condition = Q(visibility=Deck.Visibility.PUBLIC, hold__isnull=True)
    if user is not None:
        condition |= Q(owner=user)
    decks = Deck.objects.filter(condition)
    if q.strip():
        decks = decks.filter(_name_holds(q.strip()))
    return _with_size(decks).order_by("-updated", "-pk")


# How a list of public decks may be sorted (a designer's profile), each with its order and the
# words the sort select says it with.
DECK_ORDERS = {
    "updated": ("-updated", "-pk"),
    "newest": ("-created", "-pk"),
    "name": ("name", "pk"),
    "likes": ("-like_count", "-updated", "-pk"),
}
DECK_ORDER_LABELS = {
    "updated": "Last changed",
    "newest": "Newest",
    "name": "Name",
    "likes": "Most liked",
}


def gallery_decks(*, q: str = "", owner: Any = None, order: str = "updated") -> QuerySet[Deck]:
    """Public decks whose name (or owner's name) contains `q`, last changed first or in
    another of DECK_ORDERS; with `owner`, theirs alone (their profile)."""
    decks = Deck.objects.filter(visibility=Deck.Visibility.PUBLIC, hold__isnull=True)
    if owner is not None:
        decks = decks.filter(owner=owner)
    text = q.strip()
    if text:
        # The designer by id, found first: an OR of two indexed conditions on the deck table
        # (its name, its owner) is one the database can answer from both indexes.
        owners = get_user_model().objects.filter(username__iexact=text).values_list("pk")
        decks = decks.filter(_name_holds(text) | Q(owner_id__in=[pk for (pk,) in owners]))
    if order == "likes":
        decks = decks.annotate(like_count=Count("likes", distinct=True))
    return _with_size(decks).order_by(*DECK_ORDERS.get(order, DECK_ORDERS["updated"]))


def decks_owned_by(
    *, user: Any, q: str = "", tags: Sequence[Term] = (), show_archived: bool = True
) -> QuerySet[Deck]:
    """The user's decks whose name holds `q`; with `tags` (cards.search.split_tag_terms of
    their search), those their own tags pick; without `show_archived`, none they archived
    (shelves)."""
    decks = Deck.objects.filter(owner=user)
    if q.strip():
        decks = decks.filter(_name_holds(q.strip()))
    if tags:
        decks = decks.filter(shelf_queries.deck_terms_q(tags, user))
    if not show_archived:
        decks = decks.exclude(shelf_queries.archived_decks_q())
    return _with_size(decks).order_by("-updated", "-pk")


def _entries_prefetch() -> Prefetch:
    return Prefetch(
        "entries",
        # The card's hold comes with it: the gate (card_visible_to) reads it for every entry.
        queryset=DeckEntry.objects.select_related("card", "card__owner", "card__hold").order_by(
            "pk"
        ),
    )


def withhold(deck: Deck, user: Any) -> Deck:
    """Put a withheld stand-in in place of every loaded card of the deck that `user` may not
    see. A stand-in is `withdrawn` when the card is not the deck owner's and its designer made
    it private after it was added; one a moderator hid is only withheld, as no designer chose it."""
    for entry in deck.entries.all():
        card = entry.card
        if card.withheld or card_visible_to(card, user):
            continue
        stand_in = withheld_card(card)
        stand_in.withdrawn = (
            card.owner_id != deck.owner_id and card.visibility == Card.Visibility.PRIVATE
        )
        entry.card = stand_in
    return deck


def deck_with_entries(pk: Any, *, user: Any) -> Deck:
    """The deck with its owner, entries and their cards loaded in two queries, as `user` may
    see them. Raises Deck.DoesNotExist."""
    deck = (
        Deck.objects.select_related("owner", "forked_from")
        .prefetch_related(_entries_prefetch())
        .get(pk=pk)
    )
    return withhold(deck, user)


def deck_for_viewer(*, user: Any, pk: Any, entries: bool = True) -> Deck:
    """The deck if `user` may see it, its cards as `user` may see them; Http404 otherwise (a
    private deck does not exist to anyone but its owner)."""
    try:
        pk = int(pk)
    except (TypeError, ValueError):
        raise Http404("No such deck.") from None
    decks = Deck.objects.filter(deck_viewable_q(user)).select_related("owner", "forked_from")
    if entries:
        decks = decks.prefetch_related(_entries_prefetch())
    deck = decks.filter(pk=pk).first()
    if deck is None:
        raise Http404("No such deck.")
    return withhold(deck, user) if entries else deck


def deck_for_owner(*, user: Any, pk: Any, entries: bool = True) -> Deck:
    """The deck if `user` owns it. Http404 when they may not even see it, PermissionDenied
    when they may see it but not change it."""
    deck = deck_for_viewer(user=user, pk=pk, entries=entries)
    if user_or_none(user) is None or deck.owner_id != user.pk:
        raise PermissionDenied("Only the deck's owner may change it.")
    return deck


def entry_card(*, user: Any, deck: Deck, card_id: int, board: str, taking_out: bool) -> Card:
    """The card a change of the deck's entries names: one `user` may see, or, to take copies
    out, the card of the deck's `board` that its designer has since made private. Http404
    otherwise."""
    try:
        return card_for_viewer(user=user, pk=card_id)
    except Http404:
        entries = deck.entries.select_related("card")
        entry = entries.filter(card_id=card_id, board=board).first()
        if not taking_out or entry is None:
            raise
        return entry.card


def cards_by_id(*, user: Any, ids: Sequence[int]) -> dict[int, Card]:
    """The cards of `ids` that `user` may see, by id; the others are left out."""
    return {card.pk: card for card in Card.objects.filter(card_viewable_q(user), pk__in=ids)}


def fork_left_out(*, deck: Deck, fork: Deck) -> int:
    """Copies of the deck, on both of its boards, that its fork left out: cards their
    designers have made private, which only they may use."""
    return sum(e.count for e in deck.entries.all()) - sum(e.count for e in fork.entries.all())


def entry_sort_key(entry: DeckEntry) -> tuple[Any, ...]:
    card = entry.card
    return (KIND_ORDER.get(card.kind, 2), card.level, card.name.casefold(), card.pk)


def sorted_entries(deck: Deck, board: str = Board.MAIN) -> list[DeckEntry]:
    """The entries of one board of the deck (the deck itself unless told), minions then
    spells, by level, then by name."""
    return sorted(
        (entry for entry in deck.entries.all() if entry.board == board), key=entry_sort_key
    )


def deck_size(deck: Deck) -> int:
    """Copies in the deck (its maybeboard is not counted)."""
    return sum(entry.count for entry in sorted_entries(deck))


def withheld_count(deck: Deck, board: str = Board.MAIN) -> int:
    """Copies of withheld cards among the loaded entries of one board of the deck."""
    return sum(entry.count for entry in sorted_entries(deck, board) if entry.card.withheld)


def deck_version_for_viewer(*, user: Any, pk: Any) -> tuple[int, Any]:
    """The deck's edition and when it last changed (its entries, or any of its cards: see
    decks.signals). Http404 when `user` may not see the deck.

    This runs on every call of the validation API, so it is one constant statement rather
    than a compiled queryset; the condition is deck_viewable_q's: shared, or the user's own."""
    # An id no row can have is refused here: the database would refuse the statement.
    pk = as_id(pk)
    if pk is None:
        raise Http404("No such deck.")
    user = user_or_none(user)
    with connection.cursor() as cursor:
        cursor.execute(
            _VERSION_SQL, [pk, Deck.Visibility.PRIVATE, user.pk if user is not None else None]
        )
        row = cursor.fetchone()
    if row is None:
        raise Http404("No such deck.")
    return int(row[0]), row[1]


# A deck a moderator hid is its owner's alone, as in deck_viewable_q.
_VERSION_SQL = (
    f"SELECT edition, updated FROM {Deck._meta.db_table} AS deck "
    "WHERE id = %s AND ((visibility <> %s AND NOT EXISTS "
    "(SELECT 1 FROM community_hold WHERE community_hold.deck_id = deck.id)) OR owner_id = %s)"
)


def owned_copies(*, user: Any, cards: Sequence[Card]) -> dict[int, int]:
    """How many printed copies of each card the user's collection says they own."""
    user = user_or_none(user)
    if user is None or not cards:
        return {}
    rows = CollectionEntry.objects.filter(owner=user, card__in=[card.pk for card in cards])
    return dict(rows.values_list("card_id", "copies"))


@dataclass(frozen=True)
class MissingCard:
    card: Card
    count: int  # copies in the deck
    owned: int  # copies the collection says the person owns
    needed: int


def deck_missing(*, deck: Deck, user: Any) -> list[MissingCard]:
    """The copies `user` needs to print beyond those their collection says they own (a
    withheld card is never owned: it prints as a card back)."""
    entries = sorted_entries(deck)
    owned = owned_copies(user=user, cards=[entry.card for entry in entries])
    missing = []
    for entry in entries:
        have = owned.get(entry.card_id, 0)
        if entry.count > have:
            missing.append(MissingCard(entry.card, entry.count, have, entry.count - have))
    return missing


# -- finding cards to add ---------------------------------------------------------------------


def deck_card_search(*, user: Any, q: str = "", limit: int = 24) -> list[Card]:
    """Cards `user` may add to a deck: their collection first, then public cards.

    Raises cards.search.QueryError when the query cannot be read."""
    user = user_or_none(user)
    if user is None:
        return []
    saved = CollectionEntry.objects.filter(owner=user, card=OuterRef("pk"))
    in_collection = Q(owner=user) | Exists(saved)
    cards = Card.objects.filter(card_viewable_q(user)).filter(
        in_collection | Q(visibility=Card.Visibility.PUBLIC)
    )
    cards = filter_cards(cards, q).annotate(
        mine=Case(When(in_collection, then=Value(True)), default=Value(False))
    )
    return list(cards.select_related("owner").order_by("-mine", "name", "pk")[:limit])


MAX_NAME_SUGGESTIONS = 8
MIN_SUGGESTED_TEXT = 2  # letters typed before names are suggested


def deck_name_suggestions(*, user: Any, text: str, limit: int = MAX_NAME_SUGGESTIONS) -> list[Card]:
    """Cards for the quick-add box to complete a name with: those `user` may add to a deck
    (deck_card_search: their own and saved cards first, then public ones) whose name has words
    starting as the words of `text` do; one card a name, the one a list would pick first."""
    found = words(text)[:6]
    if sum(len(word) for word in found) < MIN_SUGGESTED_TEXT:
        return []
    query = " ".join(f"name:{word}" for word in found)
    try:
        cards = deck_card_search(user=user, q=query, limit=limit * 3)
    except QueryError:
        return []
    named: dict[str, Card] = {}
    for card in cards:
        named.setdefault(normalize_name(card.name), card)
    return list(named.values())[:limit]


@dataclass(frozen=True)
class SearchRow:
    """A card the deck builder's search found: its verdict under the deck's edition, and the
    copies of it the deck holds."""

    card: Card
    check: rules.CardCheck
    in_deck: int


def deck_search_rows(*, deck: Deck, user: Any, q: str, limit: int) -> list[SearchRow]:
    """The builder's search (deck_card_search) for the deck's owner, each card judged under
    the deck's edition. Raises cards.search.QueryError when the query cannot be read."""
    results = deck_card_search(user=user, q=q, limit=limit)
    in_deck = {entry.card_id: entry.count for entry in sorted_entries(deck)}
    number = deck.edition_rules.number
    return [
        SearchRow(card, rules.check_card(card.to_rules_card(), number), in_deck.get(card.pk, 0))
        for card in results
    ]
