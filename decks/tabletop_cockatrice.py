"""A deck as Cockatrice's plain-text deck list, which the site's own list import reads back.

Cockatrice reads a plain list ("Load deck from clipboard", or a .txt deck file) a line at a
time: "3 Fire Drake" (or "3x Fire Drake") is a card of the deck, "SB: 3 Fire Drake" a card of
its sideboard, and so is every card after a line starting "Sideboard"; its first "//" line is
the deck's name and the other "//" lines are comments; "[...]" and "(...)" are left out of a
name, and any other line is skipped. The site's plain list differs in three places, each one a
card landing in the wrong place in Cockatrice: a "Maybeboard" heading (Cockatrice skips it and
puts the cards after it in the deck), a card's number written "#12" (Cockatrice would read it
as part of the name) and "#" comments. So the Cockatrice list writes the maybeboard as the
sideboard ("SB:" lines, which a stray blank line cannot move), numbers as "[#12]" and comments
after "//"; decks.decklist reads all three back the same.
"""

from __future__ import annotations

from typing import Any

from decks.list_names import deck_list_text
from decks.models import Deck


def cockatrice_list_text(*, deck: Deck, user: Any) -> str:
    """The deck as Cockatrice reads a plain list, as `user` may see it: its name on the first
    line, the deck, then the maybeboard as the sideboard. A card whose name alone would pick
    another card for this reader's import carries its number, as in the site's own list
    (decks.list_names.deck_list_text, which writes both)."""
    return deck_list_text(deck=deck, user=user, cockatrice=True)
