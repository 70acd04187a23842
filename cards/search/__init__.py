"""The card search syntax, in the spirit of Scryfall's.

    fire breath            cards whose name or ability text holds words starting "fire" and "breath"
    "draw 1 card"          the words in that order (the last may be the start of a word)
    kind:minion            minions (kind:spell for spells)
    level<=3  sp>=2  hp=0  numbers, with : = != < <= > >=
    edition:14             designed for the 14th Edition (its Edition Indicator); edition:none
    by:alice               designed by alice
    legal:14               playable under the 14th Edition: legal, or refurbished (a refurbished
                           card is played with its new text)
    tag:aggro              your own cards tagged aggro (tags are private: only their owner's
                           searches read them); tag:aggro,burn for either, -tag:wip for not
    set:EMB  set:alice/EMB the cards of such sets the searcher may know of (the sets app
                           answers, through cards.extensions)
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

Each step has its module: the query's vocabulary and values (`query`), reading a query
(`parser`), its filter (`filters`), the orders and the indexes they need (`ordering`), and the
matches in order, a page at a time, read as how common they are makes cheapest (`results`,
where the sampling's figures live).
"""

from cards.search.filters import (
    FREE_FIELDS,
    TERM_FIELDS,
    as_query,
    filter_cards,
    playable_q,
    query_q,
    tagged_by,
    term_q,
    text_match,
)
from cards.search.ordering import (
    INDEXED_ORDERS,
    StatOrLess,
    StatOrMore,
    ordering,
    sort_expressions,
)
from cards.search.parser import QUERY_PATTERN, old_terms, parse_query, split_tag_terms
from cards.search.query import (
    ALIASES,
    DIRECTIONS,
    KEYS,
    MAX_NUMBER,
    MAX_QUERY_LENGTH,
    MAX_TAG_LENGTH,
    MAX_TERMS,
    NUMERIC_KEYS,
    ORDERS,
    SORT_KEYS,
    TEXT_KEYS,
    VALID_KEYS_TEXT,
    CardQuery,
    QueryError,
    Term,
    tag_name,
    tag_problem,
    words,
)
from cards.search.results import CardResults, find_cards, newest_ids, surely_more

__all__ = [
    "ALIASES",
    "DIRECTIONS",
    "FREE_FIELDS",
    "INDEXED_ORDERS",
    "KEYS",
    "MAX_NUMBER",
    "MAX_QUERY_LENGTH",
    "MAX_TAG_LENGTH",
    "MAX_TERMS",
    "NUMERIC_KEYS",
    "ORDERS",
    "QUERY_PATTERN",
    "SORT_KEYS",
    "TERM_FIELDS",
    "TEXT_KEYS",
    "VALID_KEYS_TEXT",
    "CardQuery",
    "CardResults",
    "QueryError",
    "StatOrLess",
    "StatOrMore",
    "Term",
    "as_query",
    "filter_cards",
    "find_cards",
    "newest_ids",
    "old_terms",
    "ordering",
    "parse_query",
    "playable_q",
    "query_q",
    "sort_expressions",
    "split_tag_terms",
    "surely_more",
    "tag_name",
    "tag_problem",
    "tagged_by",
    "term_q",
    "text_match",
    "words",
]
