"""How large a card, its texts and a collection may be: each limit of the cards app, once.

The design form, the API's serializers, the check API and the services all read them from
here (cards.definition judges a card by them), so the page, the schema and the stored card
never disagree about what fits.
"""

from __future__ import annotations

# The picture's zoom is bounded by what the renderer draws, so it is stated there.
from cards.render.art import MAX_ART_ZOOM

MAX_NAME = 100  # characters of a card's name
MAX_ABILITY_TEXT = 2000  # characters of its ability text
MAX_FLAVOR_TEXT = 500  # characters of its flavor text
MAX_CREDIT = 100  # characters of the artist's name, and of the art licence
MAX_STAT = 999  # a level, SP or HP
MAX_DESIGN_EDITION = 99  # the highest Edition Indicator a card may show
MAX_COPIES = 9999  # printed copies of one card in a collection
MAX_ID = 2**63 - 1  # the largest id a database column holds
MAX_IMPORT_BYTES = 64 * 1024  # a card object to import, pasted or as a file

__all__ = [
    "MAX_ABILITY_TEXT",
    "MAX_ART_ZOOM",
    "MAX_COPIES",
    "MAX_CREDIT",
    "MAX_DESIGN_EDITION",
    "MAX_FLAVOR_TEXT",
    "MAX_ID",
    "MAX_IMPORT_BYTES",
    "MAX_NAME",
    "MAX_STAT",
]
