"""The set, checked (sets.checks): each card's verdict under the current edition and the set's,
read from the stored verdicts; the kinds, the level curve, the components and Ultra Points."""

from __future__ import annotations

import pytest

from cards import rules
from sets.checks import set_check
from tests.sets.world import definition, make_set

pytestmark = pytest.mark.django_db


def test_alices_set_checked(alice):
    from cards import services as card_services

    minion = card_services.card_create(owner=alice, definition=definition("Wisp"))
    spell = card_services.card_create(
        owner=alice,
        definition=definition(
            "Spark", kind="spell", sp=None, hp=None, level=1, ability_text="Draw 1 card."
        ),
    )
    card_set = make_set(alice, "private", cards=[minion, spell])
    check = set_check(card_set, alice)
    assert check.current_edition == rules.current_edition()
    assert [c.row.card.name for c in check.cards] == ["Wisp", "Spark"]
    assert all(c.in_set_edition and c.current for c in check.cards)
    assert (check.stats.minions, check.stats.spells) == (1, 1)
    assert sum(bar.total for bar in check.stats.curve) == 2
    assert dict(check.components).get("draw x cards.") == 2
    assert check.ultra_points == sum(c.ultra_points for c in check.cards)
    assert {c.row.card.name for c in check.outdated} == {"Wisp", "Spark"}


def test_withheld_cards_are_counted_not_judged(alice, bob):
    card_set = make_set(alice, "co-owned", co_owner=bob)
    check = set_check(card_set, bob)
    assert check.withheld == 2 and len(check.cards) == 1
