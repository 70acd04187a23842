"""A deck for Cockatrice: its plain-text deck list, which the site's own list import reads back,
and its cards as a custom set of Cockatrice's card database, which Cockatrice needs to know them.

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

Cockatrice plays only cards its card database holds, and these are the site's designs: a custom
set (its card database format, version 4, dropped into Cockatrice's custom sets folder) names
each card the list names, with its text, its kind as its type, its level as its mana value, its
SP/HP as power/toughness and the address of its picture. The set's code is the site's, and each
card is in it once, however many copies the deck holds.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from datetime import date
from typing import Any

from lxml import etree

from cards.models import Card
from decks.list_names import deck_list_text
from decks.models import Deck
from decks.tabletop_sheets import card_text

# The set every card of the site is in, in Cockatrice's card database.
SET_CODE = "KOTC"
SET_NAME = "Keeper of the Cards designs"
# What XML 1.0 cannot hold (control characters, lone surrogates, U+FFFE and U+FFFF): a card's
# text is checked when saved, but a file must never fail to be written for one character.
NOT_XML = re.compile("[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")
# Cockatrice lays a card on the table by its row: 2 is where creatures go, 3 where spells do.
TABLE_ROWS = {"minion": "2", "spell": "3"}


def cockatrice_list_text(*, deck: Deck, user: Any) -> str:
    """The deck as Cockatrice reads a plain list, as `user` may see it: its name on the first
    line, the deck, then the maybeboard as the sideboard. A card whose name alone would pick
    another card for this reader's import carries its number, as in the site's own list
    (decks.list_names.deck_list_text, which writes both)."""
    return deck_list_text(deck=deck, user=user, cockatrice=True)


def cockatrice_set_xml(
    cards: Iterable[Card],
    *,
    picture_url: Callable[[Card], str],
    long_name: str = SET_NAME,
    code: str = SET_CODE,
) -> bytes:
    """The cards as a Cockatrice custom set (card database version 4), each once, withheld ones
    left out: Cockatrice finds a card of a deck list by its name, so each name is here once, as
    the list writes it. `picture_url` gives the address Cockatrice fetches a card's picture from;
    `code` is the set's (a designer's set has its own)."""
    root = etree.Element("cockatrice_carddatabase", version="4")
    info = etree.SubElement(root, "info")
    etree.SubElement(info, "author").text = "Keeper of the Cards"
    etree.SubElement(info, "createdAt").text = date.today().isoformat()
    sets = etree.SubElement(root, "sets")
    card_set = etree.SubElement(sets, "set")
    etree.SubElement(card_set, "name").text = code
    etree.SubElement(card_set, "longname").text = NOT_XML.sub("", long_name)
    etree.SubElement(card_set, "settype").text = "Custom"
    etree.SubElement(card_set, "releasedate").text = date.today().isoformat()
    listed = etree.SubElement(root, "cards")
    named: set[str] = set()
    for card in cards:
        if card.withheld or card.name in named:
            continue
        named.add(card.name)
        entry = etree.SubElement(listed, "card")
        etree.SubElement(entry, "name").text = NOT_XML.sub("", card.name)
        etree.SubElement(entry, "text").text = NOT_XML.sub("", card_text(card)[1])
        prop = etree.SubElement(entry, "prop")
        kind = card.get_kind_display()
        etree.SubElement(prop, "type").text = kind
        etree.SubElement(prop, "maintype").text = kind
        etree.SubElement(prop, "manacost").text = str(card.level)
        etree.SubElement(prop, "cmc").text = str(card.level)
        if card.sp is not None and card.hp is not None:
            etree.SubElement(prop, "pt").text = f"{card.sp}/{card.hp}"
        etree.SubElement(prop, "layout").text = "normal"
        etree.SubElement(entry, "set", picurl=picture_url(card)).text = code
        etree.SubElement(entry, "tablerow").text = TABLE_ROWS.get(card.kind, "2")
    return etree.tostring(root, xml_declaration=True, encoding="UTF-8", pretty_print=True)
