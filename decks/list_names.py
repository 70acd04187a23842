"""The names of a plain deck list ('3 Fire Drake'): which cards they stand for, and how a
deck's cards are written so that the same person's import finds them again.

A name is looked for as the deck builder's search offers cards: the reader's own cards, then
the ones they saved, then the public ones. The list import and the quick add read names here;
the text export writes them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.db.models import Exists, OuterRef, Q
from django.db.models.functions import Abs, Length, Lower

from cards.models import Card, CollectionEntry
from cards.search import QueryError, filter_cards, words
from cards.selectors import card_viewable_q, collection_cards
from decks.decklist import (
    DecklistLine,
    LineError,
    close_names,
    match_decklist,
    write_decklist,
)
from decks.input_checks import BoardEntries
from decks.models import Board, Deck
from decks.selectors import sorted_entries, user_or_none, withheld_count

# Public names a "did you mean" looks among, for each search it makes (see list_close_names).
NEAR_NAMES = 100
MAX_SUGGESTED_LINES = 20  # lines of a plain list whose unknown name searches public cards


@dataclass(frozen=True)
class ListCards:
    """The cards a plain list of `user`'s may name, in the order a name is looked for, as the
    deck builder's search offers them: their own cards, the ones they saved, the public ones
    (only those named like a line of the list); and the cards the list names by number
    ('Fire Drake #12') that they may see."""

    own: list[Card]
    saved: list[Card]
    public: list[Card]
    numbered: list[Card]


def list_cards(*, user: Any, names: Sequence[str], numbers: Sequence[int]) -> ListCards:
    user = user_or_none(user)
    collection = (
        list(collection_cards(user).prefetch_related(None).select_related("owner"))
        if user is not None
        else []
    )
    public = Card.objects.filter(visibility=Card.Visibility.PUBLIC, hold__isnull=True)
    if user is not None:
        saved = CollectionEntry.objects.filter(owner=user, card=OuterRef("pk"))
        public = public.exclude(Q(owner=user) | Exists(saved))
    # Names are compared without case (decks.decklist.normalize_name) once loaded; the
    # database is asked for each name as written and in lower case, through its index.
    spellings = {spelling for name in names for spelling in (name, name.lower())}
    public = (
        public.alias(lower_name=Lower("name"))
        .filter(Q(name__in=spellings) | Q(lower_name__in=spellings))
        .select_related("owner")
        .order_by("name", "pk")
    )
    numbered = Card.objects.filter(card_viewable_q(user), pk__in=set(numbers))
    return ListCards(
        own=[card for card in collection if card.owner_id == user.pk],
        saved=[card for card in collection if card.owner_id != user.pk],
        public=list(public) if spellings else [],
        numbered=list(numbered.select_related("owner")) if numbers else [],
    )


def _near_queries(name: str) -> list[str]:
    """Searches for public cards whose name may be `name` misspelt: those holding all its
    words but one, and those whose first word starts as its first word does."""
    found = words(name)[:6]
    if not found:
        return []
    queries = [
        " ".join(f"name:{word}" for index, word in enumerate(found) if index != left_out)
        for left_out in range(len(found))
        if len(found) > 1
    ]
    queries.append(f"name:{found[0][:3]}")
    return list(dict.fromkeys(queries))


def list_close_names(*, name: str, known: Sequence[str]) -> list[str]:
    """Names of cards a list may use that `name` may be a misspelling of: among `known` (the
    names of the reader's own and saved cards) and the public cards the deck builder's search
    finds with all of its words but one (the nearest in length of each search)."""
    candidates = list(known)
    public = Card.objects.filter(visibility=Card.Visibility.PUBLIC, hold__isnull=True)
    for query in _near_queries(name):
        try:
            near = filter_cards(public, query)
        except QueryError:
            continue
        candidates.extend(
            near.annotate(off=Abs(Length("name") - len(name)))
            .order_by("off", "pk")
            .values_list("name", flat=True)[:NEAR_NAMES]
        )
    return close_names(name, candidates)


def _describe(owner: Any) -> Callable[[Card], str]:
    def describe(card: Card) -> str:
        whose = "yours" if card.owner_id == owner.pk else f"by {card.owner.get_username()}"
        return f"#{card.pk} ({card.kind}, level {card.level}, {whose})"

    return describe


def match_list(
    owner: Any,
    lines: Sequence[DecklistLine],
    *,
    held: Mapping[tuple[str, int], int] | None = None,
) -> tuple[BoardEntries, list[LineError]]:
    """The (card, copies, board) of each card a list's lines name, and an error for each line
    that names none, or several. Each name is looked for as the deck builder's search offers
    cards: the owner's own cards, then the ones they saved, then the public ones; several cards
    of the name in the first place holding it is an error listing them, and a name found
    nowhere is an error offering close names. `held` gives the copies already on each (board,
    card id), which the lines add to (the copies returned include them)."""
    if not lines:
        return [], []
    found = list_cards(
        user=owner,
        names=[line.name for line in lines],
        numbers=[line.card_number for line in lines if line.card_number is not None],
    )
    known = [card.name for card in (*found.own, *found.saved)]
    suggested = 0

    def suggest(name: str) -> list[str]:
        # Each name found nowhere searches the public cards; a list of hundreds of unknown
        # names gets its first few answered.
        nonlocal suggested
        suggested += 1
        if suggested > MAX_SUGGESTED_LINES:
            return close_names(name, known)
        return list_close_names(name=name, known=known)

    rows: BoardEntries = []
    errors: list[LineError] = []
    for board in Board.values:
        on_board = [line for line in lines if line.board == board]
        if not on_board:
            continue
        entries, board_errors = match_decklist(
            on_board,
            places=[
                ("of yours", found.own),
                ("in your collection", found.saved),
                ("among the public cards", found.public),
            ],
            numbered=found.numbered,
            searched="among your cards, your collection or the public cards",
            describe=_describe(owner),
            suggest=suggest,
            held={str(pk): n for (where, pk), n in (held or {}).items() if where == board},
        )
        rows.extend((card, count, board) for card, count in entries)
        errors.extend(board_errors)
    return rows, errors


def sorted_errors(errors: Iterable[LineError]) -> list[LineError]:
    """The errors in the order of their lines; those of the whole list last."""
    return sorted(errors, key=lambda error: (error.line is None, error.line or 0))


def deck_list_text(*, deck: Deck, user: Any, cockatrice: bool = False) -> str:
    """The deck as a plain list, as `user` may see it, headed by its name and edition.

    A name another card the viewer's import would look at shares (one of theirs, of their
    collection, a public one), and a card it would not find by name, are written with the
    card's number, so the list imports back to these very cards (see write_decklist). The
    maybeboard follows under its heading, which the import reads back as the maybeboard."""
    shown, maybe = (
        [(entry.count, entry.card) for entry in entries if not entry.card.withheld]
        for entries in (sorted_entries(deck), sorted_entries(deck, Board.MAYBE))
    )
    listed = [card for _, card in [*shown, *maybe]]
    found = list_cards(user=user, names=[card.name for card in listed], numbers=[])
    findable = [*found.own, *found.saved, *found.public]
    return write_decklist(
        shown,
        title=f"{deck.name} ({deck.edition_rules.name})",
        others=[(card.pk, card.name) for card in findable],
        unnamed={card.pk for card in listed} - {card.pk for card in findable},
        maybe=maybe,
        withheld=withheld_count(deck),
        maybe_withheld=withheld_count(deck, Board.MAYBE),
        cockatrice=cockatrice,
    )
