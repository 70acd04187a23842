"""A print of a deck: which cards it holds, what the print page says of it, and the PDF.

The sheets themselves are laid out and written by decks.printing; the cards are drawn ahead,
a few a request, by decks.print_renders.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cards.models import Card
from decks import printing
from decks.models import Deck
from decks.print_renders import print_image, print_prepare
from decks.selectors import MissingCard, deck_missing, deck_size, sorted_entries, withheld_count
from decks.shortfall import deck_shortfall


def deck_print_cards(
    *, deck: Deck, user: Any, only_missing: bool = False, only_short: bool = False
) -> list[tuple[Card, int]]:
    """The cards a print of the deck holds, with their copies: all of them, or with
    only_missing just the copies `user` needs beyond those their collection says they own, or
    with only_short (which includes those) the copies they are short of once the copies in
    their other built decks are counted as taken (decks.shortfall).
    Raises PrintError with a message to show when there is nothing (or too much) to print."""
    if only_short:
        wanted = _short_copies(deck=deck, user=user)
    elif only_missing:
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


def _short_copies(*, deck: Deck, user: Any) -> list[tuple[Card, int]]:
    if user is None or not user.is_authenticated:
        raise printing.PrintError("Log in to print only the copies you are short of.")
    wanted = [(row.card, row.short) for row in deck_shortfall(deck=deck, user=user).short_rows]
    if not wanted:
        raise printing.PrintError(
            "Nothing to print: you are short of no copy of this deck. Your collection holds"
            " every copy it needs, counting the copies in your other built decks as taken."
        )
    return wanted


def deck_print_prepare(
    *, deck: Deck, user: Any, only_missing: bool = False, only_short: bool = False
) -> None:
    """Move the print of the deck along: return when every card of it is drawn, else draw a
    few and raise print_renders.PrintNotReady with the progress (see decks.print_renders).
    Raises PrintError as deck_print_cards does."""
    wanted = deck_print_cards(
        deck=deck, user=user, only_missing=only_missing, only_short=only_short
    )
    print_prepare(cards=[card for card, _ in wanted if not card.withheld])


def deck_print_pdf(
    *,
    deck: Deck,
    user: Any,
    paper: str = "a4",
    backs: printing.BacksOption = "none",
    only_missing: bool = False,
    bleed: bool = False,
    only_short: bool = False,
) -> bytes:
    """The deck's cards as a PDF to print and cut, 9 to a page, each at its exact size (with
    bleed, 3 mm of each card's border more all round, and fewer to a page).

    The cards are those of deck_print_cards (only_missing: just the copies `user` lacks;
    only_short: just those they are short of, counting their other built decks).
    Raises PrintError with a message to show when there is nothing (or too much) to print,
    and print_renders.PrintNotReady while some of the cards are still being drawn.
    """
    sheet = printing.sheet_layout(printing.get_paper(paper), bleed=bleed)
    wanted = deck_print_cards(
        deck=deck, user=user, only_missing=only_missing, only_short=only_short
    )
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


@dataclass(frozen=True)
class PrintSummary:
    """What the print page says of the deck before anything is printed."""

    size: int  # copies in the deck
    pages: int  # pages of fronts, without bleed
    bleed_pages: int  # pages of fronts with bleed, which holds fewer cards a page
    max_cards: int  # the most cards one print holds
    withheld: int  # copies that print face down: the viewer may not see their cards
    missing: list[MissingCard] | None  # copies the viewer lacks; None when not logged in

    @property
    def missing_total(self) -> int:
        return sum(row.needed for row in self.missing) if self.missing else 0


def _bleed_pages(size: int) -> int:
    """Pages of fronts with bleed, which holds fewer cards a page (the same on A4 and Letter)."""
    layout = printing.sheet_layout(printing.PAPERS["a4"], bleed=True)
    return printing.page_count(size, layout=layout) if size else 0


def print_summary(*, deck: Deck, user: Any) -> PrintSummary:
    size = deck_size(deck)
    return PrintSummary(
        size=size,
        pages=printing.page_count(size) if size else 0,
        bleed_pages=_bleed_pages(size),
        max_cards=printing.MAX_PRINTED_CARDS,
        withheld=withheld_count(deck),
        missing=deck_missing(deck=deck, user=user) if user.is_authenticated else None,
    )
