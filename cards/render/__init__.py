"""Draw a card face as a printable image, in the official layout of the 13th and 14th editions.

A card is 2.5 × 3.5 inches; at 300 dpi that is 750 × 1050 pixels. From top to bottom: the name
bar, the card image, the ability text with the flavor text under a thin rule, and a bottom row
with the SP and HP of a minion (a spell shows a pair of triangles there instead) around the level
gem. The Edition Indicator sits on the frame under the bottom row, and the picture's credit
(artist and licence), small, in the dark border under the frame. The layers the card's guide
shows by the card (``card_layers``) are drawn on top: its Ultra Points with their symbol beside
the gem (hidden at 0), and the Play Restriction tab of a spell with an activation condition.

The package's parts: ``layout`` lays text out (fonts, words, wrapping, fitting), ``text_box``
draws the ability and flavor text, ``frame`` draws the card's template and what is lettered on
it, ``art`` frames the picture; ``geometry`` and ``schemes`` say where things sit and in which
colours. What the rest of the site uses is here.
"""

from __future__ import annotations

import hashlib
import io
import json
from dataclasses import dataclass

from PIL import Image

from cards import rules
from cards.render.art import MAX_ART_ZOOM, Framing, draw_image
from cards.render.frame import (
    draw_credit,
    draw_footer,
    draw_level,
    draw_name,
    draw_play_restriction,
    draw_set_mark,
    draw_stat,
    draw_ultra_points,
    template,
)
from cards.render.geometry import (
    DPI,
    HEIGHT,
    HP_BOX,
    IMAGE_BOX,
    MAX_NAME_CHARS,
    MAX_TEXT_CHARS,
    NAME_BOX,
    SP_BOX,
    TEXT_BOX,
    WIDTH,
)
from cards.render.layout import clean, one_line
from cards.render.schemes import BORDER_COLOR, SCHEMES
from cards.render.text_box import draw_texts
from cards.rules import ordinal

__all__ = [
    "ART_DEFAULTS",
    "BORDER_COLOR",
    "DPI",
    "HEIGHT",
    "IMAGE_BOX",
    "MAX_ART_ZOOM",
    "NAME_BOX",
    "RENDER_VERSION",
    "TEXT_BOX",
    "WIDTH",
    "CardFace",
    "Layers",
    "SetMark",
    "card_layers",
    "content_key",
    "credit_line",
    "edition_indicator",
    "format_number",
    "render_card",
    "render_card_image",
]

RENDER_VERSION = "2"  # 2: the Ultra Points symbol and the Play Restriction layer

DASH = "\u2014"


@dataclass(frozen=True)
class SetMark:
    """The card's place in a set, printed small in the frame: "CODE 007/120" and the set's
    symbol. A plain value, so that whoever knows the set (the sets app) passes it in."""

    code: str
    number: int
    total: int
    symbol_png: bytes | None = None

    @property
    def text(self) -> str:
        width = max(3, len(str(self.total)))
        return f"{self.code} {self.number:0{width}d}/{self.total:0{width}d}"


@dataclass(frozen=True)
class CardFace:
    """Everything printed on a card. ``image`` is the stored image file's content, if any."""

    name: str
    kind: str  # "minion" | "spell"
    design_edition: int | None
    level: int | float
    sp: int | float | None
    hp: int | float | None
    ability_text: str
    flavor_text: str
    image: bytes | None = None
    # How the picture fills its box (see art.Framing): zoom 1 shows as much of it as the box's
    # shape allows, more shows less of it, larger; the focus (0 to 1 across and down, 0.5 the
    # middle) is the point of the picture that stays in place.
    art_zoom: float = 1.0
    art_x: float = 0.5
    art_y: float = 0.5
    # Who made the picture and on what terms, printed small along the bottom edge.
    artist: str = ""
    art_licence: str = ""
    # Its number in a set, when it is drawn as part of one.
    set_mark: SetMark | None = None


# What a card shows without framing or credit; the content key leaves these out, so cards
# drawn before the art could be framed keep their cached renders.
ART_DEFAULTS = {"art_zoom": 1.0, "art_x": 0.5, "art_y": 0.5, "artist": "", "art_licence": ""}


@dataclass(frozen=True)
class Layers:
    """What the card's guide shows on it by what the card is ("Creating the Card")."""

    ultra_points: int  # drawn with the Ultra Points symbol; 0 hides both
    play_restriction: bool


def card_layers(face: CardFace) -> Layers:
    """The layers of a card, from its text as the one reader reads it under the guide of its
    design edition, and from what that guide asks to show (its data, never the edition's
    number): a guide without Ultra Points shows none."""
    kind = _kind(face.kind)
    card = rules.Card(
        name=face.name,
        kind=kind,
        design_edition=face.design_edition,
        level=None,
        ability_text=face.ability_text[:MAX_TEXT_CHARS],
    )
    shown = rules.reading_guide(card.design_edition).layers
    reading = rules.read_card(card)
    ultra_points = rules.ultra_points_of_reading(reading) if shown.ultra_points else 0
    conditioned = any(ability.condition is not None for ability in reading.abilities)
    return Layers(
        ultra_points=ultra_points,
        play_restriction=shown.play_restriction and kind == "spell" and conditioned,
    )


def render_card(face: CardFace) -> bytes:
    """The card as PNG bytes, 750 × 1050 pixels, marked as 300 dpi."""
    out = io.BytesIO()
    render_card_image(face).save(out, "PNG", dpi=(DPI, DPI), compress_level=3)
    return out.getvalue()


def render_card_image(face: CardFace) -> Image.Image:
    """The card as a new RGB image, 750 × 1050 pixels."""
    kind = _kind(face.kind)
    scheme = SCHEMES[kind]
    card = template(kind).copy()
    framing = Framing.within_limits(face.art_zoom, face.art_x, face.art_y)
    draw_image(card, face.image, kind, framing)
    draw_name(card, one_line(clean(face.name))[:MAX_NAME_CHARS], scheme)
    draw_texts(
        card,
        clean(face.ability_text)[:MAX_TEXT_CHARS],
        clean(face.flavor_text)[:MAX_TEXT_CHARS],
        scheme,
    )
    draw_level(card, format_number(face.level))
    if kind == "minion":
        draw_stat(card, SP_BOX, "SP", format_number(face.sp))
        draw_stat(card, HP_BOX, "HP", format_number(face.hp))
    layers = card_layers(face)
    draw_ultra_points(card, layers.ultra_points)
    if layers.play_restriction:
        draw_play_restriction(card)
    draw_footer(card, edition_indicator(face.design_edition), scheme)
    draw_credit(card, credit_line(face.artist, face.art_licence))
    if face.set_mark is not None:
        draw_set_mark(card, face.set_mark.text, _symbol(face.set_mark.symbol_png), scheme)
    return card


def _symbol(content: bytes | None) -> Image.Image | None:
    """The set's symbol as a picture; none when it is missing or cannot be read (it was
    checked when uploaded: a card is drawn without it rather than not at all)."""
    if not content:
        return None
    try:
        with Image.open(io.BytesIO(content)) as image:
            image.load()
            return image.copy()
    except Exception:  # Pillow raises many kinds of error on a damaged file
        return None


def content_key(face: CardFace) -> str:
    """A sha256 hex digest of everything that decides how the card looks, for caching renders."""
    fields = {
        "render_version": RENDER_VERSION,
        "name": _key_value(face.name),
        "kind": _key_value(face.kind),
        "design_edition": _key_value(face.design_edition),
        "level": _key_value(face.level),
        "sp": _key_value(face.sp),
        "hp": _key_value(face.hp),
        "ability_text": _key_value(face.ability_text),
        "flavor_text": _key_value(face.flavor_text),
        "image": hashlib.sha256(face.image).hexdigest() if face.image is not None else None,
    }
    for field, default in ART_DEFAULTS.items():
        value = getattr(face, field)
        if value != default:
            fields[field] = _key_value(value)
    # Left out without a set, so that a card's render outside any set keeps its key.
    if face.set_mark is not None:
        symbol = face.set_mark.symbol_png
        fields["set_mark"] = [
            face.set_mark.text,
            hashlib.sha256(symbol).hexdigest() if symbol else None,
        ]
    payload = json.dumps(fields, sort_keys=True, ensure_ascii=True)
    return hashlib.sha256(payload.encode("ascii")).hexdigest()


def credit_line(artist: str, licence: str) -> str:
    """What the card says of its picture: "Illus. Ann Vey · CC BY 4.0", or "" for nothing."""
    artist, licence = one_line(clean(artist)), one_line(clean(licence))
    parts = [f"Illus. {artist}"] if artist else []
    if licence:
        parts.append(licence)
    return " \u00b7 ".join(parts)


def edition_indicator(edition: int | None) -> str:
    """What the Edition Indicator reads: "14th Ed.", or a dash for a card without one."""
    if edition is None:
        return DASH
    return f"{ordinal(int(edition))} Ed."


def format_number(value: object) -> str:
    """A stat as printed: whole numbers without a decimal point, anything else as given."""
    if value is None:
        return DASH
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _kind(kind: str) -> str:
    normalized = str(kind).strip().lower()
    if normalized not in SCHEMES:
        raise ValueError(f"A card is a minion or a spell, not {kind!r}.")
    return normalized


def _key_value(value: object) -> list[str] | None:
    # The type is part of the key so that 3 and 3.0 or "3" never share a cached render by accident.
    if value is None:
        return None
    return [type(value).__name__, value if isinstance(value, str) else repr(value)]
