"""Bad image uploads, through the design form and through the API: a clear error, a 400, and
nothing stored — no card row and no file under MEDIA_ROOT."""

import io

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from PIL import Image

from cards.models import Card
from tests.cards.conftest import WISP, gif_bytes, png_bytes, png_claiming

pytestmark = pytest.mark.django_db


def large_png() -> bytes:
    """A real PNG over 5 MB: random pixels do not compress."""
    import os

    image = Image.frombytes("RGB", (1400, 1400), os.urandom(1400 * 1400 * 3))
    out = io.BytesIO()
    image.save(out, "PNG", compress_level=0)
    assert len(out.getvalue()) > 5 * 1024 * 1024
    return out.getvalue()


BAD_UPLOADS = {
    "not an image": ("notes.png", b"this is plain text, not a picture", "not a PNG, JPEG or WebP"),
    "a web page named .jpg": ("page.jpg", b"<html><script>alert(1)</script></html>", "not a PNG"),
    "gif": ("anim.gif", gif_bytes(), "not a PNG, JPEG or WebP"),
    "gif that lies about its type": ("lies.png", gif_bytes(), "not a PNG, JPEG or WebP"),
    "png named .bin": ("art.bin", png_bytes((20, 20), "red"), "Rename it to .png"),
    "empty": ("empty.png", b"", "empty"),
    "truncated": ("cut.png", png_bytes((200, 200), "purple")[:120], "damaged or incomplete"),
    "too many pixels": ("wide.png", png_claiming(5000, 10), "5000×10 pixels; the limit is 4096"),
    "decompression bomb": ("bomb.png", png_claiming(100_000, 100_000), "pixels"),
}


@pytest.fixture(scope="module")
def too_big() -> tuple[str, bytes, str]:
    return ("big.png", large_png(), "the limit is 5 MB")


def cases():
    return list(BAD_UPLOADS.items())


def assert_nothing_stored(media_files):
    assert not Card.objects.exists()
    assert media_files() == []


def form_data(upload: SimpleUploadedFile) -> dict:
    return {**WISP, "visibility": "private", "edition": 14, "image": upload}


@pytest.mark.parametrize(("case", "upload"), cases(), ids=[c for c, _ in cases()])
def test_the_form_refuses_bad_images(client, alice, media_files, case, upload):
    name, content, message = upload
    client.force_login(alice)
    response = client.post("/cards/new/", form_data(SimpleUploadedFile(name, content)))
    assert response.status_code == 400
    errors = response.context["form"].errors
    assert list(errors) == ["image"], errors
    assert message in errors["image"][0]
    assert message in response.content.decode()
    assert_nothing_stored(media_files)


@pytest.mark.parametrize(("case", "upload"), cases(), ids=[c for c, _ in cases()])
def test_the_api_refuses_bad_images(api, alice, media_files, case, upload):
    name, content, message = upload
    api.force_authenticate(alice)
    data = {**WISP, "image": SimpleUploadedFile(name, content)}
    response = api.post("/api/v1/cards/", data, format="multipart")
    assert response.status_code == 400
    assert list(response.json()) == ["image"]
    assert message in response.json()["image"][0]
    assert_nothing_stored(media_files)


def test_files_over_5_mb_are_refused_by_the_form_and_the_api(
    client, api, alice, media_files, too_big
):
    name, content, message = too_big
    client.force_login(alice)
    response = client.post("/cards/new/", form_data(SimpleUploadedFile(name, content)))
    assert response.status_code == 400 and message in response.content.decode()
    api.force_authenticate(alice)
    data = {**WISP, "image": SimpleUploadedFile(name, content)}
    response = api.post("/api/v1/cards/", data, format="multipart")
    assert response.status_code == 400 and message in response.json()["image"][0]
    assert_nothing_stored(media_files)


def test_bad_images_on_edit_leave_the_card_as_it_was(client, api, alice, make_card, media_files):
    card = make_card()
    client.force_login(alice)
    data = {**form_data(SimpleUploadedFile("x.png", b"nope")), "name": "Changed"}
    assert client.post(f"/cards/{card.pk}/edit/", data).status_code == 400
    api.force_authenticate(alice)
    patch = {"name": "Changed", "image": SimpleUploadedFile("x.png", gif_bytes())}
    assert api.patch(f"/api/v1/cards/{card.pk}/", patch, format="multipart").status_code == 400
    card.refresh_from_db()
    assert card.name == "Wisp" and not card.image and card.revisions.count() == 1
    assert media_files() == []


def test_the_preview_explains_a_bad_image_and_stores_nothing(client, alice, media_files):
    client.force_login(alice)
    data = {**WISP, "image": SimpleUploadedFile("bomb.png", png_claiming(100_000, 100_000))}
    response = client.post("/cards/preview/", data)
    assert response.status_code == 200
    assert "too many pixels" in response.content.decode()
    assert media_files() == []


@pytest.mark.parametrize(
    ("fmt", "extension"), [("PNG", ".png"), ("JPEG", ".jpg"), ("WEBP", ".webp")]
)
def test_good_images_are_stored_reencoded_without_metadata(
    client, alice, media_files, fmt, extension
):
    image = Image.new("RGB", (120, 90), "orange")
    exif = Image.Exif()
    exif[0x010F] = "Secret Camera Co"  # Make
    out = io.BytesIO()
    image.save(out, fmt, exif=exif.tobytes())
    assert b"Secret Camera Co" in out.getvalue()
    client.force_login(alice)
    upload = SimpleUploadedFile(f"art{extension}", out.getvalue())
    response = client.post("/cards/new/", form_data(upload))
    assert response.status_code == 302, response.context and response.context["form"].errors
    card = Card.objects.get()
    assert card.image.name.endswith(extension)
    stored = card.image.read()
    assert b"Secret Camera Co" not in stored
    assert media_files() == [card.image.name]
