"""What alice is short of to build one more deck, with her copies sleeved in the decks she has
built: the deck page's panel, the API, and the print of only those copies."""

from typing import Any

import pytest
from django.urls import reverse

from cards import builds
from cards import services as card_services
from cards.selectors import WITHHELD_NAME
from decks import selectors
from decks.shortfall import deck_shortfall
from tests.decks.conftest import spark
from tests.decks.printed_pdf import embedded_images, read_pdf

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}


@pytest.fixture
def shelf(alice, make_card, make_deck) -> dict[str, Any]:
    """Alice owns 4 Wisps and 2 Sparks. Her built deck "Ashes" sleeves 3 Wisps and 2 Sparks;
    "Cinders", the next one, wants 3 Wisps, 1 Spark and 2 Flares she never printed."""
    wisp = make_card(name="Wisp")
    spark_card = make_card(**spark("Spark", 2))
    flare = make_card(**spark("Flare", 3))
    card_services.collection_add(user=alice, card=wisp, copies=4)
    card_services.collection_add(user=alice, card=spark_card, copies=2)
    ashes = make_deck(name="Ashes", entries=[(wisp, 3), (spark_card, 2)])
    cinders = make_deck(name="Cinders", entries=[(wisp, 3), (spark_card, 1), (flare, 2)])
    builds.deck_build_mark(user=alice, deck=ashes)
    return {"wisp": wisp, "spark": spark_card, "flare": flare, "ashes": ashes, "cinders": cinders}


def shortfall_of(deck, user):
    return deck_shortfall(deck=selectors.deck_for_viewer(user=user, pk=deck.pk), user=user)


def test_copies_in_a_built_deck_are_not_free_for_the_next(alice, shelf):
    found = shortfall_of(shelf["cinders"], alice)
    rows = {row.card.name: (row.count, row.owned, row.in_built, row.short) for row in found.rows}
    assert rows == {"Wisp": (3, 4, 3, 2), "Spark": (1, 2, 2, 1), "Flare": (2, 0, 0, 2)}
    assert (found.count, found.short, found.covered) == (6, 5, 1)
    assert [use.deck_name for use in found.built_decks] == ["Ashes"]
    assert not found.built


def test_a_built_deck_does_not_hold_its_own_copies_away(alice, shelf):
    found = shortfall_of(shelf["ashes"], alice)
    assert found.built and found.short == 0
    assert all(row.uses == () for row in found.rows)


def test_unmarking_frees_the_copies(alice, shelf):
    builds.deck_build_unmark(user=alice, deck=shelf["ashes"])
    found = shortfall_of(shelf["cinders"], alice)
    assert {row.card.name: row.short for row in found.rows} == {"Wisp": 0, "Spark": 0, "Flare": 2}


# -- the deck page ------------------------------------------------------------------------------


def test_the_deck_page_loads_the_panel_for_the_signed_in_viewer_only(client, alice, shelf):
    url = reverse("deck-detail", args=[shelf["cinders"].pk])
    client.force_login(alice)
    html = client.get(url).content.decode()
    assert f'hx-get="{reverse("deck-shortfall", args=[shelf["cinders"].pk])}"' in html
    client.logout()
    shelf["cinders"].visibility = "public"
    shelf["cinders"].save()
    assert 'id="shortfall"' not in client.get(url).content.decode()


def test_the_panel_says_what_is_owned_built_and_short(client, alice, shelf):
    client.force_login(alice)
    url = reverse("deck-shortfall", args=[shelf["cinders"].pk])
    html = client.get(url, headers=HTMX).content.decode()
    ashes = reverse("deck-detail", args=[shelf["ashes"].pk])
    assert (
        f"Copies: you own <strong>6</strong>, <strong>5</strong> are in your built deck"
        f' <a href="{ashes}">Ashes</a>; short <strong>5</strong> of 6.' in html
    )
    assert f'you own 4, 3 are in your built deck <a href="{ashes}">Ashes</a>;' in html
    assert "<strong>short 2</strong>" in html
    assert 'data-short="5"' in html and "Mark built" in html
    # Without htmx, the deck page shows it.
    response = client.get(url)
    assert response.status_code == 302
    assert response["Location"] == reverse("deck-detail", args=[shelf["cinders"].pk]) + "#shortfall"


# -- the API ------------------------------------------------------------------------------------


def test_the_api_gives_the_same_shortfall(api, alice, shelf):
    api.force_authenticate(alice)
    response = api.get(f"/api/v1/decks/{shelf['cinders'].pk}/shortfall/")
    assert response.status_code == 200
    data = response.json()
    assert (data["deck"], data["built"], data["count"], data["short"]) == (
        shelf["cinders"].pk,
        False,
        6,
        5,
    )
    assert data["built_decks"] == [{"id": shelf["ashes"].pk, "name": "Ashes", "copies": 5}]
    wisp = next(row for row in data["cards"] if row["name"] == "Wisp")
    assert wisp == {
        "card": shelf["wisp"].pk,
        "name": "Wisp",
        "withheld": False,
        "count": 3,
        "owned": 4,
        "in_built": 3,
        "short": 2,
        "built_decks": [{"id": shelf["ashes"].pk, "name": "Ashes", "copies": 3}],
    }


def test_the_api_shortfall_needs_an_account_and_a_deck_you_may_see(api, alice, bob, shelf):
    url = f"/api/v1/decks/{shelf['cinders'].pk}/shortfall/"
    assert api.get(url).status_code == 401
    api.force_authenticate(bob)
    assert api.get(url).status_code == 404  # alice's private deck
    for bad in ("0", "99999999", "99999999999999999999999"):
        response = api.get(f"/api/v1/decks/{bad}/shortfall/")
        assert response.status_code == 404
        assert response["Content-Type"].startswith("application/json")
    assert api.get("/api/v1/decks/ashes/shortfall/").status_code == 404


# -- privacy ------------------------------------------------------------------------------------


def test_a_private_card_is_withheld_from_another_persons_shortfall(
    api, client, alice, bob, make_card, make_deck
):
    secret = make_card(owner=bob, name="Bob's Secret Wisp")  # private
    shared = make_card(owner=bob, name="Open Wisp", visibility="public")
    deck = make_deck(
        owner=bob, name="Bob's", visibility="public", entries=[(secret, 2), (shared, 3)]
    )
    card_services.collection_add(user=alice, card=shared, copies=1)
    builds.deck_build_mark(user=alice, deck=deck)

    client.force_login(alice)
    html = client.get(reverse("deck-shortfall", args=[deck.pk]), headers=HTMX).content.decode()
    assert "Bob&#x27;s Secret Wisp" not in html and "Secret" not in html
    assert f"{WITHHELD_NAME} ×2: you own 0; <strong>short 2</strong>" in html
    api.force_authenticate(alice)
    data = api.get(f"/api/v1/decks/{deck.pk}/shortfall/").json()
    assert "Secret" not in str(data)
    withheld = next(row for row in data["cards"] if row["withheld"])
    assert withheld["card"] is None and withheld["name"] is None and withheld["short"] == 2
    collection = client.get(reverse("collection")).content.decode()
    assert "Secret" not in collection
    assert f'3 in <a href="{deck.get_absolute_url()}">Bob&#x27;s</a> (3);' in collection


def test_a_built_deck_made_private_holds_no_copies_and_is_not_named(
    client, alice, bob, make_card, make_deck
):
    shared = make_card(owner=bob, name="Open Wisp", visibility="public")
    theirs = make_deck(owner=bob, name="Hidden Later", visibility="public", entries=[(shared, 3)])
    mine = make_deck(name="Mine", entries=[(shared, 3)])
    card_services.collection_add(user=alice, card=shared, copies=3)
    builds.deck_build_mark(user=alice, deck=theirs)
    assert shortfall_of(mine, alice).short == 3
    theirs.visibility = "private"
    theirs.save()
    assert shortfall_of(mine, alice).short == 0
    client.force_login(alice)
    html = client.get(reverse("collection")).content.decode()
    assert "Hidden Later" not in html
    assert "none; 3 free" in html


# -- printing only the copies short of ----------------------------------------------------------


def test_the_print_holds_exactly_the_copies_short_of(client, alice, shelf):
    client.force_login(alice)
    response = client.get(
        reverse("deck-print-pdf", args=[shelf["cinders"].pk]), {"paper": "a4", "short": "on"}
    )
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    assert response["Content-Disposition"] == 'attachment; filename="cinders-short-a4.pdf"'
    (page,) = read_pdf(response.content)
    # 2 Wisps, 1 Spark and 2 Flares: five cards of three designs.
    assert len(page.images) == 5
    assert embedded_images(response.content) == 3
    # Only missing from the collection, the built deck aside: 2 Flares.
    response = client.get(
        reverse("deck-print-pdf", args=[shelf["cinders"].pk]), {"paper": "a4", "missing": "on"}
    )
    (page,) = read_pdf(response.content)
    assert len(page.images) == 2


def test_the_print_api_prints_the_copies_short_of_too(api, alice, bob, shelf):
    path = f"/api/v1/decks/{shelf['cinders'].pk}/print.pdf"
    api.force_authenticate(alice)
    response = api.get(path, {"short": "1"})
    if response.status_code == 202:  # cards still being drawn on a worker: ask again
        response = api.get(path, {"short": "1"})
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    (page,) = read_pdf(response.content)
    assert len(page.images) == 5
    assert api.get(path, {"short": "maybe"}).status_code == 400
    api.force_authenticate(None)
    answer = api.get(path, {"short": "1"})
    assert answer.status_code in (400, 404)


def test_nothing_short_is_said_not_printed(client, alice, shelf, make_deck):
    spare = make_deck(name="Spare", entries=[(shelf["wisp"], 1)])
    client.force_login(alice)
    response = client.get(reverse("deck-print-pdf", args=[spare.pk]), {"paper": "a4", "short": "1"})
    assert response.status_code == 400
    assert response["Content-Type"].startswith("text/html")
    assert "Nothing to print: you are short of no copy of this deck." in response.content.decode()
    progress = client.get(
        reverse("deck-print-progress", args=[spare.pk]), {"paper": "a4", "short": "1"}
    )
    assert "Nothing to print" in progress.content.decode()


def test_printing_the_copies_short_of_needs_an_account(client, alice, shelf):
    shelf["cinders"].visibility = "public"
    shelf["cinders"].save()
    response = client.get(
        reverse("deck-print-pdf", args=[shelf["cinders"].pk]), {"paper": "a4", "short": "on"}
    )
    assert response.status_code == 400 and "Log in to print only" in response.content.decode()


def test_the_print_form_offers_the_option_to_the_signed_in(client, alice, shelf):
    client.force_login(alice)
    html = client.get(reverse("deck-print", args=[shelf["cinders"].pk])).content.decode()
    assert 'name="short"' in html and "Only copies I&#x27;m short of" in html


def test_a_built_deck_holding_more_than_is_owned_takes_only_what_is_owned(alice, shelf, make_deck):
    # Ashes holds 2 Sparks; alice now says she owns 1 (the other is a printed stand-in).
    card_services.collection_add(user=alice, card=shelf["spark"], copies=1)
    found = shortfall_of(shelf["cinders"], alice)
    spark_row = next(row for row in found.rows if row.card.name == "Spark")
    assert (spark_row.owned, spark_row.in_built, spark_row.free, spark_row.short) == (1, 1, 0, 1)
    only_flares = make_deck(name="Flares", entries=[(shelf["flare"], 1)])
    assert shortfall_of(only_flares, alice).built_decks == []
