"""The layers of the guide's card template that depend on the card, from "Creating the Card".

Two are read, each from its sentence, so an edition whose guide does not ask for one does not
get it:
- "If the card is worth 0 Ultra Points, you should hide the 'Ultra Points' and 'Ultra Points
  Symbol' layers" (17th): a card's Ultra Points are shown with their symbol, hidden at 0;
- "If the card is a spell and has an activation condition, you should make the 'Play
  Restriction' layer visible" (every guide; the 11th also asks it of creatures with summoning
  caveats, which the data does not tell apart, so only the spell's case is kept).
"""

from __future__ import annotations

import re
from typing import Any

_ULTRA_POINTS = re.compile(
    r"If the card is worth 0 Ultra Points, you should hide the \u201cUltra Points\u201d and"
    r" \u201cUltra Points Symbol\u201d layers"
)
_PLAY_RESTRICTION = re.compile(
    r"if the card is a spell and has an activation condition, you should make the"
    r" \u201cPlay Restriction\u201d layer visible",
    re.IGNORECASE,
)


def read_card_layers(sections: list[dict[str, Any]]) -> dict[str, bool]:
    words = "\n".join(block.get("text", "") for section in sections for block in section["blocks"])
    return {
        "ultra_points": bool(_ULTRA_POINTS.search(words)),
        "play_restriction": bool(_PLAY_RESTRICTION.search(words)),
    }
