"""The card search syntax, in the spirit of Scryfall's.

    fire breath            cards whose name or ability text holds words starting "fire" and "breath"
    "draw 1 card"          the words in that order (the last may be the start of a word)
    kind:minion            minions (kind:spell for spells)
    level<=3  sp>=2  hp=0  numbers, with : = != < <= > >=
    edition:14             designed for the 14th Edition (its Edition Indicator); edition:none
    by:alice               designed by alice
    legal:14               playable under the 14th Edition: legal, or refurbished (a refurbished
                           card is played with its new text)
    name:wisp  text:draw   only the name, or only the ability text; flavor:moon for flavor text
    name="ember wisp"      the whole name, exactly (case does not matter)
    -kind:spell  -fire     a leading - negates any term
    order:name             sort: relevance, newest, name, level, sp or hp
    direction:desc         the other way round (asc or desc)

Every term must match. Words are runs of letters and digits, read without case: a search word
matches the words of a card that start with it ("fir" finds "Fire" and "Fireball", not
"Campfire"), and the words of a phrase must come one after the other in one field. Words the
older editions use for card terms work too ("offense>=2", "kind:creature") and come with a note
saying what they are called now.

Parsing is pure (no database); `filter_cards` turns a query into a queryset filter, through the
database's full-text index (`TextMatch`: PostgreSQL's text search, SQLite's FTS5), and
`find_cards` also puts the matches in the query's order.
"""

from __future__ import annotations

import re
import time
import unicodedata
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace
from functools import cache, cached_property
from typing import Any

from django.contrib.auth import get_user_model
from django.db import connections
from django.db.models import (
    Count,
    F,
    Func,
    IntegerField,
    OrderBy,
    Q,
    QuerySet,
    Value,
)
from django.db.models.functions import Lower
from django.db.models.lookups import (
    Exact,
    GreaterThan,
    GreaterThanOrEqual,
    LessThan,
    LessThanOrEqual,
)

from cards import rules, text_index
from cards.text_index import Phrase, TextMatch

MAX_QUERY_LENGTH = 300
MAX_TERMS = 30
MAX_NUMBER = 9999

NUMERIC_KEYS = ("level", "sp", "hp")
TEXT_KEYS = ("name", "text", "flavor")
SORT_KEYS = ("order", "direction")
KEYS = (
    "name",
    "text",
    "flavor",
    "kind",
    "level",
    "sp",
    "hp",
    "edition",
    "by",
    "legal",
    *SORT_KEYS,
)
ALIASES = {
    "n": "name",
    "o": "text",
    "oracle": "text",
    "ability": "text",
    "ft": "flavor",
    "t": "kind",
    "type": "kind",
    "lv": "level",
    "lvl": "level",
    "e": "edition",
    "owner": "by",
    "author": "by",
    "sort": "order",
    "dir": "direction",
}
# The orders, each with the direction it goes unless told: the best match, the newest change,
# A to Z, the lowest number first. A card has no SP or HP when it is a spell: it counts as
# less than 0 (first going up, last going down).
ORDERS = {
    "relevance": "desc",
    "newest": "desc",
    "name": "asc",
    "level": "asc",
    "sp": "asc",
    "hp": "asc",
}
DIRECTIONS = ("asc", "desc")
OPERATORS = ("<=", ">=", "!=", ":", "=", "<", ">")
EQUALITY = (":", "=", "!=")

VALID_KEYS_TEXT = (
    "name:, text:, flavor:, kind:minion|spell, level, sp, hp (with : = != < <= > >=), "
    "edition:N, by:username, legal:N, order:relevance|newest|name|level|sp|hp, "
    "direction:asc|desc"
)

_KEY_OPERATOR = re.compile(r"([A-Za-z_]+)(<=|>=|!=|:|=|<|>)")
# The invisible control characters a query may not hold (tab and line breaks are spaces to it).
_CONTROL = r"\x00-\x08\x0b\x0c\x0e-\x1f\x7f"
_CONTROL_CHARACTER = re.compile(f"[{_CONTROL}]")
# What a query may be, as a pattern for the API's schema.
QUERY_PATTERN = f"^[^{_CONTROL}]*$"
_WHOLE = re.compile(r"\d+")
_WORD = re.compile(r"[^\W_]+")


def _in_word(character: str) -> bool:
    category = unicodedata.category(character)
    return category[0] == "L" or category == "Nd"


def words(text: str) -> tuple[str, ...]:
    """The words of a text as both full-text indexes hold them: runs of letters and decimal
    digits, in lower case ("Self-bury 2!" -> ("self", "bury", "2")). Anything else (spaces,
    punctuation, signs such as ½) parts words: PostgreSQL's index is made from the text with
    those replaced by spaces, SQLite's tokenizer is told the same letters (migration 0003)."""
    found: list[str] = []
    for run in _WORD.findall(text or ""):
        if run.isascii():
            found.append(run.lower())
            continue
        found.extend(
            word.lower() for word in "".join(c if _in_word(c) else " " for c in run).split()
        )
    return tuple(found)


class QueryError(ValueError):
    """A query that cannot be read. `message` is for a person; `position` is 0-based."""

    def __init__(self, message: str, position: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.position = position

    def __str__(self) -> str:
        return self.message


@dataclass(frozen=True)
class Term:
    """One term of a query.

    `key` is a filter ("kind", "level", ...) or "any" for free words and quoted phrases,
    which match the name or the ability text. `value` is an int for numbers and editions,
    None for `edition:none`, and a string otherwise.
    """

    key: str
    op: str
    value: str | int | None
    negated: bool = False
    phrase: bool = False
    position: int = 0
    # The query's last text term: its last word may still be being typed, and matches the
    # words that start with it.
    prefix: bool = False

    @property
    def words(self) -> tuple[str, ...]:
        """The words a text term looks for (a free word, a phrase, name:, text:, flavor:)."""
        return words(self.value) if isinstance(self.value, str) else ()

    @property
    def searches_text(self) -> bool:
        """Whether the term is matched by the full-text index (`name=` compares the name)."""
        return self.key == "any" or (self.key in TEXT_KEYS and self.op != "=")


@dataclass(frozen=True)
class CardQuery:
    text: str
    terms: tuple[Term, ...] = ()
    notes: tuple[str, ...] = field(default=())
    order: str | None = None  # one of ORDERS; None: relevance when words are searched
    direction: str | None = None  # "asc" or "desc"; None: the order's own

    @property
    def is_empty(self) -> bool:
        return not self.terms

    @property
    def ranks(self) -> bool:
        """Whether there is anything to rank by relevance: words that must be there."""
        return any(term.searches_text and not term.negated for term in self.terms)

    def sort(self) -> tuple[str, bool]:
        """The order the results go in, and whether it goes down (desc)."""
        order = self.order or ("relevance" if self.ranks else "newest")
        return order, (self.direction or ORDERS[order]) == "desc"


# -- the words older editions use -----------------------------------------------------------


def _normal_word(word: str) -> str:
    return re.sub(r"[\s_\-]+", "_", word.strip().lower())


@cache
def old_terms() -> dict[str, tuple[str, str]]:
    """Older editions' words for card terms: word -> (modern key, "the 11th Edition")."""
    modern = rules.current_edition()
    found: dict[str, tuple[str, str]] = {}
    for number, edition in sorted(rules.load_editions().items(), reverse=True):
        if number == modern.number:
            continue
        for key in ("minion", "spell", "level", "sp", "hp"):
            word = edition.terms.get(key, key)
            if _normal_word(word) != _normal_word(modern.term(key)) and word.strip():
                found.setdefault(_normal_word(word), (key, edition.name))
    return found


def _modern_name(key: str) -> str:
    return rules.current_edition().term(key)


# -- parsing ----------------------------------------------------------------------------------


def parse_query(q: str) -> CardQuery:
    """Read a query; raise QueryError naming the problem when it cannot be read."""
    if q is None:
        q = ""
    if not isinstance(q, str):
        raise QueryError("The query must be text.")
    if len(q) > MAX_QUERY_LENGTH:
        raise QueryError(
            f"The query is {len(q)} characters long; the limit is {MAX_QUERY_LENGTH}. "
            "Use fewer or shorter terms."
        )
    if control := _CONTROL_CHARACTER.search(q):
        index = control.start()
        raise QueryError(
            f"The query has an invisible control character at position {index + 1}; remove it.",
            index,
        )
    parser = _Parser(q)
    terms = parser.parse()
    if len(terms) > MAX_TERMS:
        raise QueryError(f"The query has {len(terms)} terms; the limit is {MAX_TERMS}.")
    texts = [index for index, term in enumerate(terms) if term.searches_text]
    if texts:
        terms[texts[-1]] = replace(terms[texts[-1]], prefix=True)
    return CardQuery(
        text=q,
        terms=tuple(terms),
        notes=tuple(dict.fromkeys(parser.notes)),
        order=parser.sort.get("order"),
        direction=parser.sort.get("direction"),
    )


class _Parser:
    def __init__(self, text: str) -> None:
        self.text = text
        self.index = 0
        self.notes: list[str] = []
        self.sort: dict[str, str] = {}

    def parse(self) -> list[Term]:
        terms: list[Term] = []
        text = self.text
        while True:
            while self.index < len(text) and text[self.index].isspace():
                self.index += 1
            if self.index >= len(text):
                return terms
            term = self._term()
            if term is not None:
                terms.append(term)

    def _term(self) -> Term | None:
        text = self.text
        start = self.index
        negated = False
        if text[self.index] == "-":
            if self.index + 1 >= len(text) or text[self.index + 1].isspace():
                raise QueryError(
                    f"The '-' at position {start + 1} must come right before a term to leave"
                    " it out, like -kind:spell or -fire.",
                    start,
                )
            negated = True
            self.index += 1
        if text[self.index] == '"':
            phrase = self._quoted()
            if not phrase.strip():
                return None
            term = Term("any", ":", phrase, negated=negated, phrase=True, position=start)
            return self._with_words(term, f'"{phrase}"')
        match = _KEY_OPERATOR.match(text, self.index)
        if match:
            self.index = match.end()
            key_position = match.start()
            term = self._filter(match.group(1), match.group(2), negated, key_position, start)
            if term is None or not term.searches_text:
                return term
            return self._with_words(term, text[start : self.index])
        word = self._word()
        return self._with_words(Term("any", ":", word, negated=negated, position=start), word)

    def _with_words(self, term: Term, shown: str) -> Term | None:
        """A text term with nothing to look for (only punctuation) is left out, and said so."""
        if term.words:
            return term
        self.notes.append(
            f"'{shown.lstrip('-')}' has no letters or digits to search for, so it is left out."
        )
        return None

    def _word(self) -> str:
        text = self.text
        begin = self.index
        while self.index < len(text) and not text[self.index].isspace():
            if text[self.index] == '"':
                break
            self.index += 1
        return text[begin : self.index]

    def _quoted(self) -> str:
        text = self.text
        opening = self.index
        closing = text.find('"', opening + 1)
        if closing == -1:
            raise QueryError(
                f'The quote at position {opening + 1} is never closed. Add a closing " or'
                " remove it.",
                opening,
            )
        self.index = closing + 1
        return text[opening + 1 : closing]

    def _value(self) -> str:
        if self.index < len(self.text) and self.text[self.index] == '"':
            return self._quoted()
        return self._word()

    def _filter(self, raw_key: str, op: str, negated: bool, key_at: int, start: int) -> Term | None:
        key = self._key(raw_key, key_at)
        value_at = self.index
        raw = self._value()
        shown = f"{raw_key}{op}"
        if not raw.strip():
            raise QueryError(
                f"'{shown}' at position {key_at + 1} needs a value, like {_example(key)}.",
                value_at,
            )
        if key in SORT_KEYS:
            self._sort_term(key, op, raw, negated, shown, key_at)
            return None
        if key in NUMERIC_KEYS:
            number = _number(raw, key, shown, value_at)
            return Term(key, op, number, negated=negated, position=start)
        if op not in EQUALITY:
            raise QueryError(
                f"'{shown}' at position {key_at + 1}: '{op}' compares numbers; {key} takes"
                f" ':' or '=', like {_example(key)}.",
                key_at,
            )
        if op == "!=":
            negated, op = not negated, ":"
        if key == "kind":
            return Term(key, op, self._kind(raw, value_at), negated=negated, position=start)
        if key == "edition":
            if raw.strip().lower() in {"none", "no", "missing"}:
                return Term(key, op, None, negated=negated, position=start)
            number = _edition_number(raw, value_at, known_only=False, shown=shown)
            return Term(key, op, number, negated=negated, position=start)
        if key == "legal":
            number = _edition_number(raw, value_at, known_only=True, shown=shown)
            return Term(key, op, number, negated=negated, position=start)
        return Term(key, op, raw, negated=negated, position=start)

    def _sort_term(self, key: str, op: str, raw: str, negated: bool, shown: str, at: int) -> None:
        """order: and direction: say how to sort; they match nothing, so they cannot be negated
        or given twice."""
        if negated or op not in (":", "="):
            raise QueryError(
                f"'{'-' if negated else ''}{shown}{raw}' at position {at + 1}: {key} says how to "
                f"sort, so it takes ':' only, like {_example(key)}.",
                at,
            )
        if key in self.sort:
            raise QueryError(
                f"'{shown}{raw}' at position {at + 1}: {key} is already given; give it once.", at
            )
        word = _normal_word(raw)
        if key == "direction":
            value = {"ascending": "asc", "descending": "desc"}.get(word, word)
            if value not in DIRECTIONS:
                raise QueryError(
                    f"'{shown}{raw}': the direction is asc or desc, like direction:desc.", at
                )
        else:
            value = {"new": "newest", "updated": "newest", "relevant": "relevance"}.get(word, word)
            old = old_terms().get(word)
            if value not in ORDERS and old and old[0] in NUMERIC_KEYS:
                modern, edition = old
                self.notes.append(
                    f"'{raw}' is what the {edition} calls {_modern_name(modern)}; "
                    f"sorting by {_modern_name(modern)}."
                )
                value = modern
            if value not in ORDERS:
                raise QueryError(
                    f"'{shown}{raw}' is not a sort order; use order: with {', '.join(ORDERS)}.",
                    at,
                )
        self.sort[key] = value

    def _key(self, raw_key: str, at: int) -> str:
        word = raw_key.lower()
        if word in KEYS:
            return word
        if word in ALIASES:
            return ALIASES[word]
        old = old_terms().get(_normal_word(word))
        if old and old[0] in NUMERIC_KEYS:
            modern, edition = old
            self.notes.append(
                f"'{raw_key}' is what the {edition} calls {_modern_name(modern)}; "
                f"searching {_modern_name(modern)}."
            )
            return modern
        raise QueryError(
            f"Unknown filter '{raw_key}' at position {at + 1}. Valid filters: {VALID_KEYS_TEXT}."
            f' To search for the text itself, put it in quotes: "{raw_key}:".',
            at,
        )

    def _kind(self, raw: str, at: int) -> str:
        word = _normal_word(raw)
        for kind in ("minion", "spell"):
            if word in {kind, kind + "s"}:
                return kind
        old = old_terms().get(word) or old_terms().get(word.rstrip("s"))
        if old and old[0] in {"minion", "spell"}:
            modern, edition = old
            self.notes.append(
                f"'{raw}' is what the {edition} calls a {_modern_name(modern)}; "
                f"searching {_modern_name(modern)}s."
            )
            return modern
        raise QueryError(f"'kind:{raw}' is not a card type; use kind:minion or kind:spell.", at)


def _example(key: str) -> str:
    return {
        "name": "name:wisp",
        "text": 'text:"draw 1 card"',
        "flavor": "flavor:moon",
        "kind": "kind:minion",
        "level": "level<=3",
        "sp": "sp>=2",
        "hp": "hp=0",
        "edition": "edition:14",
        "by": "by:alice",
        "legal": "legal:14",
        "order": "order:name",
        "direction": "direction:desc",
    }[key]


def _number(raw: str, key: str, shown: str, at: int) -> int:
    if not _WHOLE.fullmatch(raw):
        raise QueryError(
            f"'{shown}{raw}': {key} needs a whole number, like {_example(key)}.",
            at,
        )
    number = int(raw)
    if number > MAX_NUMBER:
        raise QueryError(f"'{shown}{raw}': {raw} is too large for {key}.", at)
    return number


def _edition_number(raw: str, at: int, *, known_only: bool, shown: str) -> int:
    word = raw.strip().lower()
    known = sorted(rules.load_editions())
    if word in {"current", "now", "latest"}:
        return rules.current_edition().number
    digits = re.fullmatch(r"(\d+)(st|nd|rd|th)?", word)
    known_text = ", ".join(str(number) for number in known)
    if digits is None:
        raise QueryError(
            f"'{shown}{raw}' needs an edition number, like {shown}14. Known editions: "
            f"{known_text}.",
            at,
        )
    number = int(digits.group(1))
    if number > MAX_NUMBER:
        raise QueryError(f"'{shown}{raw}': there is no edition {number}.", at)
    if known_only and number not in known:
        raise QueryError(
            f"'{shown}{raw}': there are no rules for edition {number}. Known editions: "
            f"{known_text}.",
            at,
        )
    return number


# -- filtering --------------------------------------------------------------------------------

# Where each text term looks: free words and phrases in the name and the ability text.
FREE_FIELDS = ("name", "ability_text")
TERM_FIELDS = {
    "any": FREE_FIELDS,
    "name": ("name",),
    "text": ("ability_text",),
    "flavor": ("flavor_text",),
}

_LOOKUPS = {":": "exact", "=": "exact", "<": "lt", "<=": "lte", ">": "gt", ">=": "gte"}


def _phrase(term: Term, fields: tuple[str, ...] | None = None) -> Phrase:
    """The words a text term looks for, in its fields (or those given)."""
    return Phrase(fields or TERM_FIELDS[term.key], term.words, prefix=term.prefix)


def term_q(term: Term) -> Q:
    """The filter of one term, negation included."""
    from cards.models import CardVerdict

    condition: Q
    if term.searches_text:
        if not term.words:
            raise QueryError(f"'{term.value}' has no letters or digits to search for.")
        condition = Q(TextMatch([_phrase(term)]))
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
        # The cards playable under that edition, as one list the database makes once (a hash,
        # or SQLite's list of ids) rather than a look-up of the card's verdict for each card.
        # (`playable IN (true)`: a plain `playable` is a test SQLite does not look up in the
        # verdicts' index on edition and playable.)
        playable = CardVerdict.objects.filter(edition=term.value, playable__in=[True])
        condition = Q(pk__in=playable.values("card_id"))
    elif term.key in NUMERIC_KEYS:
        condition = _number_q(term)
    else:  # pragma: no cover - the parser only makes the keys above
        raise QueryError(f"Unknown filter '{term.key}'.")
    return ~condition if term.negated else condition


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


def query_q(query: CardQuery, names: Sequence[Phrase] = (), *, named: bool | None = None) -> Q:
    """Every term's filter. The words that must be there, and those that must not (when some
    must), are looked up together: one question to the index. With `named`, the card's name
    must hold the `names` phrases too (True) or not all of them (False): the two parts of an
    order by relevance."""
    match = text_match(query, names, named=named)
    combined = Q(match) if match is not None else Q()
    for term in query.terms:
        if not term.searches_text or (term.negated and match is None):
            combined &= term_q(term)
    return combined


def text_match(
    query: CardQuery, names: Sequence[Phrase] = (), *, named: bool | None = None
) -> TextMatch | None:
    """The words of query_q, as one question to the text index; None when no words must be
    there (words that must not are then each a filter of their own)."""
    wanted = [_phrase(term) for term in query.terms if term.searches_text and not term.negated]
    if not wanted:
        return None
    excluded = [[_phrase(term)] for term in query.terms if term.searches_text and term.negated]
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
    return queryset.filter(query_q(query))


# -- ordering ---------------------------------------------------------------------------------


class StatOrLess(Func):
    """SP or HP, with a spell's missing value as -1: less than any. Written out, not a
    parameter, so that the index on it (cards.models) is the one the database uses. Filters on
    SP and HP compare it too, so that index serves them."""

    template = "COALESCE(%(expressions)s, -1)"
    output_field = IntegerField()


class StatOrMore(Func):
    """SP or HP, with a spell's missing value as more than any (32768 is past the largest a
    small integer column holds): sorting up, spells come last."""

    template = "COALESCE(%(expressions)s, 32768)"
    output_field = IntegerField()


def sort_expressions(order: str, descending: bool = False, prefix: str = "") -> tuple[Any, ...]:
    """What `order` sorts by, going up; the card's id settles ties. A spell, with no SP or HP,
    comes last either way. `prefix` reaches the card through a relation ("card__" for
    collection entries). cards.models indexes each of these (INDEXED_ORDERS)."""
    name = Lower(f"{prefix}name")
    pk = F(f"{prefix}id")
    stat = StatOrLess if descending else StatOrMore
    return {
        "newest": (F(f"{prefix}updated"), pk),
        "name": (name, pk),
        "level": (F(f"{prefix}level"), name, pk),
        "sp": (stat(F(f"{prefix}sp")), name, pk),
        "hp": (stat(F(f"{prefix}hp")), name, pk),
    }[order]


# The indexes the orders need: (name, order, going down?); an index serves both directions,
# but SP and HP sort by another expression going down.
INDEXED_ORDERS = (
    ("newest", "newest", False),
    ("name", "name", False),
    ("level", "level", False),
    ("sp_up", "sp", False),
    ("sp_down", "sp", True),
    ("hp_up", "hp", False),
    ("hp_down", "hp", True),
)


def ordering(order: str, descending: bool, prefix: str = "") -> list[OrderBy]:
    """The ORDER BY of an order (relevance aside), every key going the same way, so that one
    index serves it."""
    return [
        OrderBy(key, descending=descending) for key in sort_expressions(order, descending, prefix)
    ]


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
        shown: QuerySet | None = None,
    ) -> None:
        self.found = found
        # The page's cards are read by id from the cards the viewer may see, with what they
        # show: the search is not asked again.
        self.shown = found if shown is None else shown
        self.order, self.descending = order, descending
        self.words = words
        self.name_match = name_match
        if parts is None and name_match is not None:
            parts = (found.filter(name_match), found.exclude(name_match))
        ordered = list(parts) if parts is not None else [found]
        self.parts = ordered if descending else ordered[::-1]
        # The words of all the matches, then of each part, as the text index is asked them.
        self.texts = list(texts)
        self._rough: dict[int, int | None] = {}

    def count(self) -> int:
        return self.found.count()

    @cached_property
    def _sample(self) -> list[int] | None:
        """PostgreSQL: matches among the SAMPLE newest cards, in all, then in each part (None
        when no words are searched, or there are fewer cards)."""
        if not self.words:
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
        common word's first thousand matches costs more than finding its page."""
        if self._planned and self._sample is not None:
            sampled = self._sample[0]
            if sampled >= limit or _surely_more(sampled, limit, self.found):
                return limit
        return self._count(self.found, limit, None)

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
        # Another order than the newest: the walk is in that order's index, where matches may
        # gather far from its start (names starting with the word, say).
        common = self.common(number, share=COMMON_IN_ORDER)
        ordered = part.order_by(*ordering(self.order, self.descending))
        if common is None:
            # No words: the planner's estimates of the other filters are good.
            return list(ordered.values_list("pk", flat=True)[start:stop])
        with text_index.scans(self.found.db, **(WALK if common else FIND)):
            return list(ordered.values_list("pk", flat=True)[start:stop])

    def ids(self, start: int, stop: int) -> list[Any]:
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
            names = [_phrase(term, ("name",)) for term in free]
            named = text_match(query, names, named=True)
            unnamed = text_match(query, names, named=False)
            return CardResults(
                found,
                order="newest",
                descending=descending,
                name_match=Q(TextMatch(names)),
                parts=(
                    queryset.filter(query_q(query, names, named=True)),
                    queryset.filter(query_q(query, names, named=False)),
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
        shown=queryset,
    )
