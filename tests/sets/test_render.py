"""The number printed on the card: "CODE 007/120" small in the frame, with the set's symbol,
drawn from a plain value (cards.render.SetMark) the render is given."""

from __future__ import annotations

import io

from PIL import Image, ImageChops

from cards.render import CardFace, SetMark, content_key, render_card_image

FACE = CardFace(
    name="Ember Wisp",
    kind="minion",
    design_edition=14,
    level=1,
    sp=1,
    hp=2,
    ability_text="WHISPER: Draw 1 card.",
    flavor_text="",
)


def symbol() -> bytes:
    out = io.BytesIO()
    Image.new("RGBA", (40, 40), (200, 30, 30, 255)).save(out, "PNG")
    return out.getvalue()


def test_the_number_reads_as_printed():
    assert SetMark("EMB", 7, 120).text == "EMB 007/120"
    assert SetMark("EMB", 12, 1200).text == "EMB 0012/1200"


def test_the_mark_is_drawn_in_the_footer_only():
    plain = render_card_image(FACE)
    marked = render_card_image(
        CardFace(**{**FACE.__dict__, "set_mark": SetMark("EMB", 7, 120, symbol())})
    )
    box = ImageChops.difference(plain, marked).getbbox()
    assert box is not None
    assert box[1] >= 980  # only the bottom of the frame changed


def test_the_mark_changes_the_renders_key_and_no_mark_keeps_it():
    marked = CardFace(**{**FACE.__dict__, "set_mark": SetMark("EMB", 7, 120)})
    assert content_key(marked) != content_key(FACE)
    assert content_key(CardFace(**{**FACE.__dict__, "set_mark": None})) == content_key(FACE)


def test_a_damaged_symbol_draws_the_number_without_it():
    face = CardFace(**{**FACE.__dict__, "set_mark": SetMark("EMB", 1, 2, b"\x89PNG broken")})
    assert render_card_image(face).size == (750, 1050)
