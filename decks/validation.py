"""Whether a deck may be played: the rules engine's verdict on its cards as they are now.

Nothing about it is stored: each read judges the deck again. The deck page judges the loaded
deck (`deck_check`); the lists and the validation API judge plain rows of the fields the rules
read, which is cheaper than loading model objects (`with_legality`, `validation_json`). Only
the deck's board is judged, never its maybeboard, and a card withheld from the viewer is
counted, not judged.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from cards import rules
from cards.models import Card
from decks.models import Board, Deck, DeckEntry
from decks.selectors import KIND_ORDER, sorted_entries, user_or_none

# The fields the rules read of each entry, and who may see its card: one plain row an entry.
_RULES_FIELDS = (
    "card_id",
    "card__kind",
    "card__level",
    "card__name",
    "count",
    "card__design_edition",
    "card__sp",
    "card__hp",
    "card__ability_text",
    "card__flavor_text",
    "card__owner_id",
    "card__visibility",
    "card__hold",  # a moderator's hold on the card, if any
)
RulesRow = tuple[Any, ...]


def with_legality(decks: Sequence[Deck], *, user: Any) -> list[Deck]:
    """The decks, each with `legal` set: whether it may be played under its edition now, as
    `user` sees it (a deck holding cards withheld from them is not legal to them).

    One query for the whole list, of plain rows (the fields the rules read): a page of 24
    decks holds some 300 entries, and making a model object of each, its card and designer
    cost more than judging them."""
    decks = list(decks)
    rows: dict[int, list[RulesRow]] = {deck.pk: [] for deck in decks}
    entries = DeckEntry.objects.filter(deck_id__in=list(rows), board=Board.MAIN)
    for deck_id, *row in entries.values_list("deck_id", *_RULES_FIELDS):
        rows[deck_id].append(tuple(row))
    for deck in decks:
        ordered = tuple(sorted(rows[deck.pk], key=_rules_row_order))
        check = rules_check(
            ordered, deck.edition_rules.number, withheld=withheld_ids(ordered, user)
        )
        deck.legal = check.legal  # type: ignore[attr-defined]
        deck.withheld = check.withheld  # type: ignore[attr-defined]
    return decks


def deck_check(deck: Deck, edition: int | None = None) -> rules.DeckCheck:
    """The rules engine's verdict on the deck, from its cards as they are now (and as its
    loaded entries show them: withheld cards are counted, not judged)."""
    number = deck.edition_rules.number if edition is None else edition
    entries = sorted_entries(deck)
    return rules.check_deck(
        [
            rules.DeckEntry(count=entry.count, card=entry.card.to_rules_card())
            for entry in entries
            if not entry.card.withheld
        ],
        number,
        withheld=sum(entry.count for entry in entries if entry.card.withheld),
    )


def deck_rules_rows(pk: int) -> tuple[RulesRow, ...]:
    """For each entry of the deck (its maybeboard aside), the fields the rules read (and who
    may see the card), in deck order: plain rows, no model objects. The caller has checked
    that the deck may be seen, and passes the rows through `withheld_ids` before judging."""
    rows = DeckEntry.objects.filter(deck_id=pk, board=Board.MAIN).values_list(*_RULES_FIELDS)
    return tuple(sorted(rows, key=_rules_row_order))


def _rules_row_order(row: RulesRow) -> tuple[Any, ...]:
    """Deck order (entry_sort_key) for plain rows: minions, then spells, by level and name."""
    return (KIND_ORDER.get(row[1], 2), row[2], row[3].casefold(), row[0])


def withheld_ids(rows: tuple[RulesRow, ...], user: Any) -> frozenset[int]:
    """The cards among the rows that `user` may not see: card_visible_to, for plain rows
    (private, or hidden by a moderator, and not theirs)."""
    user = user_or_none(user)
    viewer = user.pk if user is not None else None
    return frozenset(
        row[0]
        for row in rows
        if (row[11] == Card.Visibility.PRIVATE or row[12] is not None) and row[10] != viewer
    )


def rules_check(
    rows: tuple[RulesRow, ...], edition: int, *, withheld: frozenset[int]
) -> rules.DeckCheck:
    """The deck check of plain rows, the `withheld` cards counted but not judged."""
    entries = [
        rules.DeckEntry(
            count=count,
            card=rules.Card(
                name=name,
                kind=kind,
                design_edition=design,
                level=level,
                sp=sp,
                hp=hp,
                ability_text=text,
                flavor_text=flavor,
            ),
        )
        for card_id, kind, level, name, count, design, sp, hp, text, flavor, *_ in rows
        if card_id not in withheld
    ]
    hidden = sum(row[4] for row in rows if row[0] in withheld)
    return rules.check_deck(entries, edition, withheld=hidden)


# -- the validation API -----------------------------------------------------------------------


@lru_cache(maxsize=512)
def _cached_rules_rows(pk: int, updated: Any) -> tuple[RulesRow, ...]:
    return deck_rules_rows(pk)


def validation_json(pk: int, updated: Any, edition: int, user: Any) -> bytes:
    """The validation answer, as JSON, remembered by the deck's last change.

    `updated` moves whenever the deck's entries or any of its cards change (decks.signals),
    so a remembered answer is never served for a deck that changed since: the answer is
    still computed from the cards as they are now, only not twice for the same state. The
    cards `user` may not see are part of the key, so each viewer gets their own answer."""
    rows = _cached_rules_rows(pk, updated)
    return _validation_json(pk, updated, edition, withheld_ids(rows, user))


@lru_cache(maxsize=512)
def _validation_json(pk: int, updated: Any, edition: int, withheld: frozenset[int]) -> bytes:
    check = rules_check(_cached_rules_rows(pk, updated), edition, withheld=withheld)
    return json.dumps(check.as_dict(), separators=(",", ":")).encode()
