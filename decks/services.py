"""Writing decks: building, importing, forking, printing.

Every function is keyword-only and atomic. Bad input raises Django's ValidationError with field
errors (or DecklistError with an error a line for a plain list), so forms and the API can show
them; a deck is never half-saved.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Exists, OuterRef, Q
from django.utils import timezone

from cards import rules
from cards.models import DEFINITION_FIELDS, Card, CollectionEntry
from cards.selectors import as_id, card_viewable_q
from cards.services import card_create, card_update, definition_clean
from decks import printing
from decks.decklist import (
    DecklistError,
    DecklistLine,
    LineError,
    close_names,
    match_decklist,
    parse_decklist,
)
from decks.models import (
    MAX_COUNT,
    MAX_DESCRIPTION,
    MAX_ENTRIES,
    MAX_NAME,
    Board,
    Deck,
    DeckEntry,
)
from decks.print_renders import print_image, print_prepare
from decks.selectors import deck_missing, list_cards, list_close_names, sorted_entries
from kotc_site.inputs import name_problem

_UNSET: Any = object()
MAX_SUGGESTED_LINES = 20  # lines of a plain list whose unknown name searches public cards

Entries = Sequence[tuple[Card, int]]
BoardEntries = list[tuple[Card, int, str]]  # (card, copies, board)


# -- checks -----------------------------------------------------------------------------------


def _clean_name(name: Any) -> str:
    text = name.strip() if isinstance(name, str) else ""
    if not text:
        raise ValidationError({"name": ["A deck needs a name."]})
    if len(text) > MAX_NAME:
        raise ValidationError(
            {"name": [f"The name has {len(text)} characters; the limit is {MAX_NAME}."]}
        )
    if problem := name_problem(text):
        # The name heads the deck's text list, as a comment that must stay one line.
        raise ValidationError({"name": [problem]})
    return text


def _clean_description(description: Any) -> str:
    if description is None:
        return ""
    if not isinstance(description, str):
        raise ValidationError({"description": ["The description must be text."]})
    text = description.replace("\r\n", "\n").strip()
    if len(text) > MAX_DESCRIPTION:
        raise ValidationError(
            {
                "description": [
                    f"The description has {len(text)} characters; the limit is {MAX_DESCRIPTION}."
                ]
            }
        )
    return text


def _clean_edition(edition: Any) -> int:
    known = sorted(rules.load_editions())
    if isinstance(edition, bool) or not isinstance(edition, int) or edition not in known:
        names = ", ".join(str(number) for number in known)
        raise ValidationError(
            {"edition": [f"Unknown edition {edition!r}. Known editions: {names}."]}
        )
    return edition


def _clean_visibility(visibility: Any) -> str:
    if visibility not in Deck.Visibility.values:
        raise ValidationError(
            {"visibility": [f"{visibility!r} is not one of: private, unlisted, public."]}
        )
    return str(visibility)


def _clean_count(count: Any, *, card: Card | None = None) -> int:
    if isinstance(count, bool) or not isinstance(count, int):
        raise ValidationError({"count": ["The number of copies must be a whole number."]})
    if not 1 <= count <= MAX_COUNT:
        label = f"“{card.name}”" if card is not None else "a card"
        raise ValidationError(
            {"count": [f"A deck holds 1 to {MAX_COUNT} copies of {label}, not {count}."]}
        )
    return count


def _clean_board(board: Any) -> str:
    if board not in Board.values:
        raise ValidationError(
            {"board": [f"{board!r} is not a board; the boards are main and maybe."]}
        )
    return str(board)


def _on_board(board: str) -> str:
    return " on the maybeboard" if board == Board.MAYBE else ""


def card_usable_by(card: Card, user: Any) -> bool:
    """Whether `user` may put `card` in a deck: their own, or one its designer shares."""
    return card.owner_id == getattr(user, "pk", None) or card.visibility != Card.Visibility.PRIVATE


def _check_card(card: Card, user: Any) -> None:
    if not card_usable_by(card, user):
        raise ValidationError({"card": ["That card is private: only its designer may use it."]})


def _require_owner(deck: Deck, user: Any) -> None:
    if user is None or not user.is_authenticated or deck.owner_id != user.pk:
        raise PermissionDenied("Only the deck's owner may change it.")


def _touch(deck: Deck) -> None:
    now = timezone.now()
    Deck.objects.filter(pk=deck.pk).update(updated=now)
    deck.updated = now


def _clean_entries(
    entries: Iterable[tuple[Card, int]], user: Any, *, maybe: Iterable[tuple[Card, int]] = ()
) -> BoardEntries:
    """The (card, copies, board) rows of the deck's `entries` and of its `maybe`board."""
    clean: BoardEntries = []
    seen: set[tuple[int, str]] = set()
    errors: list[str] = []
    for board, rows in ((Board.MAIN, entries), (Board.MAYBE, maybe)):
        for card, count in rows:
            if (card.pk, board) in seen:
                errors.append(
                    f"“{card.name}” (#{card.pk}) is listed twice{_on_board(board)};"
                    " list each card once."
                )
                continue
            seen.add((card.pk, board))
            try:
                _check_card(card, user)
                clean.append((card, _clean_count(count, card=card), str(board)))
            except ValidationError as error:
                errors.extend(
                    f"“{card.name}” (#{card.pk}){_on_board(board)}: {message}"
                    for message in error.messages
                )
    if len(seen) > MAX_ENTRIES:
        errors.append(_too_many_entries(len(seen)))
    if errors:
        raise ValidationError({"entries": errors})
    return clean


def _too_many_entries(found: int, what: str = "not") -> str:
    return (
        f"A deck holds at most {MAX_ENTRIES} different cards, its maybeboard's included;"
        f" {what} {found}."
    )


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
        name=_clean_name(name),
        description=_clean_description(description),
        edition=_clean_edition(rules.current_edition().number if edition is None else edition),
        visibility=_clean_visibility(visibility),
    )
    if forked_from is not None:
        deck.forked_from = forked_from
        deck.forked_from_name = forked_from.name
        deck.forked_from_owner = forked_from.owner.get_username()
    clean = _clean_entries(entries, owner, maybe=maybe)
    deck.save()
    _store_entries(deck, clean)
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
) -> Deck:
    """Change a deck's details; leave a field out to keep it."""
    _require_owner(deck, user)
    errors: dict[str, list[str]] = {}
    changes: dict[str, Any] = {}
    for field, value, clean in (
        ("name", name, _clean_name),
        ("description", description, _clean_description),
        ("edition", edition, _clean_edition),
        ("visibility", visibility, _clean_visibility),
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
    return deck


@transaction.atomic
def deck_set_entries(*, deck: Deck, user: Any, entries: Entries, maybe: Entries = ()) -> Deck:
    """Replace every entry of the deck, its maybeboard's too."""
    _require_owner(deck, user)
    clean = _clean_entries(entries, user, maybe=maybe)
    deck.entries.all().delete()
    _store_entries(deck, clean)
    _touch(deck)
    return deck


@transaction.atomic
def deck_change_count(
    *, deck: Deck, user: Any, card: Card, delta: int, board: str = Board.MAIN
) -> int:
    """Add (delta > 0) or remove (delta < 0) copies of a card on a board (the deck, unless
    told); returns the new count.

    Removing the last copy removes the card from the board. Adding past the most copies
    allowed, or a card the owner may not use, is refused."""
    _require_owner(deck, user)
    board = _clean_board(board)
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
    _require_owner(deck, user)
    board = _clean_board(board)
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
    _require_owner(deck, user)
    to = _clean_board(to)
    source = Board.MAIN if to == Board.MAYBE else Board.MAYBE
    moving = _locked_entry(deck, card, source)
    if moving is None:
        where = "on the maybeboard" if source == Board.MAYBE else "in the deck"
        raise ValidationError({"card": [f"“{card.name}” is not {where}."]})
    _check_card(card, user)
    target = _locked_entry(deck, card, to)
    total = moving.count + (target.count if target is not None else 0)
    _clean_count(total, card=card)
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
        _check_card(card, user)
    _clean_count(count, card=card)
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
    _require_owner(deck, user)
    deck.delete()


@transaction.atomic
def deck_fork(*, deck: Deck, user: Any) -> Deck:
    """Copy a deck the user may see into their own decks, crediting the original.

    The copy holds the same cards (not copies of them), its maybeboard too; a card its
    designer has since made private is left out, since only they may use it."""
    if user is None or not user.is_authenticated:
        raise PermissionDenied("Log in to copy decks.")
    if deck.visibility == Deck.Visibility.PRIVATE and deck.owner_id != user.pk:
        raise PermissionDenied("This deck is private.")
    rows = [
        entry
        for entry in deck.entries.select_related("card").order_by("pk")
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
    _require_owner(deck, user)
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
    (see deck_import). A card the deck was loaded without (withheld from its viewer) is written
    as its count and `"withheld": true` only.

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


def _same_definition(card: Card, definition: Mapping[str, Any]) -> bool:
    return all(getattr(card, field) == definition.get(field) for field in DEFINITION_FIELDS)


class _ImportedCard:
    """A card of the deck JSON to import: its stored definition, and the id and designer the
    export wrote (absent from files written by hand)."""

    def __init__(self, row: Mapping[str, Any], clean: dict[str, Any]) -> None:
        self.count: int = row["count"]
        self.board: str = row.get("board") or Board.MAIN
        self.clean = clean
        given = row["card"]
        self.id = as_id(given.get("id"))
        designer = given.get("designer")
        designer = designer.strip() if isinstance(designer, str) else ""
        # No user is named with control characters: such a name credits nobody.
        self.designer = designer if not name_problem(designer) else ""


def _import_candidates(
    owner: Any, wanted: list[_ImportedCard]
) -> tuple[dict[int, Card], list[Card]]:
    """The cards an import may use: those named by id that the importer may see, and, by
    name, those they may find without an id: their own, the public ones and the ones they
    saved (an unlisted card is found only through its id, as its link would find it)."""
    ids = {card.id for card in wanted if card.id is not None}
    by_id = {
        card.pk: card
        for card in Card.objects.filter(card_viewable_q(owner), pk__in=ids).select_related("owner")
    }
    saved = CollectionEntry.objects.filter(owner=owner, card=OuterRef("pk"))
    findable = (
        Card.objects.filter(card_viewable_q(owner))
        .filter(Q(owner=owner) | Q(visibility=Card.Visibility.PUBLIC) | Exists(saved))
        .filter(name__in={card.clean["name"] for card in wanted})
        .select_related("owner")
        .order_by("pk")
    )
    # The importer's own cards first, then those they saved, then the other public ones.
    by_name = sorted(
        findable.annotate(saved=Exists(saved)),
        key=lambda card: (card.owner_id != owner.pk, not card.saved, card.pk),
    )
    return by_id, by_name


def _import_match(
    owner: Any, wanted: _ImportedCard, by_id: dict[int, Card], by_name: list[Card]
) -> Card | None:
    """The card an imported one stands for, of those the importer may see: the card itself
    (by its id, when still the same), the same card by the same designer, or the same card
    already among the importer's own and saved ones (an earlier import of the same file
    made it, say). None when nothing matches."""
    same = [card for card in by_name if _same_definition(card, wanted.clean)]
    card = by_id.get(wanted.id) if wanted.id is not None else None
    if card is not None and _same_definition(card, wanted.clean):
        return card
    if wanted.designer:
        for card in same:
            if card.owner.get_username() == wanted.designer:
                return card
    for card in same:
        if card.owner_id == owner.pk or getattr(card, "saved", False):
            return card
    return None


def _import_create(owner: Any, wanted: _ImportedCard) -> Card:
    """A private card of the importer's for one they could not match, crediting its designer
    when the file names someone else."""
    card = card_create(owner=owner, definition=wanted.clean, note="Created by importing a deck")
    if wanted.designer and wanted.designer != owner.get_username():
        card.forked_from_name = wanted.clean["name"]
        card.forked_from_owner = wanted.designer[:150]
        card.imported = True
        card.save(update_fields=["forked_from_name", "forked_from_owner", "imported"])
    return card


@transaction.atomic
def deck_import(
    *,
    owner: Any,
    definition: Mapping[str, Any],
    name: str | None = None,
    description: str | None = None,
    visibility: str = Deck.Visibility.PRIVATE,
) -> Deck:
    """A new deck from the deck JSON (already read by DeckImportSerializer).

    Each card is the card itself when the importer may see it and it is unchanged (by its id),
    else the same card by the same designer, else an identical one among the importer's own
    and saved cards; only a card matching none of them is created, as the importer's private
    card crediting its designer. So importing a file twice creates nothing the second time.
    Entries with `"board": "maybe"` go on the maybeboard. Withheld entries are left out
    (counted in `imported_withheld`). The whole import is one transaction: a card that
    cannot be stored saves nothing."""
    if owner is None or not owner.is_authenticated:
        raise PermissionDenied("Log in to import decks.")
    rows = list(definition.get("cards") or [])
    withheld = sum(row["count"] for row in rows if row.get("withheld"))
    errors: list[str] = []
    wanted: list[_ImportedCard] = []
    for number, row in enumerate(rows, start=1):
        if row.get("withheld"):
            continue  # a card its designer keeps private: there is nothing to import
        try:
            wanted.append(_ImportedCard(row, definition_clean(row["card"])))
        except ValidationError as error:
            label = row["card"].get("name") or "unnamed"
            for field, messages in error.message_dict.items():
                errors.extend(f"Card {number} (“{label}”), {field}: {m}" for m in messages)
    if errors:
        raise ValidationError({"cards": errors})

    by_id, by_name = _import_candidates(owner, wanted)
    counts: dict[tuple[str, int], int] = {}
    chosen: dict[tuple[str, int], Card] = {}
    created: list[Card] = []
    for card_wanted in wanted:
        card = _import_match(owner, card_wanted, by_id, by_name)
        if card is None:
            card = _import_create(owner, card_wanted)
            by_name.insert(0, card)  # a card listed twice is made once
            created.append(card)
        key = (card_wanted.board, card.pk)
        counts[key] = counts.get(key, 0) + card_wanted.count
        chosen[key] = card
    over = [
        f"“{chosen[key].name}” comes to {total} copies{_on_board(key[0])}; a deck holds at most"
        f" {MAX_COUNT} of a card."
        for key, total in counts.items()
        if total > MAX_COUNT
    ]
    if over:
        raise ValidationError({"cards": over})
    deck = deck_create(
        owner=owner,
        name=name if name is not None else (definition.get("name") or "Imported deck"),
        description=description if description is not None else definition.get("description", ""),
        edition=definition["edition"],
        visibility=visibility,
        entries=[(chosen[key], counts[key]) for key in chosen if key[0] == Board.MAIN],
        maybe=[(chosen[key], counts[key]) for key in chosen if key[0] == Board.MAYBE],
    )
    deck.imported_new_cards = created  # type: ignore[attr-defined]
    deck.imported_withheld = withheld  # type: ignore[attr-defined]
    return deck


def _describe(owner: Any) -> Any:
    def describe(card: Card) -> str:
        whose = "yours" if card.owner_id == owner.pk else f"by {card.owner.get_username()}"
        return f"#{card.pk} ({card.kind}, level {card.level}, {whose})"

    return describe


def _match_list(
    owner: Any,
    lines: Sequence[DecklistLine],
    *,
    held: Mapping[tuple[str, int], int] | None = None,
) -> tuple[BoardEntries, list[LineError]]:
    """The (card, copies, board) of each card a list's lines name, and an error for each line
    that names none, or several. Each name is looked for as the deck builder's search offers
    cards: the owner's own cards, then the ones they saved, then the public ones; several cards
    of the name in the first place holding it is an error listing them, and a name found
    nowhere is an error offering close names. `held` gives the copies already on each (board,
    card id), which the lines add to (the copies returned include them)."""
    if not lines:
        return [], []
    found = list_cards(
        user=owner,
        names=[line.name for line in lines],
        numbers=[line.card_number for line in lines if line.card_number is not None],
    )
    known = [card.name for card in (*found.own, *found.saved)]
    suggested = 0

    def suggest(name: str) -> list[str]:
        # Each name found nowhere searches the public cards; a list of hundreds of unknown
        # names gets its first few answered.
        nonlocal suggested
        suggested += 1
        if suggested > MAX_SUGGESTED_LINES:
            return close_names(name, known)
        return list_close_names(name=name, known=known)

    rows: BoardEntries = []
    errors: list[LineError] = []
    for board in Board.values:
        on_board = [line for line in lines if line.board == board]
        if not on_board:
            continue
        entries, board_errors = match_decklist(
            on_board,
            places=[
                ("of yours", found.own),
                ("in your collection", found.saved),
                ("among the public cards", found.public),
            ],
            numbered=found.numbered,
            searched="among your cards, your collection or the public cards",
            describe=_describe(owner),
            suggest=suggest,
            held={str(pk): n for (where, pk), n in (held or {}).items() if where == board},
        )
        rows.extend((card, count, board) for card, count in entries)
        errors.extend(board_errors)
    return rows, errors


def _sorted_errors(errors: Iterable[LineError]) -> list[LineError]:
    return sorted(errors, key=lambda error: (error.line is None, error.line or 0))


@transaction.atomic
def deck_import_list(
    *,
    owner: Any,
    text: str,
    name: str,
    description: str = "",
    edition: int | None = None,
    visibility: str = Deck.Visibility.PRIVATE,
) -> Deck:
    """A new deck from a plain list, one '3 Card Name' a line; the lines under a Maybeboard
    heading go on its maybeboard. Names are matched as _match_list says. Raises DecklistError
    naming every bad line; nothing is saved then."""
    if owner is None or not owner.is_authenticated:
        raise PermissionDenied("Log in to import decks.")
    lines, errors = parse_decklist(text)
    rows, match_errors = _match_list(owner, lines)
    errors = [*errors, *match_errors]
    if len(rows) > MAX_ENTRIES:
        errors.append(LineError(None, _too_many_entries(len(rows), "this list names")))
    if errors:
        raise DecklistError(_sorted_errors(errors))
    try:
        return deck_create(
            owner=owner,
            name=name,
            description=description,
            edition=edition,
            visibility=visibility,
            entries=[(card, count) for card, count, board in rows if board == Board.MAIN],
            maybe=[(card, count) for card, count, board in rows if board == Board.MAYBE],
        )
    except ValidationError as error:
        if "entries" in error.message_dict:
            raise DecklistError(
                [LineError(None, message) for message in error.message_dict["entries"]]
            ) from error
        raise


@dataclass(frozen=True)
class Added:
    """Copies a quick add put on a board, and the copies there now."""

    card: Card
    added: int
    total: int
    board: str


@transaction.atomic
def deck_quick_add(*, deck: Deck, user: Any, text: str, board: str = Board.MAIN) -> list[Added]:
    """Add the cards of a plain list to the deck, one '4 Spark' a line, to the copies it holds:
    on `board`, or on the board a heading in the list names ('Maybeboard', 'Deck'). Names are
    matched as a list import matches them (_match_list). Raises DecklistError naming every bad
    line (a name found nowhere, with close names; a count that cannot be; a card taken past the
    most copies), and then nothing is added."""
    _require_owner(deck, user)
    board = _clean_board(board)
    lines, errors = parse_decklist(text, board=board)
    # The deck's entries, locked: two quick adds at once add up rather than overwrite.
    entries = {
        (entry.board, entry.card_id): entry
        for entry in DeckEntry.objects.select_for_update().filter(deck=deck)
    }
    held = {key: entry.count for key, entry in entries.items()}
    rows, match_errors = _match_list(user, lines, held=held)
    errors = [*errors, *match_errors]
    new = [(card, board) for card, _, board in rows if (board, card.pk) not in entries]
    if len(entries) + len(new) > MAX_ENTRIES:
        found = len(entries) + len(new)
        errors.append(LineError(None, _too_many_entries(found, "with these it would hold")))
    if errors:
        raise DecklistError(_sorted_errors(errors))
    for card, _, _ in rows:
        _check_card(card, user)
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


# -- printing ---------------------------------------------------------------------------------


def deck_print_cards(
    *, deck: Deck, user: Any, only_missing: bool = False
) -> list[tuple[Card, int]]:
    """The cards a print of the deck holds, with their copies: all of them, or with
    only_missing just the copies `user` needs beyond those their collection says they own.
    Raises PrintError with a message to show when there is nothing (or too much) to print."""
    if only_missing:
        if user is None or not user.is_authenticated:
            raise printing.PrintError(
                "Log in to print only the cards missing from your collection."
            )
        wanted = [(row.card, row.needed) for row in deck_missing(deck=deck, user=user)]
        if not wanted:
            raise printing.PrintError(
                "Your collection already holds every copy this deck needs: nothing to print."
            )
    else:
        wanted = [(entry.card, entry.count) for entry in sorted_entries(deck)]
    total = sum(count for _, count in wanted)
    if total > printing.MAX_PRINTED_CARDS:
        raise printing.PrintError(
            f"A print job holds at most {printing.MAX_PRINTED_CARDS} cards; this one would have"
            f" {total}. Print the deck in parts, or lower the counts."
        )
    return wanted


def deck_print_prepare(*, deck: Deck, user: Any, only_missing: bool = False) -> None:
    """Move the print of the deck along: return when every card of it is drawn, else draw a
    few and raise print_renders.PrintNotReady with the progress (see decks.print_renders).
    Raises PrintError as deck_print_cards does."""
    wanted = deck_print_cards(deck=deck, user=user, only_missing=only_missing)
    print_prepare(cards=[card for card, _ in wanted if not card.withheld])


def deck_print_pdf(
    *,
    deck: Deck,
    user: Any,
    paper: str = "a4",
    backs: printing.BacksOption = "none",
    only_missing: bool = False,
    bleed: bool = False,
) -> bytes:
    """The deck's cards as a PDF to print and cut, 9 to a page, each at its exact size (with
    bleed, 3 mm of each card's border more all round, and fewer to a page).

    The cards are those of deck_print_cards (only_missing: just the copies `user` lacks).
    Raises PrintError with a message to show when there is nothing (or too much) to print,
    and print_renders.PrintNotReady while some of the cards are still being drawn.
    """
    sheet = printing.sheet_layout(printing.get_paper(paper), bleed=bleed)
    wanted = deck_print_cards(deck=deck, user=user, only_missing=only_missing)
    # Drawing the cards happens ahead, a few a request (see decks.print_renders).
    print_prepare(cards=[card for card, _ in wanted if not card.withheld])
    keys: list[str] = []
    images: dict[str, bytes] = {}
    for card, count in wanted:
        if card.withheld:
            # A card the viewer may not see prints face down, so the count still adds up.
            keys.extend([printing.BACK] * count)
            continue
        key, image = print_image(card=card)
        images[key] = image
        keys.extend([key] * count)
    if backs != "none" or printing.BACK in keys:
        images[printing.BACK] = printing.card_back_jpeg()
    pages = printing.plan_pages(keys, backs=backs, layout=sheet)
    return printing.write_pdf(pages, sheet, images, title=deck.name)
