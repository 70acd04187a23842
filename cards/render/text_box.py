"""The text box: the ability text, and under a thin rule the flavor text, shrunk together to fit."""

from __future__ import annotations

from PIL import Image, ImageDraw

from cards.render.geometry import (
    FLAVOR_RATIO,
    MIN_FLAVOR_SIZE,
    TEXT_BOX,
    TEXT_CLIP,
    TEXT_PADDING_X,
    TEXT_PADDING_Y,
    TEXT_SIZES,
)
from cards.render.layout import Block, font, lay_out, line_pitch, paragraphs, truncate
from cards.render.schemes import Color, Scheme, mix


def draw_texts(card: Image.Image, ability: str, flavor: str, scheme: Scheme) -> None:
    """The ability text, and under a thin rule the flavor text, at the largest size that fits."""
    left, top, right, bottom = TEXT_BOX
    width = right - left - 2 * TEXT_PADDING_X
    height = bottom - top - 2 * TEXT_PADDING_Y
    ability_paragraphs = paragraphs(ability, "serif", "bold")
    flavor_paragraphs = paragraphs(flavor, "italic", None)
    if not ability_paragraphs and not flavor_paragraphs:
        return

    def flavor_size(size: int) -> int:
        return max(MIN_FLAVOR_SIZE, round(size * FLAVOR_RATIO))

    def rule_gap(size: int) -> int:
        return round(size * 0.7) if ability_paragraphs and flavor_paragraphs else 0

    def arrange(size: int) -> tuple[Block, Block, int]:
        ability_block = lay_out(ability_paragraphs, size, width)
        flavor_block = lay_out(flavor_paragraphs, flavor_size(size), width, balance=True)
        total = ability_block.height + flavor_block.height + 2 * rule_gap(size)
        return ability_block, flavor_block, total

    smallest, largest = TEXT_SIZES
    low, high = smallest, largest
    while low < high:  # the largest size at which everything fits
        middle = (low + high + 1) // 2
        if arrange(middle)[2] <= height:
            low = middle
        else:
            high = middle - 1
    ability_block, flavor_block, total = arrange(low)
    gap = rule_gap(low)
    if total > height:
        # Even the smallest size is too big: keep as much ability text as fits, then as much
        # flavor text as fits under it, if the ability text is whole.
        cut = truncate(ability_block, height, width)
        room = height - cut.height - 2 * gap
        if cut.lines != ability_block.lines or room <= 0:
            flavor_block = Block((), flavor_block.size, 0)
        else:
            flavor_block = truncate(flavor_block, room, width)
        ability_block = cut
        if not flavor_block.lines or not ability_block.lines:
            gap = 0
        total = ability_block.height + flavor_block.height + 2 * gap

    # Everything is drawn on a copy of the inside of the box, pasted back, so that no glyph
    # (not even a tower of combining marks) can reach the box's edge or anything outside it.
    region = card.crop(TEXT_CLIP)
    draw = ImageDraw.Draw(region)
    dx, dy = TEXT_BOX[0] - TEXT_CLIP[0], TEXT_BOX[1] - TEXT_CLIP[1]
    y = dy + TEXT_PADDING_Y + max(0, (height - total) // 2)
    _draw_block(draw, ability_block, dx + TEXT_PADDING_X, y, scheme.ink)
    y += ability_block.height
    if gap and flavor_block.lines:
        rule_y = y + gap
        rule_half = width * 0.36
        middle_x = dx + TEXT_PADDING_X + width / 2
        draw.line(
            [(middle_x - rule_half, rule_y), (middle_x + rule_half, rule_y)],
            fill=mix(scheme.flavor_ink, scheme.text_fill, 0.55),
            width=2,
        )
        y = rule_y + gap
    _draw_block(draw, flavor_block, dx + TEXT_PADDING_X, y, scheme.flavor_ink)
    card.paste(region, TEXT_CLIP[:2])


def _draw_block(
    draw: ImageDraw.ImageDraw, block: Block, left: float, top: float, ink: Color
) -> None:
    if not block.lines:
        return
    ascent = font("serif", block.size).getmetrics()[0]
    # Lines are spaced a little wider than the font's own height; centre the glyphs in the pitch.
    offset = (line_pitch(block.size) - sum(font("serif", block.size).getmetrics())) / 2
    for line, line_top in block.lines:
        baseline = top + line_top + offset + ascent
        for piece in line:
            draw.text(
                (left + piece.x, baseline),
                piece.text,
                font=font(piece.style, block.size),
                fill=ink,
                anchor="ls",
            )
