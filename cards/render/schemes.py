"""The colours of a card: one scheme per kind, and the few colours every card shares."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

Color = tuple[int, int, int]


@dataclass(frozen=True)
class Scheme:
    frame_top: Color
    frame_bottom: Color
    outline: Color  # the dark line around boxes
    name_fill: Color
    text_fill: Color
    image_fill: Color  # behind transparent images and the placeholder
    accent: Color  # stat boxes and triangles
    accent_light: Color
    ink: Color  # the name and the ability text
    flavor_ink: Color
    footer_ink: Color
    label: str


SCHEMES = {
    "minion": Scheme(
        frame_top=(222, 170, 92),
        frame_bottom=(150, 94, 36),
        outline=(74, 46, 16),
        name_fill=(250, 238, 208),
        text_fill=(252, 246, 230),
        image_fill=(236, 214, 170),
        accent=(92, 56, 20),
        accent_light=(196, 140, 66),
        ink=(33, 24, 14),
        flavor_ink=(88, 68, 46),
        footer_ink=(48, 30, 10),
        label="Minion",
    ),
    "spell": Scheme(
        frame_top=(110, 156, 212),
        frame_bottom=(46, 88, 152),
        outline=(22, 44, 80),
        name_fill=(228, 238, 250),
        text_fill=(242, 247, 253),
        image_fill=(196, 214, 236),
        accent=(26, 54, 100),
        accent_light=(112, 158, 216),
        ink=(16, 26, 44),
        flavor_ink=(58, 74, 102),
        footer_ink=(236, 242, 250),
        label="Spell",
    ),
}
BORDER_COLOR = (24, 22, 20)
GEM_COLOR = (38, 150, 74)  # the level sits on a green circle, as on the official cards
GEM_DARK = (16, 82, 38)
GEM_LIGHT = (120, 214, 140)
STAT_INK = (255, 250, 240)
STAT_LABEL_INK = (232, 214, 180)
CREDIT_INK = (214, 206, 192)
# What restricts play is dark red, as the guides ask (HTML code 800000).
RESTRICTION_COLOR = (128, 0, 0)
RESTRICTION_INK = (255, 244, 236)
ULTRA_COLOR = (214, 168, 36)  # the Ultra Points symbol: a gold star
ULTRA_DARK = (110, 78, 8)


def mix(a: Sequence[int], b: Sequence[int], amount: float) -> Color:
    """a moved ``amount`` of the way towards b."""
    return (
        round(a[0] + (b[0] - a[0]) * amount),
        round(a[1] + (b[1] - a[1]) * amount),
        round(a[2] + (b[2] - a[2]) * amount),
    )
