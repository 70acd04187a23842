"""/sets/import/: bob imports alice's exported set with its art; each picture in the ZIP goes
through the checks a card picture upload gets (size, type, decompression bombs). A bad picture
is a form error naming the card, and nothing is saved: no card, no set, no stored picture."""

from __future__ import annotations

import html
import io
import json
import os
import zipfile
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from cards import services as card_services
from cards.models import Card
from sets.models import CardSet
from tests.sets.world import definition, make_set
from tests.sets.world_pictures import gif, png, png_claiming

pytestmark = pytest.mark.django_db

PICTURE = "pictures/001-ember.png"


@pytest.fixture
def alices_zip(client, alice, bob) -> bytes:
    ember = card_services.card_create(
        owner=alice, definition=definition("Ember"), image=png("red"), visibility="private"
    )
    card_set = make_set(alice, "released", cards=[ember])
    client.force_login(bob)
    answer = client.get(f"/sets/{card_set.pk}/export.zip")
    assert answer.status_code == 200
    return answer.content


def rezipped(content: bytes, replace: dict[str, bytes | None], **document_changes) -> bytes:
    """The ZIP with some files replaced (None: left out) and set.json changed."""
    out = io.BytesIO()
    with (
        zipfile.ZipFile(io.BytesIO(content)) as source,
        zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target,
    ):
        for name in source.namelist():
            data = replace.get(name, source.read(name))
            if name == "set.json":
                document = json.loads(data)
                for number, change in document_changes.get("cards", {}).items():
                    document["cards"][number - 1].update(change)
                data = json.dumps(document).encode()
            if data is not None:
                target.writestr(name, data)
    return out.getvalue()


def post(client, content: bytes, name: str = "set.zip"):
    upload = SimpleUploadedFile(name, content, content_type="application/zip")
    return client.post("/sets/import/", {"file": upload})


def said(answer) -> str:
    return html.unescape(answer.content.decode())


def stored_pictures(settings) -> set[str]:
    root = Path(settings.MEDIA_ROOT) / "cards"
    return {path.name for path in root.glob("*")} if root.exists() else set()


def test_bob_imports_alices_set_with_its_picture(client, bob, alices_zip):
    answer = post(client, alices_zip)
    assert answer.status_code == 302, answer.content.decode()[:2000]
    copy = CardSet.objects.get(owner=bob)
    card = copy.entries.get().card
    assert card.owner == bob and card.image.name
    with card.image.open("rb") as handle:
        assert handle.read() == png("red")


def test_a_set_json_alone_imports_without_pictures(client, bob, alices_zip):
    with zipfile.ZipFile(io.BytesIO(alices_zip)) as archive:
        document = archive.read("set.json")
    answer = post(client, document, "set.json")
    assert answer.status_code == 302
    assert not Card.objects.get(owner=bob).image


BAD_PICTURES = {
    "not an image": (b"plain words, not a picture", "not a PNG, JPEG or WebP"),
    "a gif": (gif(), "not a PNG, JPEG or WebP"),
    "a web page": (b"<html><script>alert(1)</script></html>", "not a PNG"),
    "a decompression bomb": (png_claiming(100_000, 100_000), "pixels"),
    "too many pixels": (png_claiming(5000, 10), "5000×10 pixels"),
    "damaged": (png("purple", (200, 200))[:120], "damaged or incomplete"),
    "missing from the ZIP": (None, "the ZIP holds no such file"),
}


@pytest.mark.parametrize("picture, message", BAD_PICTURES.values(), ids=list(BAD_PICTURES))
def test_a_bad_picture_is_a_form_error_and_saves_nothing(
    client, bob, alices_zip, settings, picture, message
):
    before = stored_pictures(settings)
    answer = post(client, rezipped(alices_zip, {PICTURE: picture}))
    assert answer.status_code == 400
    page = said(answer)
    assert "The picture of card 1 (pictures/001-ember.png)" in page and message in page
    assert not Card.objects.filter(owner=bob).exists()
    assert not CardSet.objects.filter(owner=bob).exists()
    assert stored_pictures(settings) == before


def test_a_picture_over_the_limit_is_refused_unread(client, bob, alices_zip, settings):
    noise = os.urandom(5 * 1024 * 1024 + 1)  # random bytes do not compress
    answer = post(client, rezipped(alices_zip, {PICTURE: noise}))
    assert answer.status_code == 400
    assert "a card's picture is at most 5,242,880" in said(answer)
    assert not Card.objects.filter(owner=bob).exists()


def test_a_picture_packed_too_tightly_is_refused_unread(client, bob, alices_zip):
    answer = post(client, rezipped(alices_zip, {PICTURE: b"\0" * (4 * 1024 * 1024)}))
    assert answer.status_code == 400
    assert "packed too tightly" in said(answer)


def test_a_picture_that_is_not_a_file_name_is_a_form_error(client, bob, alices_zip):
    answer = post(client, rezipped(alices_zip, {}, cards={1: {"picture": {"x": 1}}}))
    assert answer.status_code == 400
    assert 'its "picture" must be the name of a file' in said(answer)


def test_a_set_that_fails_after_its_pictures_are_stored_leaves_none(
    client, bob, alices_zip, settings
):
    # Bob has a set coded EMB already: the import fails once its cards are made.
    make_set(bob, "private", code="EMB", name="Bob's own")
    before = stored_pictures(settings)
    answer = post(client, rezipped(alices_zip, {PICTURE: png("orange")}))
    assert answer.status_code == 400
    assert "You already have a set coded EMB" in said(answer)
    assert CardSet.objects.filter(owner=bob).count() == 1
    assert Card.objects.filter(owner=bob).count() == 2  # the two of his own set
    assert stored_pictures(settings) == before
