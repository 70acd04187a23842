"""A card's reading: its text read by the one reader under the guide that builds it.

Every page that shows what a card's text is made of asks here, so a card reads the same on
each: the guide of its design edition reads it (as that edition's rulebook words it, see
:func:`cards.rules.read_card_text`). A card whose Edition Indicator has no guide on file (none,
or before the 11th) has no guide to judge it by (see :mod:`cards.rules.legality`), but its text
still has abilities and names to show and count, and a designer still builds it from some
guide's components: it is read under the current edition's guide.

    >>> from cards.rules import Card
    >>> sweep = Card("Sweep", "spell", 17, None, None, None, "Target 1 in-play card; destroy it.")
    >>> read_card(sweep).text
    'Target 1 on-field minion; destroy it.'
    >>> old = Card("Old", "minion", 9, 3, 1, 2, "ZAP: Draw 1 card.")
    >>> read_card(old).edition == current_guide().edition, read_card(old).abilities[0].name
    (True, 'ZAP')
"""

from __future__ import annotations

from .card import Card
from .editions import current_edition
from .guide import Guide, load_guides
from .reader import read_card_text
from .reading import Reading


def current_guide() -> Guide:
    """The guide of the current edition (the newest rulebook edition on file), or the newest
    guide when that edition has none."""
    guides = load_guides()
    number = current_edition().number
    return guides[number] if number in guides else guides[max(guides)]


def reading_guide(design_edition: object) -> Guide:
    """The guide a card designed for `design_edition` is read under: that edition's, else the
    current one."""
    guides = load_guides()
    if isinstance(design_edition, int) and not isinstance(design_edition, bool):
        return guides.get(design_edition) or current_guide()
    return current_guide()


def read_card(card: Card) -> Reading:
    """The card's text as the one reader reads it (see the module)."""
    return read_card_text(card.ability_text, reading_guide(card.design_edition))
