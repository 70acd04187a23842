"""The API refuses what its schema refuses: query parameters, text and booleans in JSON, form
bodies where the schema lists none, and addresses under /api/ that match nothing (JSON 404s)."""

import pytest

from cards import services as card_services
from decks import services as deck_services

pytestmark = pytest.mark.django_db

WISP = {
    "name": "Wisp",
    "kind": "minion",
    "design_edition": 14,
    "level": 1,
    "sp": 1,
    "hp": 2,
    "ability_text": "WHISPER: Draw 1 card.",
}


@pytest.fixture
def wisp(alice):
    return card_services.card_create(owner=alice, definition=WISP, visibility="public")


@pytest.fixture
def deck(alice, wisp):
    return deck_services.deck_create(
        owner=alice, name="Embers", visibility="public", entries=[(wisp, 4)]
    )


def field_errors(response) -> set[str]:
    assert response.status_code == 400, response.content
    return set(response.json())


@pytest.mark.parametrize(
    ("url", "query", "field"),
    [
        # Regressions: each of these was answered 200, read as something else.
        ("/api/v1/cards/{card}/render.png", "size=AAA", "size"),
        ("/api/v1/cards/{card}/render.png", "download=null", "download"),
        ("/api/v1/cards/{card}/render.png", "download=", "download"),
        ("/api/v1/decks/{deck}/print.pdf", "missing=null", "missing"),
        ("/api/v1/decks/", "page_size=null", "page_size"),
        ("/api/v1/decks/", "page_size=101", "page_size"),
        ("/api/v1/decks/", "page=1&page=2", "page"),
        ("/api/v1/decks/", "page=0", "page"),
        ("/api/v1/decks/", "mine=yes", "mine"),
        ("/api/v1/cards/", "q=fire&q=ice", "q"),
        ("/api/v1/cards/", "colour=red", "colour"),
        ("/api/v1/glossary/", "edition=0", "edition"),
        ("/api/v1/glossary/", "kind=spell", "kind"),
        ("/api/v1/decks/{deck}/validation/", "edition=99", "edition"),  # not on file
    ],
)
def test_a_query_the_schema_refuses_is_a_400_naming_the_parameter(
    api, alice, wisp, deck, url, query, field
):
    api.force_authenticate(alice)
    address = url.format(card=wisp.pk, deck=deck.pk)
    assert field_errors(api.get(f"{address}?{query}")) == {field}


def test_the_written_values_are_read(api, alice, wisp, deck):
    api.force_authenticate(alice)
    png = api.get(f"/api/v1/cards/{wisp.pk}/render.png?size=small&download=true")
    assert png.status_code == 200 and "attachment" in png["Content-Disposition"]
    assert api.get(f"/api/v1/cards/{wisp.pk}/render.png?download=1").status_code == 200
    assert api.get("/api/v1/decks/?page=1&page_size=1&mine=true").json()["count"] == 1
    assert api.get("/api/v1/decks/?page=2&page_size=1").status_code == 404
    assert api.get("/api/v1/glossary/?edition=14&kind=keyword").status_code == 200


def test_a_blank_bury_in_a_form_is_refused_not_the_default(api, alice, deck, inline_workers):
    api.force_authenticate(alice)
    url = f"/api/v1/decks/{deck.pk}/simulations/"
    assert field_errors(api.post(url, {"games": "1000", "bury": ""})) == {"bury"}
    assert field_errors(api.post(url, {"games": "1000", "bury": " none"}, format="json")) == {
        "bury"
    }
    assert field_errors(api.post(url, {"games": "", "bury": "none"})) == {"games"}


@pytest.mark.parametrize(
    ("body", "where"),
    [
        ({"edition": 14, "card": {**WISP, "name": 0}}, "card"),
        ({"edition": 14, "card": {**WISP, "flavor_text": 2.5}}, "card"),
    ],
)
def test_a_number_where_json_text_belongs_is_refused(api, body, where):
    response = api.post("/api/v1/check/card/", body, format="json")
    assert field_errors(response) == {where}


def test_a_boolean_in_json_is_true_or_false(api):
    entry = {"count": 1, "card": WISP}
    for withheld in (0, "true", "yes"):
        body = {"edition": 14, "cards": [{**entry, "withheld": withheld}]}
        assert field_errors(api.post("/api/v1/check/deck/", body, format="json")) == {"cards"}


@pytest.mark.parametrize(
    "url", ["/api/v1/check/card/", "/api/v1/check/deck/", "/api/v1/cards/import/"]
)
def test_a_form_body_is_refused_where_the_schema_lists_only_json(api, alice, url):
    api.force_authenticate(alice)
    assert api.post(url, {"edition": "14"}, format="multipart").status_code == 415


def test_an_empty_patch_of_a_collection_entry_changes_nothing(api, alice, bob, wisp):
    """A regression: the schema allowed {} (a PATCH) and the API asked for copies."""
    card_services.collection_add(user=alice, card=wisp, copies=3)
    api.force_authenticate(alice)
    response = api.patch(f"/api/v1/collection/{wisp.pk}/", {}, format="json")
    assert response.status_code == 200 and response.json()["copies"] == 3


@pytest.mark.parametrize(
    "url",
    [
        "/api/v1/glossary/Not%20a%20slug/",
        "/api/v1/glossary/%C3%BC/",
        "/api/v1/rulebook/-1/",
        "/api/v1/rulebook/eleven/",
        "/api/nothing",
        "/api/",
    ],
)
def test_an_api_address_that_matches_nothing_is_a_json_404_in_debug_too(client, settings, url):
    """A regression: with DEBUG on, Django answered these with its HTML 404 page."""
    settings.DEBUG = True
    answer = client.get(url)
    assert answer.status_code == 404
    assert answer.json() == {"detail": "Not found."}


def test_an_undeclared_method_is_a_405_before_any_token_is_asked_for(api):
    """A regression: DRF checked the token first, so a TRACE without one was a 401."""
    answer = api.generic("TRACE", "/api/v1/auth/token/")
    assert answer.status_code == 405 and answer["Allow"] == "POST, DELETE, OPTIONS"
    answer = api.put("/api/v1/collection/", {}, format="json")
    assert answer.status_code == 405 and "GET" in answer["Allow"]


def test_a_post_to_an_api_address_that_matches_nothing_is_a_json_404(client):
    """Not the site's HTML page saying the CSRF cookie is missing."""
    client.handler.enforce_csrf_checks = True
    answer = client.post("/api/v1/decks/null/", {})
    assert answer.status_code == 404 and answer.json() == {"detail": "Not found."}


def test_an_id_no_row_can_have_is_a_404(api, deck):
    """A regression: the validation of deck 2**70 was a server error (the database refused
    the number)."""
    assert api.get(f"/api/v1/decks/{2**70}/validation/").status_code == 404


def test_a_multipart_body_with_no_readable_part_is_a_400_not_an_empty_form(api, alice, deck):
    """A regression: a goldfish run started with the defaults from a body that was no form."""
    api.force_authenticate(alice)
    boundary = "BoUnDaRy"
    body = f"--{boundary}\r\nFalse--{boundary}--\r\n"
    answer = api.generic(
        "POST",
        f"/api/v1/decks/{deck.pk}/simulations/",
        body,
        content_type=f"multipart/form-data; boundary={boundary}",
    )
    assert answer.status_code == 400 and "no part" in answer.json()["detail"]
    # An empty form is a form: every option has its default (and this deck is too small).
    empty = api.post(f"/api/v1/decks/{deck.pk}/simulations/", {}, format="multipart")
    assert field_errors(empty) == {"deck"}
