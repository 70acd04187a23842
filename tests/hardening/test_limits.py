"""Limits, throttles and error answers.

Every text a person types has a size limit, and so do decks, searches and goldfish runs; going
over one is a 400 that names the field. Token requests, checks and goldfish runs are throttled
per client. Whatever goes wrong, the API answers in JSON — a 500 included — and the site with a
page in its own look (404, 403, 400), or, for a 500, a page that needs nothing that may have
failed.
"""

from __future__ import annotations

import logging

import pytest
from django.core.cache import cache
from django.db import OperationalError
from django.template.loader import render_to_string
from django.test import Client
from rest_framework.throttling import ScopedRateThrottle

from cards import selectors as card_selectors
from cards import services as card_services
from cards import verdict_panel
from cards.models import Card
from decks import services as deck_services
from decks.models import Deck
from simulations.models import SimulationRun

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
GOLDFISH = {"games": 500, "seed": 3, "max_turns": 10, "going": "first", "bury": "default"}


@pytest.fixture
def card(alice) -> Card:
    return card_services.card_create(owner=alice, definition=CARD, visibility="public")


@pytest.fixture
def deck(alice, card) -> Deck:
    return deck_services.deck_create(
        owner=alice, name="Embers", visibility="public", entries=[(card, 40)]
    )


def assert_json(answer, status: int) -> dict:
    assert answer.status_code == status, answer.content[:300]
    assert answer["Content-Type"].startswith("application/json"), answer["Content-Type"]
    return answer.json()


# -- sizes ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("field", "size"),
    [("name", 101), ("ability_text", 2001), ("flavor_text", 501)],
)
def test_card_texts_over_their_limit_are_a_400_naming_the_field(api, client, alice, field, size):
    api.force_authenticate(alice)
    body = assert_json(api.post("/api/v1/cards/", {**CARD, field: "x" * size}, format="json"), 400)
    assert list(body) == [field]
    assert str(size - 1) in body[field][0]  # "no more than 100 characters"
    checked = api.post(
        "/api/v1/check/card/", {"edition": 14, "card": {**CARD, field: "x" * size}}, format="json"
    )
    assert list(assert_json(checked, 400)["card"]) == [field]
    client.force_login(alice)
    page = client.post("/cards/new/", {**CARD, field: "x" * size, "visibility": "private"})
    assert page.status_code == 400 and list(page.context["form"].errors) == [field]
    assert not Card.objects.exists()


@pytest.mark.parametrize(("field", "size"), [("name", 101), ("description", 20_001)])
def test_deck_texts_over_their_limit_are_a_400_naming_the_field(api, client, alice, field, size):
    api.force_authenticate(alice)
    body = {"name": "Embers", field: "x" * size}
    assert list(assert_json(api.post("/api/v1/decks/", body, format="json"), 400)) == [field]
    client.force_login(alice)
    form = {"name": "Embers", "edition": "14", "visibility": "private", field: "x" * size}
    page = client.post("/decks/new/", form)
    assert page.status_code == 400 and list(page.context["form"].errors) == [field]
    assert not Deck.objects.exists()


def test_a_deck_holds_at_most_200_cards_of_at_most_100_copies(api, alice, card):
    api.force_authenticate(alice)
    many = [{"card": n, "count": 1} for n in range(1, 202)]
    body = assert_json(api.post("/api/v1/decks/", {"name": "Big", "entries": many}, "json"), 400)
    assert "200" in str(body["entries"])
    heavy = [{"card": card.pk, "count": 101}]
    body = assert_json(api.post("/api/v1/decks/", {"name": "Big", "entries": heavy}, "json"), 400)
    assert "100" in str(body["entries"])
    entry = {"count": 1, "card": CARD}
    checked = api.post("/api/v1/check/deck/", {"edition": 14, "cards": [entry] * 201}, "json")
    assert "200" in str(assert_json(checked, 400)["cards"])
    heavy_check = {"edition": 14, "cards": [{**entry, "count": 101}]}
    checked = api.post("/api/v1/check/deck/", heavy_check, format="json")
    assert "100" in str(assert_json(checked, 400)["cards"])
    assert not Deck.objects.exists()


def test_card_ids_beyond_any_database_row_are_a_400(api, alice, deck):
    """A regression: an id past 2**63 - 1 used to reach the database and fail there."""
    api.force_authenticate(alice)
    huge = [{"card": 2**64, "count": 1}]
    created = api.post("/api/v1/decks/", {"name": "X", "entries": huge}, format="json")
    assert "card" in str(assert_json(created, 400))
    patched = api.patch(f"/api/v1/decks/{deck.pk}/", {"entries": huge}, format="json")
    assert "card" in str(assert_json(patched, 400))


LONG_Q = "kind:minion " * 30  # 330 characters


@pytest.mark.parametrize(
    "url", ["/api/v1/cards/", "/api/v1/collection/", "/api/v1/decks/", "/api/v1/glossary/"]
)
def test_an_api_query_over_its_limit_is_a_json_400(api, alice, url):
    api.force_authenticate(alice)
    body = assert_json(api.get(url, {"q": LONG_Q}), 400)
    assert list(body) == ["q"]


@pytest.mark.parametrize("url", ["/cards/", "/cards/mine/", "/collection/"])
def test_a_search_over_its_limit_is_explained_on_the_page(client, alice, url):
    client.force_login(alice)
    page = client.get(url, {"q": LONG_Q})
    assert page.status_code == 400
    assert "That search could not be read" in page.content.decode()
    assert "the limit is 300" in page.content.decode()
    assert 'class="site-header"' in page.content.decode()


@pytest.mark.parametrize(
    ("change", "field"),
    [({"games": 200_001}, "games"), ({"games": 0}, "games"), ({"max_turns": 51}, "max_turns")],
)
def test_goldfish_runs_have_limits(api, client, alice, deck, change, field):
    api.force_authenticate(alice)
    answer = api.post(f"/api/v1/decks/{deck.pk}/simulations/", {**GOLDFISH, **change})
    assert list(assert_json(answer, 400)) == [field]
    client.force_login(alice)
    page = client.post(f"/decks/{deck.pk}/goldfish/", {**GOLDFISH, **change})
    assert page.status_code == 400 and field in page.context["form"].errors
    assert not SimulationRun.objects.exists()


# -- throttles --------------------------------------------------------------------------------


@pytest.fixture
def strict_rates(monkeypatch):
    monkeypatch.setattr(
        ScopedRateThrottle,
        "THROTTLE_RATES",
        {"token": "2/min", "check": "3/min", "simulation": "2/min"},
    )
    cache.clear()
    yield
    cache.clear()


def test_token_requests_are_throttled(api, alice, strict_rates):
    credentials = {"username": "alice", "password": "correct-horse-battery"}
    codes = [api.post("/api/v1/auth/token/", credentials).status_code for _ in range(3)]
    assert codes == [200, 200, 429]
    answer = api.post("/api/v1/auth/token/", credentials)
    assert "detail" in assert_json(answer, 429) and int(answer["Retry-After"]) > 0


def test_card_and_deck_checks_share_one_throttle(api, strict_rates):
    card = {"edition": 14, "card": CARD}
    deck = {"edition": 14, "cards": [{"count": 1, "card": CARD}]}
    codes = [api.post("/api/v1/check/card/", card, format="json").status_code for _ in range(2)]
    codes.append(api.post("/api/v1/check/deck/", deck, format="json").status_code)
    codes.append(api.post("/api/v1/check/deck/", deck, format="json").status_code)
    assert codes == [200, 200, 200, 429]
    assert_json(api.post("/api/v1/check/card/", card, format="json"), 429)


def test_goldfish_runs_are_throttled(api, alice, deck, inline_workers, strict_rates):
    api.force_authenticate(alice)
    url = f"/api/v1/decks/{deck.pk}/simulations/"
    codes = [api.post(url, {**GOLDFISH, "seed": seed}).status_code for seed in range(3)]
    assert codes == [202, 202, 429]
    assert SimulationRun.objects.count() == 2


# -- errors -----------------------------------------------------------------------------------


def test_api_errors_are_json(api, alice, bob, card):
    assert_json(api.generic("POST", "/api/v1/check/card/", "{not json", "application/json"), 400)
    assert_json(api.post("/api/v1/cards/", CARD, format="json"), 401)
    assert_json(api.get("/api/v1/cards/", HTTP_AUTHORIZATION="Token not-a-token"), 401)
    assert_json(api.get("/api/v1/cards/987654/"), 404)
    assert_json(api.get("/api/v1/no-such-thing/"), 404)
    assert_json(api.get("/api/v1/cards/not-a-number/"), 404)
    assert_json(api.delete("/api/v1/check/card/"), 405)
    assert_json(api.post("/api/v1/check/card/", "x", content_type="text/plain"), 415)
    api.force_authenticate(bob)
    assert_json(api.patch(f"/api/v1/cards/{card.pk}/", {"level": 2}, format="json"), 403)


def test_an_unexpected_api_error_is_a_json_500_and_is_logged(api, card, monkeypatch, caplog):
    def broken(**kwargs):
        raise RuntimeError("the rules engine fell over")

    monkeypatch.setattr(card_selectors, "card_for_viewer", broken)
    with caplog.at_level(logging.ERROR, logger="django.request"):
        body = assert_json(api.get(f"/api/v1/cards/{card.pk}/"), 500)
    assert body == {"detail": "Server error."}
    assert "the rules engine fell over" not in str(body)
    logged = [r for r in caplog.records if r.name == "django.request" and r.exc_info]
    assert logged and "RuntimeError" in caplog.text


def test_not_found_and_forbidden_are_not_turned_into_500s(api, bob, card):
    """The fallback answers only what DRF does not: its own 404 and 403 stay as they were."""
    Card.objects.filter(pk=card.pk).update(visibility="private")
    api.force_authenticate(bob)
    assert assert_json(api.get(f"/api/v1/cards/{card.pk}/"), 404) == {"detail": "No such card."}
    Card.objects.filter(pk=card.pk).update(visibility="public")
    answer = api.delete(f"/api/v1/cards/{card.pk}/")
    assert "designer" in assert_json(answer, 403)["detail"]


def test_a_database_outage_is_a_json_503(api, card, monkeypatch):
    def down(**kwargs):
        raise OperationalError("could not connect to server")

    monkeypatch.setattr(card_selectors, "card_for_viewer", down)
    assert "unavailable" in assert_json(api.get(f"/api/v1/cards/{card.pk}/"), 503)["detail"]


# -- error pages ------------------------------------------------------------------------------


def test_a_missing_page_is_the_sites_404(client, settings):
    settings.DEBUG = False
    page = client.get("/no-such-page/")
    assert page.status_code == 404
    assert "404.html" in [t.name for t in page.templates]
    html = page.content.decode()
    assert "Page not found" in html and 'class="site-header"' in html
    assert "/no-such-page/" in html


def test_someone_elses_card_is_the_sites_403(client, bob, card, settings):
    settings.DEBUG = False
    client.force_login(bob)
    page = client.get(f"/cards/{card.pk}/edit/")
    assert page.status_code == 403
    assert "403.html" in [t.name for t in page.templates]
    html = page.content.decode()
    assert "You may not do that" in html and 'class="site-header"' in html
    assert "bob" in html  # the page knows who is logged in, like every page


def test_a_request_django_refuses_is_the_sites_400(client, settings):
    settings.DEBUG = False
    page = client.get("/", HTTP_HOST="evil.example")
    assert page.status_code == 400
    assert "400.html" in [t.name for t in page.templates]
    assert 'class="site-header"' in page.content.decode()
    api = client.get("/api/v1/cards/", HTTP_HOST="evil.example")
    assert api.status_code == 400 and api.json() == {"detail": "Bad request."}


def test_a_server_error_is_the_sites_standalone_500(alice, card, monkeypatch, settings):
    settings.DEBUG = False

    def broken(*args, **kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr(verdict_panel, "verdict_context", broken)
    client = Client(raise_request_exception=False)
    page = client.get(f"/cards/{card.pk}/")
    assert page.status_code == 500
    html = page.content.decode()
    assert "Something went wrong on our side" in html
    assert 'href="/static/css/site.css"' in html
    assert "boom" not in html


def test_the_500_page_needs_no_context_and_no_database(django_assert_num_queries):
    with django_assert_num_queries(0):
        html = render_to_string("500.html")
    assert "Something went wrong" in html and "{%" not in html and "{{" not in html


def test_an_expired_form_is_the_sites_csrf_page(alice, settings):
    settings.DEBUG = False
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(alice)
    page = strict.post("/decks/new/", {"name": "Embers", "edition": "14"})
    assert page.status_code == 403
    html = page.content.decode()
    assert "That form has expired" in html and 'class="site-header"' in html
    assert not Deck.objects.exists()
