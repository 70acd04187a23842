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
    # Readable on a desktop: at least 600 pixels wide, text of 11 pixels or more, round
    # ticks, and turns only up to the last one where anything changes.
    drawn = page.evaluate(
        """[...document.querySelectorAll('svg.chart')].map(svg => {
          const box = svg.getBoundingClientRect();
          const scale = box.width / svg.viewBox.baseVal.width;
          const sizes = [...svg.querySelectorAll('text')].map(
            text => parseFloat(getComputedStyle(text).fontSize) * scale);
          const turns = [...svg.querySelectorAll('.mark')].map(mark => +mark.dataset.turn);
          return {width: box.width, smallest: Math.min(...sizes), last: Math.max(...turns),
                  titles: svg.querySelectorAll('.mark > title').length, marks: turns.length};
        })"""
    )
    raw = page.evaluate(
        "fetch(document.querySelector('a[href*=\"/api/v1/simulations/\"]').href)"
        ".then(answer => answer.json())"
    )["result"]
    changing = max(
        int(turn)
        for series in (raw["p_kill_by_turn"], raw["mean_damage_by_turn"])
        for turn, value in series.items()
        if value != series.get(str(int(turn) - 1), 0)
    )
    assert changing < raw["max_turns"]  # the deck wins early: the charts stop before turn 20
    for chart in drawn:
        assert chart["width"] >= 600 and chart["smallest"] >= 11
        assert chart["last"] == max(changing, 3) and chart["titles"] == chart["marks"]
    odds = page.locator("table.draw-odds")
    assert odds.get_by_role("rowheader", name="Ember Whelp").is_visible()
    assert "games won" in page.locator(".stat-tiles").inner_text()

    # The deck page lists the run, and a bad option is a form error, not an error page.
    page.goto(f"/decks/{deck.pk}/")
    assert page.locator(".recent-runs li").count() == 1
    page.get_by_text("Goldfish this deck").click()
    page.locator("form.goldfish-form").get_by_label("Bury rule").fill("sometimes")
    page.locator("form.goldfish-form").get_by_role("button", name="Start").click()
    assert page.locator(".field-error").first.inner_text()
    assert "bury" in page.locator(".field-error").first.inner_text().lower()
