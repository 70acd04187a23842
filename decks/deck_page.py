"""What the deck page shows: the deck list judged card by card, its groups and stacks, the
size meter, the stats, the maybeboard, and the sample hand.

Everything here is computed from the deck as loaded for its viewer (decks.selectors): a card
withheld from them is listed apart and counted, never judged or shown.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from cards import rules
from cards.marking import Segment, refurbish_segments
from cards.models import Card
from decks import stats as deck_stats_module
from decks.models import Board, Deck, DeckEntry
from decks.sample_hand import SampleGame, SampleHandError, sample_game
from decks.selectors import (
    KIND_ORDER,
    entry_sort_key,
    owned_copies,
    sorted_entries,
    user_or_none,
)


@dataclass(frozen=True)
class EntryView:
    """One row of the deck list: the entry, the card's verdict and its text as played."""

    entry: DeckEntry
    check: rules.CardCheck
    segments: tuple[Segment, ...]
    owned: int | None  # copies in the viewer's collection, None when not known

    @property
    def card(self) -> Card:
        return self.entry.card

    @property
    def count(self) -> int:
        return self.entry.count

    @property
    def needed(self) -> int:
        return max(0, self.entry.count - (self.owned or 0))


@dataclass(frozen=True)
class EntryGroup:
    key: str
    label: str
    rows: tuple[EntryView, ...]

    @property
    def count(self) -> int:
        return sum(row.count for row in self.rows)


@dataclass(frozen=True)
class MaybeRow:
    """One row of the maybeboard: the entry, and the card's verdict (None when withheld)."""

    entry: DeckEntry
    check: rules.CardCheck | None

    @property
    def card(self) -> Card:
        return self.entry.card

    @property
    def count(self) -> int:
        return self.entry.count


@dataclass(frozen=True)
class LevelStack:
    """One column of the visual view: the entries of one level, or the withheld ones (which
    have no level to show), each drawn as its card's picture."""

    key: str  # "level-3", "withheld"
    label: str
    entries: tuple[DeckEntry, ...]

    @property
    def count(self) -> int:
        return sum(entry.count for entry in self.entries)


def level_stacks(entries: Sequence[DeckEntry]) -> tuple[LevelStack, ...]:
    """The entries stacked by level, lowest first, each stack in deck order (minions, then
    spells, by name); the withheld ones last, face down, in a stack of their own."""
    levels: dict[int, list[DeckEntry]] = {}
    withheld: list[DeckEntry] = []
    for entry in sorted(entries, key=entry_sort_key):
        if entry.card.withheld:
            withheld.append(entry)
        else:
            levels.setdefault(entry.card.level, []).append(entry)
    stacks = [
        LevelStack(f"level-{level}", f"Level {level}", tuple(levels[level]))
        for level in sorted(levels)
    ]
    if withheld:
        stacks.append(LevelStack("withheld", "Withheld", tuple(withheld)))
    return tuple(stacks)


@dataclass(frozen=True)
class SizeStatus:
    size: int
    minimum: int
    maximum: int
    text: str  # "40–60" or "exactly 40"

    @property
    def short(self) -> bool:
        return self.size < self.minimum

    @property
    def over(self) -> bool:
        return self.size > self.maximum

    @property
    def fits(self) -> bool:
        return not self.short and not self.over

    @property
    def percent(self) -> int:
        """How full the deck is, against the most it may hold (for the meter)."""
        return min(100, round(100 * self.size / self.maximum)) if self.maximum else 100

    @property
    def minimum_percent(self) -> int:
        return round(100 * self.minimum / self.maximum) if self.maximum else 100


@dataclass(frozen=True)
class DeckView:
    """Everything the deck page and its live parts show, computed from prefetched rows."""

    deck: Deck
    edition: rules.Edition
    check: rules.DeckCheck
    groups: tuple[EntryGroup, ...]
    rows: tuple[EntryView, ...]
    stats: deck_stats_module.DeckStats
    chart: deck_stats_module.Chart
    size: SizeStatus
    verdict_counts: tuple[tuple[str, int], ...]  # (verdict, copies), for the summary
    deck_problems: tuple[rules.Problem, ...]  # problems of the whole deck (its size)
    withheld: tuple[DeckEntry, ...] = ()  # entries whose cards the viewer may not see
    # The viewer's own private cards in a deck others may see: withheld from those others.
    private_to_others: tuple[Card, ...] = ()
    # The maybeboard: cards being considered, none of them counted, judged or played.
    maybe: tuple[MaybeRow, ...] = ()

    @property
    def maybe_count(self) -> int:
        return sum(row.count for row in self.maybe)

    @property
    def stacks(self) -> tuple[LevelStack, ...]:
        """The deck's cards for the visual view, a stack a level."""
        return level_stacks([row.entry for row in self.rows] + list(self.withheld))

    @property
    def maybe_stacks(self) -> tuple[LevelStack, ...]:
        return level_stacks([row.entry for row in self.maybe])

    @property
    def withheld_count(self) -> int:
        return sum(entry.count for entry in self.withheld)

    @property
    def withdrawn_count(self) -> int:
        return sum(entry.count for entry in self.withheld if entry.card.withdrawn)

    @property
    def private_to_others_count(self) -> int:
        return len(self.private_to_others)

    @property
    def flagged(self) -> tuple[EntryView, ...]:
        """Rows that need a look: not plainly legal, or with warnings."""
        return tuple(
            row
            for row in self.rows
            if row.check.verdict != rules.Verdict.LEGAL or row.check.warnings
        )

    @property
    def refurbished(self) -> tuple[EntryView, ...]:
        return tuple(row for row in self.rows if row.check.replacements)

    @property
    def missing(self) -> int:
        return sum(row.needed for row in self.rows if row.owned is not None)


def deck_view(deck: Deck, *, user: Any = None, edition: int | None = None) -> DeckView:
    """The deck page's content. One query for the viewer's collection, none for the rest.

    The deck's entries were loaded for `user` (withheld cards already stand in for the ones
    they may not see): those are listed apart, counted, and never judged. The maybeboard is
    listed apart too: each card's verdict is shown, none is counted."""
    rules_edition = deck.edition_rules if edition is None else rules.get_edition(edition)
    every = sorted_entries(deck)
    maybe_entries = sorted_entries(deck, Board.MAYBE)
    entries = [entry for entry in every if not entry.card.withheld]
    withheld = tuple(entry for entry in every if entry.card.withheld)
    check = rules.check_deck(
        [rules.DeckEntry(count=e.count, card=e.card.to_rules_card()) for e in entries],
        rules_edition.number,
        withheld=sum(entry.count for entry in withheld),
    )
    owned = owned_copies(user=user, cards=[entry.card for entry in entries])
    known = user_or_none(user) is not None
    rows = tuple(
        EntryView(
            entry=entry,
            check=card_check,
            segments=tuple(refurbish_segments(entry.card.ability_text, card_check.replacements)),
            owned=owned.get(entry.card_id, 0) if known else None,
        )
        for entry, card_check in zip(entries, check.cards, strict=True)
    )
    groups = []
    for kind, label in (("minion", "Minions"), ("spell", "Spells")):
        members = tuple(row for row in rows if row.card.kind == kind)
        if members:
            groups.append(EntryGroup(kind, label, members))
    others = tuple(row for row in rows if row.card.kind not in KIND_ORDER)
    if others:
        groups.append(EntryGroup("other", "Other", others))
    stats = deck_stats_module.deck_stats((entry.count, entry.card) for entry in entries)
    verdicts: dict[str, int] = {}
    for row in rows:
        verdict = row.check.verdict.value
        verdicts[verdict] = verdicts.get(verdict, 0) + row.count
    order = [v.value for v in rules.Verdict]
    return DeckView(
        deck=deck,
        edition=rules_edition,
        check=check,
        groups=tuple(groups),
        rows=rows,
        stats=stats,
        chart=deck_stats_module.curve_chart(stats.curve),
        size=SizeStatus(
            check.size, rules_edition.deck_min, rules_edition.deck_max, rules_edition.deck_size_text
        ),
        verdict_counts=tuple(
            sorted(
                verdicts.items(), key=lambda item: order.index(item[0]) if item[0] in order else 99
            )
        ),
        deck_problems=tuple(problem for problem in check.problems if problem.card is None),
        withheld=withheld,
        private_to_others=_private_to_others(deck, [*entries, *maybe_entries], user),
        maybe=tuple(
            MaybeRow(
                entry,
                None
                if entry.card.withheld
                else rules.check_card(entry.card.to_rules_card(), rules_edition.number),
            )
            for entry in maybe_entries
        ),
    )


def _private_to_others(deck: Deck, entries: Sequence[DeckEntry], user: Any) -> tuple[Card, ...]:
    """The owner's own private cards in a deck that others may see (on either board, each
    card once)."""
    user = user_or_none(user)
    if user is None or deck.owner_id != user.pk or deck.visibility == Deck.Visibility.PRIVATE:
        return ()
    found = {
        entry.card.pk: entry.card
        for entry in entries
        if entry.card.owner_id == user.pk
        and entry.card.visibility == Card.Visibility.PRIVATE
        and not entry.card.withheld
    }
    return tuple(found.values())


# -- the sample hand --------------------------------------------------------------------------


def sample_hand(
    deck: Deck, *, seed: int, bury: Sequence[int], decided: bool, turns: int
) -> SampleGame[Card]:
    """A sample game of the deck's own cards (the maybeboard is never drawn), replayed from
    its seed and the choices made. A bury of cards the opening hand does not hold (a link
    edited by hand) replays the game without it."""
    cards: list[Card] = []
    for entry in sorted(sorted_entries(deck), key=lambda e: e.card_id):
        cards.extend([entry.card] * entry.count)
    try:
        return sample_game(cards, seed=seed, bury=bury, bury_decided=decided, turns=turns)
    except SampleHandError:
        return sample_game(cards, seed=seed, bury_decided=decided, turns=turns)


def reserves_note(edition: rules.Edition) -> str:
    """What a sample hand leaves out of the edition's setup: the reserves it sets aside
    before the opening draw ('' for an edition without them)."""
    if not edition.reserves:
        return ""
    return (
        f"The {edition.name} sets {edition.reserves} cards aside as reserves before the"
        " opening draw; this sample draws from the whole deck."
    )
