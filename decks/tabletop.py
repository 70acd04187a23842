"""A deck as a Tabletop Simulator saved object: the JSON its "Saved Objects" chest loads.

Tabletop Simulator builds a custom deck from card sheets: images of up to 10 × 7 cards, each
cut into a grid of NumWidth × NumHeight. A card names its face by its CardID, the sheet's number
times 100 plus the card's place on the sheet counted from 0 (row by row). The saved object
holds one "DeckCustom" object whose "CustomDeck" maps each sheet number to its images and grid,
whose "DeckIDs" list one CardID a copy (top of the deck first), and whose "ContainedObjects"
hold one "Card" object a copy, each with its CardID, its name (Nickname), its ability text
(Description) and the sheet it is cut from (so a card taken out of the deck keeps its face).

How the sheets are laid out (`plan_sheets`):
- one face a card of the deck (copies share it), in the deck page's order; every card the
  viewer may not see shares one plain "withheld card" face, which says nothing of the card;
- at most 69 faces a sheet: the last place of each grid holds the card back, the picture
  Tabletop Simulator shows for a card hidden in another player's hand when BackIsHidden is
  off. BackIsHidden is on (the hidden picture is then the back image itself), so the slot is a
  second copy of the same picture, and a sheet reads right either way;
- cells of 409 × 573 pixels (the card's 5:7 shape), so the largest grid, 10 × 7, is
  4090 × 4011: under the 4096 pixels a side Tabletop Simulator loads;
- the grid is only as large as a sheet's cards need: 10 columns, or fewer for a short sheet.

The sheets themselves are drawn by decks.tabletop_sheets; the addresses are the views'.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from math import ceil
from typing import Any

MAX_COLUMNS = 10
MAX_ROWS = 7
FACES_PER_SHEET = MAX_COLUMNS * MAX_ROWS - 1  # the last place holds the back
CELL_WIDTH = 409
CELL_HEIGHT = 573
MAX_SHEET_SIDE = 4096
CARD_ID_BASE = 100  # CardID = sheet number × 100 + place on the sheet
WITHHELD_FACE = "withheld"  # the face key every withheld card shares
BACK_FACE = "back"
ROUNDED_RECTANGLE = 0  # CustomDeck "Type": the shape of a playing card


@dataclass(frozen=True)
class Face:
    """One place on a sheet: the key of what is drawn there (a card's render key, or
    WITHHELD_FACE, or BACK_FACE), and the card it shows (None for the back)."""

    key: str
    card: Any = None
    # Its number in a set (cards.render.SetMark), drawn on the face when the sheet is a set's.
    set_mark: Any = None


@dataclass(frozen=True)
class Sheet:
    number: int  # 1, 2, …: the key of the sheet in CustomDeck
    faces: tuple[Face, ...]  # the cards' faces, then the back in the last place of the grid

    @property
    def columns(self) -> int:
        return min(MAX_COLUMNS, len(self.faces) + 1)

    @property
    def rows(self) -> int:
        return ceil((len(self.faces) + 1) / self.columns)

    @property
    def size(self) -> tuple[int, int]:
        return self.columns * CELL_WIDTH, self.rows * CELL_HEIGHT

    @property
    def content_key(self) -> str:
        """Changes whenever anything drawn on the sheet changes: its store name."""
        parts = [f"{self.columns}x{self.rows}", *(face.key for face in self.faces)]
        return hashlib.sha256("|".join(parts).encode()).hexdigest()[:40]


@dataclass(frozen=True)
class DeckCard:
    """A card of the deck as the sheets and the saved object show it."""

    card: Any
    copies: int
    face_key: str  # the card's render key, or WITHHELD_FACE
    set_mark: Any = None  # its number in a set (cards.render.SetMark), for a set's sheets


@dataclass(frozen=True)
class Plan:
    sheets: tuple[Sheet, ...]
    card_ids: dict[str, int]  # face key → CardID


def plan_sheets(cards: Sequence[DeckCard]) -> Plan:
    """The sheets of a deck's cards, each face once, at most FACES_PER_SHEET a sheet."""
    faces: dict[str, Face] = {}
    for entry in cards:
        faces.setdefault(entry.face_key, Face(entry.face_key, entry.card, entry.set_mark))
    ordered = list(faces.values())
    sheets = tuple(
        Sheet(number=index + 1, faces=tuple(ordered[start : start + FACES_PER_SHEET]))
        for index, start in enumerate(range(0, len(ordered), FACES_PER_SHEET))
    )
    card_ids = {
        face.key: sheet.number * CARD_ID_BASE + place
        for sheet in sheets
        for place, face in enumerate(sheet.faces)
    }
    return Plan(sheets=sheets, card_ids=card_ids)


# -- the saved object -------------------------------------------------------------------------


@dataclass(frozen=True)
class Transform:
    """Where an object lies: a deck face down (rotated 180° about z) at the table's centre."""

    pos_x: float = 0.0
    pos_y: float = 1.0
    pos_z: float = 0.0
    rot_x: float = 0.0
    rot_y: float = 180.0
    rot_z: float = 180.0
    scale: float = 1.0

    def as_json(self) -> dict[str, float]:
        return {
            "posX": self.pos_x,
            "posY": self.pos_y,
            "posZ": self.pos_z,
            "rotX": self.rot_x,
            "rotY": self.rot_y,
            "rotZ": self.rot_z,
            "scaleX": self.scale,
            "scaleY": self.scale,
            "scaleZ": self.scale,
        }


@dataclass(frozen=True)
class CustomDeck:
    """One sheet: the address of its faces and of the back, and its grid."""

    face_url: str
    back_url: str
    num_width: int
    num_height: int
    back_is_hidden: bool = True
    unique_back: bool = False

    def as_json(self) -> dict[str, Any]:
        return {
            "FaceURL": self.face_url,
            "BackURL": self.back_url,
            "NumWidth": self.num_width,
            "NumHeight": self.num_height,
            "BackIsHidden": self.back_is_hidden,
            "UniqueBack": self.unique_back,
            "Type": ROUNDED_RECTANGLE,
        }


def _object_fields(guid: str, nickname: str, description: str) -> dict[str, Any]:
    """What every object of a saved object carries besides its own fields."""
    return {
        "GUID": guid,
        "Nickname": nickname,
        "Description": description,
        "GMNotes": "",
        "ColorDiffuse": {"r": 0.713235259, "g": 0.713235259, "b": 0.713235259},
        "Locked": False,
        "Grid": True,
        "Snap": True,
        "IgnoreFoW": False,
        "Autoraise": True,
        "Sticky": True,
        "Tooltip": True,
        "GridProjection": False,
        "HideWhenFaceDown": True,
        "SidewaysCard": False,
        "LuaScript": "",
        "LuaScriptState": "",
        "XmlUI": "",
    }


@dataclass(frozen=True)
class CardObject:
    card_id: int
    nickname: str
    description: str
    sheet_number: int
    sheet: CustomDeck
    guid: str
    transform: Transform = field(default_factory=Transform)

    def as_json(self) -> dict[str, Any]:
        return {
            "Name": "Card",
            "Transform": self.transform.as_json(),
            **_object_fields(self.guid, self.nickname, self.description),
            "Hands": True,
            "CardID": self.card_id,
            "CustomDeck": {str(self.sheet_number): self.sheet.as_json()},
        }


@dataclass(frozen=True)
class DeckObject:
    nickname: str
    description: str
    sheets: dict[int, CustomDeck]
    cards: tuple[CardObject, ...]
    guid: str
    transform: Transform = field(default_factory=Transform)

    def as_json(self) -> dict[str, Any]:
        return {
            "Name": "DeckCustom",
            "Transform": self.transform.as_json(),
            **_object_fields(self.guid, self.nickname, self.description),
            "Hands": False,
            "DeckIDs": [card.card_id for card in self.cards],
            "CustomDeck": {str(number): sheet.as_json() for number, sheet in self.sheets.items()},
            "ContainedObjects": [card.as_json() for card in self.cards],
        }


@dataclass(frozen=True)
class SavedObject:
    """The file Tabletop Simulator keeps in its Saved Objects folder: one deck, and a note
    (the game's notebook) saying whose view its sheets draw."""

    deck: DeckObject
    name: str
    note: str = ""

    def as_json(self) -> dict[str, Any]:
        return {
            "SaveName": self.name,
            "GameMode": "",
            "Date": "",
            "VersionNumber": "",
            "Gravity": 0.5,
            "PlayArea": 0.5,
            "Table": "",
            "Sky": "",
            "Note": self.note,
            "Rules": "",
            "XmlUI": "",
            "LuaScript": "",
            "LuaScriptState": "",
            "TabStates": {},
            "ObjectStates": [self.deck.as_json()],
        }


def guid(*parts: object) -> str:
    """A six-hex-digit object id, the same for the same deck and card each time."""
    return hashlib.sha256(":".join(str(part) for part in parts).encode()).hexdigest()[:6]


def saved_object(
    *,
    name: str,
    description: str,
    cards: Sequence[DeckCard],
    sheet_url: Callable[[int], str],
    back_url: str,
    card_text: Callable[[Any], tuple[str, str]],
    seed: object,
    note: str = "",
) -> SavedObject:
    """The saved object of a deck's `cards` (each with its copies), its sheets at
    `sheet_url(number)`. `card_text(card)` gives a card's (name, description); `seed` makes the
    object ids (the deck's id); `note` goes in the game's notebook."""
    plan = plan_sheets(cards)
    sheets = {
        sheet.number: CustomDeck(sheet_url(sheet.number), back_url, sheet.columns, sheet.rows)
        for sheet in plan.sheets
    }
    objects: list[CardObject] = []
    for entry in cards:
        card_id = plan.card_ids[entry.face_key]
        nickname, text = card_text(entry.card)
        number = card_id // CARD_ID_BASE
        for _ in range(entry.copies):
            objects.append(
                CardObject(
                    card_id=card_id,
                    nickname=nickname,
                    description=text,
                    sheet_number=number,
                    sheet=sheets[number],
                    guid=guid(seed, len(objects)),
                )
            )
    deck = DeckObject(
        nickname=name, description=description, sheets=sheets, cards=tuple(objects), guid=guid(seed)
    )
    return SavedObject(deck=deck, name=name, note=note)
