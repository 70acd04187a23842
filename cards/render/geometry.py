"""Where everything sits on a card, and how large its lettering may be.

A card is 2.5 × 3.5 inches; at 300 dpi that is 750 × 1050 pixels. Boxes are given as
(left, top, right, bottom) in those pixels, right and bottom exclusive.
"""

from __future__ import annotations

WIDTH, HEIGHT = 750, 1050
DPI = 300

Box = tuple[int, int, int, int]  # left, top, right, bottom; right and bottom exclusive

OUTER_RADIUS = 36  # a 1/8 inch corner, as on most printed cards
FRAME_INSET = 20  # the width of the dark outer border
NAME_BOX: Box = (42, 40, 708, 118)
IMAGE_BOX: Box = (50, 130, 700, 590)
TEXT_BOX: Box = (42, 602, 708, 926)
SP_BOX: Box = (42, 938, 226, 996)
HP_BOX: Box = (524, 938, 708, 996)
GEM_CENTER = (375, 966)
GEM_RADIUS = 47
# The Ultra Points symbol with the card's Ultra Points, in the bottom row right of the level
# gem; and the Play Restriction tab, on the top edge of the image box, where it is seen first.
ULTRA_POINTS_CENTER = (473, 966)
ULTRA_POINTS_RADIUS = 27
ULTRA_POINTS_BOX: Box = (444, 937, 502, 995)
PLAY_RESTRICTION_BOX: Box = (430, 136, 694, 176)
# Where text may be drawn: inside the boxes' 3-pixel edges, and above the level gem, whose top
# overlaps the text box.
NAME_CLIP: Box = (45, 43, 705, 115)
TEXT_CLIP: Box = (45, 605, 705, 914)
FOOTER_BASELINE = 1021
FOOTER_LEFT, FOOTER_RIGHT = 48, 702

NAME_PADDING = 22
TEXT_PADDING_X, TEXT_PADDING_Y = 24, 18

NAME_SIZES = (24, 46)  # smallest and largest font size, in pixels at 300 dpi
TEXT_SIZES = (21, 38)
FLAVOR_RATIO = 0.9  # flavor text is a little smaller than ability text
MIN_FLAVOR_SIZE = 20
FOOTER_SIZE = 22

CREDIT_SIZES = (12, 16)  # the artist and licence line, in the dark border under the frame
CREDIT_BASELINE = 1045
CREDIT_LEFT, CREDIT_RIGHT = 64, 686  # clear of the rounded corners

# Longer text than this can never fit the box even at the smallest size; cutting it first keeps
# a render fast whatever it is given.
MAX_TEXT_CHARS = 4000
MAX_NAME_CHARS = 300

SUPERSAMPLE = 2  # the static frame is drawn this many times larger, then reduced, for smooth edges
