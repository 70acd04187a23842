"""Alice uploads pictures for her cards; only clean PNG, JPEG and WebP pixels are ever stored."""

import io
import random
import struct
import time
import tracemalloc
import zipfile
import zlib

import pytest
from PIL import ExifTags, Image, ImageCms, ImageFile, PngImagePlugin

from cards import images
from cards.images import MAX_BYTES, CleanImage, ImageRejected, clean_image

RED = (220, 30, 30)
BLUE = (30, 40, 220)


def encode(image: Image.Image, fmt: str, **options) -> bytes:
    out = io.BytesIO()
    image.save(out, fmt, **options)
    return out.getvalue()


def picture(size=(64, 48), color=RED, mode="RGB") -> Image.Image:
    return Image.new(mode, size, color)


def reopened(result: CleanImage) -> Image.Image:
    image = Image.open(io.BytesIO(result.content))
    image.load()
    return image


def gps_exif() -> Image.Exif:
    exif = Image.Exif()
    exif[ExifTags.Base.Make] = "AliceCam"
    exif[ExifTags.Base.Model] = "Model-7"
    exif[ExifTags.Base.DateTime] = "2024:05:01 12:00:00"
    gps = exif.get_ifd(ExifTags.IFD.GPSInfo)
    gps[ExifTags.GPS.GPSLatitudeRef] = "N"
    gps[ExifTags.GPS.GPSLatitude] = (52.0, 31.0, 12.5)
    gps[ExifTags.GPS.GPSLongitudeRef] = "E"
    gps[ExifTags.GPS.GPSLongitude] = (13.0, 24.0, 36.0)
    return exif


def patched_png_size(png: bytes, width: int, height: int) -> bytes:
    """The PNG with a header claiming other dimensions (and a correct checksum for it)."""
    assert png[12:16] == b"IHDR"
    header = bytearray(png[12:29])  # the chunk type and its 13 bytes of data
    header[4:12] = struct.pack(">II", width, height)
    crc = struct.pack(">I", zlib.crc32(bytes(header)))
    return png[:12] + bytes(header) + crc + png[33:]


# --- What is accepted -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("fmt", "extension"), [("PNG", ".png"), ("JPEG", ".jpg"), ("WEBP", ".webp")]
)
def test_a_png_jpeg_or_webp_is_accepted_and_re_encoded(fmt, extension):
    result = clean_image(encode(picture((64, 48)), fmt), "upload" + extension)

    assert result == CleanImage(result.content, fmt, 64, 48, extension)
    image = reopened(result)
    assert image.format == fmt
    assert image.size == (64, 48)
    pixel = image.convert("RGB").getpixel((32, 24))
    assert all(abs(a - b) <= 6 for a, b in zip(pixel, RED, strict=True))


def test_a_file_object_is_read_from_its_start():
    stream = io.BytesIO(encode(picture(), "PNG"))
    stream.read()  # as a form's validation may already have done

    assert clean_image(stream).format == "PNG"


@pytest.mark.parametrize(
    ("fmt", "filename"),
    [
        ("PNG", "card.PNG"),
        ("JPEG", "photo.jpeg"),
        ("JPEG", "photo.JPE"),
        ("JPEG", "photo.jfif"),
        ("WEBP", "art.WebP"),
        ("PNG", r"C:\Users\alice\art.png"),
    ],
)
def test_a_name_with_one_of_its_formats_extensions_in_any_case_is_accepted(fmt, filename):
    assert clean_image(encode(picture(), fmt), filename).format == fmt


@pytest.mark.parametrize("filename", [None, "", "upload", "no-extension.", ".hidden"])
def test_without_an_extension_the_content_decides(filename):
    assert clean_image(encode(picture(), "PNG"), filename).format == "PNG"


def test_a_multi_picture_jpeg_may_be_named_mpo():
    frames = [picture(), picture(color=BLUE)]
    upload = encode(frames[0], "MPO", save_all=True, append_images=frames[1:])

    assert clean_image(upload, "DSCF0001.MPO").format == "JPEG"


def test_the_load_truncated_images_setting_is_off():
    assert ImageFile.LOAD_TRUNCATED_IMAGES is False


# --- Metadata is removed --------------------------------------------------------------------


def test_exif_with_a_gps_position_is_removed_from_a_jpeg():
    upload = encode(picture(), "JPEG", exif=gps_exif(), comment=b"taken at home")
    assert b"AliceCam" in upload

    result = clean_image(upload)

    image = reopened(result)
    assert len(image.getexif()) == 0
    assert not image.getexif().get_ifd(ExifTags.IFD.GPSInfo)
    assert "exif" not in image.info
    assert "comment" not in image.info
    for secret in (b"Exif", b"AliceCam", b"Model-7", b"2024:05:01", b"taken at home"):
        assert secret not in result.content


def test_text_chunks_exif_and_colour_profile_are_removed_from_a_png():
    text = PngImagePlugin.PngInfo()
    text.add_text("Author", "Alice Liddell")
    text.add_itxt("Comment", "secret note", zip=True)
    srgb = ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes()
    upload = encode(picture(), "PNG", pnginfo=text, exif=gps_exif(), icc_profile=srgb)

    result = clean_image(upload)

    image = reopened(result)
    assert not {"Author", "Comment", "exif", "icc_profile"} & set(image.info)
    for chunk in (b"tEXt", b"iTXt", b"zTXt", b"eXIf", b"iCCP"):
        assert chunk not in result.content
    assert b"Alice Liddell" not in result.content


def test_exif_xmp_and_colour_profile_are_removed_from_a_webp():
    srgb = ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes()
    xmp = b'<x:xmpmeta xmlns:x="adobe:ns:meta/">alice-was-here</x:xmpmeta>'
    upload = encode(picture(), "WEBP", exif=gps_exif(), xmp=xmp, icc_profile=srgb)
    assert b"alice-was-here" in upload

    result = clean_image(upload)

    for chunk in (b"EXIF", b"XMP ", b"ICCP", b"alice-was-here", b"AliceCam"):
        assert chunk not in result.content
    assert not {"exif", "xmp", "icc_profile"} & set(reopened(result).info)


def test_a_photo_taken_sideways_is_stored_upright():
    stored = picture((40, 20), RED)
    stored.paste(BLUE, (20, 0, 40, 20))  # left half red, right half blue, as the sensor saw it
    exif = Image.Exif()
    exif[ExifTags.Base.Orientation] = 6  # "rotate 90° clockwise to display"

    result = clean_image(encode(stored, "JPEG", exif=exif, quality=95))

    image = reopened(result)
    assert (result.width, result.height) == image.size == (20, 40)
    top, bottom = image.getpixel((10, 5)), image.getpixel((10, 34))
    assert top[0] > 200 and top[2] < 60  # red on top
    assert bottom[2] > 200 and bottom[0] < 60  # blue below
    assert ExifTags.Base.Orientation not in image.getexif()


# --- Modes ----------------------------------------------------------------------------------


def test_transparency_is_kept_in_png_and_webp():
    clear = Image.new("RGBA", (20, 20), (0, 0, 0, 0))
    clear.paste((10, 200, 10, 255), (0, 0, 10, 20))
    for fmt in ("PNG", "WEBP"):
        image = reopened(clean_image(encode(clear, fmt)))
        assert image.mode == "RGBA"
        assert image.getpixel((15, 10))[3] == 0
        assert image.getpixel((5, 10))[3] == 255


def test_a_palette_png_with_a_transparent_colour_keeps_its_transparency():
    palette = Image.new("P", (10, 10), 0)
    palette.putpalette([255, 0, 0, 0, 0, 255] + [0] * 762)
    palette.paste(1, (5, 0, 10, 10))

    image = reopened(clean_image(encode(palette, "PNG", transparency=0)))

    assert image.getpixel((2, 2))[3] == 0
    assert image.getpixel((7, 2)) == (0, 0, 255, 255)


def test_a_cmyk_jpeg_is_stored_as_rgb():
    result = clean_image(encode(Image.new("CMYK", (10, 10), (0, 255, 255, 0)), "JPEG"))

    image = reopened(result)
    assert image.mode == "RGB"
    red, green, blue = image.getpixel((5, 5))
    assert red > 200 and green < 60 and blue < 60


def test_a_sixteen_bit_grey_png_keeps_its_shades():
    image = reopened(clean_image(encode(Image.new("I;16", (10, 10), 40000), "PNG")))

    assert image.mode == "L"
    assert image.getpixel((5, 5)) == 40000 // 256


def test_animated_images_keep_their_first_frame():
    frames = [Image.new("RGBA", (20, 20), color) for color in (RED + (255,), BLUE + (255,))]
    for fmt in ("PNG", "WEBP"):
        upload = encode(frames[0], fmt, save_all=True, append_images=frames[1:], duration=100)
        assert getattr(Image.open(io.BytesIO(upload)), "n_frames", 1) == 2

        image = reopened(clean_image(upload))

        assert getattr(image, "n_frames", 1) == 1
        red, green, blue, _ = image.convert("RGBA").getpixel((10, 10))
        assert red > 200 and blue < 60


# --- What is refused ------------------------------------------------------------------------


@pytest.mark.parametrize("fmt", ["GIF", "BMP", "TIFF", "ICO", "PPM"])
def test_other_image_formats_are_refused_even_when_named_png(fmt):
    with pytest.raises(ImageRejected, match=r"^The file is not a PNG, JPEG or WebP image\.$"):
        clean_image(encode(picture((32, 32)), fmt), "innocent.png")


@pytest.mark.parametrize(
    "content",
    [
        b"just some text\n",
        b"<!DOCTYPE html><html><script>alert(document.cookie)</script></html>",
        b'<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect/></svg>',
        b"%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF",
        b"PK\x03\x04" + b"\0" * 100,
        b"\x89PNG\r\n\x1a\n",  # a signature and nothing after it
    ],
    ids=["text", "html", "svg", "pdf", "zip", "bare-signature"],
)
def test_files_that_are_not_images_are_refused(content):
    with pytest.raises(ImageRejected):
        clean_image(content, "card.png")


def test_an_empty_file_is_refused():
    with pytest.raises(ImageRejected, match="empty"):
        clean_image(b"")


def test_a_file_over_5_mb_is_refused_before_it_is_decoded(monkeypatch):
    def no_decoding(*args, **kwargs):
        raise AssertionError("a file over the limit must not be opened")

    monkeypatch.setattr(Image, "open", no_decoding)
    upload = b"\x89PNG\r\n\x1a\n" + b"\0" * (6 * 1024 * 1024 + 300_000)

    with pytest.raises(ImageRejected, match=r"^The image is 6\.3 MB; the limit is 5 MB\.$"):
        clean_image(upload)


def test_a_file_just_over_the_limit_does_not_read_as_5_mb():
    with pytest.raises(ImageRejected, match=r"^The image is 5\.01 MB; the limit is 5 MB\.$"):
        clean_image(b"\0" * (MAX_BYTES + 1))


def test_a_large_stream_is_read_no_further_than_the_limit():
    class Upload(io.RawIOBase):
        """A non-seekable upload of 8 MB that records how much was asked of it."""

        def __init__(self):
            self.remaining = 8 * 1024 * 1024
            self.requested = 0

        def readable(self):
            return True

        def read(self, size=-1):
            size = self.remaining if size is None or size < 0 else min(size, self.remaining)
            self.requested += size
            self.remaining -= size
            return b"\0" * size

    upload = Upload()
    with pytest.raises(ImageRejected, match="larger than 5 MB"):
        clean_image(upload)
    assert upload.requested <= MAX_BYTES + 1


def test_a_large_seekable_stream_reports_its_size():
    with pytest.raises(ImageRejected, match=r"^The image is 7\.0 MB"):
        clean_image(io.BytesIO(b"\0" * (7 * 1024 * 1024)))


@pytest.mark.parametrize(("width", "height"), [(5000, 10), (10, 5000), (4097, 4097)])
def test_an_image_over_4096_pixels_on_a_side_is_refused(width, height):
    upload = encode(Image.new("L", (width, height)), "PNG")

    with pytest.raises(
        ImageRejected, match=rf"^The image is {width}×{height} pixels; the limit is 4096×4096\.$"
    ):
        clean_image(upload)


def test_an_image_of_4096_pixels_on_a_side_is_accepted():
    result = clean_image(encode(Image.new("L", (4096, 1)), "PNG"))

    assert (result.width, result.height) == (4096, 1)


@pytest.mark.parametrize(("width", "height"), [(30000, 30000), (10000, 10000), (6000, 6000)])
def test_a_decompression_bomb_is_refused_from_its_header_without_allocating(width, height):
    # A 100-byte file whose header claims hundreds of millions of pixels.
    bomb = patched_png_size(encode(Image.new("L", (8, 8)), "PNG"), width, height)

    tracemalloc.start()
    started = time.perf_counter()
    try:
        with pytest.raises(ImageRejected, match="4096×4096"):
            clean_image(bomb)
    finally:
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
    assert time.perf_counter() - started < 1.0
    assert peak < 5 * 1024 * 1024


def test_a_header_promising_more_pixels_than_the_file_holds_is_damaged():
    liar = patched_png_size(encode(Image.new("L", (8, 8)), "PNG"), 4096, 4096)

    with pytest.raises(ImageRejected, match=r"^The image file is damaged or incomplete\.$"):
        clean_image(liar)


@pytest.mark.parametrize("fmt", ["PNG", "JPEG", "WEBP"])
def test_a_truncated_image_is_refused(fmt):
    noisy = Image.effect_noise((128, 128), 60).convert("RGB")
    whole = encode(noisy, fmt)

    with pytest.raises(ImageRejected, match=r"^The image file is damaged or incomplete\.$"):
        clean_image(whole[: len(whole) * 2 // 3])


# --- Wrong names and polyglots --------------------------------------------------------------

MORE_THAN_AN_IMAGE = (
    r"^The file holds more than an image \(.+\)\. "
    r"Export the picture again as a plain PNG, JPEG or WebP\.$"
)


def zip_archive() -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        archive.writestr("payload.html", "<p>hello</p>")
    return out.getvalue()


def test_a_png_named_gif_is_refused_with_the_extension_it_needs():
    with pytest.raises(
        ImageRejected,
        match=r"^The file is named “cat\.gif” but holds a PNG image\. "
        r"Rename it to \.png and try again\.$",
    ):
        clean_image(encode(picture(), "PNG"), "cat.gif")


@pytest.mark.parametrize(
    ("fmt", "filename", "kind", "extension"),
    [
        ("PNG", "photo.jpg", "PNG", ".png"),
        ("JPEG", "photo.png", "JPEG", ".jpg"),
        ("WEBP", "photo.JPEG", "WebP", ".webp"),
        ("JPEG", "photo.webp.exe", "JPEG", ".jpg"),
    ],
)
def test_a_name_of_another_format_is_refused(fmt, filename, kind, extension):
    with pytest.raises(ImageRejected) as refusal:
        clean_image(encode(picture(), fmt), filename)

    assert str(refusal.value) == (
        f"The file is named “{filename}” but holds a {kind} image. "
        f"Rename it to {extension} and try again."
    )


def test_the_size_limit_is_checked_before_the_name(monkeypatch):
    def no_decoding(*args, **kwargs):
        raise AssertionError("a file over the limit must not be opened")

    monkeypatch.setattr(Image, "open", no_decoding)
    upload = encode(picture(), "PNG") + b"\0" * MAX_BYTES

    with pytest.raises(ImageRejected, match="the limit is 5 MB"):
        clean_image(upload, "cat.gif")


def test_a_png_followed_by_a_zip_archive_is_refused():
    png, archive = encode(picture(), "PNG"), zip_archive()

    with pytest.raises(ImageRejected) as refusal:
        clean_image(png + archive, "card.png")

    assert str(refusal.value) == (
        f"The file holds more than an image ({len(archive):,} bytes of other data after the "
        "picture). Export the picture again as a plain PNG, JPEG or WebP."
    )


def test_a_png_followed_by_a_web_page_is_refused():
    upload = encode(picture(), "PNG") + b"<html><script>alert('polyglot')</script></html>"

    with pytest.raises(ImageRejected, match=r"\(47 bytes of other data after the picture\)"):
        clean_image(upload, "card.png")


def test_a_single_byte_after_a_png_is_refused():
    with pytest.raises(ImageRejected, match=r"\(1 byte of other data after the picture\)"):
        clean_image(encode(picture(), "PNG") + b"\n")


def test_a_png_whose_chunks_do_not_reach_an_iend_is_damaged():
    png = encode(picture(), "PNG")
    assert png.endswith(b"IEND\xaeB`\x82")
    broken_chunk_type = png[:-8] + b"IE\x00D" + png[-4:]

    for upload in (png[:-12], broken_chunk_type):
        with pytest.raises(ImageRejected, match=r"^The image file is damaged or incomplete\.$"):
            clean_image(upload)


def test_a_webp_followed_by_other_bytes_is_refused():
    with pytest.raises(ImageRejected, match=r"\(100 bytes of other data after the picture\)"):
        clean_image(encode(picture(), "WEBP") + b"\xab" * 100, "card.webp")


def test_a_webp_may_end_with_one_padding_byte():
    assert clean_image(encode(picture(), "WEBP") + b"\0").format == "WEBP"


def test_a_jpeg_followed_by_a_zip_archive_is_refused():
    with pytest.raises(ImageRejected, match=MORE_THAN_AN_IMAGE) as refusal:
        clean_image(encode(picture(), "JPEG") + zip_archive(), "photo.jpg")

    assert "ZIP archive" in str(refusal.value)


def test_a_jpeg_followed_by_an_empty_zip_archive_is_refused():
    empty = b"PK\x05\x06" + b"\0" * 18

    with pytest.raises(ImageRejected, match="ZIP archive"):
        clean_image(encode(picture(), "JPEG") + empty)


@pytest.mark.parametrize(
    "markup",
    [b"<script>alert(1)</script>", b"<HTML>", b"<?php system($_GET['c']); ?>", b"<svg/onload=x>"]
    + [b"<!DOCTYPE html>"],
)
def test_a_jpeg_with_a_web_page_after_it_is_refused(markup):
    with pytest.raises(ImageRejected, match=MORE_THAN_AN_IMAGE) as refusal:
        clean_image(encode(picture(), "JPEG") + markup, "photo.jpg")

    assert "web page or script" in str(refusal.value)


def test_a_jpeg_with_a_script_in_its_comment_is_refused():
    upload = encode(picture(), "JPEG", comment=b"<script>alert(1)</script>")

    with pytest.raises(ImageRejected, match="web page or script"):
        clean_image(upload, "photo.jpg")


def test_a_png_with_a_web_page_in_a_text_chunk_is_refused():
    text = PngImagePlugin.PngInfo()
    text.add_text("Comment", "<html><body>hello</body></html>")

    with pytest.raises(ImageRejected, match="web page or script"):
        clean_image(encode(picture(), "PNG", pnginfo=text), "card.png")


def test_a_jpeg_with_harmless_data_after_it_is_accepted():
    # As a phone's "motion photo" carries its video after the picture.
    upload = encode(picture(), "JPEG") + b"\0" * 1024

    result = clean_image(upload, "photo.jpg")

    assert result.format == "JPEG"
    assert not result.content.endswith(b"\0" * 1024)
    assert reopened(result).size == (64, 48)


def test_look_alikes_of_the_signatures_are_not_refused():
    # Compressed pixels hold such byte sequences by chance; only whole signatures count.
    tail = b"PK\x03\x04\xff\xff <svgz <htmlx <scripted PK\x05\x06\x01\x00"

    assert clean_image(encode(picture(), "JPEG") + tail, "photo.jpg").format == "JPEG"


def test_a_web_page_with_an_image_inside_is_refused():
    upload = b"<html><script>alert('polyglot')</script><!--" + encode(picture(), "PNG") + b"-->"

    with pytest.raises(ImageRejected, match="not a PNG, JPEG or WebP"):
        clean_image(upload)


# --- Nothing but ImageRejected --------------------------------------------------------------


@pytest.mark.parametrize("fmt", ["PNG", "JPEG", "WEBP"])
def test_damaged_files_only_ever_raise_image_rejected(fmt):
    noisy = Image.effect_noise((48, 48), 60).convert("RGB")
    original = encode(noisy, fmt, exif=gps_exif())
    rng = random.Random(fmt)
    for _ in range(150):
        damaged = bytearray(original)
        for _ in range(rng.randint(1, 8)):
            damaged[rng.randrange(len(damaged))] = rng.randrange(256)
        if rng.random() < 0.3:
            del damaged[rng.randrange(len(damaged)) :]
        try:
            result = clean_image(bytes(damaged))
        except ImageRejected as refusal:
            assert str(refusal)
        else:
            assert result.format == fmt


def test_image_rejected_is_a_value_error():
    assert issubclass(ImageRejected, ValueError)
    assert sorted(images.ALLOWED) == ["JPEG", "PNG", "WEBP"]
    assert (images.MAX_BYTES, images.MAX_SIDE) == (5 * 1024 * 1024, 4096)
