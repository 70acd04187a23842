"""Writing decks: building them, changing their cards, forking, sharing, and the deck JSON.

Every function is keyword-only and atomic. Bad input raises Django's ValidationError with field
errors (or DecklistError with an error a line for a plain list), so forms and the API can show
them; a deck is never half-saved. Importing is in decks.importing, printing in decks.print_job.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import Any

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone

from cards import rules
from cards.models import Card
from cards.services import card_update
from decks.decklist import DecklistError, LineError, board_heading, parse_decklist
from decks.input_checks import (
    BoardEntries,
    Entries,
    card_usable_by,
    check_card,
    clean_board,
    clean_count,
    clean_description,
    clean_edition,
    clean_entries,
    clean_name,
    clean_visibility,
    require_owner,
    too_many_entries,
)
from decks.list_names import match_list, sorted_errors
from decks.models import MAX_ENTRIES, Board, Deck, DeckEntry
from decks.selectors import sorted_entries
from decks.versions import version_record

_UNSET: Any = object()


def _touch(deck: Deck) -> None:
    now = timezone.now()
    Deck.objects.filter(pk=deck.pk).update(updated=now)
    deck.updated = now


def _store_entries(deck: Deck, rows: BoardEntries) -> None:
    DeckEntry.objects.bulk_create(
        DeckEntry(deck=deck, card=card, count=count, board=board) for card, count, board in rows
    )


# -- decks ------------------------------------------------------------------------------------


@transaction.atomic
def deck_create(
    *,
    owner: Any,
    name: str,
    description: str = "",
    edition: int | None = None,
    visibility: str = Deck.Visibility.PRIVATE,
    entries: Entries = (),
    maybe: Entries = (),
    forked_from: Deck | None = None,
) -> Deck:
    """A new deck of `owner`'s, with the given (card, count) entries, and those of its
    maybeboard."""
    if owner is None or not owner.is_authenticated:
        raise PermissionDenied("Log in to build decks.")
    deck = Deck(
        owner=owner,
        name=clean_name(name),
        # A copy keeps its designer's words: they are not the new owner's to be checked.
        description=clean_description(
            description, author=None if forked_from is not None else owner
        ),
        edition=clean_edition(rules.current_edition().number if edition is None else edition),
        visibility=clean_visibility(visibility),
    )
    if forked_from is not None:
        deck.forked_from = forked_from
        deck.forked_from_name = forked_from.name
        deck.forked_from_owner = forked_from.owner.get_username()
    clean = clean_entries(entries, owner, maybe=maybe)
    deck.save()
    _store_entries(deck, clean)
    version_record(deck=deck, author=owner, force=True)  # version 1
    return deck


@transaction.atomic
def deck_update(
    *,
    deck: Deck,
    user: Any,
    name: Any = _UNSET,
    description: Any = _UNSET,
    edition: Any = _UNSET,
    visibility: Any = _UNSET,
    record_version: bool = True,
) -> Deck:
    """Change a deck's details; leave a field out to keep it. `record_version=False` when the
    caller changes the entries next, in the same transaction: that makes the one version."""
    require_owner(deck, user)
    errors: dict[str, list[str]] = {}
    changes: dict[str, Any] = {}
    for field, value, clean in (
        ("name", name, clean_name),
        ("description", description, partial(clean_description, author=user)),
        ("edition", edition, clean_edition),
        ("visibility", visibility, clean_visibility),
    ):
        if value is _UNSET:
            continue
        try:
            changes[field] = clean(value)
        except ValidationError as error:
            errors.update(error.message_dict)
    if errors:
        raise ValidationError(errors)
    for field, value in changes.items():
        setattr(deck, field, value)
    deck.save()
    if record_version:
        version_record(deck=deck, author=user)
    return deck


@transaction.atomic
def deck_set_entries(*, deck: Deck, user: Any, entries: Entries, maybe: Entries = ()) -> Deck:
    """Replace every entry of the deck, its maybeboard's too."""
    require_owner(deck, user)
    clean = clean_entries(entries, user, maybe=maybe)
    deck.entries.all().delete()
    _store_entries(deck, clean)
    _touch(deck)
    version_record(deck=deck, author=user)
    return deck


@transaction.atomic
def deck_change_count(
    *, deck: Deck, user: Any, card: Card, delta: int, board: str = Board.MAIN
) -> int:
    """Add (delta > 0) or remove (delta < 0) copies of a card on a board (the deck, unless
    told); returns the new count.

    Removing the last copy removes the card from the board. Adding past the most copies
    allowed, or a card the owner may not use, is refused."""
    require_owner(deck, user)
    board = clean_board(board)
    if isinstance(delta, bool) or not isinstance(delta, int) or delta == 0:
        raise ValidationError({"count": ["Add or remove at least one copy."]})
    entry = _locked_entry(deck, card, board)
    current = entry.count if entry is not None else 0
    return _set_count(
        deck=deck, user=user, card=card, entry=entry, count=current + delta, board=board
    )


@transaction.atomic
def deck_set_count(
    *, deck: Deck, user: Any, card: Card, count: int, board: str = Board.MAIN
) -> int:
    """Set the number of copies of a card on a board (the deck, unless told); 0 removes it.
    Returns the new count."""
    require_owner(deck, user)
    board = clean_board(board)
    if isinstance(count, bool) or not isinstance(count, int) or count < 0:
        raise ValidationError(
            {"count": ["The number of copies must be a whole number, 0 or more."]}
        )
    entry = _locked_entry(deck, card, board)
    return _set_count(deck=deck, user=user, card=card, entry=entry, count=count, board=board)


def _locked_entry(deck: Deck, card: Card, board: str) -> DeckEntry | None:
    return DeckEntry.objects.select_for_update().filter(deck=deck, card=card, board=board).first()


@transaction.atomic
def deck_move(*, deck: Deck, user: Any, card: Card, to: str) -> int:
    """Move every copy of a card to the board `to` from the other one (the deck to the
    maybeboard, or back), adding them to any copies already there. Returns the copies on
    `to` now. A card the owner may no longer use stays where it is: it can only be taken out."""
    require_owner(deck, user)
    to = clean_board(to)
    source = Board.MAIN if to == Board.MAYBE else Board.MAYBE
    moving = _locked_entry(deck, card, source)
    if moving is None:
        where = "on the maybeboard" if source == Board.MAYBE else "in the deck"
        raise ValidationError({"card": [f"“{card.name}” is not {where}."]})
    check_card(card, user)
    target = _locked_entry(deck, card, to)
    total = moving.count + (target.count if target is not None else 0)
    clean_count(total, card=card)
    if target is None:
        DeckEntry.objects.filter(pk=moving.pk).update(board=to)
    else:
        DeckEntry.objects.filter(pk=target.pk).update(count=total)
        moving.delete()
    _touch(deck)
    return total


def _set_count(
    *,
    deck: Deck,
    user: Any,
    card: Card,
    entry: DeckEntry | None,
    count: int,
    board: str = Board.MAIN,
) -> int:
    if count <= 0:
        if entry is not None:
            entry.delete()
            _touch(deck)
        return 0
    if entry is None or count > entry.count:
        # Taking copies out is always allowed; adding needs the card to be usable.
        check_card(card, user)
    clean_count(count, card=card)
    if entry is None:
        if DeckEntry.objects.filter(deck=deck).count() >= MAX_ENTRIES:
            raise ValidationError(
                {"card": [f"A deck holds at most {MAX_ENTRIES} different cards."]}
            )
        try:
            with transaction.atomic():
                DeckEntry.objects.create(deck=deck, card=card, count=count, board=board)
        except IntegrityError:
            # Another request added the card a moment ago: this one's count wins.
            DeckEntry.objects.filter(deck=deck, card=card, board=board).update(count=count)
    elif entry.count != count:
        DeckEntry.objects.filter(pk=entry.pk).update(count=count)
    _touch(deck)
    return count


@transaction.atomic
def deck_delete(*, deck: Deck, user: Any) -> None:
    require_owner(deck, user)
    deck.delete()


@transaction.atomic
def deck_fork(*, deck: Deck, user: Any) -> Deck:
    """Copy a deck the user may see into their own decks, crediting the original.

    The copy holds the same cards (not copies of them), its maybeboard too; a card its
    designer has since made private, or a moderator hid, is left out, since only they may use
    it."""
    if user is None or not user.is_authenticated:
        raise PermissionDenied("Log in to copy decks.")
    if deck.visibility == Deck.Visibility.PRIVATE and deck.owner_id != user.pk:
        raise PermissionDenied("This deck is private.")
    rows = [
        entry
        for entry in deck.entries.select_related("card", "card__hold").order_by("pk")
        if card_usable_by(entry.card, user)
    ]
    return deck_create(
        owner=user,
        name=deck.name,
        description=deck.description,
        edition=deck.edition if deck.edition in rules.load_editions() else None,
        entries=[(entry.card, entry.count) for entry in rows if entry.board == Board.MAIN],
        maybe=[(entry.card, entry.count) for entry in rows if entry.board == Board.MAYBE],
        forked_from=deck,
    )


@transaction.atomic
def deck_share_cards(*, deck: Deck, user: Any) -> int:
    """Make the owner's own private cards in the deck unlisted, so whoever may see the deck
    sees them too (they stay out of the gallery). Returns how many cards changed."""
    require_owner(deck, user)
    cards = Card.objects.filter(
        deck_entries__deck=deck, owner=user, visibility=Card.Visibility.PRIVATE
    ).distinct()
    changed = 0
    for card in cards:
        card_update(
            card=card,
            user=user,
            visibility=Card.Visibility.UNLISTED,
            note=f"Unlisted to share the deck “{deck.name}”"[:200],
        )
        changed += 1
    return changed


# -- the deck JSON format ---------------------------------------------------------------------


def deck_definition(deck: Deck, *, with_maybeboard: bool = False) -> dict[str, Any]:
    """The deck JSON: the body of POST /api/v1/check/deck/ plus its name and description.

    Every card is written out in full, since there is no official card list to look names up
    in; importing the JSON rebuilds the deck on any account. Each card also carries its id and
    its designer's name, so an import uses the card itself wherever the importer may see it
    (see decks.importing). A card the deck was loaded without (withheld from its viewer) is
    written as its count and `"withheld": true` only.

    The maybeboard's entries follow, each with `"board": "maybe"`, when asked for: the
    exports ask; a goldfish run plays what this gives, the deck alone."""
    entries = sorted_entries(deck)
    if with_maybeboard:
        entries += sorted_entries(deck, Board.MAYBE)
    return {
        "edition": deck.edition,
        "name": deck.name,
        "description": deck.description,
        "cards": [_definition_entry(entry) for entry in entries],
    }


def _definition_entry(entry: DeckEntry) -> dict[str, Any]:
    card = entry.card
    row: dict[str, Any] = {"count": entry.count}
    if card.withheld:
        row["withheld"] = True
    else:
        row["card"] = {"id": card.pk, **card.definition(), "designer": card.owner.get_username()}
    if entry.board == Board.MAYBE:
        row["board"] = Board.MAYBE.value
    return row


# -- the quick add ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Added:
    """Copies a quick add put on a board, and the copies there now."""

    card: Card
    added: int
    total: int
    board: str


@dataclass(frozen=True)
class QuickAdd:
    """What the builder's box added, and the lines it left out: as written (under the board
    headings they were under), with a problem each, numbered as they stand in `kept`."""

    added: list[Added]
    problems: tuple[LineError, ...] = ()
    kept: str = ""


@transaction.atomic
def deck_quick_add_lines(*, deck: Deck, user: Any, text: str, board: str = Board.MAIN) -> QuickAdd:
    """The quick add as the builder's box does it: the lines that are right are added, and
    the others kept with their problems (a name found nowhere with its close names, a count
    that cannot be), so one typo does not throw away the list. A problem of the whole list
    (too many cards) adds nothing: DecklistError, as deck_quick_add raises it."""
    try:
        return QuickAdd(deck_quick_add(deck=deck, user=user, text=text, board=board))
    except DecklistError as error:
        wrong = {problem.line for problem in error.errors}
        if None in wrong:
            raise
        problems = error.errors
    lines = text.splitlines()
    # The right lines alone, each where it was (a blank line is skipped), so that a problem
    # found now names the same line.
    right = "\n".join("" if number in wrong else line for number, line in enumerate(lines, 1))
    if not parse_decklist(right, board=board)[0]:
        raise DecklistError(problems)
    added = deck_quick_add(deck=deck, user=user, text=right, board=board)
    kept: list[str] = []
    renumbered: list[LineError] = []
    heading: str | None = None
    for number, line in enumerate(lines, 1):
        if board_heading(line) is not None:
            heading = line
        elif number in wrong:
            if heading is not None:  # the board it was meant for
                kept.append(heading)
                heading = None
            kept.append(line)
            renumbered += [
                LineError(len(kept), problem.message)
                for problem in problems
                if problem.line == number
            ]
    return QuickAdd(added, tuple(renumbered), "\n".join(kept))


@transaction.atomic
def deck_quick_add(*, deck: Deck, user: Any, text: str, board: str = Board.MAIN) -> list[Added]:
    """Add the cards of a plain list to the deck, one '4 Spark' a line, to the copies it holds:
    on `board`, or on the board a heading in the list names ('Maybeboard', 'Deck'). Names are
    matched as a list import matches them (list_names.match_list). Raises DecklistError
    naming every bad line (a name found nowhere, with close names; a count that cannot be; a
    card taken past the most copies), and then nothing is added."""
    require_owner(deck, user)
    board = clean_board(board)
    lines, errors = parse_decklist(text, board=board)
    # The deck's entries, locked: two quick adds at once add up rather than overwrite.
    entries = {
        (entry.board, entry.card_id): entry
        for entry in DeckEntry.objects.select_for_update().filter(deck=deck)
    }
    held = {key: entry.count for key, entry in entries.items()}
    rows, match_errors = match_list(user, lines, held=held)
    errors = [*errors, *match_errors]
    new = [(card, board) for card, _, board in rows if (board, card.pk) not in entries]
    if len(entries) + len(new) > MAX_ENTRIES:
        found = len(entries) + len(new)
        errors.append(LineError(None, too_many_entries(found, "with these it would hold")))
    if errors:
        raise DecklistError(sorted_errors(errors))
    for card, _, _ in rows:
        check_card(card, user)
    added: list[Added] = []
    for card, total, where in rows:
        entry = entries.get((where, card.pk))
        if entry is None:
            DeckEntry.objects.create(deck=deck, card=card, count=total, board=where)
        else:
            DeckEntry.objects.filter(pk=entry.pk).update(count=total)
        added.append(Added(card, total - held.get((where, card.pk), 0), total, where))
    _touch(deck)
    return added
