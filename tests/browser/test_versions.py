"""A new player keeps versions of a deck: saves one after changing cards in the builder, reads
its diff, goldfishes two versions and compares their curves, reverts, publishes a snapshot,
and compares the deck with another one."""

import re

import pytest
from django.contrib.auth import get_user_model

from tests.simulations.conftest import STARTER

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "kindle-the-embers-41"


def make_decks(username: str) -> tuple[int, int]:
    """The new player's starter deck (its cards public) and a second, smaller deck."""
    from cards.services import card_create
    from decks.services import deck_create

    owner = get_user_model().objects.get(username=username)
    cards = [
        (card_create(owner=owner, definition=definition, visibility="public"), count)
        for count, definition in STARTER
    ]
    deck = deck_create(owner=owner, name="Embers", edition=14, entries=cards)
    other = deck_create(owner=owner, name="Cinders", edition=14, entries=cards[1:3])
    return deck.pk, other.pk


def goldfish(page, deck_id: int, seed: str) -> None:
    page.goto(f"/decks/{deck_id}/")
    # The panels that load after the page (odds, copies) move the button: click once they are in.
    page.wait_for_load_state("networkidle")
    page.get_by_text("Goldfish this deck").click()
    form = page.locator("form.goldfish-form")
    form.get_by_label("Games").fill("1000")
    form.get_by_label("Seed").fill(seed)
    form.get_by_role("button", name="Start").click()
    page.wait_for_url("**/simulations/**")
    page.locator(".run-results").wait_for()


def test_save_diff_revert_publish_and_compare(page, live_server, inline_workers):
    page.goto("/accounts/signup/")
    page.get_by_label("Username").fill("dana")
    page.get_by_label("Password", exact=True).fill(PASSWORD)
    page.get_by_label("Password confirmation").fill(PASSWORD)
    page.get_by_role("button", name="Sign up").click()
    page.get_by_role("heading", name="Welcome back, dana").wait_for()  # the home page
    deck_id, other_id = make_decks("dana")

    # A run of version 1, then a change in the builder: no version yet, until it is saved.
    goldfish(page, deck_id, "1")
    page.goto(f"/decks/{deck_id}/")
    row = page.locator("#deck-entries .entry", has_text="Ash Golem")
    row.get_by_role("button", name="Add a copy of Ash Golem").click()
    page.locator('#deck-entries .count-pill[data-size="41"]').wait_for()
    page.get_by_role("link", name="History").click()
    page.wait_for_url(f"**/decks/{deck_id}/history/")
    assert "The deck has changes since version 1" in page.locator("#unsaved-note").inner_text()
    page.get_by_label("Note").fill("An eleventh golem")
    page.get_by_role("button", name="Save version").click()
    latest = page.locator("#version-2")
    latest.wait_for()
    assert "Version 2 is saved." in page.locator("body").inner_text()
    assert "An eleventh golem" in latest.inner_text()
    assert latest.locator(".version-counts").get_attribute("data-changed") == "1"

    # Its diff.
    latest.get_by_role("link", name="See the changes").click()
    page.wait_for_url(f"**/decks/{deck_id}/history/2/")
    changed = page.locator("table.version-changes tr.change-changed")
    assert "Ash Golem" in changed.inner_text() and "+1" in changed.inner_text()

    # A run of version 2, and the two versions' curves overlaid.
    goldfish(page, deck_id, "2")
    page.goto(f"/decks/{deck_id}/history/")
    page.get_by_label("From version", exact=True).select_option("1")
    page.get_by_label("To version", exact=True).select_option("2")
    page.get_by_role("button", name="Compare", exact=True).click()
    page.wait_for_url(re.compile(r".*/history/compare/\?a=1&b=2$"))
    assert "Ash Golem" in page.locator("table.version-changes").inner_text()
    curves = page.locator(".version-curves svg.chart")
    assert curves.count() == 2
    assert page.get_by_role("img", name="Share of the games won on each turn").is_visible()

    # Revert to version 1: a new version, nothing deleted.
    page.goto(f"/decks/{deck_id}/history/")
    page.get_by_role("button", name="Revert to version 1").click()
    page.locator("#version-3").wait_for()
    assert "Reverted to version 1" in page.locator("#version-3").inner_text()
    assert page.locator(".version-row").count() == 3
    page.goto(f"/decks/{deck_id}/")
    page.locator('#deck-entries .count-pill[data-size="40"]').wait_for()

    # Publish a snapshot: the deck is as version 3 holds it, which is published, with its own
    # read-only page; no empty version is added.
    page.get_by_role("link", name="History").click()
    page.get_by_label("Note").fill("Tournament list")
    page.get_by_role("button", name="Publish snapshot").click()
    snapshot = page.locator("#version-3")
    page.get_by_text("Tournament list").wait_for()
    assert "Published snapshot" in snapshot.inner_text()
    assert page.locator(".version-row").count() == 3
    snapshot.get_by_role("link", name="Version 3").click()
    heading = page.get_by_role("heading", level=1).inner_text()
    assert heading.startswith("Published snapshot 3")

    # Two decks side by side.
    page.goto(f"/decks/{deck_id}/")
    page.get_by_role("link", name="Compare", exact=True).click()
    page.get_by_label("Deck B").select_option(str(other_id))
    page.get_by_role("button", name="Compare", exact=True).click()
    page.wait_for_url(re.compile(rf".*/decks/compare/\?a={deck_id}&b={other_id}$"))
    main = page.locator("main").inner_text()
    assert "Only in A" in main and "Ember Whelp" in main
