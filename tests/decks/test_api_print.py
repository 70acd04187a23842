"""GET /api/v1/decks/<id>/print.pdf: the cards at exact size, 9 a page."""

import pytest

from cards import services as card_services
from tests.decks.printed_pdf import embedded_images, read_pdf

pytestmark = pytest.mark.django_db


def pages(pdf: bytes) -> list[tuple[int, int]]:
    return [(round(page.width), round(page.height)) for page in read_pdf(pdf)]


def test_a_40_card_deck_prints_on_5_a4_pages(api, alice, legal_deck):
    api.force_authenticate(alice)
    response = api.get(f"/api/v1/decks/{legal_deck.pk}/print.pdf")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert response.content.startswith(b"%PDF")
    assert pages(response.content) == [(595, 842)] * 5
    # 10 designs are embedded once each, however many copies print.
    assert embedded_images(response.content) == 10


def test_letter_with_a_page_of_backs(api, alice, legal_deck):
    api.force_authenticate(alice)
    response = api.get(
        f"/api/v1/decks/{legal_deck.pk}/print.pdf",
        {"paper": "letter", "backs": "1"},
        HTTP_ACCEPT="application/pdf",
    )
    assert pages(response.content) == [(612, 792)] * 6


def test_duplex_backs_follow_every_page(api, alice, legal_deck):
    api.force_authenticate(alice)
    response = api.get(f"/api/v1/decks/{legal_deck.pk}/print.pdf", {"backs": "duplex"})
    assert len(pages(response.content)) == 10


def test_bleed_prints_6_cards_a_page_each_with_3_mm_of_border_round_it(api, alice, legal_deck):
    api.force_authenticate(alice)
    url = f"/api/v1/decks/{legal_deck.pk}/print.pdf"
    plain = api.get(url).content
    response = api.get(url, {"bleed": "true", "backs": "duplex"})

    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    pdf = response.content
    # 40 cards: 7 pages of fronts (6 a page), each followed by its backs; A4 all the same.
    assert pages(pdf) == [(595, 842)] * 14
    read = read_pdf(pdf)
    placed = [placed.box for page in read for placed in page.images]
    assert len(placed) == 80
    assert {(round(box.width, 2), round(box.height, 2)) for box in placed} == {(180, 252)}
    # A rectangle of border colour under every card, 3 mm (8.4 points) larger each way.
    bleeds = [fill.box for page in read for fill in page.rectangles]
    assert len(bleeds) == 80
    assert {(round(box.width, 2), round(box.height, 2)) for box in bleeds} == {(196.8, 268.8)}
    assert not any(page.fills for page in read_pdf(plain)) and pages(plain) == [(595, 842)] * 5
    # The same cards, embedded once each.
    assert embedded_images(pdf) == embedded_images(plain) + 1


def test_only_the_copies_missing_from_the_collection(api, alice, legal_deck):
    entries = list(legal_deck.entries.select_related("card"))
    for entry in entries[:9]:  # alice owns every copy of 9 designs, and 1 of the last
        card_services.collection_add(user=alice, card=entry.card, copies=4)
    card_services.collection_add(user=alice, card=entries[9].card, copies=1)
    api.force_authenticate(alice)
    response = api.get(f"/api/v1/decks/{legal_deck.pk}/print.pdf", {"missing": "1"})
    assert response.status_code == 200
    (page,) = read_pdf(response.content)
    assert len(page.images) == 3
    # The 3 copies of the last design that alice lacks: one picture, placed three times.
    assert len({placed.name for placed in page.images}) == 1
    assert embedded_images(response.content) == 1


def test_nothing_missing_is_a_400_with_a_message(api, alice, legal_deck):
    for entry in legal_deck.entries.select_related("card"):
        card_services.collection_add(user=alice, card=entry.card, copies=10)
    api.force_authenticate(alice)
    response = api.get(
        f"/api/v1/decks/{legal_deck.pk}/print.pdf", {"missing": "1"}, HTTP_ACCEPT="application/pdf"
    )
    assert response.status_code == 400
    assert response["Content-Type"].startswith("application/json")
    assert "nothing to print" in response.json()["detail"]


@pytest.mark.parametrize(
    ("params", "field", "message"),
    [
        ({"paper": "a3"}, "paper", "not a valid choice"),
        ({"backs": "both"}, "backs", "not a valid choice"),
        ({"missing": "null"}, "missing", "true or false"),
        ({"bleed": "3mm"}, "bleed", "true or false"),
        ({"paper": ["a4", "letter"]}, "paper", "once"),
        ({"missing": "1"}, "detail", "Log in"),
    ],
)
def test_bad_options_are_400s(api, make_deck, make_card, params, field, message):
    deck = make_deck(visibility="public", entries=[(make_card(), 2)])
    response = api.get(f"/api/v1/decks/{deck.pk}/print.pdf", params)
    assert response.status_code == 400 and message in str(response.json()[field])


def test_an_empty_deck_has_nothing_to_print(api, alice, make_deck):
    api.force_authenticate(alice)
    response = api.get(f"/api/v1/decks/{make_deck().pk}/print.pdf")
    assert response.status_code == 400 and "no cards" in response.json()["detail"]


def test_too_many_cards_is_a_clear_400(api, alice, make_deck, make_card):
    deck = make_deck(entries=[(make_card(name=f"C{n}"), 100) for n in range(7)])
    api.force_authenticate(alice)
    response = api.get(f"/api/v1/decks/{deck.pk}/print.pdf")
    assert response.status_code == 400
    assert "at most 600 cards" in response.json()["detail"]


def test_a_print_of_many_new_cards_answers_its_progress_until_the_pdf(
    api, alice, make_card, make_deck, monkeypatch
):
    """A regression: every card of a print was drawn inside the one request (14 s for 200)."""
    from decks import print_renders

    monkeypatch.setattr(print_renders, "RENDERS_PER_REQUEST", 2)
    deck = make_deck(entries=[(make_card(name=f"Wisp {n}"), 3) for n in range(3)])
    api.force_authenticate(alice)
    url = f"/api/v1/decks/{deck.pk}/print.pdf"
    first = api.get(url, {"backs": "sheet"})
    assert first.status_code == 202 and first["Retry-After"] == "2"
    assert first.json()["ready"] == 2 and first.json()["total"] == 3
    assert "2 of 3 ready" in first.json()["detail"]
    second = api.get(url, {"backs": "sheet"})
    assert second.status_code == 200 and second["Content-Type"] == "application/pdf"
    assert embedded_images(second.content) == 3 + 1


def test_the_schema_offers_no_format_and_describes_the_progress(client):
    operation = client.get("/api/schema/", HTTP_ACCEPT="application/json").json()["paths"][
        "/api/v1/decks/{id}/print.pdf"
    ]["get"]
    names = {parameter["name"] for parameter in operation["parameters"]}
    assert names == {"id", "paper", "backs", "missing", "short", "bleed"}
    assert "application/json" in operation["responses"]["202"]["content"]
