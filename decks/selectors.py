"""Reading decks, with who may see what in one place, and what the deck page shows.

Private decks are seen by their owner only. Unlisted decks are seen by anyone who has their
address but are never listed to others. Public decks are listed in the gallery. Validation is
computed on every read from the cards as they are now; nothing about it is stored.

A deck may hold cards its viewer may not see: the owner's own private cards, or a card another
designer made private after it was added. Every deck read here loads its entries through
`withhold`, which puts a withheld stand-in (cards.selectors.withheld_card) in place of each such
card, so pages, the API, exports, print jobs, the sample hand and goldfish runs only ever get
what the viewer may see. Validation counts withheld copies and says so.

A deck's entries sit on the deck itself or on its maybeboard (decks.models.Board): cards being
considered. The readers here that count, judge, draw or print a deck read the deck's board
only (`sorted_entries`, `deck_size`, `deck_check`, `deck_missing`, `deck_rules_rows`, the list
sizes); the maybeboard is read apart (`sorted_entries(deck, Board.MAYBE)`) by the page, the
exports and the API, which show it as such.
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
from django.db.models.functions import Abs, Coalesce, Length, Lower
from django.http import Http404

from cards import rules, text_index
from cards.marking import Segment, refurbish_segments
from cards.models import Card, CollectionEntry
from cards.search import QueryError, filter_cards, words
from cards.selectors import (
    as_id,
    card_viewable_q,
    card_visible_to,
    collection_cards,
    withheld_card,
)
from decks import stats as deck_stats_module
from decks.decklist import close_names, normalize_name
from decks.models import Board, Deck, DeckEntry

KIND_ORDER = {"minion": 0, "spell": 1}


def _user_or_none(user: Any) -> Any:
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


def deck_viewable_q(user: Any) -> Q:
    """Decks `user` may open by id: their own, and anyone's public or unlisted ones."""
    user = _user_or_none(user)
    shared = ~Q(visibility=Deck.Visibility.PRIVATE)
    return shared | Q(owner=user) if user is not None else shared


def decks_visible_to(user: Any, *, q: str = "") -> QuerySet[Deck]:
    """The decks `user` may find in lists: their own and the public ones."""
    user = _user_or_none(user)
    condition = Q(visibility=Deck.Visibility.PUBLIC)
    if user is not None:
        condition |= Q(owner=user)
    decks = Deck.objects.filter(condition)
    if q.strip():
        decks = decks.filter(_name_holds(q.strip()))
    return _with_size(decks).order_by("-updated", "-pk")


def gallery_decks(*, q: str = "") -> QuerySet[Deck]:
    """Public decks whose name (or owner's name) contains `q`, newest first."""
    decks = Deck.objects.filter(visibility=Deck.Visibility.PUBLIC)
    text = q.strip()
    if text:
        # The designer by id, found first: an OR of two indexed conditions on the deck table
        # (its name, its owner) is one the database can answer from both indexes.
        owners = get_user_model().objects.filter(username__iexact=text).values_list("pk")
        decks = decks.filter(_name_holds(text) | Q(owner_id__in=[pk for (pk,) in owners]))
    return _with_size(decks).order_by("-updated", "-pk")


def decks_owned_by(*, user: Any, q: str = "") -> QuerySet[Deck]:
    decks = Deck.objects.filter(owner=user)
    if q.strip():
        decks = decks.filter(_name_holds(q.strip()))
    return _with_size(decks).order_by("-updated", "-pk")


def with_legality(decks: Sequence[Deck], *, user: Any) -> list[Deck]:
    """The decks, each with `legal` set: whether it may be played under its edition now, as
    `user` sees it (a deck holding cards withheld from them is not legal to them).

    One query for the whole list, of plain rows (the fields the rules read): a page of 24
    decks holds some 300 entries, and making a model object of each, its card and designer
    cost more than judging them."""
    decks = list(decks)
    rows: dict[int, list[RulesRow]] = {deck.pk: [] for deck in decks}
    entries = DeckEntry.objects.filter(deck_id__in=list(rows), board=Board.MAIN)
    for deck_id, *row in entries.values_list("deck_id", *_RULES_FIELDS):
        rows[deck_id].append(tuple(row))
    for deck in decks:
        ordered = tuple(sorted(rows[deck.pk], key=_rules_row_order))
        check = rules_check(
            ordered, deck.edition_rules.number, withheld=withheld_ids(ordered, user)
        )
        deck.legal = check.legal  # type: ignore[attr-defined]
        deck.withheld = check.withheld  # type: ignore[attr-defined]
    return decks


def _entries_prefetch() -> Prefetch:
    return Prefetch(
        "entries", queryset=DeckEntry.objects.select_related("card", "card__owner").order_by("pk")
    )


def withhold(deck: Deck, user: Any) -> Deck:
    """Put a withheld stand-in in place of every loaded card of the deck that `user` may not
    see. A stand-in is `withdrawn` when the card is not the deck owner's: its designer made it
    private after it was added."""
    for entry in deck.entries.all():
        card = entry.card
        if card.withheld or card_visible_to(card, user):
            continue
        stand_in = withheld_card(card)
        stand_in.withdrawn = card.owner_id != deck.owner_id
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
    if _user_or_none(user) is None or deck.owner_id != user.pk:
        raise PermissionDenied("Only the deck's owner may change it.")
    return deck


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


def deck_check(deck: Deck, edition: int | None = None) -> rules.DeckCheck:
    """The rules engine's verdict on the deck, from its cards as they are now (and as its
    loaded entries show them: withheld cards are counted, not judged)."""
    number = deck.edition_rules.number if edition is None else edition
    entries = sorted_entries(deck)
    return rules.check_deck(
        [
            rules.DeckEntry(count=entry.count, card=entry.card.to_rules_card())
            for entry in entries
            if not entry.card.withheld
        ],
        number,
        withheld=sum(entry.count for entry in entries if entry.card.withheld),
    )


_RULES_FIELDS = (
    "card_id",
    "card__kind",
    "card__level",
    "card__name",
    "count",
    "card__design_edition",
    "card__sp",
    "card__hp",
    "card__ability_text",
    "card__flavor_text",
    "card__owner_id",
    "card__visibility",
)
RulesRow = tuple[Any, ...]


def deck_version_for_viewer(*, user: Any, pk: Any) -> tuple[int, Any]:
    """The deck's edition and when it last changed (its entries, or any of its cards: see
    decks.signals). Http404 when `user` may not see the deck.

    This runs on every call of the validation API, so it is one constant statement rather
    than a compiled queryset; the condition is deck_viewable_q's: shared, or the user's own."""
    # An id no row can have is refused here: the database would refuse the statement.
    pk = as_id(pk)
    if pk is None:
        raise Http404("No such deck.")
    user = _user_or_none(user)
    with connection.cursor() as cursor:
        cursor.execute(
            _VERSION_SQL, [pk, Deck.Visibility.PRIVATE, user.pk if user is not None else None]
        )
        row = cursor.fetchone()
    if row is None:
        raise Http404("No such deck.")
    return int(row[0]), row[1]


_VERSION_SQL = (
    f"SELECT edition, updated FROM {Deck._meta.db_table} "
    "WHERE id = %s AND (visibility <> %s OR owner_id = %s)"
)


def deck_rules_rows(pk: int) -> tuple[RulesRow, ...]:
    """For each entry of the deck (its maybeboard aside), the fields the rules read (and who
    may see the card), in deck order: plain rows, no model objects. The caller has checked
    that the deck may be seen, and passes the rows through `withheld_ids` before judging."""
    rows = DeckEntry.objects.filter(deck_id=pk, board=Board.MAIN).values_list(*_RULES_FIELDS)
    return tuple(sorted(rows, key=_rules_row_order))


def _rules_row_order(row: RulesRow) -> tuple[Any, ...]:
    """Deck order (entry_sort_key) for plain rows: minions, then spells, by level and name."""
    return (KIND_ORDER.get(row[1], 2), row[2], row[3].casefold(), row[0])


def withheld_ids(rows: tuple[RulesRow, ...], user: Any) -> frozenset[int]:
    """The cards among the rows that `user` may not see: card_visible_to, for plain rows."""
    user = _user_or_none(user)
    viewer = user.pk if user is not None else None
    return frozenset(
        row[0] for row in rows if row[11] == Card.Visibility.PRIVATE and row[10] != viewer
    )


def rules_check(
    rows: tuple[RulesRow, ...], edition: int, *, withheld: frozenset[int]
) -> rules.DeckCheck:
    """The deck check of plain rows, the `withheld` cards counted but not judged."""
    entries = [
        rules.DeckEntry(
            count=count,
            card=rules.Card(
                name=name,
                kind=kind,
                design_edition=design,
                level=level,
                sp=sp,
                hp=hp,
                ability_text=text,
                flavor_text=flavor,
            ),
        )
        for card_id, kind, level, name, count, design, sp, hp, text, flavor, *_ in rows
        if card_id not in withheld
    ]
    hidden = sum(row[4] for row in rows if row[0] in withheld)
    return rules.check_deck(entries, edition, withheld=hidden)


# -- the deck page ----------------------------------------------------------------------------


@dataclass(frozen=True)
class EntryView:
    """One row of the deck list: the entry, the card's verdict and its text as played."""

    entry: DeckEntry
    check: rules.CardCheck
    segments: tuple[Segment, ...]
    owned: int | None  # copies in the viewer's collection, None when not known

    @property
    def card(self) -> Card:
        return self.entry.card

    @property
    def count(self) -> int:
        return self.entry.count

    @property
    def needed(self) -> int:
        return max(0, self.entry.count - (self.owned or 0))


@dataclass(frozen=True)
class EntryGroup:
    key: str
    label: str
    rows: tuple[EntryView, ...]

    @property
    def count(self) -> int:
        return sum(row.count for row in self.rows)


@dataclass(frozen=True)
class MaybeRow:
    """One row of the maybeboard: the entry, and the card's verdict (None when withheld)."""

    entry: DeckEntry
    check: rules.CardCheck | None

    @property
    def card(self) -> Card:
        return self.entry.card

    @property
    def count(self) -> int:
        return self.entry.count


@dataclass(frozen=True)
class LevelStack:
    """One column of the visual view: the entries of one level, or the withheld ones (which
    have no level to show), each drawn as its card's picture."""

    key: str  # "level-3", "withheld"
    label: str
    entries: tuple[DeckEntry, ...]

    @property
    def count(self) -> int:
        return sum(entry.count for entry in self.entries)


def level_stacks(entries: Sequence[DeckEntry]) -> tuple[LevelStack, ...]:
    """The entries stacked by level, lowest first, each stack in deck order (minions, then
    spells, by name); the withheld ones last, face down, in a stack of their own."""
    levels: dict[int, list[DeckEntry]] = {}
    withheld: list[DeckEntry] = []
    for entry in sorted(entries, key=entry_sort_key):
        if entry.card.withheld:
            withheld.append(entry)
        else:
            levels.setdefault(entry.card.level, []).append(entry)
    stacks = [
        LevelStack(f"level-{level}", f"Level {level}", tuple(levels[level]))
        for level in sorted(levels)
    ]
    if withheld:
        stacks.append(LevelStack("withheld", "Withheld", tuple(withheld)))
    return tuple(stacks)


@dataclass(frozen=True)
class SizeStatus:
    size: int
    minimum: int
    maximum: int
    text: str  # "40–60" or "exactly 40"

    @property
    def short(self) -> bool:
        return self.size < self.minimum

    @property
    def over(self) -> bool:
        return self.size > self.maximum

    @property
    def fits(self) -> bool:
        return not self.short and not self.over

    @property
    def percent(self) -> int:
        """How full the deck is, against the most it may hold (for the meter)."""
        return min(100, round(100 * self.size / self.maximum)) if self.maximum else 100

    @property
    def minimum_percent(self) -> int:
        return round(100 * self.minimum / self.maximum) if self.maximum else 100


@dataclass(frozen=True)
class DeckView:
    """Everything the deck page and its live parts show, computed from prefetched rows."""

    deck: Deck
    edition: rules.Edition
    check: rules.DeckCheck
    groups: tuple[EntryGroup, ...]
    rows: tuple[EntryView, ...]
    stats: deck_stats_module.DeckStats
    chart: deck_stats_module.Chart
    size: SizeStatus
    verdict_counts: tuple[tuple[str, int], ...]  # (verdict, copies), for the summary
    deck_problems: tuple[rules.Problem, ...]  # problems of the whole deck (its size)
    withheld: tuple[DeckEntry, ...] = ()  # entries whose cards the viewer may not see
    # The viewer's own private cards in a deck others may see: withheld from those others.
    private_to_others: tuple[Card, ...] = ()
    # The maybeboard: cards being considered, none of them counted, judged or played.
    maybe: tuple[MaybeRow, ...] = ()

    @property
    def maybe_count(self) -> int:
        return sum(row.count for row in self.maybe)

    @property
    def stacks(self) -> tuple[LevelStack, ...]:
        """The deck's cards for the visual view, a stack a level."""
        return level_stacks([row.entry for row in self.rows] + list(self.withheld))

    @property
    def maybe_stacks(self) -> tuple[LevelStack, ...]:
        return level_stacks([row.entry for row in self.maybe])

    @property
    def withheld_count(self) -> int:
        return sum(entry.count for entry in self.withheld)

    @property
    def withdrawn_count(self) -> int:
        return sum(entry.count for entry in self.withheld if entry.card.withdrawn)

    @property
    def private_to_others_count(self) -> int:
        return len(self.private_to_others)

    @property
    def flagged(self) -> tuple[EntryView, ...]:
        """Rows that need a look: not plainly legal, or with warnings."""
        return tuple(
            row
            for row in self.rows
            if row.check.verdict != rules.Verdict.LEGAL or row.check.warnings
        )

    @property
    def refurbished(self) -> tuple[EntryView, ...]:
        return tuple(row for row in self.rows if row.check.replacements)

    @property
    def missing(self) -> int:
        return sum(row.needed for row in self.rows if row.owned is not None)


def owned_copies(*, user: Any, cards: Sequence[Card]) -> dict[int, int]:
    """How many printed copies of each card the user's collection says they own."""
    user = _user_or_none(user)
    if user is None or not cards:
        return {}
    rows = CollectionEntry.objects.filter(owner=user, card__in=[card.pk for card in cards])
    return dict(rows.values_list("card_id", "copies"))


def deck_view(deck: Deck, *, user: Any = None, edition: int | None = None) -> DeckView:
    """The deck page's content. One query for the viewer's collection, none for the rest.

    The deck's entries were loaded for `user` (withheld cards already stand in for the ones
    they may not see): those are listed apart, counted, and never judged. The maybeboard is
    listed apart too: each card's verdict is shown, none is counted."""
    rules_edition = deck.edition_rules if edition is None else rules.get_edition(edition)
    every = sorted_entries(deck)
    maybe_entries = sorted_entries(deck, Board.MAYBE)
    entries = [entry for entry in every if not entry.card.withheld]
    withheld = tuple(entry for entry in every if entry.card.withheld)
    check = rules.check_deck(
        [rules.DeckEntry(count=e.count, card=e.card.to_rules_card()) for e in entries],
        rules_edition.number,
        withheld=sum(entry.count for entry in withheld),
    )
    owned = owned_copies(user=user, cards=[entry.card for entry in entries])
    known = _user_or_none(user) is not None
    rows = tuple(
        EntryView(
            entry=entry,
            check=card_check,
            segments=tuple(refurbish_segments(entry.card.ability_text, card_check.replacements)),
            owned=owned.get(entry.card_id, 0) if known else None,
        )
        for entry, card_check in zip(entries, check.cards, strict=True)
    )
    groups = []
    for kind, label in (("minion", "Minions"), ("spell", "Spells")):
        members = tuple(row for row in rows if row.card.kind == kind)
        if members:
            groups.append(EntryGroup(kind, label, members))
    others = tuple(row for row in rows if row.card.kind not in KIND_ORDER)
    if others:
        groups.append(EntryGroup("other", "Other", others))
    stats = deck_stats_module.deck_stats((entry.count, entry.card) for entry in entries)
    verdicts: dict[str, int] = {}
    for row in rows:
        verdict = row.check.verdict.value
        verdicts[verdict] = verdicts.get(verdict, 0) + row.count
    order = [v.value for v in rules.Verdict]
    return DeckView(
        deck=deck,
        edition=rules_edition,
        check=check,
        groups=tuple(groups),
        rows=rows,
        stats=stats,
        chart=deck_stats_module.curve_chart(stats.curve),
        size=SizeStatus(
            check.size, rules_edition.deck_min, rules_edition.deck_max, rules_edition.deck_size_text
        ),
        verdict_counts=tuple(
            sorted(
                verdicts.items(), key=lambda item: order.index(item[0]) if item[0] in order else 99
            )
        ),
        deck_problems=tuple(problem for problem in check.problems if problem.card is None),
        withheld=withheld,
        private_to_others=_private_to_others(deck, [*entries, *maybe_entries], user),
        maybe=tuple(
            MaybeRow(
                entry,
                None
                if entry.card.withheld
                else rules.check_card(entry.card.to_rules_card(), rules_edition.number),
            )
            for entry in maybe_entries
        ),
    )


def _private_to_others(deck: Deck, entries: Sequence[DeckEntry], user: Any) -> tuple[Card, ...]:
    """The owner's own private cards in a deck that others may see (on either board, each
    card once)."""
    user = _user_or_none(user)
    if user is None or deck.owner_id != user.pk or deck.visibility == Deck.Visibility.PRIVATE:
        return ()
    found = {
        entry.card.pk: entry.card
        for entry in entries
        if entry.card.owner_id == user.pk
        and entry.card.visibility == Card.Visibility.PRIVATE
        and not entry.card.withheld
    }
    return tuple(found.values())


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
    user = _user_or_none(user)
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


# -- reading plain lists ----------------------------------------------------------------------

# Public names a "did you mean" looks among, for each search it makes (see list_close_names).
NEAR_NAMES = 100


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
    user = _user_or_none(user)
    collection = (
        list(collection_cards(user).prefetch_related(None).select_related("owner"))
        if user is not None
        else []
    )
    public = Card.objects.filter(visibility=Card.Visibility.PUBLIC)
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
    public = Card.objects.filter(visibility=Card.Visibility.PUBLIC)
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
