"""tag: in the card search: read like the other terms, and matching the viewer's own tags only."""

from __future__ import annotations

import pytest

from cards import selectors as card_selectors
from cards.models import Card
from cards.search import QueryError, filter_cards, parse_query, split_tag_terms, tagged_by
from shelves import selectors, services


def test_a_tag_term_is_read_without_case():
    (term,) = parse_query("tag:Aggro").terms
    assert (term.key, term.value, term.negated) == ("tag", "aggro", False)


def test_a_comma_asks_for_either_tag_and_a_minus_leaves_them_out():
    either, left_out = parse_query("tag:aggro,Burn,aggro -tag:wip").terms
    assert either.value == "aggro,burn"
    assert left_out.negated and left_out.value == "wip"


def test_tag_not_equal_is_a_negation():
    (term,) = parse_query("tag!=wip").terms
    assert term.negated and term.value == "wip"


@pytest.mark.parametrize(
    ("query", "says"),
    [
        ("tag:", "needs a value, like tag:aggro"),
        ("fire -tag:", "needs a value, like tag:aggro"),
        ("tag:a,,b", "A tag needs a name"),
        ("tag:" + "x" * 41, "at most 40 characters"),
        ("tag:a.b", "letters, digits, - and _ only"),
        ("tag<3", "'<' compares numbers"),
    ],
)
def test_a_tag_term_that_cannot_be_read_says_why(query, says):
    with pytest.raises(QueryError) as error:
        parse_query(query)
    assert says in error.value.message
    assert error.value.position is not None


def test_the_deck_lists_read_tag_terms_apart_from_the_name():
    rest, terms = split_tag_terms('Fire plan tag:aggro -tag:"wip"')
    assert rest == "Fire plan"
    assert [(t.value, t.negated) for t in terms] == [("aggro", False), ("wip", True)]
    with pytest.raises(QueryError):
        split_tag_terms("plan tag:")


@pytest.mark.django_db
def test_tag_finds_the_viewers_own_tagged_cards_only(alice, bob, make_card):
    burn = make_card(alice, "Burn One")
    calm = make_card(alice, "Calm One")
    bobs = make_card(bob, "Bob Burn", visibility="public")
    services.items_tag(user=alice, name="burn", cards=[burn])
    services.items_tag(user=bob, name="burn", cards=[bobs])

    def names(user, q):
        return {card.name for card in selectors.my_cards(user=user, q=q)}

    assert names(alice, "tag:burn") == {"Burn One"}
    assert names(alice, "-tag:burn") == {"Calm One"}
    assert names(alice, "tag:burn,nothing") == {"Burn One"}
    assert names(bob, "tag:burn") == {"Bob Burn"}
    # In the gallery, alice's tag: never reads bob's tags, nor shows private cards.
    gallery = card_selectors.gallery_cards(user=alice, q=tagged_by("tag:burn", alice))
    assert [card.name for card in gallery] == []
    assert calm.pk not in {c.pk for c in gallery}


@pytest.mark.django_db
def test_tag_and_or(alice, make_card):
    both = make_card(alice, "Both")
    aggro = make_card(alice, "Aggro Only")
    make_card(alice, "Neither")
    services.items_tag(user=alice, name="aggro", cards=[both, aggro])
    services.items_tag(user=alice, name="wip", cards=[both])

    def names(q):
        return {card.name for card in selectors.my_cards(user=alice, q=q)}

    assert names("tag:aggro tag:wip") == {"Both"}
    assert names("tag:aggro,wip") == {"Both", "Aggro Only"}


@pytest.mark.django_db
def test_signed_out_or_untold_tag_matches_nothing(alice, make_card):
    card = make_card(alice, "Tagged", visibility="public")
    services.items_tag(user=alice, name="mine", cards=[card])
    public = Card.objects.filter(visibility="public")
    assert list(filter_cards(public, "tag:mine")) == []
    assert list(filter_cards(public, tagged_by("tag:mine", None))) == []
    assert list(filter_cards(public, tagged_by("tag:mine", alice))) == [card]
