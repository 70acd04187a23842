"""The card search's vocabulary and what a query is once read: its keys, orders and limits,
its terms (`Term`), the query (`CardQuery`), the words a text is searched by (`words`), and the
error a query that cannot be read raises (`QueryError`). Pure: no database.

    >>> words("Self-bury 2!")
    ('self', 'bury', '2')
    >>> CardQuery("fire", (Term("any", ":", "fire"),)).sort()
    ('relevance', True)
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field

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
    "tag",
    "set",
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
    "edition:N, by:username, legal:N, tag:name, set:CODE|designer/CODE, "
    "order:relevance|newest|name|level|sp|hp, direction:asc|desc"
)
_WORD = re.compile(r"[^\W_]+")
# A tag: one of a person's own labels for their cards and decks (the shelves app). Letters,
# digits, - and _, read without case; `tag:aggro,burn` asks for either, so no comma in a name.
MAX_TAG_LENGTH = 40
TAG_NAME = re.compile(r"[\w-]+")


def tag_problem(name: str) -> str | None:
    """What is wrong with a tag's name, for a person; None when it is a good one.

    >>> tag_problem("aggro"), tag_problem("")
    (None, 'A tag needs a name.')
    >>> tag_problem("two words")
    "'two words': a tag's name is letters, digits, - and _ only, like aggro or to-do."
    """
    if not name:
        return "A tag needs a name."
    if len(name) > MAX_TAG_LENGTH:
        return f"A tag's name is at most {MAX_TAG_LENGTH} characters; this one has {len(name)}."
    if not TAG_NAME.fullmatch(name):
        return f"'{name}': a tag's name is letters, digits, - and _ only, like aggro or to-do."
    return None


def tag_name(name: str) -> str:
    """A tag's name as it is stored and searched: without case ("Aggro" is "aggro")."""
    return name.strip().lower()


def tag_names(raw: str, shown: str, at: int) -> list[str]:
    """The names of `tag:a,b` (either tag), each a good tag name, without case.

    >>> tag_names("Aggro,burn", "tag:", 4)
    ['aggro', 'burn']
    """
    names: list[str] = []
    for part in raw.split(","):
        name = tag_name(part)
        problem = tag_problem(name)
        if problem:
            raise QueryError(
                f"'{shown}{raw}': {problem} Use tag:aggro, or tag:aggro,burn for either.", at
            )
        names.append(name)
    return list(dict.fromkeys(names))


# A set's code: 2 to 5 capital letters (sets.models), read without case; `set:alice/EMB` names
# the designer whose set it is.
SET_CODE = re.compile(r"[A-Za-z]{2,5}")
SET_DESIGNER = re.compile(r"[\w.@+-]{1,150}")


def set_value(raw: str, shown: str, at: int) -> str:
    """The value of `set:EMB` or `set:alice/EMB`, as "EMB" or "alice/EMB" (the code in capitals).

    >>> set_value("emb", "set:", 4), set_value("alice/EMB", "set:", 4)
    ('EMB', 'alice/EMB')
    """
    designer, slash, code = raw.strip().rpartition("/")
    good_code = SET_CODE.fullmatch(code) is not None
    good_designer = not slash or SET_DESIGNER.fullmatch(designer) is not None
    if not (good_code and good_designer):
        raise QueryError(
            f"'{shown}{raw}': a set is named by its code, 2 to 5 letters, like set:EMB, or with"
            " its designer, like set:alice/EMB.",
            at,
        )
    return f"{designer}/{code.upper()}" if slash else code.upper()


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
    # Whose own tags `tag:` reads (a user's id): tags are private, so the search is told whose
    # they are by the page that runs it; None (signed out, or not told) matches no tag.
    tagger: int | None = None

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
