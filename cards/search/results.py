"""The matches of a search in its order, a page at a time (`CardResults`, from `find_cards`).

How common the matches are is measured on a sample of the newest cards, and decides how the
database is asked to read them: walking an index in the order until a page is full, or finding
every match through the indexes and sorting them. The figures below are the sampling's.
"""

from __future__ import annotations

import time
from collections.abc import Iterator, Sequence
from functools import cached_property
from typing import Any

from django.db import connections
from django.db.models import Case, Count, Q, QuerySet, Value, When

from cards import text_index
from cards.search.filters import as_query, filter_cards, phrase_of, query_q, text_match
from cards.search.ordering import ordering
from cards.search.query import CardQuery
from cards.text_index import TextMatch

# How common matches are is measured among the SAMPLE newest cards. When at least COMMON of
# them match, a page of the newest is best read by walking the cards in that order until
# enough match (24 / COMMON cards at most); rarer, the matches are best found through the
# indexes (bitmaps) and sorted, first among the WINDOW newest cards. Another order's index is
# walked from COMMON_IN_ORDER (its matches may gather away from its start: names starting with
# the word). A count (up to 1,001) reads every match it counts, walking past the others: it
# walks only from COMMON_TO_COUNT, below which reading the matches through the indexes costs
# less than walking 1,001 / share cards.
SAMPLE = 2_000
COMMON = 0.005
COMMON_IN_ORDER = 0.03
COMMON_TO_COUNT = 0.04
WINDOW = 50_000
# The planner's ways of reading for each: a walk follows an index in its order; matches are
# found by bitmaps of the indexes.
WALK = {"seqscan": False, "indexscan": True, "bitmapscan": False}
FIND = {"seqscan": False, "indexscan": False, "bitmapscan": True}


# The sample speaks for all cards only with a margin: its count less SURE standard deviations
# (matches counted as rare events, sd = sqrt(n)), spread over every card on file, must reach
# OVER_CAP times the limit. With 2,000 cards sampled among a million, a word found 11 times
# passes (at least ~2,300 matches); one found 4 times is counted.
SURE = 2.0
OVER_CAP = 2


def surely_more(sampled: int, limit: int, on_file: float) -> bool:
    """Whether `sampled` matches among the SAMPLE newest cards show, with the margin above,
    that the `on_file` cards hold more than `limit`.

    >>> surely_more(114, 1_001, 1_040_000), surely_more(4, 1_001, 1_040_000)
    (True, False)
    >>> surely_more(114, 1_001, 20_000)  # a small site: counting is cheap there anyway
    False
    """
    low = sampled - SURE * sampled**0.5
    return low > 0 and low / SAMPLE * on_file >= OVER_CAP * limit


def _surely_more(sampled: int, limit: int, found: QuerySet) -> bool:
    """surely_more, with the planner's own count of the cards on file (PostgreSQL)."""
    if sampled - SURE * sampled**0.5 <= 0:
        return False
    table = found.model._meta.db_table
    with connections[found.db].cursor() as cursor:
        cursor.execute("SELECT reltuples FROM pg_class WHERE oid = %s::regclass", [table])
        row = cursor.fetchone()
    return surely_more(sampled, limit, float(row[0]) if row else 0.0)


def _edge(found: QuerySet, size: int, *, descending: bool) -> Any | None:
    """When the `size`-th newest card (or oldest, going up) was last changed; None when there
    are fewer cards."""
    newest = ordering("newest", descending)
    edges = list(
        found.model._default_manager.order_by(*newest).values_list("updated", flat=True)[
            size - 1 : size
        ]
    )
    return edges[0] if edges else None


# The WINDOW's edges, by database, size and direction, with when each was read (time.monotonic)
# and kept for EDGE_SECONDS: finding the 50,000th newest card reads 50,000 entries of an
# index, and an edge a minute old narrows the search as well (it only chooses where to look
# first: the pages are the same with any edge).
EDGE_SECONDS = 60.0
_edges: dict[tuple[str, int, bool], tuple[float, Any]] = {}


def _window_edge(found: QuerySet, size: int, *, descending: bool) -> Any | None:
    key = (found.db, size, descending)
    now = time.monotonic()
    kept = _edges.get(key)
    if kept is not None and now - kept[0] < EDGE_SECONDS:
        return kept[1]
    edge = _edge(found, size, descending=descending)
    if edge is not None:
        _edges[key] = (now, edge)
    return edge


def _within(edge: Any, *, descending: bool, inside: bool = True) -> Q:
    """The cards changed since `edge` (inside), or before it."""
    if descending:
        return Q(updated__gte=edge) if inside else Q(updated__lt=edge)
    return Q(updated__lte=edge) if inside else Q(updated__gt=edge)


def newest_ids(
    found: QuerySet, start: int, stop: int, *, descending: bool = True, common: bool | None = None
) -> list[Any]:
    """The ids of found[start:stop], newest first (or oldest, going up).

    A database asked for the newest matches either walks the cards newest first until it has
    enough (fast when matches are common, a walk through every card when they are rare) or
    finds every match and sorts them (fast when rare, slow when common), and it chooses by an
    estimate that may be far off for words. `common` (measured: CardResults) says which: common
    matches are walked to; rare ones are found and sorted among the WINDOW newest cards, and
    only when those hold too few, among all."""
    newest = ordering("newest", descending)
    ordered = found.order_by(*newest).values_list("pk", flat=True)
    if common is None or stop <= start:
        return list(ordered[start:stop])
    using = found.db
    if common:
        with text_index.scans(using, **WALK):
            return list(ordered[start:stop])
    edge = _window_edge(found, WINDOW, descending=descending) if text_index.bitmaps(using) else None
    if edge is None:
        with text_index.scans(using, **FIND):
            return list(ordered[start:stop])
    with text_index.scans(using, **FIND):
        recent = list(ordered.filter(_within(edge, descending=descending))[:stop])
    if len(recent) >= stop:
        return recent[start:stop]
    taken = len(recent)
    older = ordered.filter(_within(edge, descending=descending, inside=False))
    with text_index.scans(using, **FIND):
        rest = list(older[max(0, start - taken) : stop - taken])
    return recent[start:] + rest


class CardResults:
    """Matches of a search in its order, a page at a time: a sequence as Django's paginator
    wants one (a capped count, slices), that can also be iterated whole where it is short.

    Relevance has two parts: the cards whose name holds every free word, then the others
    (holding them in their ability text), newest first within each. Each part is asked for its
    page of ids alone, and the page's cards are then read with what they show (designer,
    verdicts) in one query.

    When words are searched, how common the matches (of each part) are is measured among the
    SAMPLE newest cards (on SQLite, guessed from the text index alone: _matches), and decides
    how the database reads them (text_index.scans): counting and paging then cost about as
    much for a word in every other card as for one in a hundred thousand."""

    ordered = True

    def __init__(
        self,
        found: QuerySet,
        *,
        order: str,
        descending: bool,
        name_match: Q | None = None,
        parts: tuple[QuerySet, QuerySet] | None = None,
        texts: Sequence[TextMatch] = (),
        words: bool = False,
        filtered: bool = False,
        shown: QuerySet | None = None,
    ) -> None:
        self.found = found
        # The page's cards are read by id from the cards the viewer may see, with what they
        # show: the search is not asked again.
        self.shown = found if shown is None else shown
        self.order, self.descending = order, descending
        self.words = words
        # Filters without words (level>=9, kind:spell) are measured on the sample too: the
        # planner's guess of how many cards pass several of them at once can be far off.
        self.filtered = filtered
        self.name_match = name_match
        if parts is None and name_match is not None:
            parts = (found.filter(name_match), found.exclude(name_match))
        ordered = list(parts) if parts is not None else [found]
        self.parts = ordered if descending else ordered[::-1]
        # The words of all the matches, then of each part, as the text index is asked them.
        self.texts = list(texts)
        self._rough: dict[int, int | None] = {}
        # Rare matches read at once, in order, and the limit they were read to (_few_ids).
        self._few: tuple[int, list[Any]] | None = None

    def count(self) -> int:
        return self.found.count()

    @cached_property
    def _sample(self) -> list[int] | None:
        """PostgreSQL: matches among the SAMPLE newest cards, in all, then in each part (None
        when nothing is searched, or there are fewer cards)."""
        if not (self.words or self.filtered):
            return None
        edge = _edge(self.found, SAMPLE, descending=True)
        if edge is None:
            return None
        counts: dict[str, Any] = {"all": Count("pk")}
        if self.name_match is not None:
            counts["named"] = Count("pk", filter=self.name_match)
        with text_index.scans(self.found.db, seqscan=False, bitmapscan=False):
            found = self.found.filter(updated__gte=edge).order_by().aggregate(**counts)
        if self.name_match is None:
            return [found["all"], found["all"]]
        parts = [found["named"], found["all"] - found["named"]]
        return [found["all"], *(parts if self.descending else parts[::-1])]

    @cached_property
    def _planned(self) -> bool:
        """Whether the database plans by how common the matches are (PostgreSQL): SQLite reads
        the words' matches from its index first in any case, and only the pages' order of
        reading them (text_index.scans) is chosen."""
        return text_index.bitmaps(self.found.db)

    def _matches(self, index: int) -> int | None:
        """How common the matches are, as a number among SAMPLE cards: of all (0), or of one
        part (1, 2). PostgreSQL counts them among the SAMPLE newest cards; SQLite asks the text
        index how many cards hold the words, as far as it matters (any visibility, other
        filters aside), which costs less than reading the matches among the newest cards.
        None when no words are searched."""
        if self._planned:
            return None if self._sample is None else self._sample[index]
        if not self.words or len(self.texts) != 1 + len(self.parts):
            return None
        if index and not self.descending:
            index = len(self.parts) + 1 - index  # the parts go the other way round
        text = self.texts[index]
        if id(text) not in self._rough:
            enough = max(COMMON, COMMON_IN_ORDER)
            share = text_index.sqlite_rough_share(self.found.db, text, enough)
            self._rough[id(text)] = None if share is None else round(share * SAMPLE)
        return self._rough[id(text)]

    def common(self, part: int | None = None, *, share: float | None = None) -> bool | None:
        """Whether the matches (of one part) make at least `share` (COMMON) of the cards; None
        when not measured."""
        matches = self._matches(0 if part is None else part + 1)
        if matches is None:
            return None
        return matches >= (COMMON if share is None else share) * SAMPLE

    def capped_count(self, limit: int) -> int:
        """How many there are, counting no further than `limit`. Where the sample alone shows
        that the matches pass the limit with room to spare, they are not counted: counting a
        common word's first thousand matches costs more than finding its page. Rare matches
        are read in order up to the limit, and counted as read: their pages come from them."""
        if self._planned and self._sample is not None:
            sampled = self._sample[0]
            if sampled >= limit or _surely_more(sampled, limit, self.found):
                return limit
        if self._rare():
            return len(self._few_ids(limit))
        return self._count(self.found, limit, None)

    def _rare(self) -> bool:
        """Whether the matches, in the newest order, are few enough to be found through the
        indexes and sorted in one question: the count and every part's page share the bitmaps
        of the words and filters, which the database builds once instead of once for each."""
        return self._planned and self.order == "newest" and self.common() is False

    def _few_ids(self, limit: int) -> list[Any]:
        """The ids of the first `limit` matches, in order (each part in turn), read once."""
        if self._few is not None:
            read_to, ids = self._few
            if limit <= read_to or len(ids) < read_to:  # all there are were read
                return ids[:limit]
        ordered = self.found
        keys = list(ordering("newest", self.descending))
        if self.name_match is not None:
            # The part whose names hold the words first (last, going up), as self.parts.
            named = Case(When(self.name_match, then=Value(0)), default=Value(1))
            ordered = ordered.annotate(named_last=named)
            keys.insert(0, "named_last" if self.descending else "-named_last")
        with text_index.scans(self.found.db, **FIND):
            ids = list(ordered.order_by(*keys).values_list("pk", flat=True)[:limit])
        self._few = (limit, ids)
        return ids

    def _count(self, found: QuerySet, limit: int, part: int | None) -> int:
        """How many of `found` (all, or one part) there are, up to `limit`: on PostgreSQL read
        in the order of the newest when they are common, found through the indexes otherwise;
        SQLite reads them from the text index's list either way."""
        counted = found.order_by().values("pk")[:limit]
        common = self.common(part, share=COMMON_TO_COUNT) if self._planned else None
        if common is None:
            return counted.count()
        if common:
            # Newest first, as the sample was taken: a word new to the site is met at once,
            # where the table's own order may hold every old card before it.
            walked = found.order_by(*ordering("newest", True)).values("pk")[:limit]
            with text_index.scans(found.db, **WALK):
                return walked.count()
        with text_index.scans(found.db, **FIND):
            return counted.count()

    def _ids(self, number: int, start: int, stop: int) -> list[Any]:
        part = self.parts[number]
        common = self.common(number)
        if self.order == "newest":
            return newest_ids(part, start, stop, descending=self.descending, common=common)
        # Another order than the newest: the walk is in that order's index. Matches may gather
        # far from the start of the names' (names starting with the word, say); the stats'
        # (level, SP, HP) hold no words to gather by.
        common = self.common(number, share=COMMON_IN_ORDER if self.order == "name" else COMMON)
        ordered = part.order_by(*ordering(self.order, self.descending))
        if common is None:
            # No words: the planner's estimates of the other filters are good.
            return list(ordered.values_list("pk", flat=True)[start:stop])
        with text_index.scans(self.found.db, **(WALK if common else FIND)):
            return list(ordered.values_list("pk", flat=True)[start:stop])

    def ids(self, start: int, stop: int) -> list[Any]:
        if self._rare():
            return self._few_ids(stop)[start:stop]
        found: list[Any] = []
        before = 0  # matches in the parts already read
        for number, part in enumerate(self.parts):
            if len(found) >= stop - start:
                break
            ids = self._ids(number, max(0, start - before), stop - before)
            found += ids
            if number + 1 < len(self.parts):
                # How many this part holds in all, as far as the page needs to know.
                if ids or start <= before:
                    before += max(0, start - before) + len(ids)
                else:
                    before += self._count(part, start - before, number)
        return found

    def __iter__(self) -> Iterator[Any]:
        step = 500
        start = 0
        while page := self[start : start + step]:
            yield from page
            start += step

    def __getitem__(self, index: int | slice) -> Any:
        if isinstance(index, int):
            found = self[index : index + 1]
            if not found:
                raise IndexError(index)
            return found[0]
        start, stop, step = index.start or 0, index.stop, index.step
        if step not in (None, 1) or start < 0 or stop is None or stop < 0:
            raise ValueError("CardResults takes slices [start:stop] from the start.")
        ids = self.ids(start, stop)
        cards = self.shown.order_by().in_bulk(ids) if ids else {}
        return [cards[pk] for pk in ids if pk in cards]


def find_cards(queryset: QuerySet, q: str | CardQuery) -> CardResults:
    """The cards of `queryset` that match the query, in its order (relevance when words are
    searched, newest otherwise). QueryError when the query cannot be read."""
    query = as_query(q)
    found = filter_cards(queryset, query)
    order, descending = query.sort()
    if order == "relevance":
        # Free words rank: a card whose name holds them comes first. Words asked of one field
        # (name:, text:, flavor:) have nothing to rank by.
        free = [term for term in query.terms if term.key == "any" and not term.negated]
        if free:
            # Each part is one question to the text index: the words, with the name's or not.
            names = [phrase_of(term, ("name",)) for term in free]
            named = text_match(query, names, named=True)
            unnamed = text_match(query, names, named=False)
            return CardResults(
                found,
                order="newest",
                descending=descending,
                name_match=Q(TextMatch(names)),
                parts=(
                    queryset.filter(query_q(query, queryset.db, names, named=True)),
                    queryset.filter(query_q(query, queryset.db, names, named=False)),
                ),
                texts=[m for m in (text_match(query), named, unnamed) if m is not None],
                words=query.ranks,
                shown=queryset,
            )
        order = "newest"
    match = text_match(query)
    return CardResults(
        found,
        order=order,
        descending=descending,
        texts=[match, match] if match is not None else [],
        words=query.ranks,
        filtered=bool(query.terms),
        shown=queryset,
    )
