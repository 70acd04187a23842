"""/sets/, /sets/new/, /sets/{id}/ and its edit: alice makes a set on the site, numbering her
cards; bad input is a form error and saves nothing; strangers see nothing of it until its
release, and then its cards with their numbers."""

from __future__ import annotations

import pytest
from django.test import Client

from sets.models import CardSet
from tests.sets.world import make_cards, make_set

pytestmark = pytest.mark.django_db


@pytest.fixture
def alices(client: Client, alice) -> Client:
    client.force_login(alice)
    return client


def form_data(cards, numbers, **fields):
    data = {
        "name": "Embers",
        "code": "EMB",
        "description": "",
        "edition": 17,
        "visibility": "public",
        "release_at": "",
        **fields,
    }
    for card, number in zip(cards, numbers, strict=True):
        data[f"number_{card.pk}"] = "" if number is None else str(number)
    return data


def test_alice_numbers_her_cards_into_a_set(alices, alice):
    cards = make_cards(alice, 3)
    answer = alices.post("/sets/new/", form_data(cards, [2, None, 1]))
    assert answer.status_code == 302, answer.content.decode()[:2000]
    card_set = CardSet.objects.get()
    assert list(card_set.entries.values_list("card_id", flat=True)) == [cards[2].pk, cards[0].pk]
    page = alices.get(answer["Location"])
    assert page.status_code == 200
    assert "EMB 001/002" in page.content.decode()


@pytest.mark.parametrize(
    ("fields", "numbers", "message"),
    [
        ({"code": "emb1"}, [1], "capital letters"),
        ({}, [1, 1], "given to two cards"),
    ],
)
def test_bad_input_is_a_form_error(alices, alice, fields, numbers, message):
    cards = make_cards(alice, len(numbers))
    answer = alices.post("/sets/new/", form_data(cards, numbers, **fields))
    assert answer.status_code == 400
    assert message in answer.content.decode()
    assert not CardSet.objects.exists()


def test_a_bad_symbol_is_a_form_error(alices, alice):
    from django.core.files.uploadedfile import SimpleUploadedFile

    cards = make_cards(alice, 1)
    upload = SimpleUploadedFile("symbol.png", b"not a picture", content_type="image/png")
    answer = alices.post("/sets/new/", {**form_data(cards, [1]), "symbol": upload})
    assert answer.status_code == 400
    assert "not a PNG, JPEG or WebP" in answer.content.decode()
    assert not CardSet.objects.exists()


def test_a_good_symbol_is_printed_small(alices, alice):
    import io

    from django.core.files.uploadedfile import SimpleUploadedFile
    from PIL import Image

    out = io.BytesIO()
    Image.new("RGB", (400, 400), (200, 40, 40)).save(out, "PNG")
    cards = make_cards(alice, 1)
    upload = SimpleUploadedFile("symbol.png", out.getvalue(), content_type="image/png")
    answer = alices.post("/sets/new/", {**form_data(cards, [1]), "symbol": upload})
    assert answer.status_code == 302
    card_set = CardSet.objects.get()
    symbol = alices.get(f"/sets/{card_set.pk}/symbol.png")
    assert symbol.status_code == 200
    with Image.open(io.BytesIO(symbol.content)) as image:
        assert max(image.size) <= 96


def test_strangers_see_nothing_before_the_release_and_every_card_after(client, alice, bob):
    card_set = make_set(alice, "scheduled")
    client.force_login(bob)
    for path in ("", "edit/", "cards/1.png", "print.pdf", "export.zip", "symbol.png"):
        assert client.get(f"/sets/{card_set.pk}/{path}").status_code == 404, path
    assert "Embers" not in client.get("/sets/").content.decode()
    from sets import services

    services.set_release(card_set=card_set, user=alice)
    page = client.get(f"/sets/{card_set.pk}/").content.decode()
    assert "EMB 001/002" in page and "EMB 002/002" in page
    assert client.get(f"/sets/{card_set.pk}/cards/2.png").status_code == 200
    assert client.get(f"/sets/{card_set.pk}/edit/").status_code == 403


def test_the_set_page_shows_its_checks(alices, alice):
    card_set = make_set(alice, "private")
    page = alices.get(f"/sets/{card_set.pk}/").content.decode()
    assert "The set, checked" in page and "Level curve" in page and "Components used" in page
    assert "draw x cards." in page


def test_release_and_undo_from_the_page(alices, alice):
    card_set = make_set(alice, "private")
    assert alices.post(f"/sets/{card_set.pk}/release/").status_code == 302
    card_set.refresh_from_db()
    assert card_set.released
    assert alices.post(f"/sets/{card_set.pk}/unrelease/").status_code == 302
    card_set.refresh_from_db()
    assert not card_set.released


def test_a_symbol_too_big_is_a_form_error(alices, alice):
    from django.core.files.uploadedfile import SimpleUploadedFile

    cards = make_cards(alice, 1)
    upload = SimpleUploadedFile("symbol.png", b"\x89PNG" + b"0" * 300_000, content_type="image/png")
    answer = alices.post("/sets/new/", {**form_data(cards, [1]), "symbol": upload})
    assert answer.status_code == 400
    assert "the limit is 262,144" in answer.content.decode()
    assert not CardSet.objects.exists()


def test_editing_a_set_made_private_after_release_keeps_it_private(alices, alice):
    from sets import services

    card_set = make_set(alice, "released")
    services.set_update(card_set=card_set, user=alice, visibility="private")
    page = alices.get(f"/sets/{card_set.pk}/edit/").content.decode()
    assert '<option value="private" selected>' in page
