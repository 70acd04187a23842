"""Hostile uploads, through the real API and the real forms.

Each bad image — cut short, a different format under an image's name, a PNG named .gif, a web
page with a PNG inside, a PNG or a JPEG followed by a ZIP archive, a header claiming 30000 × 30000
pixels, a file over 5 MB — is refused with a message a person can act on: a 400 with an "image"
error from the API, the form again with the error on the site. No card is created, the card being
edited keeps its picture and its history, and no file appears under MEDIA_ROOT.

An upload that is what its name says and holds nothing but the picture is stored as a fresh
encoding of its pixels.

The other uploads of the site, the card and deck imports, refuse files too large or not text.
"""

from __future__ import annotations

import io
import struct
import zipfile
import zlib
from pathlib import Path

import pytest
from django.conf import settings
from django.core.files.uploadedfile import SimpleUploadedFile
from PIL import Image

from cards import services as card_services
from cards.models import Card, CardRevision
from decks.models import Deck

pytestmark = pytest.mark.django_db

CARD = {
    "name": "Ember Wisp",
    "kind": "minion",
    "design_edition": 14,
    "level": 1,
    "sp": 1,
    "hp": 2,
    "ability_text": "WHISPER: Draw 1 card.",
    "flavor_text": "",
}


def encoded(fmt: str, size: tuple[int, int] = (120, 90), color: str = "teal") -> bytes:
    out = io.BytesIO()
    Image.new("RGB", size, color).save(out, fmt)
    return out.getvalue()


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def pixel_bomb(width: int = 30_000, height: int = 30_000) -> bytes:
    """A PNG of a few hundred bytes whose header claims a picture of width × height."""
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + _chunk(b"IHDR", header)
        + _chunk(b"IDAT", zlib.compress(b"\0" * 4096, 9))
        + _chunk(b"IEND", b"")
    )


def zip_archive() -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        archive.writestr("payload.html", "<script>alert(1)</script>")
    return out.getvalue()


PNG = encoded("PNG")
JPEG = encoded("JPEG")

REFUSED = {
    "truncated PNG": ("cut.png", PNG[: len(PNG) // 2], "damaged or incomplete"),
    "truncated JPEG": ("cut.jpg", JPEG[: len(JPEG) // 2], "damaged or incomplete"),
    "GIF named .png": ("art.png", encoded("GIF"), "not a PNG, JPEG or WebP"),
    "BMP named .jpg": ("art.jpg", encoded("BMP"), "not a PNG, JPEG or WebP"),
    "HTML before a PNG": (
        "page.png",
        b"<html><script>alert(1)</script></html>" + PNG,
        "not a PNG, JPEG or WebP",
    ),
    "SVG with a script": (
        "art.png",
        b'<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
        "not a PNG, JPEG or WebP",
    ),
    "PNG named .gif": (
        "art.gif",
        PNG,
        "The file is named “art.gif” but holds a PNG image. Rename it to .png and try again.",
    ),
    "PNG followed by a ZIP": (
        "art.png",
        PNG + zip_archive(),
        f"The file holds more than an image ({len(zip_archive()):,} bytes of other data after",
    ),
    "JPEG followed by a ZIP": ("art.jpg", JPEG + zip_archive(), "holds more than an image"),
    "pixel bomb": ("bomb.png", pixel_bomb(), "too many pixels; the limit is 4096×4096"),
    "huge file": ("huge.png", PNG + b"\0" * (6 * 1024 * 1024), "the limit is 5 MB"),
}
ACCEPTED = {
    "PNG named .PNG": ("ART.PNG", PNG),
    "PNG without an extension": ("art", PNG),
}


def media_files() -> list[str]:
    root = Path(settings.MEDIA_ROOT)
    return sorted(str(path.relative_to(root)) for path in root.rglob("*") if path.is_file())


def card_state(card: Card) -> tuple:
    card.refresh_from_db()
    return (
        card.name,
        card.image.name,
        card.updated,
        CardRevision.objects.filter(card=card).count(),
    )


@pytest.fixture
def framed(alice) -> Card:
    """Alice's card with a picture of its own already stored."""
    card = card_services.card_create(owner=alice, definition=CARD, visibility="public")
    return card_services.card_update(
        card=card, user=alice, definition=CARD, image=SimpleUploadedFile("a.png", PNG)
    )


def form(**changes: object) -> dict:
    return {**CARD, "visibility": "private", "edition": 14, **changes}


@pytest.mark.parametrize(("name", "content", "message"), REFUSED.values(), ids=list(REFUSED))
def test_bad_images_are_refused_everywhere_and_nothing_is_stored(
    client, api, alice, framed, name, content, message
):
    cards = Card.objects.count()
    before, files = card_state(framed), media_files()
    api.force_authenticate(alice)
    client.force_login(alice)

    created = api.post(
        "/api/v1/cards/",
        {**CARD, "image": SimpleUploadedFile(name, content)},
        format="multipart",
    )
    replaced = api.put(
        f"/api/v1/cards/{framed.pk}/",
        {**CARD, "name": "Changed", "image": SimpleUploadedFile(name, content)},
        format="multipart",
    )
    patched = api.patch(
        f"/api/v1/cards/{framed.pk}/",
        {"name": "Changed", "image": SimpleUploadedFile(name, content)},
        format="multipart",
    )
    for answer in (created, replaced, patched):
        assert answer.status_code == 400
        assert answer["Content-Type"] == "application/json"
        assert list(answer.json()) == ["image"]
        assert message in answer.json()["image"][0]

    designed = client.post("/cards/new/", form(image=SimpleUploadedFile(name, content)))
    edited = client.post(
        f"/cards/{framed.pk}/edit/", form(name="Changed", image=SimpleUploadedFile(name, content))
    )
    for page in (designed, edited):
        assert page.status_code == 400
        assert list(page.context["form"].errors) == ["image"]
        assert message in page.content.decode()

    previewed = client.post("/cards/preview/", form(image=SimpleUploadedFile(name, content)))
    assert previewed.status_code == 200 and message in previewed.content.decode()

    assert Card.objects.count() == cards
    assert card_state(framed) == before
    assert media_files() == files


@pytest.mark.parametrize(("name", "content"), ACCEPTED.values(), ids=list(ACCEPTED))
def test_a_png_under_its_own_name_or_none_is_stored_as_a_clean_png(api, alice, name, content):
    api.force_authenticate(alice)
    answer = api.post(
        "/api/v1/cards/",
        {**CARD, "image": SimpleUploadedFile(name, content)},
        format="multipart",
    )
    assert answer.status_code == 201, answer.content
    card = Card.objects.get(pk=answer.json()["id"])
    assert card.image.name.endswith(".png")
    stored = card.image.read()
    assert stored.startswith(b"\x89PNG") and stored.endswith(_chunk(b"IEND", b""))
    assert Image.open(io.BytesIO(stored)).size == (120, 90)


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"{" + b" " * (64 * 1024) + b"}", "too large for a card"),
        (PNG, "not UTF-8 text"),
    ],
    ids=["too large", "an image named .json"],
)
def test_the_card_import_refuses_files_that_are_not_a_card(client, alice, content, message):
    client.force_login(alice)
    cards = Card.objects.count()
    page = client.post("/cards/import/", {"json_file": SimpleUploadedFile("card.json", content)})
    assert page.status_code == 400
    assert message in page.content.decode()
    assert Card.objects.count() == cards


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"4 Ember Wisp\n" * (2 * 1024 * 1024 // 13 + 1), "larger than 2 MB"),
        (PNG, "not UTF-8 text"),
    ],
    ids=["too large", "an image named .txt"],
)
def test_the_deck_import_refuses_files_that_are_not_a_deck(client, alice, content, message):
    client.force_login(alice)
    page = client.post(
        "/decks/import/",
        {
            "file": SimpleUploadedFile("deck.txt", content),
            "name": "Upload",
            "edition": "14",
            "visibility": "private",
        },
    )
    # A file over the import limit is content too large (413); the form says so either way.
    assert page.status_code == (413 if message == "larger than 2 MB" else 400)
    assert message in page.content.decode()
    assert not Deck.objects.exists()
