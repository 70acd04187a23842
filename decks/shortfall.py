"""What a person is short of to build a deck from their printed copies.

For each card of the deck (not its maybeboard): the copies their collection says they own, the
copies sleeved in their other built decks (cards.builds), and so the copies they lack. The
deck page shows it, the API returns it, and the print of "only the copies I'm short of" prints
exactly the `short` copies.

A card the viewer may not see is a withheld card here as everywhere (decks.selectors.withhold):
never owned, in no built deck, and short by all its copies, which print face down.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cards.builds import BuiltUse, copies_in_built_decks, is_built
from cards.models import Card
from decks.models import Deck
from decks.selectors import owned_copies, sorted_entries, user_or_none


@dataclass(frozen=True)
class ShortRow:
    card: Card
    count: int  # copies in the deck
    owned: int  # copies the collection says the person owns
    uses: tuple[BuiltUse, ...]  # copies sleeved in the person's other built decks

    @property
    def in_built(self) -> int:
        """Of the copies owned, those sleeved in the other built decks. Those decks may hold
        more (printed stand-ins, or a collection count not kept up): they take no more."""
        return min(self.owned, sum(use.copies for use in self.uses))

    @property
    def free(self) -> int:
        return self.owned - self.in_built

    @property
    def short(self) -> int:
        return max(0, self.count - self.free)


# What "Mark built" means, shown beside the button: the site's own word, not the rulebook's.
BUILT_MEANS = (
    "Built: you have put this deck together from the copies in your collection. Those copies"
    " count as sleeved in it, so your other decks do not count them as free."
)


@dataclass(frozen=True)
class Shortfall:
    deck: Deck
    built: bool  # the person has marked this deck built
    rows: list[ShortRow]
    built_means = BUILT_MEANS

    @property
    def count(self) -> int:
        return sum(row.count for row in self.rows)

    @property
    def owned(self) -> int:
        """Copies owned of the deck's cards, however many the deck holds."""
        return sum(row.owned for row in self.rows)

    @property
    def in_built(self) -> int:
        return sum(row.in_built for row in self.rows)

    @property
    def short(self) -> int:
        return sum(row.short for row in self.rows)

    @property
    def covered(self) -> int:
        """Copies of the deck that free copies of the collection cover."""
        return self.count - self.short

    @property
    def built_decks(self) -> list[BuiltUse]:
        """The person's other built decks that hold copies of this deck's cards, with how many."""
        totals: dict[tuple[int, str], int] = {}
        for row in self.rows:
            for use in row.uses if row.in_built else ():
                key = (use.deck_id, use.deck_name)
                totals[key] = totals.get(key, 0) + use.copies
        return [BuiltUse(deck_id, name, copies) for (deck_id, name), copies in totals.items()]

    @property
    def short_rows(self) -> list[ShortRow]:
        return [row for row in self.rows if row.short]


def deck_shortfall(*, deck: Deck, user: Any) -> Shortfall:
    """The deck's shortfall for `user`, a deck they may see loaded with its entries as they may
    see them (decks.selectors.deck_for_viewer). Someone not logged in owns nothing."""
    entries = sorted_entries(deck)
    seen = [entry for entry in entries if not entry.card.withheld]
    owned = owned_copies(user=user, cards=[entry.card for entry in seen])
    uses = copies_in_built_decks(
        user=user, card_ids=[entry.card_id for entry in seen], leave_out=deck
    )
    rows = [
        ShortRow(
            card=entry.card,
            count=entry.count,
            owned=0 if entry.card.withheld else owned.get(entry.card_id, 0),
            uses=() if entry.card.withheld else tuple(uses.get(entry.card_id, ())),
        )
        for entry in entries
    ]
    built = user_or_none(user) is not None and is_built(user=user, deck=deck)
    return Shortfall(deck=deck, built=built, rows=rows)
