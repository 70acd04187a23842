"""The search syntax's sort terms and how it reads words: the parser alone, no database."""

import pytest

from cards.search import QueryError, parse_query, words


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Fire Drake", ("fire", "drake")),
        ("Self-bury: excavate 2.", ("self", "bury", "excavate", "2")),
        ("owner's hand", ("owner", "s", "hand")),
        ("CAFÉ au lait", ("café", "au", "lait")),
        ("snake_case x2 3d6", ("snake", "case", "x2", "3d6")),
        ("Deal ½ damage²", ("deal", "damage")),
        ("!! -- ...", ()),
    ],
)
def test_words_are_runs_of_letters_and_digits_in_lower_case(text, expected):
    assert words(text) == expected


@pytest.mark.parametrize(
    ("q", "order", "direction", "sort"),
    [
        ("", None, None, ("newest", True)),
        ("kind:spell", None, None, ("newest", True)),
        ("fire", None, None, ("relevance", True)),
        ("-fire", None, None, ("newest", True)),
        ("name:wisp", None, None, ("relevance", True)),
        ('name="ember wisp"', None, None, ("newest", True)),
        ("order:name", "name", None, ("name", False)),
        ("ORDER:Level direction:desc", "level", "desc", ("level", True)),
        ("sort:sp dir:asc", "sp", "asc", ("sp", False)),
        ("fire order:newest direction:asc", "newest", "asc", ("newest", False)),
        ("order:relevance", "relevance", None, ("relevance", True)),
        ("order=hp", "hp", None, ("hp", False)),
        ("direction:descending", None, "desc", ("newest", True)),
    ],
)
def test_order_and_direction_say_how_to_sort(q, order, direction, sort):
    query = parse_query(q)
    assert (query.order, query.direction) == (order, direction)
    assert query.sort() == sort
    assert all(term.key not in ("order", "direction") for term in query.terms)


def test_an_older_editions_word_sorts_by_todays():
    query = parse_query("order:offense")
    assert query.order == "sp"
    assert any("offense" in note and "SP" in note for note in query.notes)


@pytest.mark.parametrize(
    ("q", "fragments"),
    [
        ("order:power", ["'order:power' is not a sort order", "relevance", "newest", "hp"]),
        ("direction:up", ["asc or desc"]),
        ("-order:name", ["'-order:name'", "says how to sort", "':' only"]),
        ("order<name", ["says how to sort", "':' only"]),
        ("order!=name", ["sort", "':' only"]),
        ("order:name order:level", ["already given", "once"]),
        ("dir:asc direction:desc", ["already given"]),
        ("order:", ["needs a value", "order:name"]),
        ("foo:bar", ["order:relevance|newest|name|level|sp|hp", "direction:asc|desc"]),
    ],
)
def test_bad_sort_terms_say_what_is_wrong(q, fragments):
    with pytest.raises(QueryError) as caught:
        parse_query(q)
    for fragment in fragments:
        assert fragment in caught.value.message, caught.value.message


@pytest.mark.parametrize("q", ["!!", '"--"', "name:...", "-¿?"])
def test_a_term_without_letters_or_digits_is_left_out_and_said_so(q):
    query = parse_query(f"{q} wisp")
    assert [term.value for term in query.terms] == ["wisp"]
    assert any("no letters or digits" in note for note in query.notes)


def test_name_equals_keeps_its_punctuation():
    (term,) = parse_query('name="!!"').terms
    assert (term.key, term.op, term.value, term.searches_text) == ("name", "=", "!!", False)


def test_only_the_last_text_term_matches_the_start_of_words():
    query = parse_query('fire "draw 1" name:wolf kind:minion level<=3')
    assert [(term.key, term.prefix) for term in query.terms] == [
        ("any", False),
        ("any", False),
        ("name", True),
        ("kind", False),
        ("level", False),
    ]
    assert not any(term.prefix for term in parse_query('name="fire wolf" kind:spell').terms)
