"""Reading a card search query (the syntax of :mod:`cards.search`) into a `CardQuery`, or a
`QueryError` that says what is wrong and where. Pure: no database, though the older editions'
words for card terms come from the rulebook's editions.

    >>> query = parse_query("kind:minion level<=3 fire")
    >>> [(term.key, term.op, term.value) for term in query.terms]
    [('kind', ':', 'minion'), ('level', '<=', 3), ('any', ':', 'fire')]
    >>> try:
    ...     parse_query("fire kind:dragon")
    ... except QueryError as error:
    ...     print(error.position, error.message)
    10 'kind:dragon' is not a card type; use kind:minion or kind:spell.
"""

from __future__ import annotations

import re
from dataclasses import replace
from functools import cache

from cards import rules
from cards.search.query import (
    ALIASES,
    DIRECTIONS,
    EQUALITY,
    KEYS,
    MAX_NUMBER,
    MAX_QUERY_LENGTH,
    MAX_TERMS,
    NUMERIC_KEYS,
    ORDERS,
    SORT_KEYS,
    VALID_KEYS_TEXT,
    CardQuery,
    QueryError,
    Term,
    set_value,
    tag_names,
)

_KEY_OPERATOR = re.compile(r"([A-Za-z_]+)(<=|>=|!=|:|=|<|>)")
# The invisible control characters a query may not hold (tab and line breaks are spaces to it).
_CONTROL = r"\x00-\x08\x0b\x0c\x0e-\x1f\x7f"
_CONTROL_CHARACTER = re.compile(f"[{_CONTROL}]")
# What a query may be, as a pattern for the API's schema.
QUERY_PATTERN = f"^[^{_CONTROL}]*$"
_WHOLE = re.compile(r"\d+")


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
        if key == "tag":
            names = tag_names(raw, shown, value_at)
            return Term(key, ":", ",".join(names), negated=negated, position=start)
        if key == "set":
            return Term(key, ":", set_value(raw, shown, value_at), negated=negated, position=start)
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
        "tag": "tag:aggro",
        "set": "set:EMB",
        "order": "order:name",
        "direction": "direction:desc",
    }[key]


_TAG_TERM = re.compile(r'(?<!\S)-?tag(?:<=|>=|!=|:|=|<|>)(?:"[^"]*"|\S*)', re.IGNORECASE)


def split_tag_terms(text: str) -> tuple[str, tuple[Term, ...]]:
    """A list search that reads its text as a name (the deck lists): its tag: terms, read as
    the card search reads them, and the rest of the text. QueryError for a tag: term that cannot
    be read.

    >>> rest, terms = split_tag_terms("fire tag:aggro -tag:wip,old")
    >>> rest, [(term.value, term.negated) for term in terms]
    ('fire', [('aggro', False), ('wip,old', True)])
    """
    terms: list[Term] = []
    for match in _TAG_TERM.finditer(text or ""):
        try:
            term = _Parser(match.group(0))._term()
        except QueryError as error:
            position = None if error.position is None else error.position + match.start()
            raise QueryError(error.message, position) from error
        if term is not None:
            terms.append(replace(term, position=match.start()))
    if len(terms) > MAX_TERMS:
        raise QueryError(f"The search has {len(terms)} tag: terms; the limit is {MAX_TERMS}.")
    rest = " ".join(_TAG_TERM.sub(" ", text or "").split())
    return rest, tuple(terms)


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
