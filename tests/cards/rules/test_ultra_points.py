"""Ultra Points: a card is worth the sum of the Ultra Points values of its card texts, and a
deck may hold at most the total its edition's Card Building Guide allows (the 17th's: 10).

The cards are written from the guide's own ultra components, so the tests follow its data.
"""

import pytest

from cards.rules import (
    AbilityDesign,
    Choice,
    ComponentKind,
    DeckEntry,
    SubAbilityDesign,
    check_card,
    check_deck,
    deck_ultra_points,
    get_guide,
    load_editions,
    load_guides,
    needs_target,
    read_card_text,
    ultra_points_of_reading,
    write_ability,
    write_card_text,
)

from .helpers import minion

GUIDE = get_guide(17)
ULTRA = [component for component in GUIDE.components if component.ultra_points]
DRAW = Choice("effect.draw-x-cards", {"x": 1})
# A plain target selection and an effect on targets, worth no Ultra Points.
TARGET = Choice("target.target-up-to-x-on-field-minions", {"x": 1})
ON_TARGETS = Choice("effect.destroy-the-targets")


def chosen(component):
    return Choice(component.id, {letter: 1 for letter in component.letters})


def ability_using(component, name="ULTRA"):
    """A minion ability built around one component, the rest plain."""
    choice = chosen(component)
    if component.kind is ComponentKind.CONDITION:
        return AbilityDesign((SubAbilityDesign((DRAW,)),), name=name, condition=choice)
    if component.kind is ComponentKind.COST:
        return AbilityDesign((SubAbilityDesign((DRAW,)),), name=name, costs=(choice,))
    if component.kind is ComponentKind.TARGET:
        return AbilityDesign((SubAbilityDesign((ON_TARGETS,), target=choice),), name=name)
    target = TARGET if needs_target(component, GUIDE) else None
    return AbilityDesign((SubAbilityDesign((choice,), target=target),), name=name)


def ultra_minion(*abilities, name="Ultra Minion"):
    return minion(write_card_text(abilities, GUIDE), design_edition=17, name=name)


def test_the_17th_guide_lists_ultra_texts_of_every_kind():
    kinds = {component.kind for component in ULTRA}

    assert kinds == {
        ComponentKind.CONDITION,
        ComponentKind.COST,
        ComponentKind.TARGET,
        ComponentKind.EFFECT,
    }
    assert all(component.ultra_points > 0 for component in ULTRA)


@pytest.mark.parametrize("component", ULTRA, ids=lambda component: component.id)
def test_a_card_is_worth_its_ultra_texts_value(component):
    card = ultra_minion(ability_using(component))

    check = check_card(card, 17)

    assert check.verdict == "legal", [reason.message for reason in check.reasons]
    assert check.ultra_points == component.ultra_points
    assert check.details()["ultra_points"] == component.ultra_points


def test_every_ultra_text_counts_as_often_as_it_is_used():
    by_kind = {kind: [c for c in ULTRA if c.kind is kind] for kind in ComponentKind}
    condition, cost = by_kind[ComponentKind.CONDITION][0], by_kind[ComponentKind.COST][0]
    target, effect = by_kind[ComponentKind.TARGET][0], by_kind[ComponentKind.EFFECT][0]
    on_targets = chosen(effect) if needs_target(effect, GUIDE) else ON_TARGETS
    # One ability with an ultra text of each kind, a second one with the ultra effect (one
    # target selection per ability), and a third one using the cost again.
    everything = AbilityDesign(
        (SubAbilityDesign((on_targets,), target=chosen(target)),),
        name="ALL AT ONCE",
        condition=chosen(condition),
        costs=(chosen(cost),),
    )
    more = AbilityDesign((SubAbilityDesign((chosen(effect),), target=TARGET),), name="AND MORE")
    again = ability_using(cost, name="AGAIN")
    card = ultra_minion(everything, more, again)

    expected = (
        condition.ultra_points
        + 2 * cost.ultra_points
        + target.ultra_points
        + effect.ultra_points * (2 if on_targets.component == effect.id else 1)
    )
    assert check_card(card, 17).ultra_points == expected
    assert ultra_points_of_reading(read_card_text(card.ability_text, 17)) == expected


def test_a_plain_card_is_worth_nothing():
    plain = minion(write_ability(AbilityDesign((SubAbilityDesign((DRAW,)),), "PLAIN"), 17))

    assert check_card(minion(design_edition=17), 17).ultra_points == 0
    assert check_card(plain, 17).ultra_points == 0


def test_a_card_is_counted_by_the_guide_of_its_design_edition():
    # The 14th's guide classes no text as ultra: its cards are worth 0 under any edition.
    assert not any(component.ultra_points for component in get_guide(14).components)
    card = minion("SPARK: Draw 1 card.", design_edition=14)

    assert check_card(card, 14).ultra_points == 0
    # A card without a guide on file, or with no text read, is worth nothing.
    assert check_card(minion(design_edition=None), 14).ultra_points == 0
    assert ultra_points_of_reading(None) == 0


def test_a_text_the_guide_cannot_read_counts_what_it_reads():
    cost = next(c for c in ULTRA if c.kind is ComponentKind.COST)
    written = write_ability(ability_using(cost), GUIDE)
    card = minion(written + " Sing a song.", design_edition=17, level=5)

    check = check_card(card, 17)

    assert check.verdict == "invalid"
    assert check.ultra_points == cost.ultra_points


# -- decks --------------------------------------------------------------------------------

TWO = next(c for c in ULTRA if c.ultra_points == 2)
ONE = next(c for c in ULTRA if c.ultra_points == 1)
WORTH_TWO = ultra_minion(ability_using(TWO), name="Worth Two")
WORTH_ONE = ultra_minion(ability_using(ONE), name="Worth One")
PLAIN = minion("SPARK: Draw 1 card.", design_edition=17, name="Plain")


def codes(check):
    return [problem.code for problem in check.problems]


def test_the_limit_is_the_guides():
    assert deck_ultra_points(17) == GUIDE.grammar.deck_ultra_points == 10
    for number in load_editions():
        guide = load_guides().get(number)
        assert deck_ultra_points(number) == (guide and guide.grammar.deck_ultra_points)


def test_a_deck_of_exactly_10_ultra_points_is_legal():
    check = check_deck([DeckEntry(5, WORTH_TWO), DeckEntry(35, PLAIN)], 17)

    assert (check.ultra_points, check.ultra_points_limit) == (10, 10)
    assert check.legal, [problem.message for problem in check.problems]
    assert check.as_dict()["ultra_points"] == 10
    assert check.as_dict()["ultra_points_limit"] == 10


def test_a_deck_over_10_ultra_points_is_refused():
    check = check_deck([DeckEntry(5, WORTH_TWO), DeckEntry(1, WORTH_ONE), DeckEntry(34, PLAIN)], 17)

    assert check.ultra_points == 11
    assert not check.legal
    assert codes(check) == ["too_many_ultra_points"]
    (problem,) = check.problems
    assert problem.card is None
    assert problem.message == (
        "The deck's cards are worth 11 Ultra Points in all; the 17th Edition allows at most 10"
        " in a deck. See 'Setup and Deck Building' in the 17th Edition rulebook."
    )


def test_an_entry_with_a_bad_count_adds_no_ultra_points():
    check = check_deck([DeckEntry(0, WORTH_TWO), DeckEntry(40, PLAIN)], 17)

    assert check.ultra_points == 0
    assert codes(check) == ["bad_count"]


def test_an_edition_without_a_limit_counts_but_never_refuses():
    check = check_deck([DeckEntry(40, minion("SPARK: Draw 1 card."))], 14)

    assert (check.ultra_points, check.ultra_points_limit) == (0, None)
    assert check.legal
