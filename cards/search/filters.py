"""A read query as a filter of cards: each term's condition, the words asked of the
database's full-text index in one question (`cards.text_index.TextMatch`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from django.apps import apps
from django.contrib.auth import get_user_model
from django.db.models import F, Q, QuerySet, Value
from django.db.models.functions import Lower
from django.db.models.lookups import (
    Exact,
    GreaterThan,
    GreaterThanOrEqual,
    LessThan,
    LessThanOrEqual,
)

from cards import text_index
from cards.extensions import set_filter_q
from cards.search.ordering import StatOrLess
from cards.search.parser import parse_query
from cards.search.query import NUMERIC_KEYS, CardQuery, QueryError, Term
from cards.text_index import Phrase, TextMatch

# Where each text term looks: free words and phrases in the name and the ability text.
FREE_FIELDS = ("name", "ability_text")
TERM_FIELDS = {
    "any": FREE_FIELDS,
    "name": ("name",),
    "text": ("ability_text",),
    "flavor": ("flavor_text",),
}

_LOOKUPS = {":": "exact", "=": "exact", "<": "lt", "<=": "lte", ">": "gt", ">=": "gte"}


def phrase_of(term: Term, fields: tuple[str, ...] | None = None) -> Phrase:
    """The words a text term looks for, in its fields (or those given)."""
    return Phrase(fields or TERM_FIELDS[term.key], term.words, prefix=term.prefix)


def term_q(term: Term, using: str, tagger: int | None = None) -> Q:
    """The filter of one term, negation included, for the database `using`; `tag:` reads the
    tags of `tagger` only (CardQuery.tagger)."""
    condition: Q
    if term.searches_text:
        if not term.words:
            raise QueryError(f"'{term.value}' has no letters or digits to search for.")
        condition = Q(TextMatch([phrase_of(term)]))
    elif term.key == "name":  # name=, the whole name
        condition = Q(Exact(Lower("name"), Lower(Value(term.value))))
    elif term.key == "kind":
        condition = Q(kind=term.value)
    elif term.key == "by":
        # The designer's id, looked up first: `owner = id` is answered from the owner's index
        # of cards, newest first, where a join on the name leaves the database guessing how
        # many cards one designer has.
        designers = get_user_model().objects.filter(username__iexact=term.value)
        condition = Q(owner_id__in=list(designers.values_list("pk", flat=True)))
    elif term.key == "edition":
        if term.value is None:
            condition = Q(design_edition__isnull=True)
        else:
            condition = Q(design_edition=term.value)
    elif term.key == "legal":
        condition = playable_q(term.value, using)
    elif term.key == "tag":
        condition = tagged_q(str(term.value).split(","), tagger)
    elif term.key == "set":
        # The sets app answers, through its own gate (cards.extensions): cards cannot import it.
        designer, _, code = str(term.value).rpartition("/")
        condition = set_filter_q(code, designer or None, tagger)
    elif term.key in NUMERIC_KEYS:
        condition = _number_q(term)
    else:  # pragma: no cover - the parser only makes the keys above
        raise QueryError(f"Unknown filter '{term.key}'.")
    return ~condition if term.negated else condition


def playable_q(edition: int, using: str) -> Q:
    """The cards playable under `edition` (legal, or refurbished).

    Where the database finds matches as bitmaps of its indexes (PostgreSQL), the card's own
    list of its playable editions (Card.playable_in, `@>` on its GIN index) is one more bitmap,
    ANDed with the words' before any card is read; a join on the verdicts would read a verdict
    for each match instead. SQLite looks no JSON up in an index and needs none: its plan starts
    from the words' index and checks each match against one list of the playable cards that it
    makes once from the verdicts. (`playable IN (true)`: a plain `playable` is a test SQLite
    does not look up in the verdicts' index on edition and playable.)"""
    if text_index.bitmaps(using):
        return Q(playable_in__contains=[edition])
    # By name: cards.models imports this package for the orders its indexes serve.
    verdicts = apps.get_model("cards", "CardVerdict")
    playable = verdicts.objects.filter(edition=edition, playable__in=[True])
    return Q(pk__in=playable.values("card_id"))


def tagged_q(names: Sequence[str], tagger: int | None) -> Q:
    """The cards `tagger` tagged with any of `names`. Tags are their owner's alone: no one
    else's tag is read, and with no tagger (someone signed out) no card matches."""
    if tagger is None:
        return Q(pk__in=[])
    # By name: the shelves app's models import this package's app (cards.models).
    tagged = apps.get_model("shelves", "CardTag").objects.filter(
        tag__owner_id=tagger, tag__name__in=list(names)
    )
    return Q(pk__in=tagged.values("card_id"))


def tagged_by(q: str | CardQuery, user: Any) -> CardQuery:
    """The query, with `tag:` reading `user`'s own tags (none when signed out)."""
    query = as_query(q)
    signed_in = user is not None and getattr(user, "is_authenticated", False)
    return replace(query, tagger=user.pk if signed_in else None)


def _number_q(term: Term) -> Q:
    """A comparison of level, SP or HP. SP and HP are compared as the sort indexes hold them
    (StatOrLess: a spell's missing value is -1), so those indexes serve the filter too; a spell
    has no SP, so it has no SP under 2 or other than 2 either."""
    value = term.value
    if term.key == "level":
        if term.op == "!=":
            return ~Q(level=value)
        return Q(**{f"level__{_LOOKUPS[term.op]}": value})
    stat = StatOrLess(F(term.key))
    minion = Q(GreaterThanOrEqual(stat, 0))  # not a spell's -1
    if term.op == "!=":
        return minion & ~Q(Exact(stat, value))
    if term.op in (":", "="):
        return Q(Exact(stat, value))
    if term.op in ("<", "<="):
        return minion & Q((LessThan if term.op == "<" else LessThanOrEqual)(stat, value))
    return Q((GreaterThan if term.op == ">" else GreaterThanOrEqual)(stat, value))


def query_q(
    query: CardQuery, using: str, names: Sequence[Phrase] = (), *, named: bool | None = None
) -> Q:
    """Every term's filter, for the database `using`. The words that must be there, and those
    that must not (when some must), are looked up together: one question to the index. With
    `named`, the card's name must hold the `names` phrases too (True) or not all of them
    (False): the two parts of an order by relevance."""
    match = text_match(query, names, named=named)
    combined = Q(match) if match is not None else Q()
    for term in query.terms:
        if not term.searches_text or (term.negated and match is None):
            combined &= term_q(term, using, query.tagger)
    return combined


def text_match(
    query: CardQuery, names: Sequence[Phrase] = (), *, named: bool | None = None
) -> TextMatch | None:
    """The words of query_q, as one question to the text index; None when no words must be
    there (words that must not are then each a filter of their own)."""
    wanted = [phrase_of(term) for term in query.terms if term.searches_text and not term.negated]
    if not wanted:
        return None
    excluded = [[phrase_of(term)] for term in query.terms if term.searches_text and term.negated]
    if named is True:
        wanted = [*wanted, *names]
    elif named is False:
        excluded.append(list(names))
    return TextMatch(wanted, excluded)


def as_query(q: str | CardQuery) -> CardQuery:
    return q if isinstance(q, CardQuery) else parse_query(q)


def filter_cards(queryset: QuerySet, q: str | CardQuery) -> QuerySet:
    """The cards of `queryset` that match the query; QueryError when it cannot be read."""
    query = as_query(q)
    if query.is_empty:
        return queryset
    return queryset.filter(query_q(query, queryset.db))
