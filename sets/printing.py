"""A set on paper and on cards: each card drawn with its number in the set ("CODE 007/120"
and the set's symbol), for the set page, the PDF and the ZIP. The drawing is the cards' own
(cards.renders, cards.render.SetMark); the sheets are the decks' (decks.printing)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cards.render import SetMark
from cards.renders import RenderedCard, card_render
from decks import printing
from decks.print_renders import MarkedPrint, print_image, print_prepare
from sets.models import CardSet
from sets.selectors import NumberedCard, numbered_cards

# The task that draws a set's print images with their numbers (sets.tasks names it so).
MAKE_SET_PRINT_IMAGES = "sets.tasks.make_set_print_images"


def symbol_of(card_set: CardSet) -> bytes | None:
    # PostgreSQL hands a BinaryField back as a memoryview.
    return bytes(card_set.symbol) if card_set.symbol else None


def set_mark(card_set: CardSet, row: NumberedCard) -> SetMark:
    return SetMark(
        code=card_set.code, number=row.number, total=row.total, symbol_png=symbol_of(card_set)
    )


def numbered_render(card_set: CardSet, row: NumberedCard, *, small: bool = False) -> RenderedCard:
    """The card as the set prints it. Never for a withheld card: the caller shows its back."""
    return card_render(card=row.card, small=small, set_mark=set_mark(card_set, row))


def _print_rows(*, card_set: CardSet, user: Any, copies: int) -> list[NumberedCard]:
    rows = numbered_cards(card_set, user)
    total = len(rows) * copies
    if not rows:
        raise printing.PrintError("The set holds no cards yet: nothing to print.")
    if total > printing.MAX_PRINTED_CARDS:
        raise printing.PrintError(
            f"A print job holds at most {printing.MAX_PRINTED_CARDS} cards; this one would have"
            f" {total}. Print fewer copies."
        )
    return rows


def _prepare(card_set: CardSet, rows: Sequence[NumberedCard]) -> None:
    shown = [row for row in rows if not row.card.withheld]
    marked = MarkedPrint(
        marks={row.card.pk: set_mark(card_set, row) for row in shown},
        task=MAKE_SET_PRINT_IMAGES,
        args=(card_set.pk,),
    )
    print_prepare(cards=[row.card for row in shown], marked=marked)


def set_print_prepare(*, card_set: CardSet, user: Any, copies: int = 1) -> None:
    """Move the set's print along as a deck's moves (decks.print_renders): return when every
    card of it is drawn with its number, else draw a few and raise PrintNotReady.
    Raises PrintError for nothing (or too much) to print."""
    _prepare(card_set, _print_rows(card_set=card_set, user=user, copies=copies))


def set_print_images_make(*, set_id: int, card_ids: Sequence[int]) -> None:
    """Draw these cards' print images with their numbers in the set (the workers' side). Safe
    to repeat; a set or card deleted meanwhile is left out. The ids were chosen by a request
    that could see the cards; the images are stored by key, never shown from here."""
    card_set = CardSet.objects.filter(pk=set_id).first()
    if card_set is None:
        return
    entries = list(card_set.entries.select_related("card__owner").order_by("position"))
    wanted = set(card_ids)
    symbol = symbol_of(card_set)
    for number, entry in enumerate(entries, start=1):
        if entry.card_id in wanted:
            mark = SetMark(code=card_set.code, number=number, total=len(entries), symbol_png=symbol)
            print_image(card=entry.card, set_mark=mark)


def set_print_pdf(
    *,
    card_set: CardSet,
    user: Any,
    copies: int = 1,
    paper: str = "a4",
    backs: printing.BacksOption = "none",
    bleed: bool = False,
) -> bytes:
    """The set's cards as `user` may see them, `copies` of each, in the set's order, as the
    decks' PDFs are laid out (cut marks, backs, bleed). A card withheld from `user` prints face
    down, so the numbers still add up. Raises PrintError for nothing (or too much) to print,
    and print_renders.PrintNotReady while some of the cards are still being drawn."""
    rows = _print_rows(card_set=card_set, user=user, copies=copies)
    _prepare(card_set, rows)
    sheet = printing.sheet_layout(printing.get_paper(paper), bleed=bleed)
    keys: list[str] = []
    images: dict[str, bytes] = {}
    for row in rows:
        if row.card.withheld:
            keys.extend([printing.BACK] * copies)
            continue
        key, image = print_image(card=row.card, set_mark=set_mark(card_set, row))
        images[key] = image
        keys.extend([key] * copies)
    if backs != "none" or printing.BACK in keys:
        images[printing.BACK] = printing.card_back_jpeg()
    pages = printing.plan_pages(keys, backs=backs, layout=sheet)
    return printing.write_pdf(pages, sheet, images, title=f"{card_set.name} ({card_set.code})")
