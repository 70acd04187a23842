"""The set, checked: each card's verdict under the current edition and under the set's own,
the level curve, the kinds, the components used and how often, the Ultra Points, and the
cards the current edition would prune or refurbish.

Verdicts are read from the stored rows (cards.models.CardVerdict), judged again only when a
row is missing or stale, through cards.selectors' one reader; the rest is counted from each
card's check under the current edition, made once per card here and never in a template."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from cards import rules
from cards.models import CardVerdict
from cards.selectors import card_check, current_verdict_row
from cards.verdicts import is_fresh
from decks.stats import DeckStats, deck_stats
from sets.models import CardSet
from sets.selectors import NumberedCard, numbered_cards


@dataclass(frozen=True)
class CheckedCard:
    row: NumberedCard
    current: str  # the verdict under the current edition
    in_set_edition: str  # the verdict under the set's edition
    ultra_points: int


@dataclass(frozen=True)
class SetCheck:
    current_edition: rules.Edition
    set_edition: int
    cards: tuple[CheckedCard, ...]
    withheld: int
    stats: DeckStats
    components: tuple[tuple[str, int], ...]  # (template, uses), most used first
    ultra_points: int

    @property
    def pruned(self) -> list[CheckedCard]:
        return [c for c in self.cards if c.current == rules.Verdict.PRUNED.value]

    @property
    def refurbished(self) -> list[CheckedCard]:
        return [c for c in self.cards if c.current == rules.Verdict.REFURBISHED.value]

    @property
    def outdated(self) -> list[CheckedCard]:
        """Cards designed for an older edition (or none): those "Update" would redesign."""
        number = self.current_edition.number
        return [
            c
            for c in self.cards
            if c.row.card.design_edition is None or c.row.card.design_edition < number
        ]


def _stored(card_ids: list[int], edition: int) -> dict[int, CardVerdict]:
    rows = CardVerdict.objects.filter(card_id__in=card_ids, edition=edition)
    return {row.card_id: row for row in rows}


def set_check(card_set: CardSet, user: Any) -> SetCheck:
    current = rules.current_edition()
    rows = numbered_cards(card_set, user)
    shown = [row for row in rows if not row.card.withheld]
    in_set = _stored([row.card.pk for row in shown], card_set.edition)
    checked = []
    uses: Counter[str] = Counter()
    total_ultra = 0
    for row in shown:
        card = row.card
        verdict = current_verdict_row(card).verdict
        stored = in_set.get(card.pk)
        if stored is not None and is_fresh(stored, card.design_edition):
            set_verdict = stored.verdict
        else:
            set_verdict = card_check(card, card_set.edition).verdict.value
        check = card_check(card, current.number)
        for ability in check.abilities:
            for use in ability.components():
                uses[use.component.template] += 1
        total_ultra += check.ultra_points
        checked.append(CheckedCard(row, verdict, set_verdict, check.ultra_points))
    return SetCheck(
        current_edition=current,
        set_edition=card_set.edition,
        cards=tuple(checked),
        withheld=len(rows) - len(shown),
        stats=deck_stats((1, row.card) for row in shown),
        components=tuple(uses.most_common()),
        ultra_points=total_ultra,
    )
