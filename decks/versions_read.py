"""Reading a deck's versions, and two decks side by side, as a viewer may see them.

Who may see a deck's versions is who may see the deck (decks.selectors.deck_for_viewer): a
private deck's history does not exist to others. Its owner sees every version; others see only
the versions saved while the deck was shared (DeckVersion.shared), so a draft kept private
never reaches them, even once the deck is shared. A version shows the viewer's diff: against
the version before it that they may see.

Each card of a version is read through the card gate (cards.selectors.card_visible_to) as it
is now: a card the viewer may not see is withheld, with no name or text. A card they may see
reads as the version kept it, unless it was private when the version was saved and is not
theirs; then its text of that time was never shared, and it reads as it is now.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.db.models import Q, QuerySet
from django.http import Http404

from cards.models import Card
from cards.selectors import WITHHELD_NAME, as_id, card_visible_to
from decks.diff import EntryChange, entries_diff
from decks.models import Board, Deck, DeckVersion
from decks.selectors import deck_for_viewer, user_or_none
from decks.versions import versions_ensure

KIND_ORDER = {"minion": 0, "spell": 1}
BOARD_ORDER = {Board.MAIN: 0, Board.MAYBE: 1}


@dataclass(frozen=True)
class ShownCard:
    """A card as the viewer may read it. A withheld one has no id, name, kind or level."""

    id: int | None
    name: str
    kind: str | None = None
    level: int | None = None
    withheld: bool = False
    withdrawn: bool = False  # withheld because its designer made it private (or deleted it)
    definition: dict[str, Any] = field(default_factory=dict)

    def sort_key(self) -> tuple[Any, ...]:
        return (self.withheld, KIND_ORDER.get(self.kind or "", 2), self.level or 0, self.name)


@dataclass(frozen=True)
class ShownEntry:
    card: ShownCard
    count: int
    board: str


@dataclass(frozen=True)
class ShownChange:
    """An entry that differs between two lists: copies before and after, 0 when absent."""

    card: ShownCard
    board: str
    before: int
    after: int
    kind: str  # added, removed or changed

    @property
    def delta(self) -> int:
        return self.after - self.before


@dataclass(frozen=True)
class DetailChange:
    field: str
    label: str
    before: Any
    after: Any


def _withheld(withdrawn: bool) -> ShownCard:
    return ShownCard(id=None, name=WITHHELD_NAME, withheld=True, withdrawn=withdrawn)


def _from_definition(card_id: int, definition: dict[str, Any]) -> ShownCard:
    return ShownCard(
        id=card_id,
        name=str(definition.get("name", "")),
        kind=definition.get("kind"),
        level=definition.get("level"),
        definition=definition,
    )


def shown_card(card: Card) -> ShownCard:
    """A card loaded through the gate (a deck read by deck_for_viewer) as shown."""
    if card.withheld:
        return _withheld(bool(getattr(card, "withdrawn", False)))
    return _from_definition(card.pk, card.definition())


# -- versions ---------------------------------------------------------------------------------


def viewer_versions(deck: Deck, user: Any) -> QuerySet[DeckVersion]:
    """The deck's versions `user` may see, newest first: all for the owner, shared ones for
    others. The deck must be one they may see (deck_for_viewer)."""
    versions = DeckVersion.objects.filter(deck_id=deck.pk).select_related("author")
    viewer = user_or_none(user)
    if viewer is None or viewer.pk != deck.owner_id:
        versions = versions.filter(shared=True)
    return versions.order_by("-number")


def history_deck(*, user: Any, pk: Any) -> Deck:
    """The deck whose history `user` opens, with version 1 made if it had none; Http404 when
    they may not see it."""
    deck = deck_for_viewer(user=user, pk=pk, entries=False)
    versions_ensure(deck)
    return deck


def version_for_viewer(*, user: Any, pk: Any, number: Any) -> tuple[Deck, DeckVersion]:
    """The deck and its version `number`, when `user` may see both; Http404 otherwise."""
    deck = history_deck(user=user, pk=pk)
    number = as_id(number)
    version = (
        viewer_versions(deck, user).filter(number=number).first() if number is not None else None
    )
    if version is None:
        raise Http404("No such version.")
    return deck, version


def previous_for_viewer(deck: Deck, version: DeckVersion, user: Any) -> DeckVersion | None:
    """The version before `version` that `user` may see, if any."""
    return viewer_versions(deck, user).filter(number__lt=version.number).first()


def live_cards(versions: Iterable[DeckVersion]) -> dict[int, Card]:
    """The cards the versions hold, as they are now (deleted ones are missing)."""
    ids = {row["card"] for version in versions for row in version.entries}
    return Card.objects.select_related("hold").in_bulk(list(ids))


def _version_card(row: dict[str, Any], live: dict[int, Card], deck: Deck, user: Any) -> ShownCard:
    card = live.get(row["card"])
    viewer = user_or_none(user)
    viewer_id = viewer.pk if viewer is not None else None
    stored = row.get("definition") or {}
    if card is not None and card_visible_to(card, user):
        if row.get("shared") or (viewer_id is not None and row.get("owner") == viewer_id):
            return _from_definition(card.pk, stored)
        # The card was private when this version was saved: its text of then was never shared.
        return _from_definition(card.pk, card.definition())
    if card is None and viewer_id is not None and row.get("owner") == viewer_id:
        return _from_definition(row["card"], stored)  # the viewer's own card, deleted since
    return _withheld(card is None or card.owner_id != deck.owner_id)


def version_cards(
    version: DeckVersion, deck: Deck, user: Any, live: dict[int, Card]
) -> dict[tuple[int, str], ShownCard]:
    """Each entry's card in `version` as `user` may read it, by (card id, board)."""
    return {
        (row["card"], row.get("board") or Board.MAIN): _version_card(row, live, deck, user)
        for row in version.entries
    }


def _entries(rows: Sequence[dict[str, Any]], cards: dict[tuple[int, str], ShownCard]) -> list:
    shown = [
        ShownEntry(cards[(row["card"], row.get("board") or Board.MAIN)], row["count"], board)
        for row in rows
        for board in [row.get("board") or Board.MAIN]
    ]
    return sorted(shown, key=lambda e: (BOARD_ORDER.get(e.board, 2), *e.card.sort_key()))


def version_entries(version: DeckVersion, deck: Deck, user: Any) -> list[ShownEntry]:
    """The version's entries as `user` may read them: the deck's, then its maybeboard's."""
    cards = version_cards(version, deck, user, live_cards([version]))
    return _entries(version.entries, cards)


def shown_changes(
    changes: Iterable[EntryChange],
    before: dict[tuple[int, str], ShownCard],
    after: dict[tuple[int, str], ShownCard],
) -> list[ShownChange]:
    """The diff's changes with their cards as shown (the card as the later list has it)."""
    shown = [
        ShownChange(
            after.get((change.card, change.board)) or before[(change.card, change.board)],
            change.board,
            change.before,
            change.after,
            change.kind,
        )
        for change in changes
    ]
    order = {"added": 0, "removed": 1, "changed": 2, "same": 3}
    return sorted(
        shown,
        key=lambda c: (order[c.kind], BOARD_ORDER.get(c.board, 2), *c.card.sort_key()),
    )


def detail_changes(before: DeckVersion | None, after: DeckVersion) -> list[DetailChange]:
    """The deck's details that differ between two versions (all of them against none)."""
    labels = {"name": "Name", "description": "Description", "edition": "Edition"}
    return [
        DetailChange(name, label, getattr(before, name, None), getattr(after, name))
        for name, label in labels.items()
        if before is None or getattr(before, name) != getattr(after, name)
    ]


@dataclass(frozen=True)
class VersionsDiff:
    before: DeckVersion | None
    after: DeckVersion
    changes: list[ShownChange]
    details: list[DetailChange]

    def counts(self) -> dict[str, int]:
        kinds = [change.kind for change in self.changes]
        return {kind: kinds.count(kind) for kind in ("added", "removed", "changed")}


def versions_diff(
    deck: Deck, before: DeckVersion | None, after: DeckVersion, user: Any
) -> VersionsDiff:
    """What changed from `before` (None: from an empty deck) to `after`, as `user` may read it."""
    versions = [after] if before is None else [before, after]
    live = live_cards(versions)
    first = version_cards(before, deck, user, live) if before is not None else {}
    second = version_cards(after, deck, user, live)
    diff = entries_diff(before.entries if before is not None else [], after.entries)
    return VersionsDiff(
        before, after, shown_changes(diff.changes(), first, second), detail_changes(before, after)
    )


def history_counts(deck: Deck, versions: Sequence[DeckVersion], user: Any) -> dict[int, dict]:
    """Each listed version's diff counts against the version before it that `user` may see
    (the owner's are the stored ones; others' skip the versions they may not see)."""
    viewer = user_or_none(user)
    if viewer is not None and viewer.pk == deck.owner_id:
        return {
            v.number: {"added": v.added, "removed": v.removed, "changed": v.changed}
            for v in versions
        }
    ordered = sorted(versions, key=lambda v: v.number)
    earlier = previous_for_viewer(deck, ordered[0], user) if ordered else None
    counts: dict[int, dict] = {}
    for version in ordered:
        base = earlier.entries if earlier is not None else []
        counts[version.number] = entries_diff(base, version.entries).counts()
        earlier = version
    return counts


# -- two decks --------------------------------------------------------------------------------


@dataclass(frozen=True)
class DecksCompared:
    first: Deck
    second: Deck
    only_first: list[ShownChange]
    only_second: list[ShownChange]
    different: list[ShownChange]
    same: list[ShownChange]


def _deck_cards(deck: Deck) -> tuple[list[dict[str, Any]], dict[tuple[int, str], ShownCard]]:
    rows, cards = [], {}
    for entry in deck.entries.all():
        rows.append({"card": entry.card.pk, "count": entry.count, "board": entry.board})
        cards[(entry.card.pk, entry.board)] = shown_card(entry.card)
    return rows, cards


def compare_decks(*, user: Any, first: Any, second: Any) -> DecksCompared:
    """Two decks `user` may see, side by side: the cards only in the first, only in the
    second, in both with other counts, and in both alike. Http404 for a deck they may not
    see; a withheld card is compared by what it is but shown without its name."""
    decks = [deck_for_viewer(user=user, pk=pk) for pk in (first, second)]
    (rows_a, cards_a), (rows_b, cards_b) = (_deck_cards(deck) for deck in decks)
    diff = entries_diff(rows_a, rows_b)
    return DecksCompared(
        decks[0],
        decks[1],
        only_first=shown_changes(diff.removed, cards_a, cards_b),
        only_second=shown_changes(diff.added, cards_a, cards_b),
        different=shown_changes(diff.changed, cards_a, cards_b),
        same=shown_changes(diff.same, cards_a, cards_b),
    )


def decks_to_compare(user: Any, limit: int = 100) -> QuerySet[Deck]:
    """The decks the compare picker offers: the viewer's own, then public ones (none that a
    moderator hid, as in the gallery)."""
    viewer = user_or_none(user)
    condition = Q(visibility=Deck.Visibility.PUBLIC, hold__isnull=True)
    if viewer is not None:
        condition |= Q(owner=viewer)
    return Deck.objects.filter(condition).select_related("owner").order_by("-updated")[:limit]
