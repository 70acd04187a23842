"""The card search syntax: the parser alone (no database), then filters on real cards."""

import pytest

from cards import rules
from cards.search import MAX_QUERY_LENGTH, QueryError, Term, filter_cards, parse_query
from cards.selectors import gallery_cards


def terms(q: str) -> list[tuple]:
    return [(t.key, t.op, t.value, t.negated) for t in parse_query(q).terms]


# -- parsing ----------------------------------------------------------------------------------


def test_an_empty_query_has_no_terms():
    assert parse_query("").is_empty
    assert parse_query("   ").is_empty


def test_free_words_each_become_a_term():
    assert terms("fire  breath") == [("any", ":", "fire", False), ("any", ":", "breath", False)]


def test_quoted_phrases_keep_their_spaces():
    query = parse_query('"draw 1 card" wisp')
    assert query.terms[0] == Term("any", ":", "draw 1 card", phrase=True, position=0)
    assert query.terms[1].value == "wisp"


@pytest.mark.parametrize(
    ("q", "expected"),
    [
        ("kind:minion", ("kind", ":", "minion", False)),
        ("kind=spell", ("kind", "=", "spell", False)),
        ("KIND:Minions", ("kind", ":", "minion", False)),
        ("t:spell", ("kind", ":", "spell", False)),
        ("level<=3", ("level", "<=", 3, False)),
        ("level<3", ("level", "<", 3, False)),
        ("sp>=2", ("sp", ">=", 2, False)),
        ("sp>2", ("sp", ">", 2, False)),
        ("hp=0", ("hp", "=", 0, False)),
        ("hp:0", ("hp", ":", 0, False)),
        ("hp!=4", ("hp", "!=", 4, False)),
        ("edition:14", ("edition", ":", 14, False)),
        ("edition:none", ("edition", ":", None, False)),
        ("by:alice", ("by", ":", "alice", False)),
        ("legal:14", ("legal", ":", 14, False)),
        ("legal:14th", ("legal", ":", 14, False)),
        ("legal:current", ("legal", ":", rules.current_edition().number, False)),
        ('name:"ember wisp"', ("name", ":", "ember wisp", False)),
        ("text:draw", ("text", ":", "draw", False)),
        ("o:draw", ("text", ":", "draw", False)),
        ("flavor:moon", ("flavor", ":", "moon", False)),
    ],
)
def test_filters(q, expected):
    assert terms(q) == [expected]


@pytest.mark.parametrize(
    ("q", "expected"),
    [
        ("-kind:spell", ("kind", ":", "spell", True)),
        ("-fire", ("any", ":", "fire", True)),
        ('-"draw 1 card"', ("any", ":", "draw 1 card", True)),
        ("-level>3", ("level", ">", 3, True)),
        ("kind!=spell", ("kind", ":", "spell", True)),
        ("-by!=alice", ("by", ":", "alice", False)),
    ],
)
def test_negation(q, expected):
    assert terms(q) == [expected]


def test_older_editions_words_are_read_as_todays_with_a_note():
    query = parse_query("offense>=2 kind:creature")
    assert [(t.key, t.value) for t in query.terms] == [("sp", 2), ("kind", "minion")]
    assert any("11th Edition" in note and "SP" in note for note in query.notes)
    assert any("creature" in note for note in query.notes)


def test_words_inside_a_term_are_not_split_by_a_hyphen():
    assert terms("self-bury") == [("any", ":", "self-bury", False)]


@pytest.mark.parametrize(
    ("q", "fragments"),
    [
        ("level<=x", ["level", "whole number", "level<=3"]),
        ("sp>=2.5", ["sp", "whole number"]),
        ("kind:dragon", ["dragon", "kind:minion", "kind:spell"]),
        ('"draw 1 card', ["never closed", "position 1"]),
        ('fire name:"ember', ["never closed", "position 11"]),
        ("foo:bar", ["Unknown filter 'foo'", "Valid filters", "kind:minion", "legal:N"]),
        ("legal:99", ["99", "Known editions", "14"]),
        ("legal:soon", ["edition number", "Known editions"]),
        ("edition:x", ["edition number"]),
        ("level:", ["needs a value", "level<=3"]),
        ("name<3", ["compares numbers", "name"]),
        ("- fire", ["'-'", "right before a term"]),
        ("level>=99999", ["too large"]),
    ],
)
def test_malformed_queries_say_what_is_wrong(q, fragments):
    with pytest.raises(QueryError) as caught:
        parse_query(q)
    for fragment in fragments:
        assert fragment in caught.value.message, caught.value.message
    assert isinstance(caught.value, ValueError)


def test_errors_know_where_the_problem_is():
    with pytest.raises(QueryError) as caught:
        parse_query("wisp kind:dragon")
    assert caught.value.position == 10


def test_queries_are_limited_in_length():
    parse_query("a" * MAX_QUERY_LENGTH)
    with pytest.raises(QueryError, match="limit is 300"):
        parse_query("a" * (MAX_QUERY_LENGTH + 1))


def test_queries_are_limited_in_terms():
    with pytest.raises(QueryError, match="terms"):
        parse_query(" ".join(["x"] * 31))


def test_empty_quotes_are_ignored():
    assert parse_query('"" wisp').terms[0].value == "wisp"


# -- filtering --------------------------------------------------------------------------------


@pytest.fixture
def cards(make_card, alice, bob):
    # Each 14th Edition card is made of the 14th's components at the level its guide computes.
    return {
        "wisp": make_card(name="Ember Wisp", visibility="public"),  # level 4
        "lore": make_card(
            name="Tidal Lore",
            kind="spell",
            level=2,  # draw 2: 2x = 4, less self-bury 1 random card in your hand 2x = 2
            ability_text="Self-bury 1 random card in your hand→ Draw 2 cards.",
            visibility="public",
        ),
        "golem": make_card(
            owner=bob,
            name="Old Golem",
            level=4,
            sp=4,
            hp=0,
            design_edition=11,
            ability_text="SMASH: Inflict 3 damage to target in-play minion.",
            visibility="public",
        ),
        "ghost": make_card(
            owner=bob,
            name="Haunt",
            level=5,  # ⌈2 + 2 ÷ 2⌉ = 3; draw 1: 2
            sp=2,
            hp=2,
            ability_text=(
                "WAIL: When this card in your hand is destroyed (ghost-play, must pay resource"
                " cost): Draw 1 card."
            ),
            visibility="public",
        ),
        "blank": make_card(owner=bob, name="Nameless", design_edition=None, visibility="public"),
    }


def names(q: str) -> set[str]:
    return {card.name for card in gallery_cards(q=q)}


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("q", "expected"),
    [
        ("", {"Ember Wisp", "Tidal Lore", "Old Golem", "Haunt", "Nameless"}),
        ("wisp", {"Ember Wisp"}),
        ("DRAW", {"Ember Wisp", "Tidal Lore", "Haunt", "Nameless"}),
        ("draw bury", {"Tidal Lore"}),
        ('"draw 1 card"', {"Ember Wisp", "Haunt", "Nameless"}),
        ('"1 card draw"', set()),
        ("kind:spell", {"Tidal Lore"}),
        ("-kind:spell", {"Ember Wisp", "Old Golem", "Haunt", "Nameless"}),
        ("level<=2", {"Tidal Lore"}),
        ("level>4", {"Haunt"}),
        ("sp>=2", {"Old Golem", "Haunt"}),
        ("hp=0", {"Old Golem"}),
        ("hp!=0", {"Ember Wisp", "Haunt", "Nameless"}),
        ("-hp=0", {"Ember Wisp", "Tidal Lore", "Haunt", "Nameless"}),
        ("edition:11", {"Old Golem"}),
        ("edition:none", {"Nameless"}),
        ("by:BOB", {"Old Golem", "Haunt", "Nameless"}),
        ("by:bob -name:haunt", {"Old Golem", "Nameless"}),
        ("legal:14", {"Ember Wisp", "Tidal Lore", "Haunt"}),
        ("-legal:14", {"Old Golem", "Nameless"}),
        # "Draw 1 card." is the 11th's "Draw x cards." at x = 1, whose cost was revised in the
        # 9th: a card that draws and indicates no edition is banned there.
        ("legal:11", {"Old Golem"}),
        ("name:lore", {"Tidal Lore"}),
        ("name=haunt", {"Haunt"}),
        ("name=hau", set()),
        ("text:smash", {"Old Golem"}),
        ("flavor:hums", {"Ember Wisp", "Haunt", "Old Golem", "Tidal Lore", "Nameless"}),
        ("offense>=4", {"Old Golem"}),
    ],
)
def test_filters_on_cards(cards, q, expected):
    assert names(q) == expected


@pytest.mark.django_db
def test_filter_cards_raises_query_error_for_bad_queries(cards):
    from cards.models import Card

    with pytest.raises(QueryError):
        filter_cards(Card.objects.all(), "level<=x")


@pytest.mark.parametrize("q", ["a\x00b", "fire\x07", "x\x7f"])
def test_control_characters_are_refused(q):
    with pytest.raises(QueryError, match="control character"):
        parse_query(q)
