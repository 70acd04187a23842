"""The card search syntax, in the spirit of Scryfall's.

    fire breath            cards whose name or ability text holds "fire" and "breath"
    "draw 1 card"          the phrase, exactly (case does not matter)
    kind:minion            minions (kind:spell for spells)
    level<=3  sp>=2  hp=0  numbers, with : = != < <= > >=
    edition:14             designed for the 14th Edition (its Edition Indicator); edition:none
    by:alice               designed by alice
    legal:14               playable under the 14th Edition: legal, or refurbished (a refurbished
                           card is played with its new text)
    name:wisp  text:draw   only the name, or only the ability text; flavor:moon for flavor text
    -kind:spell  -fire     a leading - negates any term

Every term must match. Words the older editions use for card terms work too ("offense>=2",
"kind:creature") and come with a note saying what they are called now.

Parsing is pure (no database); `filter_cards` turns a query into a queryset filter.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING

from cards import rules

if TYPE_CHECKING:
    from django.db.models import Q, QuerySet

MAX_QUERY_LENGTH = 300
MAX_TERMS = 30
MAX_NUMBER = 9999

NUMERIC_KEYS = ("level", "sp", "hp")
TEXT_KEYS = ("name", "text", "flavor")
KEYS = ("name", "text", "flavor", "kind", "level", "sp", "hp", "edition", "by", "legal")
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
}
OPERATORS = ("<=", ">=", "!=", ":", "=", "<", ">")
EQUALITY = (":", "=", "!=")

VALID_KEYS_TEXT = (
    "name:, text:, flavor:, kind:minion|spell, level, sp, hp (with : = != < <= > >=), "
    "edition:N, by:username, legal:N"
)

_KEY_OPERATOR = re.compile(r"([A-Za-z_]+)(<=|>=|!=|:|=|<|>)")
# The invisible control characters a query may not hold (tab and line breaks are spaces to it).
_CONTROL = r"\x00-\x08\x0b\x0c\x0e-\x1f\x7f"
_CONTROL_CHARACTER = re.compile(f"[{_CONTROL}]")
# What a query may be, as a pattern for the API's schema.
QUERY_PATTERN = f"^[^{_CONTROL}]*$"
_WHOLE = re.compile(r"\d+")


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


@dataclass(frozen=True)
class CardQuery:
    text: str
    terms: tuple[Term, ...] = ()
    notes: tuple[str, ...] = field(default=())

    @property
    def is_empty(self) -> bool:
        return not self.terms


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
    return CardQuery(text=q, terms=tuple(terms), notes=tuple(dict.fromkeys(parser.notes)))


class _Parser:
    def __init__(self, text: str) -> None:
        self.text = text
        self.index = 0
        self.notes: list[str] = []

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
            return Term("any", ":", phrase, negated=negated, phrase=True, position=start)
        match = _KEY_OPERATOR.match(text, self.index)
        if match:
            self.index = match.end()
            key_position = match.start()
            return self._filter(match.group(1), match.group(2), negated, key_position, start)
        word = self._word()
        return Term("any", ":", word, negated=negated, position=start)

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

    def _filter(self, raw_key: str, op: str, negated: bool, key_at: int, start: int) -> Term:
        key = self._key(raw_key, key_at)
        value_at = self.index
        raw = self._value()
        shown = f"{raw_key}{op}"
        if not raw.strip():
            raise QueryError(
                f"'{shown}' at position {key_at + 1} needs a value, like {_example(key)}.",
                value_at,
            )
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

_LOOKUPS = {":": "exact", "=": "exact", "<": "lt", "<=": "lte", ">": "gt", ">=": "gte"}


def term_q(term: Term) -> Q:
    """The filter of one term, negation included."""
    from django.db.models import Exists, OuterRef, Q

    from cards.models import CardVerdict

    condition: Q
    if term.key == "any":
        condition = Q(name__icontains=term.value) | Q(ability_text__icontains=term.value)
    elif term.key == "name" and term.op == "=":
        condition = Q(name__iexact=term.value)
    elif term.key == "name":
        condition = Q(name__icontains=term.value)
    elif term.key == "text":
        condition = Q(ability_text__icontains=term.value)
    elif term.key == "flavor":
        condition = Q(flavor_text__icontains=term.value)
    elif term.key == "kind":
        condition = Q(kind=term.value)
    elif term.key == "by":
        condition = Q(owner__username__iexact=term.value)
    elif term.key == "edition":
        if term.value is None:
            condition = Q(design_edition__isnull=True)
        else:
            condition = Q(design_edition=term.value)
    elif term.key == "legal":
        condition = Q(
            Exists(
                CardVerdict.objects.filter(card=OuterRef("pk"), edition=term.value, playable=True)
            )
        )
    elif term.key in NUMERIC_KEYS:
        if term.op == "!=":
            # A spell has no SP or HP, so it has no SP other than 2 either.
            condition = Q(**{f"{term.key}__isnull": False}) & ~Q(**{term.key: term.value})
        else:
            condition = Q(**{f"{term.key}__{_LOOKUPS[term.op]}": term.value})
    else:  # pragma: no cover - the parser only makes the keys above
        raise QueryError(f"Unknown filter '{term.key}'.")
    return ~condition if term.negated else condition


def query_q(query: CardQuery) -> Q:
    from django.db.models import Q

    combined = Q()
    for term in query.terms:
        combined &= term_q(term)
    return combined


def filter_cards(queryset: QuerySet, q: str | CardQuery) -> QuerySet:
    """The cards of `queryset` that match the query; QueryError when it cannot be read."""
    query = q if isinstance(q, CardQuery) else parse_query(q)
    if query.is_empty:
        return queryset
    return queryset.filter(query_q(query))
