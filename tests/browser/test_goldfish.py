"""A player goldfishes a deck from its page and reads the charts."""

import pytest

from tests.simulations.conftest import STARTER

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def log_in(page, live_server, user) -> None:
    page.goto("/accounts/login/")
    page.get_by_label("Username").fill(user.username)
    page.get_by_label("Password").fill("correct-horse-battery")
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(f"{live_server.url}/**")


def test_goldfish_a_deck_and_read_the_odds(page, live_server, alice, inline_workers):
    from cards.services import card_create
    from decks.models import Deck, DeckEntry

    deck = Deck.objects.create(owner=alice, name="Embers", edition=14)
    for count, definition in STARTER:
        DeckEntry.objects.create(
            deck=deck, card=card_create(owner=alice, definition=definition), count=count
        )
    log_in(page, live_server, alice)
    page.goto(f"/decks/{deck.pk}/")
    page.get_by_text("Goldfish this deck").click()
    form = page.locator("form.goldfish-form")
    form.get_by_label("Games").fill("5000")
    form.get_by_label("Seed").fill("42")
    form.get_by_label("Going").select_option("second")
    form.get_by_role("button", name="Start").click()

    page.wait_for_url("**/simulations/**")
    results = page.locator(".run-results")
    results.wait_for()
    assert "5000 games · seed 42 · going second" in page.locator("main").inner_text()
    assert page.locator("svg.chart").count() == 3
    assert page.get_by_role("img", name="Chance of having won by each turn").is_visible()
    odds = page.locator("table.draw-odds")
    assert odds.get_by_role("cell", name="Ember Whelp").is_visible()
    assert "games won" in page.locator(".stat-tiles").inner_text()

    # The deck page lists the run, and a bad option is a form error, not an error page.
    page.goto(f"/decks/{deck.pk}/")
    assert page.locator(".recent-runs li").count() == 1
    page.get_by_text("Goldfish this deck").click()
    page.locator("form.goldfish-form").get_by_label("Bury rule").fill("sometimes")
    page.locator("form.goldfish-form").get_by_role("button", name="Start").click()
    assert page.locator(".field-error").first.inner_text()
    assert "bury" in page.locator(".field-error").first.inner_text().lower()
