"""Alice prints her cards: every card comes out the same size, readable, and inside its frame."""

import dataclasses
import hashlib
import io
import json
import statistics
import time

import numpy as np
import pytest
from django.conf import settings
from PIL import Image, ImageFont, ImageOps

from cards import render
from cards.render import (
    HEIGHT,
    IMAGE_BOX,
    NAME_BOX,
    TEXT_BOX,
    WIDTH,
    CardFace,
    art,
    content_key,
    edition_indicator,
    format_number,
    geometry,
    layout,
    render_card,
    render_card_image,
)
from cards.render.art import Framing
from cards.render.schemes import SCHEMES

LONG_ABILITY = (
    "HEALING: Roll 2 six-sided dice and increase your HP by the result. "
    "Exhaust 1 resource \u2192 Destroy 1 target in-play card. "
) * 17  # about 2000 characters


def minion(**changes) -> CardFace:
    face = CardFace(
        name="Fire Breathing Dragon",
        kind="minion",
        design_edition=14,
        level=7,
        sp=6,
        hp=5,
        ability_text="FLAME BREATH: Exhaust 2 resources \u2192 Deal 3 damage to all enemy minions.",
        flavor_text="The mountains remember the last time it woke.",
    )
    return dataclasses.replace(face, **changes)


def spell(**changes) -> CardFace:
    return minion(**{"kind": "spell", "name": "Judgment Day", "sp": None, "hp": None, **changes})


def image_bytes(image: Image.Image, fmt: str = "PNG") -> bytes:
    out = io.BytesIO()
    image.save(out, fmt)
    return out.getvalue()


def center(box) -> tuple[int, int]:
    return ((box[0] + box[2]) // 2, (box[1] + box[3]) // 2)


def close(color, expected, tolerance=4) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(color, expected, strict=True))


def below_text_box(card: Image.Image) -> Image.Image:
    return card.crop((0, TEXT_BOX[3], WIDTH, HEIGHT))


def outside_box(card: Image.Image, box) -> list[Image.Image]:
    """The four strips of the card around a box."""
    left, top, right, bottom = box
    return [
        card.crop((0, 0, WIDTH, top)),
        card.crop((0, bottom, WIDTH, HEIGHT)),
        card.crop((0, top, left, bottom)),
        card.crop((right, top, WIDTH, bottom)),
    ]


def ink_rows(card: Image.Image, box, threshold=110) -> list[int]:
    """Rows of the box (relative to its top) that hold dark text pixels."""
    # Leave out the box's edge, and at the bottom the top of the level gem, which overlaps it.
    inside = (box[0] + 8, box[1] + 8, box[2] - 8, box[3] - 12)
    region = card.crop(inside).convert("L")
    width, height = region.size
    pixels = region.load()
    return [
        y for y in range(height) if any(pixels[x, y] < threshold for x in range(10, width - 10))
    ]


# --- The printed card -----------------------------------------------------------------------


def test_a_card_is_a_750_by_1050_png_at_300_dpi():
    png = render_card(minion())

    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG"
    assert image.size == (750, 1050)
    assert image.mode == "RGB"
    assert image.info["dpi"] == pytest.approx((300, 300), abs=0.01)


def test_render_card_image_is_the_same_card_as_an_rgb_image():
    face = minion()
    image = render_card_image(face)

    assert image.mode == "RGB"
    assert image.size == (WIDTH, HEIGHT)
    decoded = Image.open(io.BytesIO(render_card(face))).convert("RGB")
    assert decoded.tobytes() == image.tobytes()


def test_rendering_is_repeatable():
    assert render_card(minion()) == render_card(minion())


def test_a_spell_shows_a_pair_of_triangles_where_a_minion_shows_sp_and_hp():
    scheme = SCHEMES["spell"]
    minion_card, spell_card = render_card_image(minion()), render_card_image(spell())

    for box in (geometry.SP_BOX, geometry.HP_BOX):
        x, y = center(box)
        # The middle of each triangle is filled; beside it is the bare frame, where a minion
        # has its stat box.
        assert close(spell_card.getpixel((x, y + 8)), scheme.accent_light, tolerance=10)
        beside = (box[0] + 12, y)
        assert close(minion_card.getpixel(beside), SCHEMES["minion"].accent, tolerance=30)
        assert not close(spell_card.getpixel(beside), scheme.accent, tolerance=30)
        assert minion_card.crop(box).tobytes() != spell_card.crop(box).tobytes()


def test_minions_and_spells_have_their_own_colours():
    minion_card, spell_card = render_card_image(minion()), render_card_image(spell())

    frame_point = (30, HEIGHT // 2)
    assert not close(minion_card.getpixel(frame_point), spell_card.getpixel(frame_point), 40)


def test_sp_hp_level_and_edition_are_drawn():
    base = render_card_image(minion())

    for change, box in [
        ({"sp": 9}, geometry.SP_BOX),
        ({"hp": 1}, geometry.HP_BOX),
        ({"sp": 2.5}, geometry.SP_BOX),
        ({"level": 3}, (375 - 40, 926, 375 + 40, 1010)),
        ({"design_edition": 13}, (20, 998, 300, 1030)),
        ({"design_edition": None}, (20, 998, 300, 1030)),
    ]:
        changed = render_card_image(minion(**change))
        assert changed.crop(box).tobytes() != base.crop(box).tobytes(), change


def test_an_unknown_kind_is_refused():
    with pytest.raises(ValueError, match="minion or a spell"):
        render_card(minion(kind="trap"))


# --- Text fits its box ----------------------------------------------------------------------


def test_a_2000_character_ability_shrinks_and_stays_in_its_box():
    short = render_card_image(minion(ability_text="Draw 1 card.", flavor_text=""))
    face = minion(ability_text=LONG_ABILITY, flavor_text="A long story. " * 30)
    assert len(face.ability_text) >= 2000

    long = render_card_image(face)

    for before, after in zip(
        outside_box(short, geometry.TEXT_CLIP), outside_box(long, geometry.TEXT_CLIP), strict=True
    ):
        assert before.tobytes() == after.tobytes()
    # The text uses the box down to its bottom, where the short text leaves it empty.
    box_height = TEXT_BOX[3] - TEXT_BOX[1] - 20
    assert max(ink_rows(long, TEXT_BOX)) > box_height * 0.85
    assert max(ink_rows(short, TEXT_BOX)) < box_height * 0.85


def test_text_too_long_even_at_the_smallest_size_ends_in_an_ellipsis():
    block = layout.lay_out(
        layout.paragraphs(LONG_ABILITY * 3, "serif", "bold"), geometry.TEXT_SIZES[0], 600
    )
    cut = layout.truncate(block, 300, 600)

    assert cut.height <= 300
    last_line = cut.lines[-1][0]
    assert last_line[-1].text.endswith("\u2026")
    assert layout.line_width(last_line, cut.size) <= 600


def test_text_shrinks_before_it_is_cut():
    sizes = []
    for repeat in (1, 4, 8):
        ability = "Destroy 1 target in-play card and draw 1 card. " * repeat
        paragraphs = layout.paragraphs(ability, "serif", "bold")
        width = TEXT_BOX[2] - TEXT_BOX[0] - 2 * geometry.TEXT_PADDING_X
        height = TEXT_BOX[3] - TEXT_BOX[1] - 2 * geometry.TEXT_PADDING_Y
        size = max(
            size
            for size in range(geometry.TEXT_SIZES[0], geometry.TEXT_SIZES[1] + 1)
            if layout.lay_out(paragraphs, size, width).height <= height
        )
        sizes.append(size)
    assert sizes[0] > sizes[1] > sizes[2] >= geometry.TEXT_SIZES[0]


def test_a_long_name_shrinks_and_is_cut_with_an_ellipsis():
    width = NAME_BOX[2] - NAME_BOX[0] - 2 * geometry.NAME_PADDING

    short_text, short_size = layout.fit_line("Imp", "bold", geometry.NAME_SIZES, width)
    medium_text, medium_size = layout.fit_line(
        "The Archmage of the Seventeen Towers", "bold", geometry.NAME_SIZES, width
    )
    long_text, long_size = layout.fit_line("Archmage " * 20, "bold", geometry.NAME_SIZES, width)

    assert (short_text, short_size) == ("Imp", geometry.NAME_SIZES[1])
    assert medium_text == "The Archmage of the Seventeen Towers"
    assert geometry.NAME_SIZES[0] <= medium_size < short_size
    assert long_size == geometry.NAME_SIZES[0] and long_text.endswith("\u2026")
    assert layout.text_width("bold", long_size, long_text) <= width


def test_a_long_name_stays_in_the_name_bar():
    short = render_card_image(minion(name="Imp"))
    long = render_card_image(minion(name="W" * 300))

    for before, after in zip(
        outside_box(short, geometry.NAME_CLIP), outside_box(long, geometry.NAME_CLIP), strict=True
    ):
        assert before.tobytes() == after.tobytes()


def test_an_ability_name_in_capitals_is_bold():
    runs = layout.paragraph_runs("HEALING: Roll 2 dice.", "serif", "bold")
    assert runs == [("bold", "HEALING:"), ("serif", " Roll 2 dice.")]

    for plain in ("When summoned: Draw 1 card.", "Draw 1 card.", "2: Draw 1 card."):
        assert layout.paragraph_runs(plain, "serif", "bold") == [("serif", plain)]


def test_the_cost_arrow_stays_on_the_line_of_its_cost():
    words = layout.words([("serif", "Exhaust 2 resources \u2192 Draw 1 card.")])

    assert words[2] == (("serif", "resources"), ("serif", " \u2192"))
    assert words[3] == (("serif", "Draw"),)


def test_each_ability_is_its_own_paragraph():
    paragraphs = layout.paragraphs("ROAR: Draw 1 card.\n\nBITE: Deal 1 damage.", "serif", "bold")

    assert len(paragraphs) == 2
    assert paragraphs[1][0] == (("bold", "BITE:"),)


# --- Anything a player types ----------------------------------------------------------------


def test_html_in_a_name_is_drawn_as_text():
    face = minion(name='<script>alert("x")</script><b>Bold?</b>', ability_text="<i>hi</i> &amp;")

    image = Image.open(io.BytesIO(render_card(face)))

    assert image.size == (WIDTH, HEIGHT)
    assert layout.clean(face.name) == face.name  # drawn exactly as typed


@pytest.mark.parametrize(
    "text",
    [
        "\ud800 lone surrogate",
        "nul \x00 and bell \x07 and tab\t",
        "\u9f8d\u306e\u738b \U0001f409 \ufdfd",
        "\u0645\u0631\u062d\u0628\u0627 \u05e9\u05dc\u05d5\u05dd \u202eevil\u202c",
        "Z" + "\u0334\u0321\u031b\u0316\u0319\u0330" * 60,
        "A" * 3000,
        "",
        "\n\n\n",
    ],
    ids=["surrogate", "controls", "cjk-emoji", "rtl", "zalgo", "one-long-word", "empty", "blank"],
)
def test_any_unicode_is_drawn_without_error(text):
    for face in (
        minion(name=text, ability_text=text, flavor_text=text),
        spell(name=text, ability_text=f"BANISH: {text}", flavor_text=text),
    ):
        assert render_card_image(face).size == (WIDTH, HEIGHT)


def test_letters_the_serif_face_lacks_are_drawn_in_the_sans_face():
    hebrew, arabic = "\u05e9\u05dc\u05d5\u05dd", "\u0645\u0631\u062d\u0628\u0627"

    assert layout.with_fallback("serif", "Draw 1 card.") == [("serif", "Draw 1 card.")]
    assert layout.with_fallback("serif", f"Hi {hebrew}") == [("serif", "Hi "), ("sans", hebrew)]
    assert layout.with_fallback("italic", arabic) == [("sans", arabic)]
    # Not in any DejaVu face: left to show as a box.
    assert layout.with_fallback("serif", "\u9f8d") == [("serif", "\u9f8d")]


def test_stats_are_printed_as_given():
    assert format_number(3) == "3"
    assert format_number(3.0) == "3"
    assert format_number(2.5) == "2.5"
    assert format_number(-1) == "-1"
    assert format_number(None) == "\u2014"
    render_card_image(minion(level=2.5, sp=0.25, hp=10**12, design_edition=10**9))


def test_the_edition_indicator():
    assert edition_indicator(14) == "14th Ed."
    assert edition_indicator(1) == "1st Ed."
    assert edition_indicator(None) == "\u2014"


# --- The card image -------------------------------------------------------------------------


def test_the_image_fills_the_image_box():
    green = (12, 200, 90)
    card = render_card_image(minion(image=image_bytes(Image.new("RGB", (40, 30), green))))

    assert close(card.getpixel(center(IMAGE_BOX)), green)
    assert close(card.getpixel((IMAGE_BOX[0] + 2, IMAGE_BOX[1] + 2)), green)
    assert close(card.getpixel((IMAGE_BOX[2] - 3, IMAGE_BOX[3] - 3)), green)


@pytest.mark.parametrize("fmt", ["PNG", "JPEG", "WEBP"])
def test_the_image_is_cropped_from_its_centre(fmt):
    # A wide picture: red, green and blue thirds. Filling the box keeps the middle.
    wide = Image.new("RGB", (900, 100), (230, 20, 20))
    wide.paste((20, 200, 40), (300, 0, 600, 100))
    wide.paste((20, 40, 230), (600, 0, 900, 100))

    card = render_card_image(minion(image=image_bytes(wide, fmt)))

    for x in (IMAGE_BOX[0] + 4, center(IMAGE_BOX)[0], IMAGE_BOX[2] - 5):
        assert close(card.getpixel((x, center(IMAGE_BOX)[1])), (20, 200, 40), tolerance=12)


# --- Framing the picture and crediting it -----------------------------------------------------


def ramp_picture(width: int, height: int) -> Image.Image:
    """Red grows from the left edge to the right, green from the top to the bottom: each pixel's
    colour says where in the picture it is."""
    red = np.broadcast_to(np.linspace(0, 255, width), (height, width))
    green = np.broadcast_to(np.linspace(0, 255, height)[:, None], (height, width))
    pixels = np.stack([red, green, np.zeros((height, width))], axis=-1)
    return Image.fromarray(pixels.round().astype(np.uint8), "RGB")


def seen(image: Image.Image, x: float, y: float) -> tuple[float, float]:
    """Where in a ramp picture (0 to 1 across and down) the framed image's pixel comes from."""
    red, green, _ = image.getpixel((round(x), round(y)))
    return red / 255, green / 255


def test_at_zoom_1_the_framing_is_imageops_fit_centred_on_the_focus():
    picture, box = ramp_picture(1600, 900), (650, 460)

    for focus in ((0.5, 0.5), (0.0, 0.5), (1.0, 0.3)):
        assert art.framed(picture, box, Framing(1.0, *focus)).tobytes() == (
            ImageOps.fit(picture, box, Image.Resampling.LANCZOS, centering=focus).tobytes()
        )
    # A wide picture shows its whole height and as much of its width as the box's shape allows;
    # the focus at an edge shows that edge.
    across = 900 * 650 / 460 / 1600
    centred = art.framed(picture, box)
    assert seen(centred, 0, 0) == pytest.approx(((1 - across) / 2, 0), abs=0.01)
    assert seen(centred, 649, 459) == pytest.approx(((1 + across) / 2, 1), abs=0.01)
    assert seen(art.framed(picture, box, Framing(1.0, 0.0, 0.5)), 0, 230)[0] < 0.01
    assert seen(art.framed(picture, box, Framing(1.0, 1.0, 0.5)), 649, 230)[0] > 0.99


@pytest.mark.parametrize(
    "framing",
    [Framing(2.0, 0.25, 0.75), Framing(2.2, 0.0, 0.0), Framing(1.37, 0.6, 0.3), Framing(4.0, 1, 0)],
)
@pytest.mark.parametrize("size", [(1600, 900), (300, 700)])
def test_a_zoom_shows_less_of_the_picture_about_its_focus(framing, size):
    picture, box = ramp_picture(*size), (650, 460)
    whole = art.framed(picture, box)
    zoomed = art.framed(picture, box, framing)

    assert zoomed.size == box
    # A zoom of 2 shows half as much each way as zoom 1, a zoom of 4 a quarter ...
    for left, right in (((0, 230), (649, 230)), ((325, 0), (325, 459))):
        axis = 0 if left[1] == right[1] else 1
        span = seen(whole, *right)[axis] - seen(whole, *left)[axis]
        shown = seen(zoomed, *right)[axis] - seen(zoomed, *left)[axis]
        assert shown == pytest.approx(span / framing.zoom, abs=0.01)
    # ... and the focus sits as far across and down the box as it sits in the picture.
    focus = seen(zoomed, framing.x * 649, framing.y * 459)
    assert focus == pytest.approx((framing.x, framing.y), abs=0.01)


@pytest.mark.parametrize("fmt", ["PNG", "JPEG"])
def test_a_zoomed_picture_shows_the_part_around_its_focus(fmt):
    # Four quarters: red top left, green top right, blue bottom left, white bottom right.
    picture = Image.new("RGB", (800, 600), (250, 250, 250))
    picture.paste((230, 20, 20), (0, 0, 400, 300))
    picture.paste((20, 200, 40), (400, 0, 800, 300))
    picture.paste((20, 40, 230), (0, 300, 400, 600))
    data = image_bytes(picture, fmt)
    middle = center(IMAGE_BOX)

    whole = render_card_image(minion(image=data))
    assert close(whole.getpixel((IMAGE_BOX[0] + 4, IMAGE_BOX[1] + 4)), (230, 20, 20), 12)
    for focus, colour in (
        ((0.0, 0.0), (230, 20, 20)),
        ((1.0, 0.0), (20, 200, 40)),
        ((0.0, 1.0), (20, 40, 230)),
        ((1.0, 1.0), (250, 250, 250)),
    ):
        card = render_card_image(minion(image=data, art_zoom=2.2, art_x=focus[0], art_y=focus[1]))
        assert close(card.getpixel(middle), colour, tolerance=12), focus
        # Only the picture changes.
        for before, after in zip(
            outside_box(whole, IMAGE_BOX), outside_box(card, IMAGE_BOX), strict=True
        ):
            assert before.tobytes() == after.tobytes()


def test_framing_out_of_range_is_drawn_at_its_nearest_limit():
    data = image_bytes(Image.new("RGB", (300, 200), (30, 160, 90)))
    assert render_card_image(minion(image=data, art_zoom=99, art_x=-3)).tobytes() == (
        render_card_image(minion(image=data, art_zoom=render.MAX_ART_ZOOM, art_x=0)).tobytes()
    )
    assert render_card_image(minion(image=data, art_zoom=float("nan"))).tobytes() == (
        render_card_image(minion(image=data)).tobytes()
    )


def test_the_credit_line_reads_artist_then_licence():
    assert render.credit_line("Ann Vey", "CC BY 4.0") == "Illus. Ann Vey \u00b7 CC BY 4.0"
    assert render.credit_line("Ann  Vey\n", "") == "Illus. Ann Vey"
    assert render.credit_line("", "CC0") == "CC0"
    assert render.credit_line(" ", "\x07") == ""


def test_the_credit_is_printed_small_in_the_border_under_the_frame():
    plain = render_card_image(minion())
    credited = render_card_image(minion(artist="Ann Vey", art_licence="CC BY 4.0"))
    band = (geometry.CREDIT_LEFT, HEIGHT - geometry.FRAME_INSET, geometry.CREDIT_RIGHT, HEIGHT)

    # Everything but the band under the frame is as it was; in the band, light letters.
    for before, after in zip(outside_box(plain, band), outside_box(credited, band), strict=True):
        assert before.tobytes() == after.tobytes()
    letters = credited.crop(band).convert("L")
    assert plain.crop(band).convert("L").getextrema()[1] < 60 < letters.getextrema()[1]
    rows = [
        y
        for y in range(letters.height)
        if letters.crop((0, y, letters.width, y + 1)).getextrema()[1] > 100
    ]
    assert 8 <= len(rows) <= 16  # small: about a millimetre of capital height


def test_a_long_credit_shrinks_then_is_cut_and_stays_in_its_band():
    width = geometry.CREDIT_RIGHT - geometry.CREDIT_LEFT
    text, size = layout.fit_line(
        render.credit_line("A" * 100, "B" * 100), "sans", geometry.CREDIT_SIZES, width
    )
    assert size == geometry.CREDIT_SIZES[0] and text.endswith("\u2026")
    assert layout.text_width("sans", size, text) <= width

    plain = render_card_image(minion())
    long = render_card_image(minion(artist="W" * 100, art_licence="W" * 100))
    band = (geometry.CREDIT_LEFT, HEIGHT - geometry.FRAME_INSET, geometry.CREDIT_RIGHT, HEIGHT)
    for before, after in zip(outside_box(plain, band), outside_box(long, band), strict=True):
        assert before.tobytes() == after.tobytes()


def test_a_transparent_image_is_laid_on_the_image_box_colour():
    clear = Image.new("RGBA", (50, 50), (0, 0, 0, 0))
    card = render_card_image(minion(image=image_bytes(clear)))

    assert close(card.getpixel(center(IMAGE_BOX)), SCHEMES["minion"].image_fill)


def test_without_an_image_the_placeholder_is_shown():
    without = render_card_image(minion(image=None))
    damaged = render_card_image(minion(image=b"\x89PNG\r\n\x1a\nnot really"))
    gif = io.BytesIO()
    Image.new("RGB", (10, 10), (255, 0, 0)).save(gif, "GIF")
    not_allowed = render_card_image(minion(image=gif.getvalue()))

    placeholder = art.placeholder("minion").tobytes()
    for card in (without, damaged, not_allowed):
        left, top, right, bottom = IMAGE_BOX
        assert card.crop((left, top, right, bottom)).tobytes() == placeholder


# --- Caching --------------------------------------------------------------------------------


def test_the_content_key_is_stable():
    key = content_key(minion(image=b"abc"))

    assert key == content_key(minion(image=b"abc"))
    assert len(key) == 64 and int(key, 16) >= 0


@pytest.mark.parametrize(
    "change",
    [
        {"name": "Fire Breathing Dragon!"},
        {"kind": "spell"},
        {"design_edition": 13},
        {"design_edition": None},
        {"level": 8},
        {"level": 7.5},
        {"sp": 7},
        {"sp": None},
        {"hp": 4},
        {"ability_text": "FLAME BREATH: Deal 4 damage."},
        {"flavor_text": ""},
        {"image": b"abd"},
        {"image": None},
        {"art_zoom": 1.5},
        {"art_x": 0.4},
        {"art_y": 0.6},
        {"artist": "Ann"},
        {"art_licence": "CC0"},
    ],
)
def test_the_content_key_changes_with_anything_drawn(change):
    assert content_key(minion(**{"image": b"abc", **change})) != content_key(minion(image=b"abc"))


def test_a_card_without_framing_or_credit_keeps_the_key_it_had_before_they_existed():
    # The key as it was made before the picture could be framed: cached renders stay good.
    face = minion(image=b"abc")
    fields = {
        "render_version": render.RENDER_VERSION,
        **{
            name: render._key_value(getattr(face, name))
            for name in ("name", "kind", "design_edition", "level", "sp", "hp")
        },
        "ability_text": render._key_value(face.ability_text),
        "flavor_text": render._key_value(face.flavor_text),
        "image": hashlib.sha256(b"abc").hexdigest(),
    }
    payload = json.dumps(fields, sort_keys=True, ensure_ascii=True).encode("ascii")

    assert content_key(face) == hashlib.sha256(payload).hexdigest()


def test_the_content_key_changes_with_the_render_version(monkeypatch):
    before = content_key(minion())
    monkeypatch.setattr(render, "RENDER_VERSION", render.RENDER_VERSION + "-next")

    assert content_key(minion()) != before


# --- Fonts and speed ------------------------------------------------------------------------


def test_only_the_fonts_shipped_with_the_project_are_used(monkeypatch):
    opened: list[str] = []
    original = ImageFont.FreeTypeFont

    class RecordingFont(original):
        def __init__(self, font=None, *args, **kwargs):
            opened.append(str(font))
            super().__init__(font, *args, **kwargs)

    def no_system_fonts(*args, **kwargs):
        raise AssertionError("fonts must come from static/fonts")

    monkeypatch.setattr(ImageFont, "FreeTypeFont", RecordingFont)
    monkeypatch.setattr(ImageFont, "truetype", no_system_fonts)
    monkeypatch.setattr(ImageFont, "load_default", no_system_fonts)
    clear_font_caches()
    try:
        render_card(minion())
        render_card(spell(design_edition=None))
    finally:
        clear_font_caches()

    font_dir = layout.FONT_DIR
    assert font_dir == settings.BASE_DIR / "static" / "fonts"
    assert opened
    shipped = {str(font_dir / name) for name in layout.FONT_FILES.values()}
    assert set(opened) <= shipped
    assert {str(font_dir / "DejaVuSans-Bold.ttf"), str(font_dir / "DejaVuSerif.ttf")} <= set(opened)


def clear_font_caches():
    for cached in (
        layout.font,
        layout.text_width,
        layout.split_long_word,
        layout.has_glyph,
        layout._missing_glyph,
    ):
        cached.cache_clear()


def test_fonts_are_loaded_once_per_size():
    clear_font_caches()
    render_card(minion())
    misses = layout.font.cache_info().misses

    render_card(minion())

    assert layout.font.cache_info().misses == misses


def test_a_render_is_quick():
    render_card(minion())  # the frame is drawn once per kind and cached
    render_card(spell())
    faces = [
        minion(image=image_bytes(Image.new("RGB", (1200, 900), (90, 140, 200)), "JPEG")),
        spell(ability_text=LONG_ABILITY),
    ]
    timings = []
    for face in faces * 3:
        started = time.perf_counter()
        render_card(face)
        timings.append(time.perf_counter() - started)

    # About 40-80 ms on a laptop; the margin keeps a busy test machine from failing this.
    assert statistics.median(timings) < 0.4


def test_a_photo_with_an_exif_orientation_is_drawn_upright():
    # Stored sideways: red on the left, blue on the right; upright, red is on top.
    stored = Image.new("RGB", (1200, 400), (230, 20, 20))
    stored.paste((20, 40, 230), (600, 0, 1200, 400))
    exif = Image.Exif()
    exif[0x0112] = 6  # rotate 90° clockwise to display
    out = io.BytesIO()
    stored.save(out, "JPEG", exif=exif, quality=95)

    card = render_card_image(minion(image=out.getvalue()))

    x = center(IMAGE_BOX)[0]
    assert close(card.getpixel((x, IMAGE_BOX[1] + 20)), (230, 20, 20), tolerance=12)
    assert close(card.getpixel((x, IMAGE_BOX[3] - 20)), (20, 40, 230), tolerance=12)


# --- The layers the guide asks to show ------------------------------------------------------

ULTRA_ABILITY = "BLOOD: Pay 2 HP\u2192Draw 1 card."  # "pay x HP→" is worth 1 Ultra Point (17th)
DARK_RED = (128, 0, 0)  # the guides' colour for what restricts play (HTML 800000)


def dark_red_share(card: Image.Image, box) -> float:
    pixels = np.asarray(card.crop(box)).reshape(-1, 3).astype(int)
    return float((np.abs(pixels - DARK_RED).max(axis=1) <= 12).mean())


def test_a_card_worth_ultra_points_shows_them_with_the_ultra_points_symbol():
    ultra = minion(design_edition=17, ability_text=ULTRA_ABILITY)
    plain = minion(design_edition=17, ability_text="BLOOD: Draw 1 card.")

    assert render.card_layers(ultra).ultra_points == 1
    assert render.card_layers(plain).ultra_points == 0
    box = geometry.ULTRA_POINTS_BOX
    shown = render_card_image(ultra).crop(box)
    # Hidden at 0: the frame there is the bare template, as on a card from before Ultra Points.
    assert (
        render_card_image(plain).crop(box).tobytes()
        == render.template("minion").crop(box).tobytes()
    )
    assert shown.tobytes() != render.template("minion").crop(box).tobytes()
    # The number is lettered on the symbol: 2 Ultra Points look different from 1.
    two = minion(
        design_edition=17,
        ability_text="BLOOD: Pay 2 HP\u2192Draw 1 card.\nBLOOD: Pay 1 HP\u2192Draw 1 card.",
    )
    assert render.card_layers(two).ultra_points == 2
    assert render_card_image(two).crop(box).tobytes() != shown.tobytes()


def test_a_spell_with_an_activation_condition_shows_the_play_restriction():
    condition = "When you take damage: Draw 1 card."
    box = geometry.PLAY_RESTRICTION_BOX

    for edition in (12, 14, 17):  # every guide from the 12th asks for the layer
        restricted = spell(design_edition=edition, ability_text=condition)
        assert render.card_layers(restricted).play_restriction, edition
        assert dark_red_share(render_card_image(restricted), box) > 0.3, edition
    # A spell without a condition, and a minion with one, play as usual.
    for face in (
        spell(design_edition=17, ability_text="Draw 1 card."),
        minion(design_edition=17, ability_text="LUCK: " + condition),
    ):
        assert not render.card_layers(face).play_restriction
        assert dark_red_share(render_card_image(face), box) < 0.01
