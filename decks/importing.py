"""Importing decks: from the deck JSON (decks.services.deck_definition writes it) or from a
plain list, one '3 Card Name' a line.

Each import is one transaction that ends in deck_create: bad input raises ValidationError with
field errors, or DecklistError with an error a line for a plain list, and nothing is saved.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.db.models import Exists, OuterRef, Q

from cards.definition import clean_definition
from cards.models import DEFINITION_FIELDS, Card, CollectionEntry
from cards.selectors import as_id, card_viewable_q
from cards.services import card_create
from decks.decklist import DecklistError, LineError, parse_decklist
from decks.input_checks import on_board, too_many_entries
from decks.list_names import match_list, sorted_errors
from decks.models import MAX_COUNT, MAX_ENTRIES, Board, Deck
from decks.services import deck_create
from kotc_site.inputs import name_problem

# -- the deck JSON ----------------------------------------------------------------------------


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
            wanted.append(_ImportedCard(row, clean_definition(row["card"]).fields()))
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
        f"“{chosen[key].name}” comes to {total} copies{on_board(key[0])}; a deck holds at most"
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


def import_note(deck: Deck) -> str:
    """What a JSON import did beyond making the deck: the cards it added to the importer's,
    and the withheld cards it left out ('' for a deck not made by deck_import)."""
    created = len(getattr(deck, "imported_new_cards", []))
    note = (
        f" {created} card{'s' if created != 1 else ''} you lacked"
        f" {'were' if created != 1 else 'was'} added to your cards."
        if created
        else " Every card is one you could already use: no card was added."
    )
    left_out = getattr(deck, "imported_withheld", 0)
    if left_out:
        note += (
            f" {left_out} withheld card{'s were' if left_out != 1 else ' was'} left"
            " out: their designers keep them private."
        )
    return note


# -- plain lists ------------------------------------------------------------------------------


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
    heading go on its maybeboard. Names are matched as list_names.match_list says. Raises
    DecklistError naming every bad line; nothing is saved then."""
    if owner is None or not owner.is_authenticated:
        raise PermissionDenied("Log in to import decks.")
    lines, errors = parse_decklist(text)
    rows, match_errors = match_list(owner, lines)
    errors = [*errors, *match_errors]
    if len(rows) > MAX_ENTRIES:
        errors.append(LineError(None, too_many_entries(len(rows), "this list names")))
    if errors:
        raise DecklistError(sorted_errors(errors))
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
