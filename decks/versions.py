"""Writing a deck's versions: each saved state of a deck, and going back to one.

A version is made by every save of the deck (deck_create, deck_update, deck_set_entries, an
import, which ends in deck_create), by the owner's "Save version" (with a note, and made a
published snapshot if asked), and by a revert, which makes a new version equal to an old one:
history is never rewritten. Changes made in the builder one card at a time are kept on the
deck at once and fold into the next version, whose diff is against the version before it.

A save that changes nothing since the latest version makes none, unless the owner asks for it
by publishing a snapshot; a deck shared since its latest version gets one, so that others have
a version of the state they see (versions saved while the deck was private stay the owner's:
see DeckVersion.shared). Every function here is keyword-only and atomic; the services of
decks.services call `version_record` once they have checked who is acting.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from django.core.exceptions import ValidationError
from django.db import transaction

from cards.models import Card
from cards.selectors import card_visible_to
from decks.diff import counts_by_entry, entries_diff
from decks.input_checks import card_usable_by, clean_edition, clean_entries, require_owner
from decks.models import Board, Deck, DeckEntry, DeckVersion

MAX_NOTE = 200


def entry_rows(deck: Deck) -> list[dict[str, Any]]:
    """The deck's entries as a version keeps them: each card's id, count and board, with the
    card as it is now (its definition, its designer, whether it is shared)."""
    rows = (
        DeckEntry.objects.filter(deck_id=deck.pk)
        .select_related("card", "card__hold")
        .order_by("pk")
    )
    return [
        {
            "card": row.card_id,
            "count": row.count,
            "board": row.board,
            "owner": row.card.owner_id,
            # Shared: others may see it now (neither private nor hidden by a moderator).
            "shared": card_visible_to(row.card, None),
            "definition": row.card.definition(),
        }
        for row in rows
    ]


def latest_version(deck: Deck) -> DeckVersion | None:
    return DeckVersion.objects.filter(deck_id=deck.pk).order_by("-number").first()


def _same(version: DeckVersion, fields: dict[str, Any], rows: list[dict[str, Any]]) -> bool:
    """Whether the deck's details and entries are those of `version` (the cards' own texts
    are not the deck's: a card changed since is the same entry)."""
    return (
        version.name == fields["name"]
        and version.description == fields["description"]
        and version.edition == fields["edition"]
        and counts_by_entry(version.entries) == counts_by_entry(rows)
    )


def has_unsaved_changes(deck: Deck) -> bool:
    """Whether the deck differs from its latest version (the builder's changes since)."""
    latest = latest_version(deck)
    fields = {"name": deck.name, "description": deck.description, "edition": deck.edition}
    return latest is None or not _same(latest, fields, entry_rows(deck))


@transaction.atomic
def version_record(
    *, deck: Deck, author: Any, note: str = "", snapshot: bool = False, force: bool = False
) -> DeckVersion | None:
    """Make the deck's next version from the deck as stored now, unless nothing changed since
    the latest (and the deck was not shared since): then None, unless `force`. The caller has
    checked that `author` may change the deck."""
    # The deck's row, locked: two saves at once get numbers one after the other.
    fields = (
        Deck.objects.select_for_update()
        .values("name", "description", "edition", "visibility")
        .get(pk=deck.pk)
    )
    shared = fields["visibility"] != Deck.Visibility.PRIVATE
    latest = latest_version(deck)
    rows = entry_rows(deck)
    if (
        not force
        and latest is not None
        and _same(latest, fields, rows)
        and (latest.shared or not shared)
    ):
        return None
    counts = entries_diff(latest.entries if latest is not None else [], rows).counts()
    return DeckVersion.objects.create(
        deck_id=deck.pk,
        number=(latest.number if latest is not None else 0) + 1,
        author=author if getattr(author, "is_authenticated", False) else None,
        note=note[:MAX_NOTE],
        name=fields["name"],
        description=fields["description"],
        edition=fields["edition"],
        entries=rows,
        snapshot=snapshot,
        shared=shared,
        **counts,
    )


def versions_ensure(deck: Deck) -> None:
    """Version 1 of a deck that has none (one made before versions were kept, or written to
    the database directly): the deck as it is now, its author the owner."""
    if not DeckVersion.objects.filter(deck_id=deck.pk).exists():
        version_record(deck=deck, author=deck.owner, force=True)


def clean_note(note: Any) -> str:
    if note is None:
        return ""
    if not isinstance(note, str):
        raise ValidationError({"note": ["The note must be text."]})
    text = " ".join(note.split())
    if len(text) > MAX_NOTE:
        raise ValidationError(
            {"note": [f"The note has {len(text)} characters; the limit is {MAX_NOTE}."]}
        )
    return text


class Saved(NamedTuple):
    """What "Save version" left: the version, and whether it is a new one (False: the latest
    version, which held the deck as it is, was published)."""

    version: DeckVersion
    added: bool


def version_save(*, deck: Deck, user: Any, note: Any = "", snapshot: Any = False) -> DeckVersion:
    """The version `version_saved` leaves."""
    return version_saved(deck=deck, user=user, note=note, snapshot=snapshot).version


@transaction.atomic
def version_saved(*, deck: Deck, user: Any, note: Any = "", snapshot: Any = False) -> Saved:
    """The owner's "Save version": the deck as it is now, with the builder's changes since the
    latest version, and a note. A snapshot is published even when nothing changed (a state
    others are shown as it is): the latest version itself is published when it holds the deck
    exactly as it is, its cards' texts included, rather than a version with no change in it;
    a plain version of an unchanged deck is refused."""
    require_owner(deck, user)
    text = clean_note(note)
    if not isinstance(snapshot, bool):
        raise ValidationError({"snapshot": ["Must be true or false."]})
    versions_ensure(deck)
    version = version_record(deck=deck, author=user, note=text, snapshot=snapshot)
    if version is None and snapshot:
        latest = latest_version(deck)
        if latest is not None and latest.entries == entry_rows(deck):
            latest.snapshot = True
            latest.note = text or latest.note
            latest.save(update_fields=["snapshot", "note"])
            return Saved(latest, added=False)
        version = version_record(deck=deck, author=user, note=text, snapshot=True, force=True)
    if version is None:
        number = latest_version(deck).number  # type: ignore[union-attr]
        raise ValidationError(
            {"note": [f"Nothing has changed since version {number}: there is nothing to save."]}
        )
    return Saved(version, added=True)


@transaction.atomic
def version_revert(
    *, version: DeckVersion, user: Any, description: bool = False
) -> tuple[DeckVersion, int]:
    """Make the deck as `version` was: its name, edition and entries, and its description
    (the primer) only when asked, as a new version (none is deleted): a primer is written
    apart from the list, and going back to an older list must not take back what was written
    since. A card the owner may no longer use (deleted, or made private by its designer) is
    left out. Returns the new version and the copies left out."""
    deck = Deck.objects.select_for_update().get(pk=version.deck_id)
    require_owner(deck, user)
    wanted = [
        (row["card"], row["count"], row.get("board") or Board.MAIN) for row in version.entries
    ]
    cards = Card.objects.select_related("hold").in_bulk([card_id for card_id, _, _ in wanted])
    boards: dict[str, list[tuple[Card, int]]] = {Board.MAIN: [], Board.MAYBE: []}
    left_out = 0
    for card_id, count, board in wanted:
        card = cards.get(card_id)
        if card is None or not card_usable_by(card, user) or board not in boards:
            left_out += count
            continue
        boards[board].append((card, count))
    rows = clean_entries(boards[Board.MAIN], user, maybe=boards[Board.MAYBE])
    try:
        edition = clean_edition(version.edition)
    except ValidationError:
        edition = deck.edition  # an edition whose data has since been removed
    deck.name, deck.edition = version.name, edition
    if description:
        deck.description = version.description
    deck.save()
    DeckEntry.objects.filter(deck=deck).delete()
    DeckEntry.objects.bulk_create(
        DeckEntry(deck=deck, card=card, count=count, board=board) for card, count, board in rows
    )
    note = f"Reverted to version {version.number}"
    if description:
        note += ", its description too"
    if left_out:
        note += f"; {left_out} cop{'ies' if left_out != 1 else 'y'} left out (no longer usable)"
    new = version_record(deck=deck, author=user, note=note, force=True)
    assert new is not None  # forced
    return new, left_out


@transaction.atomic
def version_for_run(*, deck: Deck, user: Any) -> DeckVersion | None:
    """The version a goldfish run of the deck started now belongs to: the latest, when the
    deck is as it was saved. When the builder has changed it since, the owner's run saves a
    version first (so every run of theirs has the version it played); another person's run
    of a deck with unsaved changes belongs to no version, since only the owner saves them."""
    versions_ensure(deck)
    latest = latest_version(deck)
    if latest is not None and not has_unsaved_changes(deck):
        return latest
    if getattr(user, "pk", None) != deck.owner_id:
        return None
    return version_record(deck=deck, author=user, note="Saved when a goldfish run started")
